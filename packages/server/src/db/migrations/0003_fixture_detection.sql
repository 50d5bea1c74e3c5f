ALTER TABLE "appliance_types" ADD COLUMN "continuous_hours" smallint;--> statement-breakpoint
ALTER TABLE "appliance_types" ADD COLUMN "hourly_min_gal" numeric(8, 3) DEFAULT '0.1' NOT NULL;--> statement-breakpoint
ALTER TABLE "appliance_types" ADD COLUMN "night_flow" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appliance_types" ADD COLUMN "daily_high_gal" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "appliance_types" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appliance_types" ADD COLUMN "updated_by" integer;--> statement-breakpoint
-- Starting detection parameters per kind of fixture (domain fixtureDetectionDefaults).
UPDATE "appliance_types" SET "continuous_hours" = CASE "kind"
  WHEN 'toilet' THEN 2 WHEN 'shower' THEN 2 WHEN 'tub' THEN 2 WHEN 'faucet' THEN 4
  WHEN 'machine' THEN 3 WHEN 'main-line' THEN 24 ELSE NULL END,
  "night_flow" = ("kind" = 'main-line');

CREATE TABLE "external_flow_usage" (
	"device_id" integer NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"volume_mgal" bigint NOT NULL,
	"company_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	CONSTRAINT "external_flow_usage_device_id_minute_pk" PRIMARY KEY("device_id","minute")
);
--> statement-breakpoint
ALTER TABLE "external_flow_accounts" ADD COLUMN "credentials_refused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "external_flow_accounts" ADD COLUMN "sync_claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "external_flow_devices" ADD COLUMN "synced_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "external_flow_usage_building_idx" ON "external_flow_usage" USING btree ("building_id","minute");--> statement-breakpoint
-- The device-health alert of a building whose Flume meter's account Flume refuses (domain
-- notificationTypes, as src/db/lookup-seed.ts writes it).
INSERT INTO "notification_types" ("id", "name", "category_id") VALUES
  (8, 'Flume meter not syncing', 3)
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", "category_id" = excluded."category_id";

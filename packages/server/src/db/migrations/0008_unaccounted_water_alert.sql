CREATE TABLE "company_unaccounted_thresholds" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"share_percent" numeric(4, 1),
	"min_gallons_per_day" numeric(12, 3),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_unaccounted_thresholds" ADD CONSTRAINT "company_unaccounted_thresholds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_open_building_key" ON "notifications" USING btree ("building_id","notification_type_id") WHERE "notifications"."notification_status_id" in (1, 2) and "notifications"."notification_type_id" = 7;--> statement-breakpoint
-- The notification type of the new building-level leak alert (domain notificationTypes, as
-- src/db/lookup-seed.ts writes it).
INSERT INTO "notification_types" ("id", "name", "category_id") VALUES
  (1, 'Continuous flow', 1),
  (2, 'High usage', 2),
  (3, 'Night flow', 1),
  (4, 'Sensor offline', 3),
  (5, 'Low battery', 3),
  (6, 'Gateway offline', 3),
  (7, 'Unaccounted water', 1)
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", "category_id" = excluded."category_id";

CREATE TABLE "usage_monthly" (
	"sensor_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"appliance_type_id" smallint,
	"volume_mgal" bigint DEFAULT 0 NOT NULL,
	"flow_time_s" integer DEFAULT 0 NOT NULL,
	"readings" integer DEFAULT 0 NOT NULL,
	"month" date NOT NULL,
	CONSTRAINT "usage_monthly_sensor_id_unit_id_month_pk" PRIMARY KEY("sensor_id","unit_id","month")
);
--> statement-breakpoint
CREATE INDEX "usage_monthly_company_idx" ON "usage_monthly" USING btree ("company_id","month");--> statement-breakpoint
CREATE INDEX "usage_monthly_property_idx" ON "usage_monthly" USING btree ("property_id","month");--> statement-breakpoint
CREATE INDEX "usage_monthly_building_idx" ON "usage_monthly" USING btree ("building_id","month");--> statement-breakpoint
CREATE INDEX "usage_monthly_unit_idx" ON "usage_monthly" USING btree ("unit_id","month");--> statement-breakpoint
-- Existing history: a month is the sum of its local days.
INSERT INTO "usage_monthly" ("sensor_id", "unit_id", "month", "company_id", "property_id", "building_id",
  "appliance_type_id", "volume_mgal", "flow_time_s", "readings")
SELECT "sensor_id", "unit_id", date_trunc('month', "day")::date, min("company_id"), min("property_id"),
  min("building_id"), min("appliance_type_id"), sum("volume_mgal"), sum("flow_time_s"), sum("readings")
FROM "usage_daily"
GROUP BY "sensor_id", "unit_id", date_trunc('month', "day")::date;

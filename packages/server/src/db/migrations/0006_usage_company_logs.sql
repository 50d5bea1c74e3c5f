-- A company's usage per building and local day, and per building and UTC hour, kept as logs of
-- differences to usage_daily and usage_hourly (see usageCompanyDaily in schema/readings.ts).
-- Statement-level triggers with transition tables add one row per building and bucket a statement
-- changed, whatever wrote the rollup; no row is ever updated, so concurrent ingest transactions
-- never wait on each other here. compactCompanyLogs folds the rows not folded yet (partial indexes).
CREATE TABLE "usage_company_daily" (
	"company_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"day" date NOT NULL,
	"volume_mgal" bigint NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_company_hourly" (
	"company_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"building_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"volume_mgal" bigint NOT NULL,
	"readings" integer NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "usage_company_daily_idx" ON "usage_company_daily" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "usage_company_daily_property_idx" ON "usage_company_daily" USING btree ("property_id","day");--> statement-breakpoint
CREATE INDEX "usage_company_daily_building_idx" ON "usage_company_daily" USING btree ("building_id","day");--> statement-breakpoint
CREATE INDEX "usage_company_daily_unfolded_idx" ON "usage_company_daily" USING btree ("company_id","property_id","building_id","day") WHERE not "usage_company_daily"."folded";--> statement-breakpoint
CREATE INDEX "usage_company_hourly_idx" ON "usage_company_hourly" USING btree ("company_id","hour");--> statement-breakpoint
CREATE INDEX "usage_company_hourly_property_idx" ON "usage_company_hourly" USING btree ("property_id","hour");--> statement-breakpoint
CREATE INDEX "usage_company_hourly_building_idx" ON "usage_company_hourly" USING btree ("building_id","hour");--> statement-breakpoint
CREATE INDEX "usage_company_hourly_unfolded_idx" ON "usage_company_hourly" USING btree ("company_id","property_id","building_id","hour") WHERE not "usage_company_hourly"."folded";
--> statement-breakpoint
CREATE FUNCTION usage_company_daily_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO usage_company_daily (company_id, property_id, building_id, day, volume_mgal)
    SELECT company_id, property_id, building_id, day, sum(volume_mgal) FROM new_rows
    GROUP BY company_id, property_id, building_id, day HAVING sum(volume_mgal) <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO usage_company_daily (company_id, property_id, building_id, day, volume_mgal)
    SELECT company_id, property_id, building_id, day, sum(volume_mgal) FROM (
      SELECT company_id, property_id, building_id, day, volume_mgal FROM new_rows
      UNION ALL
      SELECT company_id, property_id, building_id, day, -volume_mgal FROM old_rows
    ) AS changed
    GROUP BY company_id, property_id, building_id, day HAVING sum(volume_mgal) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO usage_company_daily (company_id, property_id, building_id, day, volume_mgal)
    SELECT company_id, property_id, building_id, day, -sum(volume_mgal) FROM old_rows
    GROUP BY company_id, property_id, building_id, day HAVING sum(volume_mgal) <> 0;
  ELSE
    DELETE FROM usage_company_daily;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER usage_company_daily_insert AFTER INSERT ON usage_daily
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_company_daily_log();
--> statement-breakpoint
CREATE TRIGGER usage_company_daily_update AFTER UPDATE ON usage_daily
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION usage_company_daily_log();
--> statement-breakpoint
CREATE TRIGGER usage_company_daily_delete AFTER DELETE ON usage_daily
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_company_daily_log();
--> statement-breakpoint
CREATE TRIGGER usage_company_daily_truncate AFTER TRUNCATE ON usage_daily
  FOR EACH STATEMENT EXECUTE FUNCTION usage_company_daily_log();
--> statement-breakpoint
INSERT INTO usage_company_daily (company_id, property_id, building_id, day, volume_mgal, folded)
SELECT company_id, property_id, building_id, day, sum(volume_mgal), true FROM usage_daily
GROUP BY company_id, property_id, building_id, day HAVING sum(volume_mgal) <> 0;
--> statement-breakpoint
CREATE FUNCTION usage_company_hourly_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO usage_company_hourly (company_id, property_id, building_id, hour, volume_mgal, readings)
    SELECT company_id, property_id, building_id, hour, sum(volume_mgal), sum(readings) FROM new_rows
    GROUP BY company_id, property_id, building_id, hour HAVING sum(volume_mgal) <> 0 OR sum(readings) <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO usage_company_hourly (company_id, property_id, building_id, hour, volume_mgal, readings)
    SELECT company_id, property_id, building_id, hour, sum(volume_mgal), sum(readings) FROM (
      SELECT company_id, property_id, building_id, hour, volume_mgal, readings FROM new_rows
      UNION ALL
      SELECT company_id, property_id, building_id, hour, -volume_mgal, -readings FROM old_rows
    ) AS changed
    GROUP BY company_id, property_id, building_id, hour HAVING sum(volume_mgal) <> 0 OR sum(readings) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO usage_company_hourly (company_id, property_id, building_id, hour, volume_mgal, readings)
    SELECT company_id, property_id, building_id, hour, -sum(volume_mgal), -sum(readings) FROM old_rows
    GROUP BY company_id, property_id, building_id, hour HAVING sum(volume_mgal) <> 0 OR sum(readings) <> 0;
  ELSE
    DELETE FROM usage_company_hourly;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER usage_company_hourly_insert AFTER INSERT ON usage_hourly
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_company_hourly_log();
--> statement-breakpoint
CREATE TRIGGER usage_company_hourly_update AFTER UPDATE ON usage_hourly
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION usage_company_hourly_log();
--> statement-breakpoint
CREATE TRIGGER usage_company_hourly_delete AFTER DELETE ON usage_hourly
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION usage_company_hourly_log();
--> statement-breakpoint
CREATE TRIGGER usage_company_hourly_truncate AFTER TRUNCATE ON usage_hourly
  FOR EACH STATEMENT EXECUTE FUNCTION usage_company_hourly_log();
--> statement-breakpoint
INSERT INTO usage_company_hourly (company_id, property_id, building_id, hour, volume_mgal, readings, folded)
SELECT company_id, property_id, building_id, hour, sum(volume_mgal), sum(readings), true FROM usage_hourly
GROUP BY company_id, property_id, building_id, hour HAVING sum(volume_mgal) <> 0 OR sum(readings) <> 0;

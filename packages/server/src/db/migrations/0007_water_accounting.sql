-- Water accounting: the per-building logs carry the main-line part of their water (see below).
ALTER TABLE "usage_company_daily" ADD COLUMN "main_mgal" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_company_daily" ADD COLUMN "main_readings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_company_hourly" ADD COLUMN "main_mgal" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_company_hourly" ADD COLUMN "main_readings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Water accounting (docs/usage.md): each log row also carries the part of its water that the
-- building's main-line micrometers (fixture type 19, the types of supplyMeterTypes in
-- packages/domain/src/water-accounting.ts) measured, and their readings, so a building's use
-- (the larger of its main line and its fixtures, per bucket) is read from the logs alone.
CREATE OR REPLACE FUNCTION usage_company_daily_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO usage_company_daily (company_id, property_id, building_id, day, volume_mgal, main_mgal, main_readings)
    SELECT company_id, property_id, building_id, day, sum(volume_mgal),
           coalesce(sum(volume_mgal) FILTER (WHERE appliance_type_id = 19), 0),
           coalesce(sum(readings) FILTER (WHERE appliance_type_id = 19), 0)
    FROM new_rows
    GROUP BY company_id, property_id, building_id, day
    HAVING sum(volume_mgal) <> 0 OR coalesce(sum(readings) FILTER (WHERE appliance_type_id = 19), 0) <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO usage_company_daily (company_id, property_id, building_id, day, volume_mgal, main_mgal, main_readings)
    SELECT company_id, property_id, building_id, day, sum(volume_mgal), sum(main_mgal), sum(main_readings) FROM (
      SELECT company_id, property_id, building_id, day, volume_mgal,
             CASE WHEN appliance_type_id = 19 THEN volume_mgal ELSE 0 END AS main_mgal,
             CASE WHEN appliance_type_id = 19 THEN readings ELSE 0 END AS main_readings
      FROM new_rows
      UNION ALL
      SELECT company_id, property_id, building_id, day, -volume_mgal,
             CASE WHEN appliance_type_id = 19 THEN -volume_mgal ELSE 0 END,
             CASE WHEN appliance_type_id = 19 THEN -readings ELSE 0 END
      FROM old_rows
    ) AS changed
    GROUP BY company_id, property_id, building_id, day
    HAVING sum(volume_mgal) <> 0 OR sum(main_mgal) <> 0 OR sum(main_readings) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO usage_company_daily (company_id, property_id, building_id, day, volume_mgal, main_mgal, main_readings)
    SELECT company_id, property_id, building_id, day, -sum(volume_mgal),
           -coalesce(sum(volume_mgal) FILTER (WHERE appliance_type_id = 19), 0),
           -coalesce(sum(readings) FILTER (WHERE appliance_type_id = 19), 0)
    FROM old_rows
    GROUP BY company_id, property_id, building_id, day
    HAVING sum(volume_mgal) <> 0 OR coalesce(sum(readings) FILTER (WHERE appliance_type_id = 19), 0) <> 0;
  ELSE
    DELETE FROM usage_company_daily;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION usage_company_hourly_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO usage_company_hourly (company_id, property_id, building_id, hour, volume_mgal, readings, main_mgal, main_readings)
    SELECT company_id, property_id, building_id, hour, sum(volume_mgal), sum(readings),
           coalesce(sum(volume_mgal) FILTER (WHERE appliance_type_id = 19), 0),
           coalesce(sum(readings) FILTER (WHERE appliance_type_id = 19), 0)
    FROM new_rows
    GROUP BY company_id, property_id, building_id, hour HAVING sum(volume_mgal) <> 0 OR sum(readings) <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO usage_company_hourly (company_id, property_id, building_id, hour, volume_mgal, readings, main_mgal, main_readings)
    SELECT company_id, property_id, building_id, hour, sum(volume_mgal), sum(readings), sum(main_mgal), sum(main_readings) FROM (
      SELECT company_id, property_id, building_id, hour, volume_mgal, readings,
             CASE WHEN appliance_type_id = 19 THEN volume_mgal ELSE 0 END AS main_mgal,
             CASE WHEN appliance_type_id = 19 THEN readings ELSE 0 END AS main_readings
      FROM new_rows
      UNION ALL
      SELECT company_id, property_id, building_id, hour, -volume_mgal, -readings,
             CASE WHEN appliance_type_id = 19 THEN -volume_mgal ELSE 0 END,
             CASE WHEN appliance_type_id = 19 THEN -readings ELSE 0 END
      FROM old_rows
    ) AS changed
    GROUP BY company_id, property_id, building_id, hour
    HAVING sum(volume_mgal) <> 0 OR sum(readings) <> 0 OR sum(main_mgal) <> 0 OR sum(main_readings) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO usage_company_hourly (company_id, property_id, building_id, hour, volume_mgal, readings, main_mgal, main_readings)
    SELECT company_id, property_id, building_id, hour, -sum(volume_mgal), -sum(readings),
           -coalesce(sum(volume_mgal) FILTER (WHERE appliance_type_id = 19), 0),
           -coalesce(sum(readings) FILTER (WHERE appliance_type_id = 19), 0)
    FROM old_rows
    GROUP BY company_id, property_id, building_id, hour HAVING sum(volume_mgal) <> 0 OR sum(readings) <> 0;
  ELSE
    DELETE FROM usage_company_hourly;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DELETE FROM usage_company_daily;
--> statement-breakpoint
INSERT INTO usage_company_daily (company_id, property_id, building_id, day, volume_mgal, main_mgal, main_readings, folded)
SELECT company_id, property_id, building_id, day, sum(volume_mgal),
       coalesce(sum(volume_mgal) FILTER (WHERE appliance_type_id = 19), 0),
       coalesce(sum(readings) FILTER (WHERE appliance_type_id = 19), 0), true
FROM usage_daily
GROUP BY company_id, property_id, building_id, day
HAVING sum(volume_mgal) <> 0 OR coalesce(sum(readings) FILTER (WHERE appliance_type_id = 19), 0) <> 0;
--> statement-breakpoint
DELETE FROM usage_company_hourly;
--> statement-breakpoint
INSERT INTO usage_company_hourly (company_id, property_id, building_id, hour, volume_mgal, readings, main_mgal, main_readings, folded)
SELECT company_id, property_id, building_id, hour, sum(volume_mgal), sum(readings),
       coalesce(sum(volume_mgal) FILTER (WHERE appliance_type_id = 19), 0),
       coalesce(sum(readings) FILTER (WHERE appliance_type_id = 19), 0), true
FROM usage_hourly
GROUP BY company_id, property_id, building_id, hour HAVING sum(volume_mgal) <> 0 OR sum(readings) <> 0;

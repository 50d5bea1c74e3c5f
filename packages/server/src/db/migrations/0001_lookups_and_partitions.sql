-- Generated from @flowsight/domain by src/db/tools/write-lookup-migration.ts.
INSERT INTO "user_role_types" ("id", "name") VALUES
  (1, 'System Admin'),
  (2, 'System Support'),
  (3, 'System Technician'),
  (4, 'Company Admin'),
  (5, 'Company Manager'),
  (6, 'Property Manager'),
  (7, 'Building Manager'),
  (8, 'Resident'),
  (12, 'Sensor Tester'),
  (13, 'Company Installer')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name";
--> statement-breakpoint
INSERT INTO "company_types" ("id", "name") VALUES
  (1, 'Property management'),
  (2, 'Building owner'),
  (3, 'Restricted partner')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name";
--> statement-breakpoint
INSERT INTO "sensor_states" ("id", "name") VALUES
  (1, 'In stock'),
  (2, 'Tested'),
  (3, 'Office assigned'),
  (4, 'Installed'),
  (5, 'Uninstalled'),
  (6, 'Defective')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name";
--> statement-breakpoint
INSERT INTO "sensor_statuses" ("id", "name") VALUES
  (1, 'Transmitting'),
  (2, 'Not transmitting'),
  (3, 'Never heard')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name";
--> statement-breakpoint
INSERT INTO "room_types" ("id", "name") VALUES
  (1, 'Kitchen'),
  (2, 'Main bathroom'),
  (3, 'Second bathroom'),
  (4, 'Third bathroom'),
  (5, 'Laundry'),
  (6, 'Utility room'),
  (7, 'Mechanical room'),
  (8, 'Other')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name";
--> statement-breakpoint
INSERT INTO "water_types" ("id", "name") VALUES
  (1, 'Cold'),
  (2, 'Hot'),
  (3, 'Mixed')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name";
--> statement-breakpoint
INSERT INTO "gateway_statuses" ("id", "name") VALUES
  (1, 'Online'),
  (2, 'Offline'),
  (3, 'Maintenance'),
  (4, 'Decommissioned')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name";
--> statement-breakpoint
INSERT INTO "property_types" ("id", "name") VALUES
  (1, 'Multifamily residential'),
  (2, 'Mixed use'),
  (3, 'Student housing'),
  (4, 'Senior living'),
  (5, 'Commercial')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name";
--> statement-breakpoint
INSERT INTO "building_types" ("id", "name") VALUES
  (1, 'Garden'),
  (2, 'Low-rise'),
  (3, 'Mid-rise'),
  (4, 'High-rise'),
  (5, 'Townhouse')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name";
--> statement-breakpoint
INSERT INTO "installation_types" ("id", "name") VALUES
  (1, 'Every fixture'),
  (2, 'Pilot units'),
  (3, 'Main line only')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name";
--> statement-breakpoint
INSERT INTO "unit_types" ("id", "name") VALUES
  (1, 'Studio'),
  (2, 'One bedroom'),
  (3, 'Two bedrooms'),
  (4, 'Three bedrooms'),
  (5, 'Four or more bedrooms'),
  (6, 'Common area'),
  (7, 'Retail')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name";
--> statement-breakpoint
INSERT INTO "unit_states" ("id", "name") VALUES
  (1, 'Occupied'),
  (2, 'Vacant'),
  (3, 'Under renovation')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name";
--> statement-breakpoint
INSERT INTO "unit_categories" ("id", "name") VALUES
  (1, 'Internal units'),
  (2, 'Common areas'),
  (3, 'Commercial units'),
  (4, 'Building services')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name";
--> statement-breakpoint
INSERT INTO "notification_categories" ("id", "name") VALUES
  (1, 'Leak'),
  (2, 'High usage'),
  (3, 'Device health')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name";
--> statement-breakpoint
INSERT INTO "notification_statuses" ("id", "name") VALUES
  (1, 'New'),
  (2, 'Acknowledged'),
  (3, 'Closed')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name";
--> statement-breakpoint
INSERT INTO "notification_methods" ("id", "name") VALUES
  (1, 'Email'),
  (2, 'SMS')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name";
--> statement-breakpoint
INSERT INTO "user_statuses" ("id", "name") VALUES
  (1, 'Invited'),
  (2, 'Active'),
  (3, 'Disabled')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name";
--> statement-breakpoint
INSERT INTO "report_types" ("id", "name") VALUES
  (1, 'Usage by unit'),
  (2, 'Usage by fixture'),
  (3, 'Leak alerts'),
  (4, 'Sensor health'),
  (5, 'Cost estimate')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name";
--> statement-breakpoint
INSERT INTO "survey_statuses" ("id", "name") VALUES
  (0, 'None'),
  (1, 'In Survey'),
  (2, 'Survey approved by customer'),
  (3, 'Completed')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name";
--> statement-breakpoint
INSERT INTO "appliance_types" ("id", "name", "kind") VALUES
  (1, 'kitchen cold', 'faucet'),
  (2, 'kitchen hot', 'faucet'),
  (3, 'main bathroom cold', 'faucet'),
  (4, 'main bathroom hot', 'faucet'),
  (5, 'main toilet', 'toilet'),
  (6, 'main shower', 'shower'),
  (7, 'main tub', 'tub'),
  (8, 'second bathroom cold', 'faucet'),
  (9, 'second bathroom hot', 'faucet'),
  (10, 'second toilet', 'toilet'),
  (11, 'washing machine', 'machine'),
  (12, 'dishwasher', 'machine'),
  (13, 'notes', 'notes'),
  (14, 'second shower', 'shower'),
  (15, 'second tub', 'tub'),
  (16, 'third bathroom cold', 'faucet'),
  (17, 'third bathroom hot', 'faucet'),
  (18, 'third toilet', 'toilet'),
  (19, 'main line', 'main-line'),
  (20, 'third shower', 'shower'),
  (21, 'third tub', 'tub'),
  (22, 'water line', 'main-line')
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", "kind" = excluded."kind";
--> statement-breakpoint
INSERT INTO "notification_types" ("id", "name", "category_id") VALUES
  (1, 'Continuous flow', 1),
  (2, 'High usage', 2),
  (3, 'Night flow', 1),
  (4, 'Sensor offline', 3),
  (5, 'Low battery', 3),
  (6, 'Gateway offline', 3)
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", "category_id" = excluded."category_id";
--> statement-breakpoint
INSERT INTO "granularities" ("id", "name", "format", "buckets_back") VALUES
  (1, 'Monthly', 'year-month', 12),
  (2, 'Weekly', 'year-week', 12),
  (3, 'Daily', 'year-month-day', 12),
  (4, 'Hourly', 'year-month-day hour', 24)
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", "format" = excluded."format", "buckets_back" = excluded."buckets_back";
--> statement-breakpoint
INSERT INTO "sensor_config_defaults" ("id", "name", "unit", "min_value", "max_value", "value") VALUES
  (1, 'Report interval', 's', 60, 3600, 900),
  (2, 'Keep-alive interval', 's', 600, 65535, 3600),
  (3, 'Flow start threshold', 'mgal/min', 1, 1000, 20),
  (4, 'Confirmed uplinks', 'flag', 0, 1, 0)
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", "unit" = excluded."unit", "min_value" = excluded."min_value", "max_value" = excluded."max_value", "value" = excluded."value";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ensure_submissions_partition(at timestamptz) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  month_start timestamptz := date_trunc('month', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  part text := 'submissions_' || to_char(month_start AT TIME ZONE 'UTC', 'YYYYMM');
BEGIN
  IF to_regclass(part) IS NULL THEN
    -- Two writers may reach a new month at once; the lock makes the second wait and find it.
    PERFORM pg_advisory_xact_lock(hashtext(part));
    EXECUTE format(
      'CREATE TABLE IF NOT EXISTS %I PARTITION OF submissions FOR VALUES FROM (%L) TO (%L)',
      part, month_start, month_start + interval '1 month');
  END IF;
  RETURN part;
END $$;

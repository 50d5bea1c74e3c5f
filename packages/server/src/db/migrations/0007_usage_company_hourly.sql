-- The per-company log of migration 0006 for UTC hours, following usage_hourly, with the readings
-- counted too: a whole company's hourly chart and the system overview's last 24 hours read it.
CREATE TABLE "usage_company_hourly" (
	"company_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"volume_mgal" bigint NOT NULL,
	"readings" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "usage_company_hourly_idx" ON "usage_company_hourly" USING btree ("company_id","hour");
--> statement-breakpoint
CREATE FUNCTION usage_company_hourly_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO usage_company_hourly (company_id, hour, volume_mgal, readings)
    SELECT company_id, hour, sum(volume_mgal), sum(readings) FROM new_rows
    GROUP BY company_id, hour HAVING sum(volume_mgal) <> 0 OR sum(readings) <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO usage_company_hourly (company_id, hour, volume_mgal, readings)
    SELECT company_id, hour, sum(volume_mgal), sum(readings) FROM (
      SELECT company_id, hour, volume_mgal, readings FROM new_rows
      UNION ALL
      SELECT company_id, hour, -volume_mgal, -readings FROM old_rows
    ) AS changed
    GROUP BY company_id, hour HAVING sum(volume_mgal) <> 0 OR sum(readings) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO usage_company_hourly (company_id, hour, volume_mgal, readings)
    SELECT company_id, hour, -sum(volume_mgal), -sum(readings) FROM old_rows
    GROUP BY company_id, hour HAVING sum(volume_mgal) <> 0 OR sum(readings) <> 0;
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
INSERT INTO usage_company_hourly (company_id, hour, volume_mgal, readings)
SELECT company_id, hour, sum(volume_mgal), sum(readings) FROM usage_hourly
GROUP BY company_id, hour HAVING sum(volume_mgal) <> 0 OR sum(readings) <> 0;

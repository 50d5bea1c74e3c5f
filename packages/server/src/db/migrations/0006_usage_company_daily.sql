-- A whole company's usage per local day, kept as a log of differences to usage_daily (see
-- usageCompanyDaily in schema/readings.ts). Statement-level triggers with transition tables add one
-- row per company and day a statement changed, whatever wrote usage_daily; no row is ever updated,
-- so concurrent ingest transactions never wait on each other here. compactCompanyDaily folds them.
CREATE TABLE "usage_company_daily" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"volume_mgal" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "usage_company_daily_idx" ON "usage_company_daily" USING btree ("company_id","day");
--> statement-breakpoint
CREATE FUNCTION usage_company_daily_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO usage_company_daily (company_id, day, volume_mgal)
    SELECT company_id, day, sum(volume_mgal) FROM new_rows
    GROUP BY company_id, day HAVING sum(volume_mgal) <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO usage_company_daily (company_id, day, volume_mgal)
    SELECT company_id, day, sum(volume_mgal) FROM (
      SELECT company_id, day, volume_mgal FROM new_rows
      UNION ALL
      SELECT company_id, day, -volume_mgal FROM old_rows
    ) AS changed
    GROUP BY company_id, day HAVING sum(volume_mgal) <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO usage_company_daily (company_id, day, volume_mgal)
    SELECT company_id, day, -sum(volume_mgal) FROM old_rows
    GROUP BY company_id, day HAVING sum(volume_mgal) <> 0;
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
INSERT INTO usage_company_daily (company_id, day, volume_mgal)
SELECT company_id, day, sum(volume_mgal) FROM usage_daily
GROUP BY company_id, day HAVING sum(volume_mgal) <> 0;

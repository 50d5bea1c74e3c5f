DROP INDEX "sensors_last_submission_idx";--> statement-breakpoint
DROP INDEX "submissions_kind_idx";--> statement-breakpoint
CREATE INDEX "submissions_kind_idx" ON "submissions" USING btree ("kind","measured_at") WHERE "submissions"."kind" <> 'usage';--> statement-breakpoint
-- Each ingest batch rewrites the last-seen facts of the sensors it touched and adds to the current
-- hour's and day's usage rows. None of those columns is indexed, so with room left in each page
-- PostgreSQL updates the rows in place (HOT) instead of touching every index.
ALTER TABLE "sensors" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "usage_hourly" SET (fillfactor = 85);--> statement-breakpoint
ALTER TABLE "usage_daily" SET (fillfactor = 85);

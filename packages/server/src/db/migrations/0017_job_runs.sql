-- The last run of each periodic job, shared by every replica on the database: a round runs only
-- where it is claimed (an upsert that moves last_run_at once the period is over), so each job runs
-- once per period across replicas. A handful of rows, each updated in place.
CREATE TABLE "job_runs" (
	"job" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);

// The last run of each periodic background job, shared by every server process on the database:
// a replica runs a job's round only if it claims it here (lib/job-runs.repository.ts), so a round
// runs once per period across replicas. A row per job, updated in place.
import { pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';

export const jobRuns = pgTable('job_runs', {
  job: text('job').primaryKey(),
  lastRunAt: tstz('last_run_at').notNull(),
});

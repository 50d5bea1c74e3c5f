// ANALYZE for the embedded database. A PostgreSQL server's autovacuum keeps the planner's
// statistics current; PGlite runs no autovacuum, so without this job its tables are never analysed
// and the planner works from defaults (the property's gallons report took 83 ms on the demo year
// instead of 14 ms: docs/decisions.md, "The planner knows the hierarchy"). Every minute the tables
// that changed past autovacuum's threshold are analysed one at a time, each after people's
// requests are done with the database (the analysis of the largest demo rollup holds the database
// thread about half a second).

import type { Database } from '../../db/client.ts';
import type { RequestPriority } from '../../db/pglite-thread.ts';
import { intervalJob, type Job, type JobLog, runJob } from '../../lib/jobs.ts';
import { analyzeTable, tablesDueForAnalyze } from './embedded-statistics.repository.ts';

/** Analyses the tables due, one at a time, each after requests are done; answers their names. */
export async function analyzeDueTables(
  db: Database,
  priority?: RequestPriority,
): Promise<string[]> {
  const due = await tablesDueForAnalyze(db);
  for (const table of due) {
    await priority?.yieldToRequests();
    await analyzeTable(db, table);
  }
  return due;
}

export function createEmbeddedStatisticsJob(options: {
  db: Database;
  priority?: RequestPriority;
  log: JobLog;
  intervalMs?: number;
}): Job {
  const { db, priority, log } = options;
  return intervalJob({
    intervalMs: options.intervalMs ?? 60_000,
    atStart: true,
    round: () => runJob(log, 'embedded-statistics', () => analyzeDueTables(db, priority)),
    onError: (error) => log.warn({ err: error }, 'analysing the embedded database failed'),
  });
}

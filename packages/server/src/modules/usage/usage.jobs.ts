// Keeps the per-company usage logs short: every few seconds the rows the triggers added for one
// company and day (hour) are folded into one, so a company's charts read about one row a bucket.
// The logs are the database's, not a replica's: one round per period across replicas (its claim,
// taken just before the round: the folds commit slice by slice, not in one transaction).
import type { Database } from '../../db/client.ts';
import { compactCompanyLogs } from '../../db/rollups.ts';
import { claimEvery, intervalJob, type Job, type JobRunner, runJob } from '../../lib/jobs.ts';

export function createCompanyLogCompactionJob(options: {
  db: Database;
  log: { warn(object: unknown, message: string): void; run?: JobRunner };
  intervalMs?: number;
}): Job {
  const intervalMs = options.intervalMs ?? 15_000;
  const claim = claimEvery('company-log-compaction', intervalMs);
  return intervalJob({
    intervalMs,
    round: () =>
      runJob(options.log, 'company-log-compaction', async () =>
        (await claim(options.db)) ? compactCompanyLogs(options.db) : null,
      ),
    onError: (error) => options.log.warn({ err: error }, 'company usage compaction failed'),
  });
}

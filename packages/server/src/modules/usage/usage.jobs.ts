// Keeps the per-company usage logs short: every few seconds the rows the triggers added for one
// company and day (hour) are folded into one, so a company's charts read about one row a bucket.
import type { Database } from '../../db/client.ts';
import { compactCompanyLogs } from '../../db/rollups.ts';
import { type Job, type JobRunner, runJob } from '../../lib/jobs.ts';

export function createCompanyLogCompactionJob(options: {
  db: Database;
  log: { warn(object: unknown, message: string): void; run?: JobRunner };
  intervalMs?: number;
}): Job {
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const compact = () => {
    running = running
      .then(() =>
        runJob(options.log, 'company-log-compaction', () => compactCompanyLogs(options.db)),
      )
      .catch((error: unknown) =>
        options.log.warn({ err: error }, 'company usage compaction failed'),
      );
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(compact, options.intervalMs ?? 15_000);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

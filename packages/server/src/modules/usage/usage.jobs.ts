// Keeps the per-company usage logs short: every few seconds the rows the triggers added for one
// company and day (hour) are folded into one, so a company's charts read about one row a bucket.
import type { Database } from '../../db/client.ts';
import { compactCompanyLogs } from '../../db/rollups.ts';

export function startCompanyLogCompaction(options: {
  db: Database;
  log: { warn(object: unknown, message: string): void };
  intervalMs?: number;
}) {
  let running: Promise<unknown> = Promise.resolve();
  const compact = () => {
    running = running
      .then(() => compactCompanyLogs(options.db))
      .catch((error: unknown) =>
        options.log.warn({ err: error }, 'company usage compaction failed'),
      );
  };
  const timer = setInterval(compact, options.intervalMs ?? 15_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

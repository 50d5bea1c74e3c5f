// Keeps the per-company day log short: every few seconds its rows for one company and day are
// folded into one, so a company's charts read about one row a day.
import type { Database } from '../../db/client.ts';
import { compactCompanyLogs } from '../../db/rollups.ts';

export function startCompanyDailyCompaction(options: {
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

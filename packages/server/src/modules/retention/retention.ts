// Retention of raw readings (RETENTION_MONTHS): the monthly partitions of `submissions` older than
// the current month and the configured whole months before it are dropped, whole; the hourly,
// daily and monthly rollups stay, so charts, statistics, reports and detection, which read only
// rollups, answer for old periods as before. Readings lists and exports of a dropped month answer
// empty. The start of the readings kept is recorded (db/queries/raw-readings-from.ts) so that a
// rollup rebuild keeps the buckets it can no longer recompute. One run at a time across replicas,
// by a transaction-scoped advisory lock; a run at start-up, then one a day across replicas (the
// day's claim, lib/jobs.ts).
import type { Database } from '../../db/client.ts';
import { recordRawReadingsFrom } from '../../db/queries/raw-readings-from.ts';
import { claimEvery, type Job, type JobLog, type RoundClaim, runJob } from '../../lib/jobs.ts';
import { dropPartition, lockRetention, partitionsBefore } from './retention.repository.ts';

const DAY_MS = 86_400_000;

/** The first instant kept: the UTC start of the month `months` whole months before `now`'s. */
export function retentionBoundary(now: Date, months: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
}

export type RetentionResult = {
  /** The first instant of the raw readings kept. */
  keptFrom: Date;
  /** The partitions dropped, oldest first, with the readings each held. */
  dropped: { month: string; readings: number }[];
};

/**
 * Drops the raw readings older than `months` whole months before `now`'s month. Answers null
 * when another replica is running it, or (with `claim`) has run it in this period.
 */
export async function applyRetention(
  db: Database,
  months: number,
  now = new Date(),
  claim?: RoundClaim,
): Promise<RetentionResult | null> {
  const keptFrom = retentionBoundary(now, months);
  return db.transaction(async (tx) => {
    if (!(await lockRetention(tx))) return null;
    if (claim && !(await claim(tx))) return null;
    const dropped: RetentionResult['dropped'] = [];
    for (const partition of await partitionsBefore(tx, keptFrom)) {
      dropped.push({ month: partition.month, readings: await dropPartition(tx, partition.name) });
    }
    await recordRawReadingsFrom(tx, keptFrom);
    return { keptFrom, dropped };
  });
}

/** Runs retention at start and every `intervalMs` (a day); nothing when `months` is unset. */
export function createRetentionJob(options: {
  db: Database;
  months: number | undefined;
  log: JobLog;
  intervalMs?: number;
  /** The clock the boundary is taken from (tests pass a fixed instant). */
  now?: () => Date;
}): Job {
  const { months, log } = options;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const intervalMs = options.intervalMs ?? DAY_MS;
  const now = options.now ?? (() => new Date());
  const daily = claimEvery('retention', intervalMs);
  // The run at start-up does not wait for the day's claim (it claims whatever the last run's age,
  // which starts the others' day from it): start-up recreates empty partitions back to 24 months
  // (prepare.ts), which this run drops again, and a changed RETENTION_MONTHS applies at once.
  const atStart = claimEvery('retention', 0);
  const run = (every: number, claim: RoundClaim) => {
    running = running
      .then(() => runJob(log, 'retention', () => applyRetention(options.db, every, now(), claim)))
      .then(
        (result) => {
          // Start-up recreates empty partitions 24 months back (prepare.ts): only a drop of
          // readings is news.
          const readings = result?.dropped.reduce((sum, p) => sum + p.readings, 0) ?? 0;
          if (!result || readings === 0) return;
          const months = result.dropped
            .filter((p) => p.readings > 0)
            .map((p) => `${p.month} (${p.readings})`)
            .join(', ');
          log.info(
            `retention: dropped ${readings} raw readings before ${result.keptFrom.toISOString().slice(0, 10)}: ${months}`,
          );
        },
        (error: unknown) => log.warn({ err: error }, 'retention failed'),
      );
  };
  return {
    start() {
      if (timer || months === undefined) return;
      timer = setInterval(() => run(months, daily), intervalMs);
      timer.unref();
      run(months, atStart);
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

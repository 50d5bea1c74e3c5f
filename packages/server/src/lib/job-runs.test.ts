// The claim of a periodic job's round (job-runs.repository.ts, lib/jobs.ts `claimEvery`): one
// claim per period across every caller on the database, the next one 0.9 of a period after the
// last, and a claim that rolls back with its round's transaction leaves the round to others.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, rowsOf } from '../db/client.ts';
import { createCompanyLogCompactionJob } from '../modules/usage/usage.jobs.ts';
import { createTestDatabase } from '../testing/database.ts';
import { claimJobRun } from './job-runs.repository.ts';
import { CLAIM_AFTER_SHARE, claimEvery, type JobRunner } from './jobs.ts';

describe('claims of periodic rounds (job_runs)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  /** Moves the job's last run `ms` into the past. */
  const lastRunAgo = async (job: string, ms: number) => {
    await database.db.execute(
      sql`update job_runs set last_run_at = now() - make_interval(secs => ${ms / 1000}) where job = ${job}`,
    );
  };
  const lastRun = async (job: string) =>
    (
      await rowsOf<{ at: string }>(
        database.db,
        sql`select last_run_at::text as at from job_runs where job = ${job}`,
      )
    )[0]?.at;

  it('lets one of two claims at once win, and none other within the period', async () => {
    const claim = claimEvery('together', 60_000);
    const both = await Promise.all([
      database.db.transaction((tx) => claim(tx)),
      database.db.transaction((tx) => claim(tx)),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
    const stamped = await lastRun('together');
    expect(stamped).toBeDefined();
    expect(await claim(database.db)).toBe(false);
    await lastRunAgo('together', 30_000);
    expect(await claim(database.db)).toBe(false);
    // Another job's claim is its own.
    expect(await claimEvery('apart', 60_000)(database.db)).toBe(true);
  });

  it('is claimable again once 0.9 of the period has gone by, and stamps the new run', async () => {
    expect(CLAIM_AFTER_SHARE).toBe(0.9);
    const claim = claimEvery('period', 10_000);
    expect(await claim(database.db)).toBe(true);
    // A timer that fires a little early (or a claim stamped late last time) still claims.
    await lastRunAgo('period', 8_500);
    expect(await claim(database.db)).toBe(false);
    await lastRunAgo('period', 9_100);
    const before = await lastRun('period');
    expect(await claim(database.db)).toBe(true);
    expect(await lastRun('period')).not.toBe(before);
    expect(await claim(database.db)).toBe(false);
    // A claim with no gap (a round that must run at start-up) always claims and stamps the run.
    expect(await claimJobRun(database.db, 'period', 0)).toBe(true);
    expect(await claim(database.db)).toBe(false);
  });

  it('leaves the round claimable when the claiming transaction rolls back', async () => {
    const claim = claimEvery('rolled-back', 60_000);
    const failed = await database.db
      .transaction(async (tx) => {
        expect(await claim(tx)).toBe(true);
        throw new Error('the round failed');
      })
      .catch((error: Error) => error.message);
    expect(failed).toBe('the round failed');
    expect(await lastRun('rolled-back')).toBeUndefined();
    expect(await database.db.transaction((tx) => claim(tx))).toBe(true);

    // The same with a run on record: the failed round's stamp goes, the earlier run stays.
    await lastRunAgo('rolled-back', 120_000);
    const earlier = await lastRun('rolled-back');
    await database.db
      .transaction(async (tx) => {
        expect(await claim(tx)).toBe(true);
        throw new Error('the round failed');
      })
      .catch(() => undefined);
    expect(await lastRun('rolled-back')).toBe(earlier);
    expect(await claim(database.db)).toBe(true);
  });

  it('runs a job every period in one process, and once per period for two on one database', async () => {
    const PERIOD_MS = 1000;
    const WINDOW_MS = 4500;
    const watch = async (processes: number) => {
      const outcomes: string[] = [];
      // Counts like the metrics: work answering null is a round another process ran.
      const run: JobRunner = async (_job, work) => {
        const result = await work();
        outcomes.push(result === null ? 'skipped' : 'ok');
        return result;
      };
      const log = { warn: () => {}, run };
      const jobs = Array.from({ length: processes }, () =>
        createCompanyLogCompactionJob({ db: database.db, log, intervalMs: PERIOD_MS }),
      );
      for (const job of jobs) job.start();
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
      for (const job of jobs) await job.stop();
      return {
        ran: outcomes.filter((o) => o === 'ok').length,
        skipped: outcomes.filter((o) => o === 'skipped').length,
      };
    };
    // One process (PGlite's case): every tick of its timer runs, as before the claim.
    expect(await watch(1)).toEqual({ ran: 4, skipped: 0 });
    // Two on the same database: four rounds in all, the other ticks skipped.
    const two = await watch(2);
    expect(two.ran).toBeGreaterThanOrEqual(3);
    expect(two.ran).toBeLessThanOrEqual(5);
    expect(two.ran + two.skipped).toBe(8);
  });
});

// Background jobs of one process: each job factory answers `{ start, stop }`, and the composition
// root (app.ts) gathers them into `app.jobs`. Building the app starts nothing; main.ts starts the
// jobs once the server listens and stops them on a shutdown signal. Every replica runs the same
// timers; a periodic round runs where it claims the job's period (`claimEvery`), so once per
// period across replicas, and, when the last runner dies, on another replica at most a period
// after it was due.

import type { Executor } from '../db/client.ts';
import { claimJobRun } from './job-runs.repository.ts';

export type Job = {
  /** Starts the job's timers and subscriptions (once). */
  start(): void | Promise<void>;
  /** Stops it and waits for the run in flight; harmless when not started. */
  stop(): Promise<void>;
};

export type JobLog = {
  info(message: string): void;
  warn(object: unknown, message: string): void;
  /** Times and counts one run of a job's work (the metrics, when enabled); see `runJob`. */
  run?: JobRunner;
};

/**
 * Runs and times a job's work. Work that answers null did not run: another replica has (or holds)
 * this period's round.
 */
export type JobRunner = <T>(job: string, work: () => Promise<T>) => Promise<T>;

/**
 * A round's claim on its job's period, taken on the round's own transaction where it has one (a
 * failed round rolls its claim back, and another replica's timer retries within the period), or
 * on the database just before the work otherwise.
 */
export type RoundClaim = (ex: Executor) => Promise<boolean>;

/**
 * Share of a period after which the next round may be claimed. A replica's timer fires a period
 * after the last, but its claim is stamped when its transaction starts, after a variable wait (a
 * busy event loop, a pool connection, the advisory lock's statement): a claim stamped late would,
 * with the whole period required, make the next one on time look early and skip a whole period.
 * A tenth of the period absorbs that; the price is that two rounds on different replicas may be
 * as little as 0.9 of a period apart (at most 1.11 rounds per period, never 3 with 3 replicas).
 */
export const CLAIM_AFTER_SHARE = 0.9;

/** The claim of `job`'s rounds, one per `periodMs` across every replica on the database. */
export function claimEvery(job: string, periodMs: number): RoundClaim {
  const minGapMs = Math.round(periodMs * CLAIM_AFTER_SHARE);
  return (ex) => claimJobRun(ex, job, minGapMs);
}

/** One run of a job's work under its name, through the log's runner when it has one. */
export function runJob<T>(
  log: Pick<JobLog, 'run' | 'warn'>,
  job: string,
  work: () => Promise<T>,
): Promise<T> {
  return log.run ? log.run(job, work) : work();
}

/** Jobs started in order and stopped in reverse order (producers of work stop first). */
export function combineJobs(jobs: readonly Job[]): Job {
  let started: Job[] = [];
  return {
    async start() {
      for (const job of jobs) {
        if (started.includes(job)) continue;
        await job.start();
        started.push(job);
      }
    },
    async stop() {
      const running = started.reverse();
      started = [];
      for (const job of running) await job.stop();
    },
  };
}

/**
 * A job that runs `round` every `intervalMs` (and once as it starts, with `atStart`), one round
 * at a time: a round due while another runs waits for it. A failed round goes to `onError`; `stop`
 * waits for the round in flight.
 */
export function intervalJob(options: {
  intervalMs: number;
  round: () => Promise<unknown>;
  onError: (error: unknown) => void;
  atStart?: boolean;
}): Job {
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const next = () => {
    running = running.then(options.round).catch(options.onError);
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(next, options.intervalMs);
      timer.unref();
      if (options.atStart) next();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

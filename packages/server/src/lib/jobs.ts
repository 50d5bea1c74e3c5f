// Background jobs of one process: each job factory answers `{ start, stop }`, and the composition
// root (app.ts) gathers them into `app.jobs`. Building the app starts nothing; main.ts starts the
// jobs once the server listens and stops them on a shutdown signal.

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

export type JobRunner = <T>(job: string, work: () => Promise<T>) => Promise<T>;

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

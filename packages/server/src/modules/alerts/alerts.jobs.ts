// When detection runs: for the sensors each committed ingest batch touched (gathered for a few
// seconds, so a burst of batches is one evaluation; a batch of readings older than anything the
// rules read — a history back-fill — is left to the sweep), and as a sweep every few minutes on the
// replica holding the sweep's advisory lock that claims the period (once per period across
// replicas; the evaluations are each replica's own ingest's).
import { claimEvery, type Job, type JobRunner, runJob } from '../../lib/jobs.ts';
import type { IngestService } from '../ingest/ingest.service.ts';
import type { AlertEngine } from './alerts.engine.ts';

export type AlertJobsLog = { warn(object: unknown, message: string): void; run?: JobRunner };

export function createAlertJobs(options: {
  engine: Pick<AlertEngine, 'evaluate' | 'evaluates' | 'sweep'>;
  ingest: Pick<IngestService, 'onIngested'>;
  log: AlertJobsLog;
  debounceMs?: number;
  sweepMs?: number;
}): Job {
  const { engine, log } = options;
  const touched = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  // While readings pour in (a backfill, a backlog) evaluations would follow each other without a
  // break: the next waits at least four times as long as the last one took.
  let lastTookMs = 0;

  const flush = () => {
    timer = undefined;
    const ids = [...touched];
    touched.clear();
    running = running
      .then(async () => {
        const started = performance.now();
        await runJob(log, 'alert-evaluation', () => engine.evaluate(ids));
        lastTookMs = performance.now() - started;
      })
      .catch((error: unknown) => log.warn({ err: error }, 'alert evaluation failed'));
  };
  const sweepMs = options.sweepMs ?? 300_000;
  // The sweep at start-up claims too: a replica starting finds the fleet swept by the others.
  const claim = claimEvery('alert-sweep', sweepMs);
  const sweep = () => {
    running = running
      .then(() => runJob(log, 'alert-sweep', () => engine.sweep(claim)))
      .catch((error: unknown) => log.warn({ err: error }, 'alert sweep failed'));
  };
  let unsubscribe: (() => void) | undefined;
  let sweeper: NodeJS.Timeout | undefined;

  return {
    start() {
      if (sweeper) return;
      unsubscribe = options.ingest.onIngested(({ sensorIds, newestMeasuredAt }) => {
        if (!engine.evaluates(newestMeasuredAt)) return;
        for (const id of sensorIds) touched.add(id);
        timer ??= setTimeout(flush, Math.max(options.debounceMs ?? 5000, 4 * lastTookMs));
      });
      sweeper = setInterval(sweep, sweepMs);
      sweeper.unref();
      sweep();
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = undefined;
      clearInterval(sweeper);
      sweeper = undefined;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

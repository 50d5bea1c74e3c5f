// When detection runs: for the sensors each committed ingest batch touched (gathered for a few
// seconds, so a burst of batches is one evaluation), and as a sweep every few minutes on the
// replica holding the sweep's advisory lock.
import type { IngestService } from '../ingest/ingest.service.ts';
import type { AlertEngine } from './alerts.engine.ts';

export type AlertJobsLog = { warn(object: unknown, message: string): void };

export function startAlertJobs(options: {
  engine: AlertEngine;
  ingest: IngestService;
  log: AlertJobsLog;
  debounceMs?: number;
  sweepMs?: number;
}) {
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
        await engine.evaluate(ids);
        lastTookMs = performance.now() - started;
      })
      .catch((error: unknown) => log.warn({ err: error }, 'alert evaluation failed'));
  };
  const unsubscribe = options.ingest.onIngested(({ sensorIds }) => {
    for (const id of sensorIds) touched.add(id);
    timer ??= setTimeout(flush, Math.max(options.debounceMs ?? 5000, 4 * lastTookMs));
  });
  const sweep = () => {
    running = running
      .then(() => engine.sweep())
      .catch((error: unknown) => log.warn({ err: error }, 'alert sweep failed'));
  };
  const sweeper = setInterval(sweep, options.sweepMs ?? 300_000);
  sweeper.unref();
  sweep();

  return async () => {
    unsubscribe();
    clearInterval(sweeper);
    if (timer) clearTimeout(timer);
    await running;
  };
}

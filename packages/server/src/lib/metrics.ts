// Prometheus metrics of one app instance (`GET /api/metrics`, docs/decisions.md, "Metrics behind a
// token of their own"). Each instance has its own registry: tests build many apps in one process,
// and the client library's global default registry would refuse the second one's metric names.
// Built only when METRICS_TOKEN is set; otherwise nothing is measured.
import { performance } from 'node:perf_hooks';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { JobRunner } from './jobs.ts';

/** Connections of a database pool (PostgreSQL); PGlite has none to report. */
export type PoolUse = { total: number; idle: number; waiting: number };

export type MetricsSources = {
  /** Server-Sent Events clients connected to this instance now. */
  liveClients: () => number;
  /** The pool's connections now; undefined on PGlite, whose single connection is no pool. */
  poolUse: () => PoolUse | undefined;
  now?: () => number;
};

const seconds = (ms: number) => ms / 1000;

export function createMetrics(sources: MetricsSources) {
  const now = sources.now ?? Date.now;
  const registry = new Registry();
  // Process metrics, among them the event-loop delay (nodejs_eventloop_lag_*, from
  // monitorEventLoopDelay), heap and garbage collection.
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'flowsight_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class, and how long each took',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const readingsStored = new Counter({
    name: 'flowsight_ingest_readings_stored_total',
    help: 'Readings stored by ingest (new rows; redeliveries not counted), by transport',
    labelNames: ['transport'] as const,
    registers: [registry],
  });
  /** The newest stored reading's measured_at per transport (ms), for the lag gauge. */
  const newestMeasuredAt = new Map<string, number>();
  new Gauge({
    name: 'flowsight_ingest_lag_seconds',
    help: 'Now minus measured_at of the newest reading this instance stored, by transport',
    labelNames: ['transport'] as const,
    registers: [registry],
    collect() {
      const at = now();
      for (const [transport, newest] of newestMeasuredAt) {
        this.set({ transport }, seconds(at - newest));
      }
    },
  });

  const jobRuns = new Counter({
    name: 'flowsight_job_runs_total',
    help: 'Runs of background jobs by job and outcome (ok, error, skipped: another replica ran it)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'flowsight_job_duration_seconds',
    help: 'How long background job runs took, by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });

  new Gauge({
    name: 'flowsight_sse_clients',
    help: 'Live alert streams (Server-Sent Events) connected to this instance',
    registers: [registry],
    collect() {
      this.set(sources.liveClients());
    },
  });

  // Only where there is a pool (PostgreSQL): on PGlite the series are absent.
  new Gauge({
    name: 'flowsight_db_pool_connections',
    help: 'Database pool connections by state: total (open), idle, waiting (requests queued)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = sources.poolUse();
      if (!use) return;
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });

  const runJob: JobRunner = async (job, work) => {
    const started = performance.now();
    let outcome = 'error';
    try {
      const result = await work();
      // Null: the round was another replica's (lib/jobs.ts), counted apart from the work done.
      outcome = result === null ? 'skipped' : 'ok';
      return result;
    } finally {
      jobRuns.inc({ job, outcome });
      jobDuration.observe({ job, outcome }, seconds(performance.now() - started));
    }
  };

  return {
    contentType: registry.contentType,
    /** The exposition text of every metric. */
    text: () => registry.metrics(),
    /** One answered HTTP request; `route` is the route's pattern, never the raw URL. */
    request(method: string, route: string, statusCode: number, elapsedMs: number) {
      requests.observe(
        { method, route, status_class: `${Math.floor(statusCode / 100)}xx` },
        seconds(elapsedMs),
      );
    },
    /** Readings a committed ingest transaction stored. */
    stored(transport: string, count: number, newest: Date) {
      readingsStored.inc({ transport }, count);
      const known = newestMeasuredAt.get(transport) ?? Number.NEGATIVE_INFINITY;
      if (newest.getTime() > known) newestMeasuredAt.set(transport, newest.getTime());
    },
    runJob,
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

// The device simulator inside the server (SIMULATE=1, DEMO portfolio): once per database it
// backfills a year of history for the demo fleet, newest first so the recent charts fill first,
// then keeps streaming live readings at the real rate. Everything goes through the one ingest
// service (transport 'simulator'), in batches short enough that a request waits at most about one
// batch for the database. The on-disk PGlite of `npm start` runs on its own thread
// (db/pglite-thread.ts), so the batches do not block this event loop; there each batch waits
// until people's requests are done with the database and is kept short (about 20 ms) while
// someone uses the product, so a request waits for a short batch at most. Progress lives in
// `system_state`: a restart resumes where it stopped, and a redone batch is a no-op thanks to the
// natural key.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DEMO_SEED, generateDemoPortfolio } from '@flowsight/simulator/demo-portfolio';
import {
  createFleetSimulation,
  type FleetSimulation,
  type SimulatedUplink,
} from '@flowsight/simulator/fleet-simulation';
import {
  alignToReportGrid,
  type BackfillOptions,
  type BackfillWindow,
  backfillWindows,
  countBackfill,
  defaultHistoryBands,
  live,
  type ReportBand,
  windowUplinks,
} from '@flowsight/simulator/generators';
import { chooseLeakScenarios, leakLabels } from '@flowsight/simulator/leak-scenarios';
import type { RequestPriority } from '../../db/pglite-thread.ts';
import type { IngestResult, Uplink } from '../ingest/ingest.service.ts';
import type { SimulationProgress, SimulationRepository } from './simulation.repository.ts';

const DAY_MS = 86_400_000;

export type SimulationLog = {
  info(message: string): void;
  warn(object: unknown, message: string): void;
};

export type SimulationOptions = {
  ingest: (uplinks: readonly Uplink[]) => Promise<IngestResult>;
  repository: SimulationRepository;
  log: SimulationLog;
  /** Where the leak labels are written (JSON); none when absent. */
  labelsFile?: string;
  seed?: number;
  /** Days of history on first start; default 365. */
  historyDays?: number;
  bands?: readonly ReportBand[];
  /** Most uplinks per ingest transaction; default 2,000 (fewer while a batch takes too long). */
  batchSize?: number;
  /**
   * Batches shrink when one takes longer than this, so a request waits at most about this long
   * for the database; default 250 ms.
   */
  batchTargetMs?: number;
  /**
   * The embedded database's request priority (db/pglite-thread.ts): each batch first waits until
   * requests are done with the database, and while requests came in recently batches aim at
   * `busyBatchTargetMs` instead of `batchTargetMs`.
   */
  priority?: RequestPriority;
  /** The batch target while someone uses the product (with `priority`); default 20 ms. */
  busyBatchTargetMs?: number;
  /**
   * Pause between batches; default 0 (a turn of the event loop): the database serves the
   * statements queued meanwhile first. An in-process PGlite (in memory) needs a real pause.
   */
  pauseMs?: number;
  /** Stream live readings after starting the backfill; default true. */
  live?: boolean;
  /** Only these sensors (tests). */
  macs?: readonly string[];
  now?: () => Date;
};

export type RunningSimulation = {
  /** Resolves when the history backfill finished (or was stopped). */
  readonly history: Promise<void>;
  readonly simulation: FleetSimulation;
  stop(): Promise<void>;
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

const readings = (count: number) => count.toLocaleString('en-US');
// Uplinks are made for 8 ms per turn of the event loop (a time, not a count: a slower CPU makes
// fewer), 4 sensors per look at the clock; `turn` resolves to the time it ended.
const TURN_BUDGET_MS = 8;
const SENSORS_PER_STEP = 4;
const turn = () => new Promise<number>((resolve) => setImmediate(() => resolve(performance.now())));
const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e6);

export async function startSimulation(options: SimulationOptions): Promise<RunningSimulation> {
  const now = options.now ?? (() => new Date());
  const seed = options.seed ?? DEMO_SEED;
  const batchSize = options.batchSize ?? 2000;
  // Batch sizes adapt to what a batch takes: one size for an idle product, one while busy.
  const pace = {
    idle: { targetMs: options.batchTargetMs ?? 250, size: batchSize },
    busy: { targetMs: options.busyBatchTargetMs ?? 20, size: Math.min(batchSize, 50) },
  };
  const pauseMs = options.pauseMs ?? 0;
  const bands = options.bands ?? defaultHistoryBands;
  const { repository, log } = options;

  let progress = await repository.read();
  if (!progress || progress.seed !== seed) {
    const anchor = alignToReportGrid(now());
    progress = {
      version: 1,
      seed,
      anchor: anchor.toISOString(),
      from: new Date(anchor.getTime() - (options.historyDays ?? 365) * DAY_MS).toISOString(),
      historyBelow: anchor.toISOString(),
      liveUntil: anchor.toISOString(),
    };
    await repository.write(progress);
  }
  const state: SimulationProgress = progress;
  const anchor = new Date(state.anchor);
  const from = new Date(state.from);

  const portfolio = generateDemoPortfolio();
  const scenarios = chooseLeakScenarios(portfolio, {
    seed,
    from: new Date(anchor.getTime() - 21 * DAY_MS),
    to: new Date(anchor.getTime() + 7 * DAY_MS),
  });
  if (options.labelsFile) {
    mkdirSync(dirname(options.labelsFile), { recursive: true });
    const labels = leakLabels(seed, from, anchor, scenarios);
    writeFileSync(options.labelsFile, `${JSON.stringify(labels, null, 2)}\n`);
  }
  const simulation = createFleetSimulation({
    seed,
    portfolio,
    anchor,
    scenarios,
    ...(options.macs ? { macs: options.macs } : {}),
  });
  const controller = new AbortController();
  const { signal } = controller;

  // Progress is written after each stored piece; writes are serialised so the newest wins.
  let saving = Promise.resolve();
  const save = () => {
    const snapshot = { ...state };
    saving = saving.then(() => repository.write(snapshot));
    return saving;
  };

  /** Stores uplinks in batches, retrying a failed batch until it commits or we stop. */
  async function store(uplinks: readonly SimulatedUplink[]): Promise<boolean> {
    const { priority } = options;
    for (let i = 0; i < uplinks.length && !signal.aborted; ) {
      const busy = priority ? (await priority.yieldToRequests()).requestsRecently : false;
      const lane = busy ? pace.busy : pace.idle;
      const batch = uplinks.slice(i, i + lane.size);
      i += batch.length;
      for (let attempt = 0; ; attempt += 1) {
        try {
          const started = performance.now();
          await options.ingest(batch);
          // Keep each transaction short enough for requests to get in between.
          const took = Math.max(1, performance.now() - started);
          if (batch.length >= lane.size) {
            const scaled = Math.round((lane.size * lane.targetMs) / took);
            lane.size = Math.max(10, Math.min(batchSize, scaled, lane.size * 2));
          }
          break;
        } catch (error) {
          if (signal.aborted) return false;
          log.warn({ err: error }, `simulator: storing a batch failed (attempt ${attempt + 1})`);
          await sleep(Math.min(30_000, 500 * 2 ** attempt), signal);
        }
      }
      await sleep(pauseMs, signal);
    }
    return !signal.aborted;
  }

  /**
   * The history's slices with their uplinks, newest first. Each slice's uplinks are made a few
   * sensors per turn of the event loop, while the slice before is being stored: the database
   * keeps getting statements, and requests are answered in between.
   */
  async function* slicesOf(range: BackfillOptions) {
    const make = async (window: BackfillWindow) => {
      const uplinks: SimulatedUplink[] = [];
      const { sensors } = simulation;
      let turnStarted = performance.now();
      for (let i = 0; i < sensors.length && !signal.aborted; i += SENSORS_PER_STEP) {
        const part = windowUplinks(simulation, window, sensors.slice(i, i + SENSORS_PER_STEP));
        for (const uplink of part) uplinks.push(uplink);
        if (performance.now() - turnStarted >= TURN_BUDGET_MS) turnStarted = await turn();
      }
      await turn();
      return { startS: window.startS, uplinks };
    };
    const windows = backfillWindows(range);
    let next = windows.next();
    let making = next.done ? undefined : make(next.value);
    while (making) {
      const slice = await making;
      next = windows.next();
      making = next.done ? undefined : make(next.value);
      yield slice;
    }
  }

  async function runHistory() {
    if (state.historyBelow === null) return;
    const below = new Date(state.historyBelow);
    const total = countBackfill(simulation, { from, to: anchor, bands });
    const remaining = countBackfill(simulation, { from, to: anchor, bands, below });
    let stored = total - remaining;
    let lastLogged = 0;
    const started = Date.now();
    const delay = monitorEventLoopDelay({ resolution: 20 });
    delay.enable();
    log.info(
      `history backfill: ${from.toISOString().slice(0, 10)} to ${anchor.toISOString()}, ` +
        `${readings(remaining)} of ${readings(total)} readings to store`,
    );
    // The next slice is made while this one is being written.
    for await (const slice of slicesOf({ from, to: anchor, bands, below })) {
      if (!(await store(slice.uplinks))) return;
      stored += slice.uplinks.length;
      state.historyBelow = new Date(slice.startS * 1000).toISOString();
      await save();
      const percent = Math.min(100, Math.floor((stored / Math.max(1, total)) * 100));
      if (percent >= lastLogged + 5) {
        lastLogged = percent;
        log.info(
          `history backfill: ${percent}% (${readings(stored)} readings); ` +
            `event loop delay p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms`,
        );
      }
    }
    delay.disable();
    if (signal.aborted) return;
    state.historyBelow = null;
    await save();
    log.info(
      `history backfill: done, ${readings(stored)} readings in ${Math.round((Date.now() - started) / 1000)} s ` +
        `(event loop delay p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms)`,
    );
  }

  async function runLive() {
    let liveFrom = new Date(state.liveUntil);
    const current = alignToReportGrid(now());
    // After a long stop, fill the gap with banded history rather than 15-minute reports.
    if (current.getTime() - liveFrom.getTime() > DAY_MS) {
      log.info(`simulator: filling the gap since ${liveFrom.toISOString()}`);
      for await (const slice of slicesOf({ from: liveFrom, to: current, bands })) {
        if (!(await store(slice.uplinks))) return;
      }
      if (signal.aborted) return;
      liveFrom = current;
      state.liveUntil = current.toISOString();
      await save();
    }
    for await (const window of live(simulation, { from: liveFrom, signal })) {
      if (!(await store(window.uplinks))) return;
      state.liveUntil = window.until.toISOString();
      await save();
    }
  }

  const report = (what: string) => (error: unknown) => {
    if (!signal.aborted) log.warn({ err: error }, `simulator: ${what} stopped`);
  };
  const history = runHistory().catch(report('history backfill'));
  const streaming = options.live === false ? Promise.resolve() : runLive().catch(report('live'));

  return {
    history,
    simulation,
    async stop() {
      controller.abort();
      await Promise.all([history, streaming]);
      await saving.catch(() => {});
    },
  };
}

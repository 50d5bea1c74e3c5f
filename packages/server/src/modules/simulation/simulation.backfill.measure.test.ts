// The first run's history back-fill: it must not block the server's event loop, and the
// on-disk PGlite on its own thread (db/pglite-thread.ts) must store exactly what the in-process
// path stores, also across a stop and a restart. On PostgreSQL the database is out of process
// anyway: the storing check runs against it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { SensorStatus } from '@flowsight/domain/lookups';
import { generateDemoPortfolio } from '@flowsight/simulator/demo-portfolio';
import { createFleetSimulation } from '@flowsight/simulator/fleet-simulation';
import { alignToReportGrid, backfill } from '@flowsight/simulator/generators';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database, type DatabaseHandle, rowsOf } from '../../db/client.ts';
import { testBackend } from '../../testing/backend.ts';
import { createTestDatabase } from '../../testing/database.ts';
import { createIngestService } from '../ingest/ingest.service.ts';
import {
  createSimulationRepository,
  type SimulationProgress,
  type SimulationRepository,
} from './simulation.repository.ts';
import { type SimulationOptions, startSimulation } from './simulation.service.ts';

const DAY = 86_400_000;
const HISTORY_DAYS = 4;
const to = alignToReportGrid(new Date());
const from = new Date(to.getTime() - HISTORY_DAYS * DAY);
// A reduced fleet: 40 sensors reporting through the whole history (about 8,000 readings).
const macs = generateDemoPortfolio()
  .sensors.filter(
    (s) =>
      s.placement &&
      s.sensorStatusId === SensorStatus.Transmitting &&
      Date.parse(s.installDate) < from.getTime() - DAY,
  )
  .slice(0, 40)
  .map((s) => s.macAddress);

const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

/**
 * The database `npm start` serves from: the on-disk PGlite on its worker thread (a data directory
 * started from the demo template), or on PostgreSQL a demo test database.
 */
async function servingDatabase(): Promise<DatabaseHandle> {
  if (testBackend() === 'postgres') {
    const handle = await createTestDatabase({ demo: true });
    opened.push(() => handle.close());
    return handle;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'flowsight-backfill-'));
  const template = readFileSync(inject('pgliteDemoTemplatePath'));
  const handle = await createDatabase({
    kind: 'pglite',
    dataDir,
    loadDataDir: new Blob([template]),
  });
  opened.push(async () => {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return handle;
}

/** The in-process path every test used before: in-memory PGlite in this thread (or PostgreSQL). */
async function inProcessDatabase(): Promise<DatabaseHandle> {
  const handle = await createTestDatabase({ demo: true });
  opened.push(() => handle.close());
  return handle;
}

const simulationOptions = (db: Database): SimulationOptions => {
  const ingest = createIngestService(db);
  return {
    ingest: (uplinks) => ingest.ingest(uplinks),
    repository: createSimulationRepository(db),
    log: { info: () => {}, warn: () => {} },
    historyDays: HISTORY_DAYS,
    macs,
    live: false,
    now: () => to,
  };
};

/** What the history left in the database: raw readings and each rollup's sums. */
async function stored(db: Database) {
  const [row] = await rowsOf<Record<string, string | number>>(
    db,
    sql`select
      (select count(*) from submissions)::int as readings,
      (select count(distinct (mac_address, measured_at, seq)) from submissions)::int as distinct_readings,
      (select coalesce(sum(volume_mgal), 0) from submissions)::bigint as raw_volume,
      (select coalesce(sum(volume_mgal), 0) from usage_hourly)::bigint as hourly_volume,
      (select coalesce(sum(readings), 0) from usage_hourly)::bigint as hourly_readings,
      (select coalesce(sum(volume_mgal), 0) from usage_daily)::bigint as daily_volume,
      (select coalesce(sum(readings), 0) from usage_daily)::bigint as daily_readings,
      (select coalesce(sum(volume_mgal), 0) from usage_monthly)::bigint as monthly_volume,
      (select coalesce(sum(readings), 0) from usage_monthly)::bigint as monthly_readings`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)]));
}

/** An idle worker thread's event loop delay, from now until `p99()` is asked (in ms). */
function idleThreadDelay() {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     const { monitorEventLoopDelay } = require('node:perf_hooks');
     const delay = monitorEventLoopDelay({ resolution: 10 });
     delay.enable();
     parentPort.once('message', () => {
       delay.disable();
       parentPort.postMessage(delay.percentile(99) / 1e6);
     });`,
    { eval: true },
  );
  return {
    async p99(): Promise<number> {
      const answer = new Promise<number>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const p99 = await answer;
      await worker.terminate();
      return p99;
    },
  };
}

/** The target: the event-loop delay p99 within 50 ms over an idle thread's over the run. */
async function expectDelayWithinTarget(
  delay: ReturnType<typeof monitorEventLoopDelay>,
  noise: ReturnType<typeof idleThreadDelay>,
) {
  const p99 = delay.percentile(99) / 1e6;
  const idleP99 = await noise.p99();
  expect(
    p99,
    `event-loop delay p99 ${p99.toFixed(1)} ms against a limit of 50 ms over an idle thread's ${idleP99.toFixed(1)} ms`,
  ).toBeLessThanOrEqual(50 + idleP99);
}

describe('the history back-fill of the first run', () => {
  // The target is `npm start`'s: its embedded database on its own thread. On PostgreSQL the
  // ingest service's own JavaScript runs in this thread (decoding, the COPY text) and its delay
  // depends on how many CPU cores the test run leaves it, which is not what this measures.
  it.runIf(testBackend() === 'pglite')(
    'keeps the event loop delay p99 within 50 ms while the embedded database stores the history',
    async () => {
      const database = await servingDatabase();
      // The histogram measures how late timers fire, which includes the time the OS gives the
      // thread no core: on a machine shared with busy processes (other test files, other jobs) an
      // idle event loop already shows a p99 of 10-100 ms. An idle thread measures that noise over
      // the same window, and is the allowance on top of the target.
      const before = (await stored(database.db)).readings ?? 0;
      const noise = idleThreadDelay();
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const running = await startSimulation(simulationOptions(database.db));
      await running.history;
      delay.disable();
      await running.stop();

      const simulation = createFleetSimulation({
        portfolio: generateDemoPortfolio(),
        anchor: to,
        macs,
      });
      let expected = 0;
      for (const slice of backfill(simulation, { from, to })) expected += slice.uplinks.length;
      expect(expected).toBeGreaterThan(5_000);
      expect((await stored(database.db)).readings).toBe(before + expected);
      // The target above. The history here is reduced, not the batches: each batch is as
      // large as in the year's back-fill, and the in-process PGlite blocks for one per batch (a few
      // hundred milliseconds), so this fails on the old path.
      await expectDelayWithinTarget(delay, noise);
    },
    120_000,
  );

  // Making a slice's uplinks is this thread's work on any database: a week of the whole fleet's
  // 12-hour reports is about 17,000 uplinks, some 250 ms of work in one piece. They are made a few
  // sensors per turn of the event loop while the slice before is stored.
  it("makes the whole fleet's week-long slices without blocking the event loop", async () => {
    let progress: SimulationProgress | undefined;
    const repository: SimulationRepository = {
      read: async () => progress,
      write: async (next) => {
        progress = next;
      },
    };
    let received = 0;
    const noise = idleThreadDelay();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const running = await startSimulation({
      // Stored at once: what is measured is the making of the uplinks.
      ingest: async (uplinks) => {
        received += uplinks.length;
        return {
          received: uplinks.length,
          stored: uplinks.length,
          duplicates: 0,
          malformed: 0,
          unassigned: 0,
          refused: 0,
          refusedMacs: [],
        };
      },
      repository,
      log: { info: () => {}, warn: () => {} },
      historyDays: 28,
      bands: [{ maxAgeS: null, reportIntervalS: 43_200, keepaliveIntervalS: 7 * 86_400 }],
      live: false,
      now: () => to,
    });
    await running.history;
    delay.disable();
    await running.stop();
    expect(received).toBeGreaterThan(50_000);
    expect(progress?.historyBelow).toBeNull();
    await expectDelayWithinTarget(delay, noise);
  }, 60_000);

  // A request's statement waits for the batch the database is writing: while someone uses the
  // product the batches are kept short and each waits until requests are done (the target
  // is pages within 1.5x of quiet). Before, a request waited for batches of ~250 ms.
  it.runIf(testBackend() === 'pglite')(
    'answers requests during the back-fill after at most a short batch',
    async () => {
      const database = await servingDatabase();
      // A person's request, marked as the server marks each HTTP request.
      const request = async () => {
        const started = performance.now();
        const chart = () =>
          rowsOf(
            database.db,
            sql`select building_id, sum(volume_mgal) from usage_daily group by building_id`,
          );
        await (database.priority ? database.priority.asRequest(chart) : chart());
        return performance.now() - started;
      };
      const median = (xs: number[]) =>
        [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
      const quiet: number[] = [];
      for (let i = 0; i < 20; i += 1) quiet.push(await request());

      const running = await startSimulation({
        ...simulationOptions(database.db),
        ...(database.priority ? { priority: database.priority } : {}),
      });
      let done = false;
      void running.history.then(() => {
        done = true;
      });
      const during: number[] = [];
      while (!done) {
        // A person's pace: a page's calls, then a pause.
        await new Promise((resolve) => setTimeout(resolve, 40));
        if (!done) during.push(await request());
      }
      await running.stop();
      expect(database.priority).toBeDefined();
      expect(during.length).toBeGreaterThan(10);
      expect(
        median(during),
        `request median ${median(during).toFixed(1)} ms during the back-fill (n=${during.length}) against a limit of the quiet median ${median(quiet).toFixed(1)} ms + 35 ms`,
      ).toBeLessThanOrEqual(median(quiet) + 35);
    },
    180_000,
  );

  it('stores exactly what the in-process path stores, across a stop and a restart', async () => {
    const reference = await inProcessDatabase();
    const whole = await startSimulation(simulationOptions(reference.db));
    await whole.history;
    await whole.stop();
    const expected = await stored(reference.db);
    expect(expected.readings).toBeGreaterThan(5_000);
    expect(expected.hourly_volume).toBe(expected.raw_volume);
    expect(expected.daily_volume).toBe(expected.raw_volume);
    expect(expected.monthly_volume).toBe(expected.raw_volume);

    // Stopped once some history is stored, then started again on the same data.
    const database = await servingDatabase();
    const repository = createSimulationRepository(database.db);
    const first = await startSimulation({ ...simulationOptions(database.db), batchSize: 500 });
    for (;;) {
      const progress = await repository.read();
      if (progress?.historyBelow !== progress?.anchor) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await first.stop();
    const partial = await stored(database.db);
    expect(partial.readings).toBeGreaterThan(0);
    expect(partial.readings).toBeLessThan(expected.readings ?? 0);
    expect((await repository.read())?.historyBelow).not.toBeNull();

    const second = await startSimulation(simulationOptions(database.db));
    await second.history;
    await second.stop();
    expect((await repository.read())?.historyBelow).toBeNull();
    // Nothing missing, nothing counted twice in the rollups.
    expect(await stored(database.db)).toEqual(expected);
  }, 180_000);
});

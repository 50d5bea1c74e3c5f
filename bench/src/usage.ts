// Usage analytics benchmark (issue: usage analytics). In one run on this machine:
//   1. loads the demo portfolio's year of history — about ten million raw readings at the default
//      scale — into PostgreSQL with the simulator's bulk mode and COPY, then rebuilds the usage
//      rollups from it (the same rules ingest applies),
//   2. times every chart endpoint of a server process on that database under concurrent load
//      (p50 and p95 per endpoint),
//   3. computes the same answers from the raw readings in SQL on one connection (the baseline),
//      checks they agree bucket by bucket, and prints how many times faster the rollups answer:
//      the endpoints under that load, and the server's usage service called in this process on
//      one connection as the raw query is (like for like),
//   4. prints the gzip size of the built web app's JavaScript the /dashboard route needs.
// Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres, used to
// create a scratch database), BENCH_USAGE_SCALE (1: 30 days of 15-minute reports, 200 days of
// hourly ones, 12-hour reports for the rest of the year), BENCH_KEEP=1 reuses a loaded database,
// BENCH_USAGE_DAYS (365) the history's length, BENCH_USAGE_JS=0 skips step 4.
// Scale ("ten times the fleet"): BENCH_FLEET=10 loads the demo portfolio ten times over
// (multiplyDemoPortfolio: the original first, then copies of its companies with their own names
// and MACs), in its own database; the probes stay on the demo manager's original company, so each
// endpoint is timed on the same places at any multiplier. BENCH_USAGE_OUT=file.json writes the
// run's figures (load, sizes on disk, p50/p95 per endpoint); BENCH_USAGE_BASELINE=file.json (a 1×
// run's) adds each endpoint's p95 against it and names those over 1.5× or over 50 ms.
// BENCH_USAGE_REQUESTS (200) sets the timed calls per endpoint, BENCH_USAGE_ROUNDS (10) the rounds
// through every endpoint they are spread over; the server's background jobs run meanwhile are printed.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RoleType } from '@flowsight/domain/lookups';
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { RESIDENTIAL_UNIT_CATEGORY, supplyMeterTypes } from '@flowsight/domain/water-accounting';
import { createDatabase, type Database } from '@flowsight/server/db/client';
import { prepareDatabase } from '@flowsight/server/db/prepare';
import { rebuildUsageRollups } from '@flowsight/server/db/rollups';
import { seedDemo } from '@flowsight/server/db/seed/demo';
import { type Scope, systemScope } from '@flowsight/server/lib/tenant-scope';
import { createReportsRepository } from '@flowsight/server/modules/reports/reports.repository';
import { createReportsService } from '@flowsight/server/modules/reports/reports.service';
import { createUsageRepository } from '@flowsight/server/modules/usage/usage.repository';
import {
  granularityQuerySchema,
  topUnitsQuerySchema,
} from '@flowsight/server/modules/usage/usage.schemas';
import {
  createUsageService,
  type UsageService,
} from '@flowsight/server/modules/usage/usage.service';
import { startServerProcess } from '@flowsight/server/testing/server-process';
import { bulkReadings } from '@flowsight/simulator/bulk';
import {
  DEMO_SEED,
  demoPassword,
  generateDemoPortfolio,
  multiplyDemoPortfolio,
} from '@flowsight/simulator/demo-portfolio';
import { createFleetSimulation } from '@flowsight/simulator/fleet-simulation';
import type { ReportBand } from '@flowsight/simulator/generators';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { dashboardJavaScript } from './dashboard-js.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scale = Number(process.env.BENCH_USAGE_SCALE ?? '1');
const keep = process.env.BENCH_KEEP === '1';
const fleet = Number(process.env.BENCH_FLEET ?? '1');
if (!Number.isInteger(fleet) || fleet < 1) throw new Error('BENCH_FLEET is a positive integer');
// A multiplied fleet has its own database, so a loaded 1× one survives it for BENCH_KEEP.
const DATABASE = fleet === 1 ? 'flowsight_bench_usage' : `flowsight_bench_usage_x${fleet}`;
const outPath = process.env.BENCH_USAGE_OUT;
const baselinePath = process.env.BENCH_USAGE_BASELINE;
const jsOn = process.env.BENCH_USAGE_JS !== '0';
/** The issue's scale targets: p95 within 1.5× of its 1× figure, and ≤ 50 ms. */
const MAX_GROWTH = 1.5;
const MAX_P95_MS = 50;
const DAY_S = 86_400;
const FINE_DAYS = Math.max(1, Math.round(30 * scale));
const HOURLY_DAYS = Math.max(FINE_DAYS + 1, Math.round(200 * scale));
/** `BENCH_USAGE_DAYS` shortens the year of history (small proofs of a multiplied fleet). */
const HISTORY_DAYS = Number(process.env.BENCH_USAGE_DAYS ?? '365');
if (!Number.isInteger(HISTORY_DAYS) || HISTORY_DAYS <= HOURLY_DAYS) {
  throw new Error(`BENCH_USAGE_DAYS is a whole number of days over ${HOURLY_DAYS}`);
}
const CONCURRENCY = 8;
/** `BENCH_USAGE_REQUESTS` (200): timed calls per endpoint; more steady the p95 against noise. */
const REQUESTS = Number(process.env.BENCH_USAGE_REQUESTS ?? '200');
if (!Number.isInteger(REQUESTS) || REQUESTS < 20) {
  throw new Error('BENCH_USAGE_REQUESTS is a whole number of at least 20');
}
const WARM_UP = 16;
/**
 * `BENCH_USAGE_ROUNDS` (10): each endpoint's timed calls are spread over this many rounds through
 * every endpoint, so that each endpoint's calls sample the whole timing period alike — the
 * server's periodic sweeps (device health every minute, detection every five) then fall on every
 * endpoint's share of calls instead of on whichever endpoint was being timed at that minute.
 */
const ROUNDS = Number(process.env.BENCH_USAGE_ROUNDS ?? '10');
if (!Number.isInteger(ROUNDS) || ROUNDS < 1 || ROUNDS > REQUESTS) {
  throw new Error('BENCH_USAGE_ROUNDS is a whole number between 1 and BENCH_USAGE_REQUESTS');
}
/** The server's Prometheus endpoint, read for its background jobs' runs during the timings. */
const METRICS_TOKEN = 'usage-bench-metrics-token';
/**
 * `BENCH_USAGE_RAW_RUNS` (5): timed runs of each raw-readings answer (at 10× one takes up to 85 s);
 * 0 skips the raw and direct comparisons (a repeat of the endpoint timings only).
 */
const RAW_RUNS = Number(process.env.BENCH_USAGE_RAW_RUNS ?? '5');
if (!Number.isInteger(RAW_RUNS) || RAW_RUNS < 0) {
  throw new Error('BENCH_USAGE_RAW_RUNS is a whole number');
}
/** Calls of the usage service in this process per probe (after two untimed ones). */
const DIRECT_RUNS = 20;
/** `BENCH_USAGE_PROBES=0` skips the endpoint timings (measures the dashboard's JavaScript only). */
const probesOn = process.env.BENCH_USAGE_PROBES !== '0';
const PORT = 18_950;
const MAX_SEQ = 2_147_483_647;
const root = join(import.meta.dirname, '..', '..');

const bands: ReportBand[] = [
  { maxAgeS: FINE_DAYS * DAY_S, reportIntervalS: 900, keepaliveIntervalS: 3_600 },
  { maxAgeS: HOURLY_DAYS * DAY_S, reportIntervalS: 3_600, keepaliveIntervalS: 21_600 },
  { maxAgeS: null, reportIntervalS: 43_200, keepaliveIntervalS: 7 * DAY_S },
];

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(1)} ms`;
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const databaseUrl = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * Waits until no other session runs a statement on the database for a second: the server sweeps
 * alerts and fleet health as it starts, and timings taken meanwhile would measure that sweep.
 * The periodic sweeps later on are part of what the timings include. Answers the wait in ms.
 */
async function untilDatabaseIdle(url: string, timeoutMs = 180_000 * fleet): Promise<number> {
  const started = performance.now();
  return withClient(url, async (client) => {
    let quietSince = performance.now();
    while (performance.now() - started < timeoutMs) {
      const { rows } = await client.query<{ busy: number }>(`
        select count(*)::int as busy from pg_stat_activity
        where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`);
      if ((rows[0]?.busy ?? 0) > 0) quietSince = performance.now();
      else if (performance.now() - quietSince >= 1_000) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the server kept the database busy for ${timeoutMs / 1000} s after starting`);
  });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

type Assignment = {
  id: number;
  company_id: number | null;
  property_id: number | null;
  building_id: number | null;
  unit_id: number | null;
  appliance_type_id: number | null;
  room_type_id: number | null;
  water_type_id: number | null;
  report_interval_s: number;
};

const cell = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '\\N' : String(value);

type LoadTimes = {
  /** Creating the database, its migrations and the (multiplied) demo portfolio's rows. */
  seedS: number;
  /** The raw readings through COPY (the simulator generates them meanwhile). */
  copyS: number;
  /** Rebuilding the rollups from them, and `vacuum analyze`. */
  rollupS: number;
  totalS: number;
};

/** 1. The demo portfolio (times `fleet`) and its history, bulk-loaded; answers the rows loaded. */
async function load(
  url: string,
): Promise<{ rows: number; reporting: number; times: LoadTimes | null }> {
  const seeding = performance.now();
  const portfolio = multiplyDemoPortfolio(generateDemoPortfolio(), fleet);
  await withClient(adminUrl, async (c) => {
    await c.query(`drop database if exists ${DATABASE} with (force)`);
    await c.query(`create database ${DATABASE}`);
  });
  const handle = await createDatabase({ kind: 'postgres', url });
  await prepareDatabase(handle);
  await seedDemo(handle.db, { portfolio });
  await handle.close();
  const seedS = (performance.now() - seeding) / 1000;

  const assignments = new Map(
    (
      await withClient(url, (c) =>
        c.query<Assignment & { mac_address: string }>(
          `select mac_address, id, company_id, property_id, building_id, unit_id, appliance_type_id,
                  room_type_id, water_type_id, report_interval_s from sensors`,
        ),
      )
    ).rows.map((row) => [row.mac_address, row]),
  );
  const now = new Date();
  const simulation = createFleetSimulation({ seed: DEMO_SEED, portfolio, anchor: now });
  const from = new Date(now.getTime() - HISTORY_DAYS * DAY_S * 1000);

  const started = performance.now();
  let rows = 0;
  const reporting = new Set<string>();
  await withClient(url, async (client) => {
    const stream = client.query(
      copyFrom(`copy submissions (measured_at, mac_address, seq, kind, port, payload, transport,
        volume_mgal, interval_s, flow_time_s, peak_flow_mgpm, battery, firmware_version, flags,
        report_interval_s, gateway_serial, rssi, snr, sensor_id, company_id, property_id,
        building_id, unit_id, appliance_type_id, room_type_id, water_type_id) from stdin`),
    );
    const done = new Promise<void>((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('error', reject);
    });
    for (const slice of bulkReadings(simulation, { from, to: now, bands })) {
      let text = '';
      for (const { uplink, frame } of slice) {
        reporting.add(uplink.mac);
        const sensor = assignments.get(uplink.mac);
        const placed = sensor?.unit_id ? sensor : undefined;
        let seq = Math.min(Math.max(0, Math.trunc(uplink.fCnt)), MAX_SEQ);
        let volume: number | null = null;
        let interval: number | null = null;
        let flow: number | null = null;
        let peak: number | null = null;
        let firmware: string | null = null;
        let flags: number | null = null;
        let reportInterval: number | null = null;
        if (frame.kind === 'usage') {
          seq = frame.seq;
          volume = frame.volumeMgal;
          interval = frame.intervalS;
          flow = frame.flowTimeS;
          peak = frame.peakFlowMgpm;
        } else if (frame.kind === 'usage_v1') {
          volume = frame.volumeMgal;
          interval = sensor?.report_interval_s ?? 900;
        } else {
          firmware = frame.firmwareVersion;
          flags = frame.flags;
          reportInterval = frame.reportIntervalS;
        }
        text += [
          uplink.receivedAt.toISOString(),
          uplink.mac,
          seq,
          frame.kind,
          uplink.port,
          `\\\\x${Buffer.from(uplink.payload).toString('hex')}`,
          uplink.transport,
          cell(volume),
          cell(interval),
          cell(flow),
          cell(peak),
          cell(frame.battery),
          cell(firmware),
          cell(flags),
          cell(reportInterval),
          cell(uplink.gateway),
          uplink.rssi,
          uplink.snr,
          cell(sensor?.id),
          cell(placed?.company_id),
          cell(placed?.property_id),
          cell(placed?.building_id),
          cell(placed?.unit_id),
          cell(placed?.appliance_type_id),
          cell(placed?.room_type_id),
          cell(placed?.water_type_id),
        ].join('\t');
        text += '\n';
      }
      rows += slice.length;
      if (!stream.write(text)) await new Promise((resolve) => stream.once('drain', resolve));
      if (rows % 1_000_000 < slice.length) console.log(`… ${fmt(rows)} readings loaded`);
    }
    stream.end();
    await done;
  });
  const copySeconds = (performance.now() - started) / 1000;
  console.log(
    `Loaded ${fmt(rows)} raw readings with the simulator's bulk mode and COPY in ${copySeconds.toFixed(0)} s (${fmt(rows / copySeconds)} rows/s)`,
  );
  const rolled = performance.now();
  const rollups = await createDatabase({ kind: 'postgres', url });
  await rebuildUsageRollups(rollups.db);
  await rollups.close();
  await withClient(url, (c) => c.query('vacuum analyze'));
  const rollupS = (performance.now() - rolled) / 1000;
  console.log(`Rebuilt the usage rollups from them in ${rollupS.toFixed(0)} s`);
  return {
    rows,
    reporting: reporting.size,
    times: { seedS, copyS: copySeconds, rollupS, totalS: (performance.now() - seeding) / 1000 },
  };
}

type Sizes = { databaseBytes: number; submissionsBytes: number; rollupsBytes: number };

/**
 * The database on disk: all of it, the raw readings (every monthly partition of `submissions`
 * with its indexes and TOAST) and the rollups (every `usage_*` table, or its partitions).
 */
async function sizesOnDisk(url: string): Promise<Sizes> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<Sizes>(`
      select pg_database_size(current_database())::float8 as "databaseBytes",
        (select coalesce(sum(pg_total_relation_size(relid)), 0)::float8
         from pg_partition_tree('submissions')) as "submissionsBytes",
        (select coalesce(sum(pg_total_relation_size(oid)), 0)::float8 from pg_class
         where relkind = 'r' and relname like 'usage\\_%'
           and relnamespace = 'public'::regnamespace) as "rollupsBytes"`);
    const sizes = rows[0];
    if (!sizes) throw new Error('no sizes');
    return sizes;
  });
}

const gb = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(2)} GB`
    : `${(bytes / 1024 ** 2).toFixed(0)} MB`;

/** What a run measured, as BENCH_USAGE_OUT writes it and BENCH_USAGE_BASELINE reads it. */
type UsageFigures = {
  date: string;
  fleet: number;
  scale: number;
  historyDays: number;
  readings: number;
  usageReadings: number;
  /** Micrometers placed in units (installed) and those with readings in the history. */
  micrometers: { installed: number; reporting: number };
  /** Null when BENCH_KEEP reused a loaded database. */
  load: LoadTimes | null;
  sizes: Sizes;
  /** Latencies in ms; raw and direct p50 where the endpoint is compared with raw readings. */
  endpoints: { name: string; p50: number; p95: number; rawP50?: number; directP50?: number }[];
  /** The timed calls' wall time, and the server's background jobs run meanwhile. */
  timing?: { seconds: number; jobs: JobTime[] };
  /**
   * `/overview` answered by the reports service in this process on one connection (no HTTP, no
   * queue): its p50 in ms, and the size of its answer, which lists every company of the fleet.
   */
  overview?: { directP50: number; companies: number; bytes: number };
};

/** One background job's runs and their summed time, from the server's metrics. */
type JobTime = { job: string; runs: number; seconds: number };

/** The server's job runs so far (`flowsight_job_duration_seconds`, every outcome summed). */
async function jobTimes(baseUrl: string): Promise<Map<string, JobTime>> {
  const response = await fetch(`${baseUrl}/api/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  if (!response.ok) throw new Error(`/api/metrics answered ${response.status}`);
  const jobs = new Map<string, JobTime>();
  const line = /^flowsight_job_duration_seconds_(sum|count)\{([^}]*)\} (\S+)$/;
  for (const text of (await response.text()).split('\n')) {
    const match = line.exec(text);
    const job = match?.[2] && /job="([^"]+)"/.exec(match[2])?.[1];
    if (!match || !job) continue;
    const [, part, , value] = match;
    const entry = jobs.get(job) ?? { job, runs: 0, seconds: 0 };
    if (part === 'sum') entry.seconds += Number(value);
    else entry.runs += Number(value);
    jobs.set(job, entry);
  }
  return jobs;
}

/** What each job ran between two readings of `jobTimes`, longest first. */
function jobsBetween(before: Map<string, JobTime>, after: Map<string, JobTime>): JobTime[] {
  return [...after.values()]
    .map((end) => {
      const start = before.get(end.job);
      return {
        job: end.job,
        runs: end.runs - (start?.runs ?? 0),
        seconds: end.seconds - (start?.seconds ?? 0),
      };
    })
    .filter((job) => job.runs > 0)
    .sort((a, b) => b.seconds - a.seconds);
}

function readBaseline(path: string): UsageFigures {
  const baseline = JSON.parse(readFileSync(path, 'utf8')) as UsageFigures;
  if (!Array.isArray(baseline.endpoints)) throw new Error(`${path} holds no endpoint figures`);
  if (baseline.scale !== scale || baseline.historyDays !== HISTORY_DAYS) {
    console.log(
      `Note: the baseline's history differs (BENCH_USAGE_SCALE=${baseline.scale}, ${baseline.historyDays} days; this run ${scale}, ${HISTORY_DAYS} days).`,
    );
  }
  return baseline;
}

type Bucket = { period: string; gallons: number };
type Probe = {
  /** Printed name. */
  name: string;
  /** The request for the i-th call (records rotate). */
  path: (i: number) => string;
  /** The same answer from raw readings, as period → gallons, for the first record. */
  raw?: (client: pg.Client, answer: unknown) => Promise<Map<string, number>>;
  /** The endpoint's answer as period → gallons, to compare with `raw`. */
  buckets?: (answer: unknown) => Map<string, number>;
  /**
   * The same answer from the rollups computed in this process by the server's usage service on
   * its own connection, as the raw answer is: the like-for-like side of the comparison.
   */
  direct?: (usage: UsageService, scope: Scope) => Promise<unknown>;
  /** Called as the system admin instead of the company manager. */
  asAdmin?: boolean;
};

/**
 * Raw readings of a place counted at their midpoint, with their property's time zone: every
 * reading measured from a day before `from` to two days after `to`, so that the caller's exact cut
 * (by instant, or by local date in any zone) sees all it needs.
 */
const rawReadings = (level: string, id: number, from: string, to: string) => `
  select s.volume_mgal, s.appliance_type_id, s.unit_id, s.building_id,
         coalesce(s.appliance_type_id, 0) in (${supplyMeterTypes.join(', ')}) as main,
         s.measured_at - make_interval(secs => s.interval_s / 2.0) as instant, z.name as zone
  from submissions s join properties p on p.id = s.property_id join timezones z on z.id = p.timezone_id
  where s.${level}_id = ${id} and s.kind in ('usage', 'usage_v1') and s.unit_id is not null
    and s.measured_at >= '${from}'::timestamptz - interval '1 day'
    and s.measured_at < '${to}'::timestamptz + interval '2 days'`;

/**
 * The bucket the water-accounting rule decides in (a local day; a UTC hour for hourly charts),
 * and the chart's label of a bucket column `b` in the answer's zone.
 */
const decisionSql = (granularity: number) =>
  granularity === 4 ? `date_trunc('hour', instant, 'UTC')` : `(instant at time zone zone)::date`;
const labelSql: Record<number, (zone: string) => string> = {
  1: () => `to_char(b, 'YYYY-MM')`,
  2: () => `to_char(b, 'IYYY-"W"IW')`,
  3: () => `to_char(b, 'YYYY-MM-DD')`,
  4: (zone) => `to_char(b at time zone '${zone}', 'YYYY-MM-DD HH24')`,
};

/**
 * Raw readings (with `instant`, `zone`, `main`, `building_id`) to use per `key` under the
 * water-accounting rule, recomputed by hand: per building and decision bucket the larger of main
 * line and fixtures where the main line reported, else the fixtures. Columns: key, use, fixtures.
 */
const ruleOverRaw = (readings: string, bucket: string, key: string) => `
  select ${key} as key, sum(use) as use, sum(fixtures) as fixtures from (
    select b, case when bool_or(main) then greatest(coalesce(sum(volume_mgal) filter (where main), 0),
                                                    coalesce(sum(volume_mgal) filter (where not main), 0))
                   else coalesce(sum(volume_mgal) filter (where not main), 0) end as use,
           coalesce(sum(volume_mgal) filter (where not main), 0) as fixtures
    from (select r.*, ${bucket} as b from (${readings}) r) r
    group by building_id, b
  ) per_building group by 1`;

const plural: Record<string, string> = {
  company: 'companies',
  property: 'properties',
  building: 'buildings',
  unit: 'units',
};

type GallonsAnswer = {
  time_zone: string;
  from: string;
  to: string;
  data: { period: string; start: string; end: string; gallons: number }[];
};

function gallonsProbe(level: string, ids: readonly number[], granularity: number): Probe {
  return {
    name: `GET /${plural[level]}/{id}/gallons?granularity=${granularity}`,
    path: (i) => `/api/${plural[level]}/${ids[i % ids.length]}/gallons?granularity=${granularity}`,
    direct: (usage, scope) =>
      usage.gallons(
        scope,
        level as PortfolioLevel,
        ids[0] ?? 0,
        granularityQuerySchema.parse({ granularity }),
      ),
    buckets: (answer) =>
      new Map((answer as GallonsAnswer).data.map((b: Bucket) => [b.period, b.gallons])),
    raw: async (client, answer) => {
      const window = answer as GallonsAnswer;
      const label = labelSql[granularity]?.(window.time_zone) ?? '';
      const inWindow = `select * from (${rawReadings(level, ids[0] ?? 0, window.from, window.to)}) r
        where instant >= '${window.from}'::timestamptz and instant < '${window.to}'::timestamptz`;
      // A unit's chart is its fixture micrometers; above it, the buildings' use under the rule.
      const query =
        level === 'unit'
          ? `select ${label} as period, sum(volume_mgal)::float8 / 1000 as gallons
             from (select r.*, ${decisionSql(granularity)} as b from (${inWindow}) r where not main) r
             group by 1`
          : `select key as period, sum(use)::float8 / 1000 as gallons
             from (${ruleOverRaw(inWindow, decisionSql(granularity), label)}) u group by 1`;
      const { rows } = await client.query<{ period: string; gallons: number }>(query);
      return new Map(rows.map((r) => [r.period, Number(r.gallons)]));
    },
  };
}

type ApplianceAnswer = {
  from: string;
  to: string;
  time_zone: string;
  total_gallons: number;
  data: { appliance_type_id: number; gallons: number }[];
};

function applianceProbe(level: string, ids: readonly number[]): Probe {
  const path = plural[level];
  return {
    name: `GET /${path}/{id}/appliance-gallons`,
    path: (i) => `/api/${path}/${ids[i % ids.length]}/appliance-gallons`,
    direct: (usage, scope) =>
      usage.applianceGallons(scope, level as PortfolioLevel, ids[0] ?? 0, {}),
    buckets: (answer) =>
      new Map([
        ...(answer as ApplianceAnswer).data.map(
          (a) => [String(a.appliance_type_id), a.gallons] as const,
        ),
        ['total', (answer as ApplianceAnswer).total_gallons],
      ]),
    raw: async (client, answer) => {
      const range = answer as ApplianceAnswer;
      const inRange = `select * from (${rawReadings(level, ids[0] ?? 0, `${range.from}T00:00:00Z`, `${range.to}T00:00:00Z`)}) r
        where (instant at time zone zone)::date between '${range.from}' and '${range.to}'`;
      // Fixture types without the main line, and the total: the buildings' use under the rule.
      const { rows } = await client.query<{ period: string; gallons: number }>(`
        select appliance_type_id::text as period, sum(volume_mgal)::float8 / 1000 as gallons
        from (${inRange}) r where not main group by 1
        union all
        select 'total', coalesce(sum(use), 0)::float8 / 1000
        from (${ruleOverRaw(inRange, '(instant at time zone zone)::date', "'total'")}) u`);
      return new Map(rows.map((r) => [r.period, Number(r.gallons)]));
    },
  };
}

type TopUnitsAnswer = { from: string; to: string; data: { unit_id: number; gallons: number }[] };

function topUnitsProbe(companyIds: readonly number[]): Probe {
  return {
    name: 'GET /companies/{id}/top-gallons-units',
    path: (i) => `/api/companies/${companyIds[i % companyIds.length]}/top-gallons-units`,
    direct: (usage, scope) =>
      usage.topUnits(scope, companyIds[0] ?? 0, topUnitsQuerySchema.parse({})),
    buckets: (answer) =>
      new Map((answer as TopUnitsAnswer).data.map((u) => [String(u.unit_id), u.gallons])),
    raw: async (client, answer) => {
      const range = answer as TopUnitsAnswer;
      const { rows } = await client.query<{ period: string; gallons: number }>(`
        select unit_id::text as period, sum(volume_mgal)::float8 / 1000 as gallons
        from (${rawReadings('company', companyIds[0] ?? 0, `${range.from}T00:00:00Z`, `${range.to}T00:00:00Z`)}) r
        where (instant at time zone zone)::date between '${range.from}' and '${range.to}'
          and not main and unit_id in (select id from units where unit_category_id = ${RESIDENTIAL_UNIT_CATEGORY})
        group by 1 order by 2 desc limit ${range.data.length}`);
      return new Map(rows.map((r) => [r.period, Number(r.gallons)]));
    },
  };
}

async function signIn(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * Calls `from` to `to` (of REQUESTS) of one probe, CONCURRENCY at a time, after `warmUp` untimed
 * ones (the server's first calls of a route compile code and read cold pages); answers each timed
 * call's latency.
 */
async function timeCalls(
  baseUrl: string,
  token: string,
  probe: Probe,
  range: { from: number; to: number; warmUp: number },
): Promise<number[]> {
  const latencies: number[] = [];
  let next = range.from - range.warmUp;
  const worker = async () => {
    while (next < range.to) {
      const i = next++;
      const started = performance.now();
      const response = await fetch(`${baseUrl}${probe.path(Math.abs(i))}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      if (i >= range.from) latencies.push(performance.now() - started);
      if (!response.ok) throw new Error(`${probe.path(Math.abs(i))} answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return latencies;
}

/** Every probe's REQUESTS timed calls, in ROUNDS rounds through all of them (WARM_UP untimed first). */
async function timeProbes(
  baseUrl: string,
  tokenOf: (probe: Probe) => string,
  probes: readonly Probe[],
): Promise<Map<Probe, number[]>> {
  const latencies = new Map(probes.map((probe) => [probe, [] as number[]]));
  for (let round = 0; round < ROUNDS; round += 1) {
    const from = Math.floor((REQUESTS * round) / ROUNDS);
    const to = Math.floor((REQUESTS * (round + 1)) / ROUNDS);
    for (const probe of probes) {
      const warmUp = round === 0 ? WARM_UP : 0;
      const times = await timeCalls(baseUrl, tokenOf(probe), probe, { from, to, warmUp });
      latencies.get(probe)?.push(...times);
    }
  }
  return latencies;
}

/**
 * The system overview like for like: the reports service in this process on one connection. It
 * answers the whole fleet, so its work and its answer (a row per company) grow with the fleet.
 */
async function overviewDirect(db: Database): Promise<NonNullable<UsageFigures['overview']>> {
  const reports = createReportsService({ repository: createReportsRepository(db) });
  const times: number[] = [];
  let answer: { companies_list: unknown[] } = { companies_list: [] };
  for (let run = -2; run < DIRECT_RUNS; run += 1) {
    const started = performance.now();
    answer = await reports.overview(systemScope);
    if (run >= 0) times.push(performance.now() - started);
  }
  const overview = {
    directP50: percentile(times, 50),
    companies: answer.companies_list.length,
    bytes: Buffer.byteLength(JSON.stringify(answer)),
  };
  console.log(
    `\n/overview by the reports service on one connection (no HTTP, no queue): p50 ${ms(overview.directP50)} over ${DIRECT_RUNS} runs; its answer lists ${overview.companies} companies in ${fmt(overview.bytes)} bytes of JSON.`,
  );
  return overview;
}

async function main() {
  const url = databaseUrl(DATABASE);
  const baseline = baselinePath ? readBaseline(baselinePath) : undefined;
  console.log(
    `Usage analytics benchmark — the demo fleet ×${fleet}; history bands: 15-minute reports for ${FINE_DAYS} days, hourly to ${HOURLY_DAYS} days, 12-hourly to ${HISTORY_DAYS} days`,
  );
  const loadedRows = keep
    ? await withClient(url, async (c) => {
        const { rows } = await c.query<{ n: number; reporting: number }>(
          'select count(*)::float8 as n, count(distinct sensor_id)::int as reporting from submissions',
        );
        return { rows: Number(rows[0]?.n), reporting: Number(rows[0]?.reporting), times: null };
      })
    : await load(url);
  const usageReadings = await withClient(url, async (c) =>
    Number(
      (
        await c.query(
          "select count(*)::int as n from submissions where kind in ('usage', 'usage_v1')",
        )
      ).rows[0]?.n,
    ),
  );
  const loaded = { ...loadedRows, usage: usageReadings };
  const installed = await withClient(url, async (c) =>
    Number(
      (await c.query('select count(*)::int as n from sensors where unit_id is not null')).rows[0]
        ?.n,
    ),
  );
  const sizes = await sizesOnDisk(url);
  console.log(
    `\nThe demo fleet ×${fleet}: ${fmt(installed)} micrometers installed, ${fmt(loaded.reporting)} with readings; ${fmt(loaded.rows)} raw readings (${fmt(loaded.usage)} usage reports)`,
  );
  if (loaded.times) {
    const t = loaded.times;
    console.log(
      `Load: ${t.totalS.toFixed(0)} s in all — seed ${t.seedS.toFixed(0)} s, raw COPY ${t.copyS.toFixed(0)} s (${fmt(loaded.rows / t.copyS)} rows/s), rollup rebuild and vacuum analyze ${t.rollupS.toFixed(0)} s`,
    );
  }
  console.log(
    `On disk: database ${gb(sizes.databaseBytes)} — raw readings (submissions partitions, with indexes) ${gb(sizes.submissionsBytes)}, rollups (usage_* tables) ${gb(sizes.rollupsBytes)}`,
  );
  const endpoints: UsageFigures['endpoints'] = [];
  const baselineP95 = new Map(baseline?.endpoints.map((e) => [e.name, e.p95]));
  const outliers: string[] = [];
  const records = await withClient(url, async (c) => {
    const company = (
      await c.query<{ id: number }>(`
        select company_id as id from user_roles r join users u on u.id = r.user_id
        where u.email = 'manager@flowsight.test' order by r.id limit 1`)
    ).rows[0]?.id;
    const ids = async (query: string) =>
      (await c.query<{ id: number }>(query, [company])).rows.map((r) => r.id);
    const properties = 'select id from properties where company_id = $1';
    const buildings = `select id from buildings where property_id in (${properties})`;
    const units = `select id from units where building_id in (${buildings})`;
    return {
      company: company ?? 0,
      properties: await ids(`${properties} order by id`),
      buildings: await ids(`${buildings} order by id`),
      units: await ids(`${units} order by id`),
    };
  });

  const server = await startServerProcess(
    { DATABASE_URL: url, LOG_LEVEL: 'warn', METRICS_TOKEN },
    PORT,
  );
  const lines: string[] = [];
  try {
    const settled = await untilDatabaseIdle(url);
    console.log(
      `The server's start-up jobs (alert sweep, fleet health) finished after ${ms(settled)}`,
    );
    const managerToken = await signIn(server.url, 'manager@flowsight.test');
    const adminToken = await signIn(server.url, 'admin@flowsight.test');
    const tokenOf = (probe: Probe) => (probe.asAdmin ? adminToken : managerToken);
    const levels: [string, readonly number[]][] = [
      ['company', [records.company]],
      ['property', records.properties],
      ['building', records.buildings],
      ['unit', records.units],
    ];
    const probes: Probe[] = [
      ...levels.flatMap(([level, ids]) => [1, 2, 3, 4].map((g) => gallonsProbe(level, ids, g))),
      applianceProbe('company', [records.company]),
      applianceProbe('building', records.buildings),
      topUnitsProbe([records.company]),
      {
        name: 'GET /companies/{id}/top-gallons-properties',
        path: () => `/api/companies/${records.company}/top-gallons-properties`,
      },
      {
        name: 'GET /buildings/{id}/units-gallons',
        path: (i) =>
          `/api/buildings/${records.buildings[i % records.buildings.length]}/units-gallons`,
      },
      {
        name: 'GET /buildings/{id}/units-gallons/grouped-by-category',
        path: (i) =>
          `/api/buildings/${records.buildings[i % records.buildings.length]}/units-gallons/grouped-by-category`,
      },
      {
        name: 'GET /units/{id}/gallons-predictions',
        path: (i) => `/api/units/${records.units[i % records.units.length]}/gallons-predictions`,
      },
      {
        name: 'GET /companies/{id}/statistics',
        path: () => `/api/companies/${records.company}/statistics`,
      },
      {
        name: 'GET /properties/{id}/gallons/report',
        path: (i) =>
          `/api/properties/${records.properties[i % records.properties.length]}/gallons/report`,
      },
      {
        name: 'GET /companies/{id}/report-overview/1 (usage by unit)',
        path: () => `/api/companies/${records.company}/report-overview/1`,
      },
      {
        name: 'GET /overview (system admin)',
        path: () => '/api/overview',
        asAdmin: true,
      },
      {
        name: 'GET /units/{id}/statistics',
        path: (i) => `/api/units/${records.units[i % records.units.length]}/statistics`,
      },
    ];
    // Warm the server (connections, plans) before timing.
    for (const probe of probes) {
      await fetch(`${server.url}${probe.path(0)}`, {
        headers: { authorization: `Bearer ${tokenOf(probe)}` },
      });
    }
    const growthHeader = baseline ? ` ${`p95 ÷ ${baseline.fleet}×`.padStart(9)}` : '';
    const header = `${'endpoint'.padEnd(64)} ${'p50'.padStart(9)} ${'p95'.padStart(9)}${growthHeader} ${'raw p50'.padStart(11)} ${'×'.padStart(5)} ${'direct p50'.padStart(11)} ${'×'.padStart(5)}`;
    console.log(
      `\nChart endpoints on ${fmt(loaded.rows)} raw readings (${fmt(loaded.usage)} usage reports, the rest keep-alives), ${CONCURRENCY} concurrent clients, ${REQUESTS} timed requests each after ${WARM_UP} untimed, in ${ROUNDS} rounds through every endpoint:`,
    );
    console.log(header);
    lines.push(header);
    let worstP95 = 0;
    let slowestRatio = Infinity;
    let slowestDirectRatio = Infinity;
    // The usage service on its own connection, with the manager's scope, for the direct timings.
    const direct = await createDatabase({ kind: 'postgres', url, poolSize: 1 });
    const usage = createUsageService({ repository: createUsageRepository(direct.db) });
    const managerScope: Scope = {
      userId: 0,
      roleId: 0,
      roleTypeId: RoleType.CompanyManager,
      companyId: records.company,
      companyTypeId: null,
      propertyId: null,
      buildingId: null,
      unitId: null,
    };
    let timed = new Map<Probe, number[]>();
    let timing: UsageFigures['timing'];
    if (probesOn) {
      const jobsBefore = await jobTimes(server.url);
      const timingStarted = performance.now();
      timed = await timeProbes(server.url, tokenOf, probes);
      timing = {
        seconds: (performance.now() - timingStarted) / 1000,
        jobs: jobsBetween(jobsBefore, await jobTimes(server.url)),
      };
    }
    await withClient(url, async (client) => {
      for (const probe of probesOn ? probes : []) {
        const latencies = timed.get(probe) ?? [];
        const p50 = percentile(latencies, 50);
        const p95 = percentile(latencies, 95);
        worstP95 = Math.max(worstP95, p95);
        const figures: UsageFigures['endpoints'][number] = { name: probe.name, p50, p95 };
        endpoints.push(figures);
        let growthText = '';
        if (baseline) {
          const before = baselineP95.get(probe.name);
          const growth = before ? p95 / before : undefined;
          growthText = ` ${(growth === undefined ? '—' : `${growth.toFixed(2)}×`).padStart(9)}`;
          const over = [
            ...(growth !== undefined && growth > MAX_GROWTH
              ? [`${growth.toFixed(2)}× its ${ms(before ?? 0)}`]
              : []),
            ...(p95 > MAX_P95_MS ? [`p95 ${ms(p95)}`] : []),
          ];
          if (over.length > 0) outliers.push(`${probe.name} (${over.join(', ')})`);
        } else if (p95 > MAX_P95_MS) {
          outliers.push(`${probe.name} (p95 ${ms(p95)})`);
        }
        let rawText = '';
        let ratioText = '';
        let directText = '';
        let directRatioText = '';
        if (probe.raw && probe.buckets && RAW_RUNS > 0) {
          const response = await fetch(`${server.url}${probe.path(0)}`, {
            headers: { authorization: `Bearer ${tokenOf(probe)}` },
          });
          const answer = (await response.json()) as unknown;
          const rawTimes: number[] = [];
          let raw = new Map<string, number>();
          for (let run = 0; run < RAW_RUNS; run += 1) {
            const started = performance.now();
            raw = await probe.raw(client, answer);
            rawTimes.push(performance.now() - started);
          }
          const fromRollups = probe.buckets(answer);
          for (const [period, gallons] of fromRollups) {
            const expected = raw.get(period) ?? 0;
            if (Math.abs(expected - gallons) > 0.01 + expected * 1e-9) {
              throw new Error(
                `${probe.name}: ${period} is ${gallons} gal, raw readings say ${expected}`,
              );
            }
          }
          const rawP50 = percentile(rawTimes, 50);
          rawText = ms(rawP50);
          figures.rawP50 = rawP50;
          ratioText = `${(rawP50 / p50).toFixed(0)}×`;
          slowestRatio = Math.min(slowestRatio, rawP50 / p50);
          if (probe.direct) {
            const directTimes: number[] = [];
            for (let run = -2; run < DIRECT_RUNS; run += 1) {
              const started = performance.now();
              await probe.direct(usage, probe.asAdmin ? systemScope : managerScope);
              if (run >= 0) directTimes.push(performance.now() - started);
            }
            const directP50 = percentile(directTimes, 50);
            directText = ms(directP50);
            figures.directP50 = directP50;
            directRatioText = `${(rawP50 / directP50).toFixed(0)}×`;
            slowestDirectRatio = Math.min(slowestDirectRatio, rawP50 / directP50);
          }
        }
        const line = `${probe.name.padEnd(64)} ${ms(p50).padStart(9)} ${ms(p95).padStart(9)}${growthText} ${rawText.padStart(11)} ${ratioText.padStart(5)} ${directText.padStart(11)} ${directRatioText.padStart(5)}`;
        console.log(line);
        lines.push(line);
      }
    });
    const overview = probesOn ? await overviewDirect(direct.db) : undefined;
    await direct.close();
    const compared =
      RAW_RUNS === 0
        ? ' (raw and direct comparisons skipped: BENCH_USAGE_RAW_RUNS=0)'
        : `. Against the same answer computed from raw readings on one connection (raw p50): the endpoints under load answer at least ${slowestRatio.toFixed(0)}× faster; the server's usage service, on one connection as the raw query is (direct p50), at least ${slowestDirectRatio.toFixed(0)}× (target ≥ 10×); every compared bucket agreed`;
    console.log(`\nWorst p95 ${ms(worstP95)} (target ≤ 50 ms)${compared}.`);
    if (timing) {
      const jobs = timing.jobs.map((job) => `${job.job} ${job.runs}× ${job.seconds.toFixed(1)} s`);
      console.log(
        `The timed calls took ${timing.seconds.toFixed(0)} s in ${ROUNDS} rounds through every endpoint; the server's background jobs meanwhile: ${jobs.length === 0 ? 'none' : jobs.join(', ')}.`,
      );
    }
    if (probesOn) {
      const targets = baseline
        ? `p95 ≤ ${MAX_P95_MS} ms and ≤ ${MAX_GROWTH}× the ${baseline.fleet}× figure of ${baselinePath}`
        : `p95 ≤ ${MAX_P95_MS} ms`;
      console.log(
        outliers.length === 0
          ? `Every endpoint within ${targets}.`
          : `Over ${targets} (${outliers.length} of ${endpoints.length}):\n  ${outliers.join('\n  ')}`,
      );
    }
    if (outPath) {
      const figures: UsageFigures = {
        date: new Date().toISOString(),
        fleet,
        scale,
        historyDays: HISTORY_DAYS,
        readings: loaded.rows,
        usageReadings: loaded.usage,
        micrometers: { installed, reporting: loaded.reporting },
        load: loaded.times,
        sizes,
        endpoints,
        ...(timing ? { timing } : {}),
        ...(overview ? { overview } : {}),
      };
      writeFileSync(outPath, `${JSON.stringify(figures, null, 2)}\n`);
      console.log(`Figures written to ${outPath}`);
    }
    if (jsOn) {
      if (!existsSync(join(root, 'packages', 'server', 'public', 'index.html'))) {
        execSync('npm run build', { cwd: root, stdio: 'inherit' });
      }
      const js = await dashboardJavaScript(server.url);
      console.log(
        `/dashboard route JavaScript: ${(js.bytes / 1024).toFixed(1)} KB gzip in ${js.files} scripts (target ≤ 250 KB)`,
      );
    }
  } finally {
    await server.stop();
  }
}

await main();

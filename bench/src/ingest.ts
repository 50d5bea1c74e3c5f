// Ingestion benchmark (issue: ingestion). In one run on this machine:
//   1. readings/s through the native HTTP batch path into a PostgreSQL-backed server process,
//   2. the same rows loaded with COPY into the same table (the baseline), and the ratio,
//   3. readings/s through MQTT QoS 1 (native topic, one reading per message),
//   4. the HTTP batch path on PGlite, for PGlite versus PostgreSQL,
//   5. a large crash run: ≥100,000 readings over HTTP while the server is killed with SIGKILL
//      again and again; then nothing acknowledged is missing and nothing is counted twice.
// Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres, used to
// create scratch databases), MQTT_TEST_URL (default: the bench starts its own Mosquitto on port
// 18883 with the settings that keep QoS 1 messages, see mqtt-broker.ts), BENCH_SCALE (1).
// `BENCH_PHASE=mqtt` runs the MQTT phase alone (with `BENCH_QUICK=1`: 10,000 messages);
// `BENCH_PHASE=pglite` the HTTP batch path on PGlite alone.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { encodeUplink } from '@flowsight/domain/device-protocol';
import { SensorState } from '@flowsight/domain/lookups';
import { createDatabase } from '@flowsight/server/db/client';
import { prepareDatabase } from '@flowsight/server/db/prepare';
import { seedDemo } from '@flowsight/server/db/seed/demo';
import {
  createIntegrationKey,
  type ServerProcess,
  startServerProcess,
} from '@flowsight/server/testing/server-process';
import { generateDemoPortfolio } from '@flowsight/simulator/demo-portfolio';
import mqtt from 'mqtt';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { benchBrokerSettings, startBenchBroker } from './mqtt-broker.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scale = Number(process.env.BENCH_SCALE ?? '1');
const HTTP_READINGS = Math.round(200_000 * scale);
const PGLITE_READINGS = Math.round(50_000 * scale);
const CRASH_READINGS = Math.max(100_000, Math.round(100_000 * scale));
const BATCH = 1000;
/** `BENCH_QUICK=1` measures only the HTTP batch path and its COPY baseline (while tuning). */
const quick = process.env.BENCH_QUICK === '1';
const mqttOnly = process.env.BENCH_PHASE === 'mqtt';
/** `BENCH_PHASE=pglite` runs the PGlite phase alone. */
const pgliteOnly = process.env.BENCH_PHASE === 'pglite';
const MQTT_READINGS = Math.round((quick && mqttOnly ? 10_000 : 30_000) * scale);
/** MQTT throughput the deadline is scaled to (the target). */
const MQTT_TARGET_RATE = 20_000;
const MQTT_BROKER_PORT = Number(process.env.BENCH_MQTT_PORT ?? '18883');
const CLIENTS = 4;
/** Alternated HTTP/COPY measurement rounds; the medians are reported. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? '3');
/** The server processes' port (`BENCH_PORT`, for running beside other work). */
const PORT = Number(process.env.BENCH_PORT ?? '18900');
/**
 * `BENCH_SERVER_NODE_OPTIONS` is given to the server processes only, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the ingest path without profiling the bench.
 */
const serverNodeOptions: Record<string, string> = process.env.BENCH_SERVER_NODE_OPTIONS
  ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS }
  : {};

const macs = generateDemoPortfolio()
  .sensors.filter((s) => s.sensorStateId === SensorState.Installed && s.placement)
  .map((s) => s.macAddress);

type Reading = {
  mac: string;
  port: number;
  payload: string;
  received_at: string;
  bytes: Uint8Array;
  seq: number;
  volume: number;
};

/** Reading `index` of run `run`: a demo sensor, a distinct 15-minute slot, a known volume. */
/**
 * Each run's readings start RUN_SPACING_MS after the previous run's, from the first day of the
 * month seven months ago: all in the past (the server refuses readings from the future) and
 * apart (a run of 600,000 readings over the demo's sensors spans about four days).
 */
const today = new Date();
const HISTORY_START = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 7, 1);
const RUN_SPACING_MS = 30 * 86_400_000;

function reading(run: number, index: number): Reading {
  const mac = macs[index % macs.length] as string;
  const slot = Math.floor(index / macs.length);
  const seq = slot % 65_536;
  const volume = 500 + (index % 97) * 13;
  const { bytes } = encodeUplink({
    kind: 'usage',
    version: 2,
    seq,
    volumeMgal: volume,
    intervalS: 900,
    flowTimeS: 40,
    peakFlowMgpm: 900,
    battery: 88,
  });
  const at = new Date(HISTORY_START + run * RUN_SPACING_MS + slot * 900_000);
  return {
    mac,
    port: 1,
    payload: Buffer.from(bytes).toString('base64'),
    received_at: at.toISOString(),
    bytes,
    seq,
    volume,
  };
}
const total = (run: number, count: number) => {
  let sum = 0;
  for (let i = 0; i < count; i += 1) sum += reading(run, i).volume;
  return sum;
};

const databaseUrl = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
/** A migrated database with the demo portfolio, made once and cloned per measurement. */
async function demoDatabase(name: string, template?: string) {
  await admin(async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(
      template ? `create database ${name} template ${template}` : `create database ${name}`,
    );
  });
  if (!template) {
    const handle = await createDatabase({ kind: 'postgres', url: databaseUrl(name) });
    await prepareDatabase(handle);
    await seedDemo(handle.db);
    await handle.close();
  }
  return databaseUrl(name);
}
async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The request bodies of readings [0, count) of `run`, built before any clock starts. */
function batches(run: number, count: number): { body: string; size: number }[] {
  const bodies: { body: string; size: number }[] = [];
  for (let first = 0; first < count; first += BATCH) {
    const uplinks = [];
    for (let i = first; i < Math.min(count, first + BATCH); i += 1) {
      const { bytes: _bytes, seq: _seq, volume: _volume, ...uplink } = reading(run, i);
      uplinks.push(uplink);
    }
    bodies.push({ body: JSON.stringify({ uplinks }), size: uplinks.length });
  }
  return bodies;
}

class RefusedBatch extends Error {}

/**
 * Posts the batches from several clients, each retrying until its batch is acknowledged (a
 * server killed mid-request, a 5xx, a 429); a 4xx refusal ends the bench.
 */
async function sendOverHttp(
  server: () => ServerProcess,
  key: string,
  bodies: readonly { body: string; size: number }[],
  onAcknowledged?: (n: number) => void,
) {
  let next = 0;
  let acknowledged = 0;
  const client = async () => {
    for (;;) {
      const batch = bodies[next];
      next += 1;
      if (!batch) return;
      for (;;) {
        try {
          const response = await fetch(`${server().url}/api/ingest/uplinks`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': key },
            body: batch.body,
          });
          const answer = await response.text();
          if (response.ok) {
            acknowledged += batch.size;
            onAcknowledged?.(acknowledged);
            break;
          }
          // A refusal is the bench's fault and would be retried for ever: stop with its words.
          if (response.status >= 400 && response.status < 500 && response.status !== 429) {
            throw new RefusedBatch(`the server refused a batch: ${response.status} ${answer}`);
          }
        } catch (error) {
          if (error instanceof RefusedBatch) throw error;
          // died mid-request: retry (a redelivery is a no-op)
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return acknowledged;
}

/**
 * CPU seconds (user + system, from /proc) used so far by the processes whose command line names
 * `database` (PostgreSQL's backends show their database in it) and by `pids`: what a phase costs
 * the machine whatever else runs on it. Linux only; 0 elsewhere.
 */
function cpuSeconds(database: string | null, pids: readonly number[] = []): number {
  let ticks = 0;
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const mine = pids.includes(Number(entry));
      if (
        !mine &&
        (database === null ||
          !readFileSync(`/proc/${entry}/cmdline`, 'utf8')
            .replaceAll('\0', ' ')
            .includes(` ${database} `))
      )
        continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime are fields 14 and 15 of /proc/<pid>/stat (11 and 12 after the name).
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
}
/** The bench process's own CPU seconds (its HTTP clients, the COPY stream). */
const benchCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

const rate = (count: number, ms: number) => Math.round((count / ms) * 1000);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const fmt = (n: number) => n.toLocaleString('en-US');

let lastCopyMs = 0;
let lastCopyCpu = 0;
/** COPY of the rows the HTTP run stored (as stored, assignment copied) into a fresh demo copy. */
async function copyRun(sourceUrl: string): Promise<number> {
  const copyUrl = await demoDatabase('flowsight_bench_copy', 'flowsight_bench_template');
  const rows = await query<Record<string, unknown>>(
    sourceUrl,
    `select measured_at, mac_address, seq, kind, port, payload, transport, volume_mgal, interval_s, flow_time_s,
       peak_flow_mgpm, battery, report_interval_s, sensor_id, company_id, property_id, building_id, unit_id,
       appliance_type_id, room_type_id, water_type_id from submissions`,
  );
  const columns = Object.keys(rows[0] ?? {});
  const line = (row: Record<string, unknown>) =>
    `${columns
      .map((c) => {
        const v = row[c];
        if (v === null || v === undefined) return '\\N';
        if (v instanceof Date) return v.toISOString();
        if (Buffer.isBuffer(v)) return `\\\\x${v.toString('hex')}`;
        return String(v);
      })
      .join('\t')}\n`;
  // The COPY text is built before the clock starts, as the HTTP bodies are.
  const chunks: string[] = [];
  for (let i = 0; i < rows.length; i += 1000)
    chunks.push(
      rows
        .slice(i, i + 1000)
        .map(line)
        .join(''),
    );
  const copyClient = new pg.Client({ connectionString: copyUrl });
  await copyClient.connect();
  // Partitions exist for the months of the data, as the ingest path makes them.
  await copyClient.query(
    `select ensure_submissions_partition(m) from generate_series($1::timestamptz, $1::timestamptz + interval '7 months', '1 month') m`,
    [new Date(HISTORY_START).toISOString()],
  );
  await copyClient.query('checkpoint');
  const cpuBefore = cpuSeconds('flowsight_bench_copy') + benchCpu();
  const started = performance.now();
  await pipeline(
    Readable.from(chunks),
    copyClient.query(copyFrom(`copy submissions (${columns.join(', ')}) from stdin`)),
  );
  lastCopyMs = performance.now() - started;
  lastCopyCpu = cpuSeconds('flowsight_bench_copy') + benchCpu() - cpuBefore;
  await copyClient.end();
  return rows.length;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

type MqttResult = {
  sent: number;
  stored: number;
  lost: number;
  ms: number;
  /** Until the broker had acknowledged every message of the publisher. */
  publishedMs: number;
  deadlineMs: number;
  broker: string;
  dropped: string[];
  /** CPU seconds over the phase: the subscribing server, its PostgreSQL backends, the broker, the publisher. */
  cpu: { server: number; database: number; broker: number; publisher: number };
};

/**
 * MQTT QoS 1, one reading per message on the native topic, into a server process subscribed on
 * a persistent session. Ends by a deadline scaled to the readings sent (the time they take at the
 * target rate × 3 + 30 s) and then reports what was not stored instead of waiting for it.
 */
async function mqttPhase(template: string): Promise<MqttResult> {
  const own = process.env.MQTT_TEST_URL ? undefined : await startBenchBroker(MQTT_BROKER_PORT);
  const brokerUrl = own?.url ?? (process.env.MQTT_TEST_URL as string);
  const mqttUrl = await demoDatabase('flowsight_bench_mqtt', template);
  const clientId = `flowsight-bench-${process.pid}`;
  const topic = `bench-${process.pid}/flowsight/uplinks`;
  // The subscriber's persistent session exists before anything is published (clean: false, the
  // server's client id, QoS 1): the broker queues for it from the first message on, whether or not
  // the server has connected yet or keeps up.
  const session = await mqtt.connectAsync(brokerUrl, {
    clientId,
    clean: false,
    protocolVersion: 4,
  });
  await session.subscribeAsync(`${topic}/+`, { qos: 1 });
  await session.endAsync();
  const server = await startServerProcess(
    {
      DATABASE_URL: mqttUrl,
      LOG_LEVEL: 'warn',
      MQTT_URL: brokerUrl,
      MQTT_CLIENT_ID: clientId,
      MQTT_TOPICS: `${topic}/+`,
      ...serverNodeOptions,
    },
    PORT,
  );
  // Run 1 (early 2026): MQTT messages must fall within the receive window of the server's clock.
  const messages = Array.from({ length: MQTT_READINGS }, (_, i) => {
    const { mac, bytes: _b, seq: _s, volume: _v, ...message } = reading(1, i);
    return { topic: `${topic}/${mac}`, body: JSON.stringify(message) };
  });
  const publisher = await mqtt.connectAsync(brokerUrl, {
    clientId: `${clientId}-pub`,
    clean: true,
    protocolVersion: 4,
  });
  const deadlineMs = (MQTT_READINGS / MQTT_TARGET_RATE) * 1000 * 3 + 30_000;
  const cpuParts = () => [
    cpuSeconds(null, server.child.pid === undefined ? [] : [server.child.pid]),
    cpuSeconds('flowsight_bench_mqtt'),
    cpuSeconds(null, own?.pid === undefined ? [] : [own.pid]),
    benchCpu(),
  ];
  const cpuBefore = cpuParts();
  const started = performance.now();
  const pastDeadline = () => performance.now() - started > deadlineMs;
  const inFlight = new Set<Promise<unknown>>();
  let sent = 0;
  for (const { topic: to, body } of messages) {
    if (pastDeadline()) break;
    const publish = publisher.publishAsync(to, body, { qos: 1 });
    sent += 1;
    inFlight.add(publish);
    void publish.finally(() => inFlight.delete(publish));
    // The broker acknowledges each QoS 1 message once it holds it; keep a window open.
    if (inFlight.size >= 1000) await Promise.race(inFlight);
  }
  const publishing = Promise.all(inFlight).then(() => {
    publishedMs = performance.now() - started;
  });
  let publishedMs = Number.NaN;
  await Promise.race([
    publishing,
    new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, deadlineMs - (performance.now() - started))),
    ),
  ]);
  let stored = 0;
  for (;;) {
    const [row] = await query<{ n: number }>(mqttUrl, 'select count(*)::int as n from submissions');
    stored = row?.n ?? 0;
    if (stored >= sent || pastDeadline()) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const ms = performance.now() - started;
  const [serverCpu, databaseCpu, brokerCpu, publisherCpu] = cpuParts().map(
    (after, i) => after - (cpuBefore[i] as number),
  ) as [number, number, number, number];
  await publisher.endAsync({ force: true } as never);
  await server.stop();
  // The bench's session goes with the bench (the broker would keep it a day otherwise).
  (await mqtt.connectAsync(brokerUrl, { clientId, clean: true })).end();
  const dropped = own?.droppedLines() ?? [];
  await own?.stop();
  return {
    sent: MQTT_READINGS,
    stored,
    lost: MQTT_READINGS - stored,
    ms,
    publishedMs,
    deadlineMs,
    broker: own
      ? `own Mosquitto ${brokerUrl} (${benchBrokerSettings.slice(0, 4).join(', ')})`
      : brokerUrl,
    dropped,
    cpu: { server: serverCpu, database: databaseCpu, broker: brokerCpu, publisher: publisherCpu },
  };
}

const mqttLine = (r: MqttResult) =>
  r.lost === 0
    ? `MQTT QoS 1, PostgreSQL: ${fmt(r.sent)} messages in ${seconds(r.ms)} = ${fmt(rate(r.sent, r.ms))} readings/s, 0 lost (target ≥ 20,000, 0 lost)`
    : `MQTT QoS 1, PostgreSQL: deadline ${seconds(r.deadlineMs)} — sent ${fmt(r.sent)}, stored ${fmt(r.stored)}, lost ${fmt(r.lost)} (${((r.lost / r.sent) * 100).toFixed(2)} %), ${fmt(rate(r.stored, r.ms))} stored/s`;
const mqttReport = (r: MqttResult, log: (line: string) => void) => {
  log(mqttLine(r));
  log(`  broker: ${r.broker}; all published (broker PUBACKs) after ${seconds(r.publishedMs)}`);
  const { server, database, broker, publisher } = r.cpu;
  const cpu = server + database + broker + publisher;
  log(
    `  CPU seconds: server ${server.toFixed(1)} + PostgreSQL ${database.toFixed(1)} + broker ${broker.toFixed(1)} + publisher ${publisher.toFixed(1)} = ${cpu.toFixed(1)}, ${((cpu / r.stored) * 1e6).toFixed(0)} µs per stored reading (two idle cores: at most ~${fmt(Math.round((2 * r.stored) / cpu))} readings/s)`,
  );
  if (r.dropped.length > 0)
    log(`  broker log: ${r.dropped.length} drop notices, first: ${r.dropped[0]}`);
};

/** The HTTP batch path on a fresh on-disk PGlite (`npm start`'s database): milliseconds taken. */
async function pglitePhase(): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flowsight-bench-pglite-'));
  const server = await startServerProcess(
    { DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'warn', INGEST_LIMIT_PER_MINUTE: '1000000' },
    PORT,
    300_000,
  );
  const key = await createIntegrationKey(server, 'bench');
  const bodies = batches(3, PGLITE_READINGS);
  const started = performance.now();
  await sendOverHttp(() => server, key, bodies);
  const took = performance.now() - started;
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return took;
}

async function main() {
  const results: string[] = [];
  const log = (line: string) => {
    console.log(line);
    results.push(line);
  };
  console.log(
    `Ingestion benchmark — ${macs.length} demo sensors, batches of ${BATCH}, ${CLIENTS} HTTP clients`,
  );
  if (pgliteOnly) {
    const took = await pglitePhase();
    log(
      `HTTP batch, PGlite: ${fmt(PGLITE_READINGS)} readings in ${seconds(took)} = ${fmt(rate(PGLITE_READINGS, took))} readings/s`,
    );
    return;
  }
  const template = 'flowsight_bench_template';
  await demoDatabase(template);
  if (mqttOnly) {
    console.log(`… MQTT QoS 1: ${fmt(MQTT_READINGS)} messages`);
    mqttReport(await mqttPhase(template), log);
    for (const name of ['flowsight_bench_mqtt', template])
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    return;
  }

  // 1–2. The HTTP batch path and its COPY baseline, alternated over ROUNDS rounds on fresh
  // copies of the demo database; each timed phase starts after a CHECKPOINT so neither pays for
  // the other's (or the database copy's) deferred writes. Medians are reported.
  const httpBodies = batches(0, HTTP_READINGS);
  const httpRuns: number[] = [];
  const copyRuns: number[] = [];
  const httpCpu: number[] = [];
  const httpCpuParts: string[] = [];
  const copyCpu: number[] = [];
  let copyRows = 0;
  for (let round = 1; round <= ROUNDS; round += 1) {
    console.log(`… round ${round}/${ROUNDS}: HTTP batch path on PostgreSQL`);
    const httpUrl = await demoDatabase('flowsight_bench_http', template);
    const server = await startServerProcess(
      {
        DATABASE_URL: httpUrl,
        LOG_LEVEL: 'warn',
        INGEST_LIMIT_PER_MINUTE: '1000000',
        ...serverNodeOptions,
      },
      PORT,
    );
    const key = await createIntegrationKey(server, 'bench');
    await admin((c) => c.query('checkpoint'));
    const serverPid = server.child.pid === undefined ? [] : [server.child.pid];
    const cpuParts = () => [
      cpuSeconds(null, serverPid),
      cpuSeconds('flowsight_bench_http'),
      benchCpu(),
    ];
    const cpuBefore = cpuParts();
    const started = performance.now();
    await sendOverHttp(() => server, key, httpBodies);
    httpRuns.push(performance.now() - started);
    const [serverCpu, databaseCpu, clientCpu] = cpuParts().map(
      (after, i) => after - (cpuBefore[i] as number),
    ) as [number, number, number];
    httpCpu.push(serverCpu + databaseCpu + clientCpu);
    httpCpuParts.push(
      `server ${serverCpu.toFixed(1)} + PostgreSQL ${databaseCpu.toFixed(1)} + clients ${clientCpu.toFixed(1)}`,
    );
    await server.stop();
    const [httpStored] = await query<{ n: number; volume: string }>(
      httpUrl,
      `select count(*)::int as n, sum(volume_mgal)::text as volume from submissions`,
    );
    const [rolled] = await query<{ volume: string }>(
      httpUrl,
      'select sum(volume_mgal)::text as volume from usage_hourly',
    );
    if (httpStored?.n !== HTTP_READINGS || rolled?.volume !== String(total(0, HTTP_READINGS))) {
      throw new Error(`HTTP run stored ${httpStored?.n} readings, rollup ${rolled?.volume}`);
    }
    console.log(`… round ${round}/${ROUNDS}: COPY baseline`);
    copyRows = await copyRun(httpUrl);
    copyRuns.push(lastCopyMs);
    copyCpu.push(lastCopyCpu);
  }
  const cpuLine = `CPU seconds (server + its PostgreSQL backends + bench client), medians: HTTP ${median(httpCpu).toFixed(1)} (${httpCpu.map((c) => c.toFixed(1)).join(', ')}), COPY ${median(copyCpu).toFixed(1)} (${copyCpu.map((c) => c.toFixed(1)).join(', ')}); COPY ÷ HTTP ${(median(copyCpu) / median(httpCpu)).toFixed(2)}; HTTP rounds: ${httpCpuParts.join('; ')}`;
  const httpMs = median(httpRuns);
  const copyMs = median(copyRuns);
  const httpRate = rate(HTTP_READINGS, httpMs);
  const copyRate = rate(copyRows, copyMs);
  let server: ServerProcess;

  console.log('… MQTT QoS 1');
  if (quick) {
    console.log(
      `HTTP ${fmt(httpRate)} readings/s, COPY ${fmt(copyRate)} rows/s, ratio ${(httpRate / copyRate).toFixed(2)} (medians of ${ROUNDS}: HTTP ${httpRuns.map(seconds).join(', ')}; COPY ${copyRuns.map(seconds).join(', ')})`,
    );
    console.log(cpuLine);
    return;
  }
  // 3. MQTT QoS 1, one reading per message on the native topic.
  const mqttResult = await mqttPhase(template);

  console.log('… HTTP batch path on PGlite');
  // 4. The HTTP batch path on PGlite (the embedded database of `npm start`).
  const pgliteMs = await pglitePhase();
  const pgliteRate = rate(PGLITE_READINGS, pgliteMs);

  console.log('… crash run');
  // 5. Large crash run on PostgreSQL: SIGKILL every ~15% of the way.
  const crashUrl = await demoDatabase('flowsight_bench_crash', template);
  const crashEnv = {
    DATABASE_URL: crashUrl,
    LOG_LEVEL: 'warn',
    INGEST_LIMIT_PER_MINUTE: '1000000',
  };
  server = await startServerProcess(crashEnv, PORT);
  const crashKey = await createIntegrationKey(server, 'bench');
  let acknowledged = 0;
  let kills = 0;
  const sending = sendOverHttp(
    () => server,
    crashKey,
    batches(4, CRASH_READINGS),
    (n) => {
      acknowledged = n;
    },
  );
  let done = false;
  void sending.finally(() => {
    done = true;
  });
  for (const share of [0.15, 0.3, 0.45, 0.6, 0.75, 0.9]) {
    while (!done && acknowledged < share * CRASH_READINGS)
      await new Promise((resolve) => setTimeout(resolve, 5));
    if (done) break;
    await server.kill();
    kills += 1;
    server = await startServerProcess(crashEnv, PORT);
  }
  await sending;
  await server.stop();
  const [crash] = await query<{ n: number; distinct: number; volume: string }>(
    crashUrl,
    `select count(*)::int as n, count(distinct (mac_address, measured_at, seq))::int as distinct, sum(volume_mgal)::text as volume from submissions`,
  );
  const [crashRollup] = await query<{ volume: string }>(
    crashUrl,
    'select sum(volume_mgal)::text as volume from usage_hourly',
  );
  const crashOk =
    crash?.n === CRASH_READINGS &&
    crash.distinct === CRASH_READINGS &&
    crash.volume === String(total(4, CRASH_READINGS)) &&
    crashRollup?.volume === crash.volume;

  console.log('');
  log(
    `HTTP batch, PostgreSQL: ${fmt(HTTP_READINGS)} readings in ${seconds(httpMs)} = ${fmt(httpRate)} readings/s (target ≥ 10,000)`,
  );
  log(
    `COPY baseline:          ${fmt(copyRows)} rows in ${seconds(copyMs)} = ${fmt(copyRate)} rows/s`,
  );
  log(`HTTP batch / COPY:      ${(httpRate / copyRate).toFixed(2)} (target ≥ 0.50)`);
  log(
    `  (medians of ${ROUNDS} alternated rounds; HTTP ${httpRuns.map(seconds).join(', ')}; COPY ${copyRuns.map(seconds).join(', ')})`,
  );
  log(`  ${cpuLine}`);
  mqttReport(mqttResult, log);
  log(
    `HTTP batch, PGlite:     ${fmt(PGLITE_READINGS)} readings in ${seconds(pgliteMs)} = ${fmt(pgliteRate)} readings/s (${(pgliteRate / httpRate).toFixed(2)} of PostgreSQL)`,
  );
  log(
    `Crash run:              ${fmt(CRASH_READINGS)} readings, ${kills} SIGKILLs: stored ${fmt(crash?.n ?? 0)} (${fmt(crash?.distinct ?? 0)} distinct), volume ${crashOk ? 'exact' : 'WRONG'} in raw and hourly rollup`,
  );

  for (const name of [
    'flowsight_bench_http',
    'flowsight_bench_copy',
    'flowsight_bench_mqtt',
    'flowsight_bench_crash',
    template,
  ]) {
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  }
  if (!crashOk) process.exitCode = 1;
}

await main();

// Crash test (issue: "none may be lost, none counted twice"): the real server process is killed
// with SIGKILL again and again while a client sends readings over HTTP with retries and a publisher
// sends them over MQTT with QoS 1; afterwards every reading is stored exactly once and the usage
// rollups hold each volume exactly once. Runs on the test backend (PGlite files or PostgreSQL).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeUplink } from '@flowsight/domain/device-protocol';
import { SensorState } from '@flowsight/domain/lookups';
import { generateDemoPortfolio } from '@flowsight/simulator/demo-portfolio';
import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from './db/client.ts';
import { databaseUrlFor, demoTemplateDatabase, testBackend } from './testing/backend.ts';
import {
  createIntegrationKey,
  type ServerProcess,
  startServerProcess,
} from './testing/server-process.ts';

const brokerUrl = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
const port = 18_000 + (process.pid % 1000);
const HTTP_READINGS = 3000;
const HTTP_BATCH = 100;
const MQTT_READINGS = 400;
const KILLS = 4;

const macs = generateDemoPortfolio()
  .sensors.filter((sensor) => sensor.sensorStateId === SensorState.Installed && sensor.placement)
  .slice(0, 6)
  .map((sensor) => sensor.macAddress);
const volumeOf = (index: number) => 1000 + (index % 37) * 10;
const DAY_MS = 86_400_000;
/**
 * Each stream's readings start on its own day and fit in 20 days; both streams lie in the past
 * (ingest refuses receive times ahead of its clock).
 */
const FIRST_DAY = Math.floor(Date.now() / DAY_MS) - 60;
const streamStart = (stream: number) => (FIRST_DAY + stream * 20) * DAY_MS;

/** Reading `index` of a stream: its sensor, a distinct 15-minute slot and sequence number. */
function reading(stream: number, index: number) {
  const mac = macs[index % macs.length] as string;
  const slot = Math.floor(index / macs.length);
  const receivedAt = new Date(streamStart(stream) + slot * 900_000);
  const { bytes } = encodeUplink({
    kind: 'usage',
    version: 2,
    seq: slot % 65_536,
    volumeMgal: volumeOf(index),
    intervalS: 900,
    flowTimeS: 30,
    peakFlowMgpm: 100,
    battery: 90,
  });
  return {
    mac,
    port: 1,
    payload: Buffer.from(bytes).toString('base64'),
    received_at: receivedAt.toISOString(),
  };
}
const expectedVolume = (count: number) =>
  Array.from({ length: count }, (_, i) => volumeOf(i)).reduce((a, b) => a + b, 0);

describe('crash safety of ingest', () => {
  let server: ServerProcess;
  let env: Record<string, string>;
  let key = '';
  let dataDir = '';
  let pgDatabase = '';
  const clientId = `flowsight-crash-${process.pid}`;
  const topic = `crash-${process.pid}/flowsight/uplinks`;

  const start = async () => {
    server = await startServerProcess(env, port);
  };

  beforeAll(async () => {
    env = { MQTT_URL: brokerUrl, MQTT_CLIENT_ID: clientId, MQTT_TOPICS: `${topic}/+` };
    if (testBackend() === 'postgres') {
      pgDatabase = `flowsight_crash_${process.pid}`;
      const admin = new pg.Client({ connectionString: databaseUrlFor('postgres') });
      await admin.connect();
      await admin.query(`drop database if exists ${pgDatabase} with (force)`);
      await admin.query(
        `create database ${pgDatabase} template ${demoTemplateDatabase(inject('postgresTemplateRun'))}`,
      );
      await admin.end();
      env.DATABASE_URL = databaseUrlFor(pgDatabase);
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'flowsight-crash-'));
      env.DATA_DIR = dataDir;
      env.DEMO = '1';
    }
    await start();
    key = await createIntegrationKey(server, 'crash test');
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    const cleaner = await mqtt.connectAsync(brokerUrl, { clientId, clean: true });
    await cleaner.endAsync();
    if (pgDatabase) {
      const admin = new pg.Client({ connectionString: databaseUrlFor('postgres') });
      await admin.connect();
      await admin.query(`drop database if exists ${pgDatabase} with (force)`);
      await admin.end();
    }
  });

  /** Counts and volumes of the test's readings, read after the server has stopped. */
  async function totals(stream: number) {
    const from = new Date(streamStart(stream)).toISOString();
    const to = new Date(streamStart(stream + 1)).toISOString();
    const query = `select
        (select count(*)::int from submissions where measured_at >= '${from}' and measured_at < '${to}') as readings,
        (select count(distinct (mac_address, measured_at, seq))::int from submissions where measured_at >= '${from}' and measured_at < '${to}') as distinct_readings,
        (select coalesce(sum(volume_mgal), 0)::bigint from submissions where measured_at >= '${from}' and measured_at < '${to}') as raw_volume,
        (select coalesce(sum(volume_mgal), 0)::bigint from usage_hourly where hour >= '${from}'::timestamptz - interval '1 hour' and hour < '${to}') as hourly_volume`;
    await server.stop();
    let row: Record<string, unknown> | undefined;
    if (pgDatabase) {
      const client = new pg.Client({ connectionString: databaseUrlFor(pgDatabase) });
      await client.connect();
      row = (await client.query(query)).rows[0];
      await client.end();
    } else {
      const handle = await createDatabase({ kind: 'pglite', dataDir: `${dataDir}/pglite` });
      row = ((await handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] })
        .rows[0];
      await handle.close();
    }
    await start();
    return {
      readings: Number(row?.readings),
      distinct: Number(row?.distinct_readings),
      raw: Number(row?.raw_volume),
      hourly: Number(row?.hourly_volume),
    };
  }

  /**
   * Kills and restarts the server each time `progress()` passes the next threshold (a share of
   * the work), so the kills land mid-stream on fast and slow backends alike.
   */
  /** Kills so far in the running test (a paced sender may wait for them, see the MQTT test). */
  let killCount = 0;
  async function killAlong(done: Promise<unknown>, progress: () => number) {
    killCount = 0;
    let finished = false;
    void done.finally(() => {
      finished = true;
    });
    const thresholds = Array.from({ length: KILLS }, (_, k) => (k + 1) / (KILLS + 1));
    let kills = 0;
    for (const threshold of thresholds) {
      while (!finished && progress() < threshold) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      if (finished) break;
      await server.kill();
      kills += 1;
      killCount = kills;
      await start();
    }
    return kills;
  }

  it('loses and doubles nothing over HTTP while the server is killed mid-ingest', {
    timeout: 600_000,
  }, async () => {
    let acknowledged = 0;
    const send = (async () => {
      for (let first = 0; first < HTTP_READINGS; first += HTTP_BATCH) {
        const uplinks = Array.from({ length: HTTP_BATCH }, (_, i) => reading(0, first + i));
        for (;;) {
          try {
            const response = await fetch(`${server.url}/api/ingest/uplinks`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-api-key': key },
              body: JSON.stringify({ uplinks }),
            });
            if (response.ok) {
              acknowledged += HTTP_BATCH;
              break;
            }
          } catch {
            // The server died with the request in flight: the client cannot know, so it retries.
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    })();
    const kills = await killAlong(send, () => acknowledged / HTTP_READINGS);
    await send;
    expect(
      kills,
      `kills while ${HTTP_READINGS} readings were sent: ${kills}, wanted ${KILLS}`,
    ).toBe(KILLS);
    expect(acknowledged, 'readings acknowledged').toBe(HTTP_READINGS);
    expect(await totals(0), 'stored once each, in the raw table and the rollup').toEqual({
      readings: HTTP_READINGS,
      distinct: HTTP_READINGS,
      raw: expectedVolume(HTTP_READINGS),
      hourly: expectedVolume(HTTP_READINGS),
    });
  });

  it('loses and doubles nothing over MQTT QoS 1 while the server is killed mid-ingest', {
    timeout: 600_000,
  }, async () => {
    const publisher = await mqtt.connectAsync(brokerUrl, {
      clientId: `${clientId}-pub`,
      clean: true,
    });
    let published = 0;
    const publish = (async () => {
      for (let index = 0; index < MQTT_READINGS; index += 1) {
        // On a slow machine a restart can outlast the rest of the stream: past each kill's
        // threshold, wait for that kill, so every kill happens mid-stream.
        published = index;
        const due = Math.min(KILLS, Math.floor((index * (KILLS + 1)) / MQTT_READINGS));
        while (killCount < due) await new Promise((resolve) => setTimeout(resolve, 5));
        const { mac, ...message } = reading(1, index);
        await publisher.publishAsync(`${topic}/${mac}`, JSON.stringify(message), { qos: 1 });
        // Paced, so the server is killed while it consumes and restarts while messages queue.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const kills = await killAlong(publish, () => published / MQTT_READINGS);
    await publish;
    await publisher.endAsync();
    expect(
      kills,
      `kills while ${MQTT_READINGS} messages were published: ${kills}, wanted at least 2`,
    ).toBeGreaterThanOrEqual(2);
    // Wait for the subscriber to drain what the broker kept for it.
    const DRAIN_MS = 60_000;
    const drainStarted = Date.now();
    let last = await totals(1);
    while (last.readings < MQTT_READINGS && Date.now() - drainStarted < DRAIN_MS) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      last = await totals(1);
    }
    expect(
      last,
      `stored once each ${Date.now() - drainStarted} ms after the last publish (limit ${DRAIN_MS} ms)`,
    ).toEqual({
      readings: MQTT_READINGS,
      distinct: MQTT_READINGS,
      raw: expectedVolume(MQTT_READINGS),
      hourly: expectedVolume(MQTT_READINGS),
    });
  });
});

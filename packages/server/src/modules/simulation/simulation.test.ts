import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeUplink } from '@flowsight/domain/device-protocol';
import { ApplianceType, SensorStatus } from '@flowsight/domain/lookups';
import { usageInstant, utcHour } from '@flowsight/domain/usage';
import { generateDemoPortfolio } from '@flowsight/simulator/demo-portfolio';
import { createFleetSimulation, type SimulatedUplink } from '@flowsight/simulator/fleet-simulation';
import { alignToReportGrid, backfill } from '@flowsight/simulator/generators';
import type { LeakLabels } from '@flowsight/simulator/leak-scenarios';
import {
  chirpstackEvent,
  mqttMessages,
  nativeUplink,
  ttnUplinkMessage,
} from '@flowsight/simulator/uplink-senders';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { createIngestService } from '../ingest/ingest.service.ts';
import {
  chirpstackUpSchema,
  fromChirpstack,
  fromNativeBatch,
  fromTtn,
  nativeBatchSchema,
  ttnWebhookSchema,
} from '../ingest/ingest.transports.ts';
import { uplinksOfMessage } from '../ingest/mqtt-ingest.ts';
import { createSimulationRepository } from './simulation.repository.ts';
import { startSimulation } from './simulation.service.ts';

const DAY = 86_400_000;
const portfolio = generateDemoPortfolio();
const to = alignToReportGrid(new Date());
const from = new Date(to.getTime() - 2 * DAY);
const healthy = portfolio.sensors.filter(
  (s) =>
    s.placement &&
    s.sensorStatusId === SensorStatus.Transmitting &&
    Date.parse(s.installDate) < from.getTime() - DAY,
);
const pick = (test: (s: (typeof healthy)[number]) => boolean) => {
  const sensor = healthy.find(test);
  if (!sensor) throw new Error('no such demo sensor');
  return sensor.macAddress;
};
const mainLine = pick((s) => s.placement?.applianceTypeId === ApplianceType.MainLine);
const legacy = pick((s) => s.firmwareVersion.startsWith('1.'));
const fixtures = healthy
  .filter((s) => !s.firmwareVersion.startsWith('1.') && s.macAddress !== mainLine)
  .slice(0, 4)
  .map((s) => s.macAddress);
const macs = [mainLine, legacy, ...fixtures];

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

describe('simulated history through the ingest service', () => {
  it('lands in the hourly and daily rollups exactly as generated', async () => {
    t = await buildTestApp({ demo: true });
    const db = t.database.db;
    const simulation = createFleetSimulation({ portfolio, anchor: to, macs });
    const uplinks: SimulatedUplink[] = [];
    for (const slice of backfill(simulation, { from, to })) uplinks.push(...slice.uplinks);
    const ingest = createIngestService(db);
    for (let i = 0; i < uplinks.length; i += 2000) {
      const result = await ingest.ingest(uplinks.slice(i, i + 2000));
      expect(result.malformed).toBe(0);
      expect(result.unassigned).toBe(0);
    }

    const expectedTotal = new Map<string, number>();
    const expectedHourly = new Map<string, number>();
    for (const uplink of uplinks) {
      const decoded = decodeUplink(uplink.port, uplink.payload);
      if (!decoded.ok) throw new Error(decoded.error);
      const frame = decoded.frame;
      if (frame.kind === 'keepalive') continue;
      expectedTotal.set(uplink.mac, (expectedTotal.get(uplink.mac) ?? 0) + frame.volumeMgal);
      if (frame.kind === 'usage') {
        const hour = utcHour(usageInstant(uplink.receivedAt, frame.intervalS)).toISOString();
        const key = `${uplink.mac}|${hour}`;
        expectedHourly.set(key, (expectedHourly.get(key) ?? 0) + frame.volumeMgal);
      }
    }
    expect(expectedTotal.size).toBe(macs.length);
    expect(expectedTotal.get(mainLine)).toBeGreaterThan(100_000);

    const hourly = await rows<{ mac: string; hour: Date | string; volume: string | number }>(
      db,
      sql`select s.mac_address as mac, h.hour, h.volume_mgal as volume
          from usage_hourly h join sensors s on s.id = h.sensor_id`,
    );
    const storedTotal = new Map<string, number>();
    for (const row of hourly) {
      storedTotal.set(row.mac, (storedTotal.get(row.mac) ?? 0) + Number(row.volume));
      if (row.mac === legacy) continue;
      const key = `${row.mac}|${new Date(row.hour).toISOString()}`;
      expect(Number(row.volume), key).toBe(expectedHourly.get(key) ?? 0);
    }
    expect(storedTotal).toEqual(expectedTotal);

    const daily = await rows<{ mac: string; volume: string | number }>(
      db,
      sql`select s.mac_address as mac, sum(d.volume_mgal) as volume
          from usage_daily d join sensors s on s.id = d.sensor_id group by s.mac_address`,
    );
    expect(new Map(daily.map((row) => [row.mac, Number(row.volume)]))).toEqual(expectedTotal);

    // A redelivery of the whole history changes nothing.
    const again = await ingest.ingest(uplinks.slice(0, 2000));
    expect(again.stored).toBe(0);
  });
});

describe('the in-process simulator (SIMULATE=1)', () => {
  const count = async (db: Database) =>
    Number(
      (await rows<{ n: number }>(db, sql`select count(*)::int as n from submissions`))[0]?.n ?? 0,
    );

  it('backfills history once per database, remembers it, and writes the leak labels', async () => {
    t = await buildTestApp({ demo: true });
    const app = t.app;
    const repository = createSimulationRepository(app.db);
    const labelsFile = join(mkdtempSync(join(tmpdir(), 'flowsight-sim-')), 'leak-labels.json');
    const logged: string[] = [];
    const options = {
      ingest: app.ingest.ingest,
      repository,
      log: { info: (m: string) => logged.push(m), warn: () => {} },
      labelsFile,
      historyDays: 2,
      macs,
      live: false,
      pauseMs: 0,
      now: () => to,
    };
    const first = await startSimulation(options);
    await first.history;
    await first.stop();
    const stored = await count(app.db);
    expect(stored).toBeGreaterThan(macs.length * 100);
    const progress = await repository.read();
    expect(progress?.historyBelow).toBeNull();
    expect(progress?.anchor).toBe(to.toISOString());
    expect(logged.some((line) => /history backfill: \d+% \([\d,]+ readings\)/.test(line))).toBe(
      true,
    );
    const labels = JSON.parse(readFileSync(labelsFile, 'utf8')) as LeakLabels;
    expect(labels.scenarios.length).toBeGreaterThan(3);

    // A restart finds the history done and stores nothing again.
    const second = await startSimulation({
      ...options,
      now: () => new Date(to.getTime() + 60_000),
    });
    await second.history;
    await second.stop();
    expect(await count(app.db)).toBe(stored);
  });

  it('resumes an interrupted backfill below the last stored slice', async () => {
    t = await buildTestApp({ demo: true });
    const app = t.app;
    const repository = createSimulationRepository(app.db);
    const below = new Date(to.getTime() - DAY);
    await repository.write({
      version: 1,
      seed: 20261121,
      anchor: to.toISOString(),
      from: from.toISOString(),
      historyBelow: below.toISOString(),
      liveUntil: to.toISOString(),
    });
    const running = await startSimulation({
      ingest: app.ingest.ingest,
      repository,
      log: { info: () => {}, warn: () => {} },
      macs,
      live: false,
      pauseMs: 0,
      now: () => to,
    });
    await running.history;
    await running.stop();
    const [span] = await rows<{ newest: Date | string; n: number }>(
      app.db,
      sql`select max(measured_at) as newest, count(*)::int as n from submissions`,
    );
    expect(span?.n).toBeGreaterThan(0);
    // Only the older day was stored (each sensor's phase is under 15 minutes + keep-alive offset).
    expect(new Date(span?.newest ?? 0).getTime()).toBeLessThanOrEqual(below.getTime() + 940_000);
    expect((await repository.read())?.historyBelow).toBeNull();
  });
});

describe('simulator envelopes', () => {
  const simulation = createFleetSimulation({ portfolio, anchor: to, macs });
  const [slice] = backfill(simulation, { from: new Date(to.getTime() - 3_600_000), to });
  const uplink = slice?.uplinks.find((u) => u.port === 1);

  it('read back through the server transports as the same uplink', () => {
    if (!uplink) throw new Error('no uplink');
    const expected = {
      port: uplink.port,
      payload: uplink.payload,
      receivedAt: uplink.receivedAt,
      fCnt: uplink.fCnt,
      gateway: uplink.gateway,
      rssi: uplink.rssi,
      snr: uplink.snr,
    };
    const [native] = fromNativeBatch(nativeBatchSchema.parse({ uplinks: [nativeUplink(uplink)] }));
    expect(native).toMatchObject({ ...expected, mac: uplink.mac });
    const chirpstack = fromChirpstack(chirpstackUpSchema.parse(chirpstackEvent(uplink)));
    expect(chirpstack).toMatchObject(expected);
    expect(chirpstack.mac.toUpperCase()).toBe(uplink.mac);
    const ttn = fromTtn(ttnWebhookSchema.parse(ttnUplinkMessage(uplink)));
    expect(ttn).toMatchObject({ ...expected, mac: uplink.mac });
    for (const format of ['native', 'chirpstack'] as const) {
      const [message] = mqttMessages([uplink], format);
      if (!message) throw new Error('no MQTT message');
      const [viaMqtt] = uplinksOfMessage(message.topic, Buffer.from(JSON.stringify(message.body)));
      expect(viaMqtt, format).toMatchObject(expected);
      expect(viaMqtt?.mac.toUpperCase()).toBe(uplink.mac);
    }
  });
});

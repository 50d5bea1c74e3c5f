// Fleet health sweep: quiet sensors become "not transmitting" and come back with their next
// uplink; silent gateways go offline; every change is an event; only one replica sweeps at a time.
import { encodeUplink } from '@flowsight/domain/device-protocol';
import { GatewayStatus, SensorStatus } from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { databaseUrlFor, testBackend } from '../../testing/backend.ts';
import { FLEET_HEALTH_LOCK, sweepFleetHealth } from './fleet-health.ts';

const HOUR = 3_600_000;

describe('fleet health sweep', () => {
  let t: TestApp;
  const now = new Date();
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('silences sensors after 3 missed keep-alives, and an uplink brings them back', async () => {
    const sensors = await rows<{ id: number; mac: string }>(sql`
      select id, mac_address as mac from sensors where unit_id is not null order by id limit 2`);
    const [quiet, heard] = sensors;
    if (!quiet || !heard) throw new Error('no sensors');
    await t.database.db.execute(sql`
      update sensors set sensor_status_id = ${SensorStatus.Transmitting}, keepalive_interval_s = 3600,
        last_keepalive = ${ago(3 * HOUR + 60_000)}::timestamptz, last_submission = ${ago(4 * HOUR)}::timestamptz
      where id = ${quiet.id}`);
    await t.database.db.execute(sql`
      update sensors set sensor_status_id = ${SensorStatus.Transmitting}, keepalive_interval_s = 3600,
        last_keepalive = ${ago(2 * HOUR)}::timestamptz, last_submission = ${ago(4 * HOUR)}::timestamptz
      where id = ${heard.id}`);

    const result = await sweepFleetHealth(t.database.db, now);
    expect(result?.sensorsSilenced).toBeGreaterThanOrEqual(1);
    const status = async (id: number) =>
      (
        await rows<{ s: number }>(sql`select sensor_status_id as s from sensors where id = ${id}`)
      )[0]?.s;
    expect(await status(quiet.id)).toBe(SensorStatus.NotTransmitting);
    expect(await status(heard.id)).toBe(SensorStatus.Transmitting);
    const [event] = await rows<{ action: string; note: string; actor: number | null }>(sql`
      select action, note, actor_user_id as actor from events
      where entity_type = 'sensor' and entity_id = ${quiet.id} order by id desc limit 1`);
    expect(event).toMatchObject({ action: 'status', actor: null });
    expect(event?.note).toMatch(/No keep-alive for 3 intervals/);
    // A second sweep changes nothing more for it.
    await sweepFleetHealth(t.database.db, now);
    expect(await status(quiet.id)).toBe(SensorStatus.NotTransmitting);

    const { bytes } = encodeUplink({
      kind: 'keepalive',
      version: 2,
      battery: 81,
      firmwareVersion: '2.0.1',
      reportIntervalS: 900,
      flags: 0,
    });
    await t.app.ingest.ingest([
      {
        mac: quiet.mac,
        port: 2,
        payload: bytes,
        receivedAt: new Date(),
        fCnt: 7,
        transport: 'http',
      },
    ]);
    expect(await status(quiet.id)).toBe(SensorStatus.Transmitting);
  });

  it('takes silent gateways offline, not recently seen ones nor those already in maintenance', async () => {
    const gateways = await rows<{ id: number }>(sql`select id from gateways order by id limit 3`);
    const [silent, seen, maintained] = gateways;
    if (!silent || !seen || !maintained) throw new Error('no gateways');
    const set = (id: number, status: number, lastSeen: string) =>
      t.database.db.execute(sql`
        update gateways set gateway_status_id = ${status}, last_seen_at = ${lastSeen}::timestamptz where id = ${id}`);
    await set(silent.id, GatewayStatus.Online, ago(HOUR + 60_000));
    await set(seen.id, GatewayStatus.Online, ago(30 * 60_000));
    await set(maintained.id, GatewayStatus.Maintenance, ago(5 * HOUR));
    await sweepFleetHealth(t.database.db, now);
    const statuses = await rows<{ id: number; s: number }>(sql`
      select id, gateway_status_id as s from gateways where id in (${silent.id}, ${seen.id}, ${maintained.id}) order by id`);
    expect(Object.fromEntries(statuses.map((g) => [g.id, g.s]))).toEqual({
      [silent.id]: GatewayStatus.Offline,
      [seen.id]: GatewayStatus.Online,
      [maintained.id]: GatewayStatus.Maintenance,
    });
    const [event] = await rows<{ action: string }>(sql`
      select action from events where entity_type = 'gateway' and entity_id = ${silent.id} order by id desc limit 1`);
    expect(event?.action).toBe('status');
  });

  // One database connection (PGlite) cannot hold a lock against itself; PostgreSQL can.
  it.runIf(testBackend() === 'postgres')(
    'skips the sweep while another replica holds the lock',
    async () => {
      const { rows: current } = (await t.database.db.execute(
        sql`select current_database() as name`,
      )) as unknown as { rows: { name: string }[] };
      const other = new pg.Client({ connectionString: databaseUrlFor(current[0]?.name ?? '') });
      await other.connect();
      try {
        await other.query('select pg_advisory_lock($1)', [FLEET_HEALTH_LOCK]);
        expect(await sweepFleetHealth(t.database.db, now)).toBeNull();
        await other.query('select pg_advisory_unlock($1)', [FLEET_HEALTH_LOCK]);
        expect(await sweepFleetHealth(t.database.db, now)).not.toBeNull();
      } finally {
        await other.end();
      }
    },
  );
});

// Ingest through HTTP: integration keys, the three HTTP transports with the network servers'
// published shapes carrying our frames, exactly-once storage and rollups, malformed and unassigned
// uplinks, battery and last-seen facts, and the request limits.
import { readFileSync } from 'node:fs';
import { encodeUplink } from '@flowsight/domain/device-protocol';
import { usageInstant, utcHour } from '@flowsight/domain/usage';
import { localDate } from '@flowsight/domain/wall-clock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgArray } from '../../db/rollup-writes.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { laneOf } from './ingest.batcher.ts';
import { createIngestService } from './ingest.service.ts';

const fixture = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../../../fixtures/lorawan/${name}`, import.meta.url), 'utf8'),
  );
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const usage = (seq: number, volumeMgal: number, battery = 80) =>
  b64(
    encodeUplink({
      kind: 'usage',
      version: 2,
      seq,
      volumeMgal,
      intervalS: 900,
      flowTimeS: 60,
      peakFlowMgpm: 500,
      battery,
    }).bytes,
  );
const keepalive = (battery: number) =>
  b64(
    encodeUplink({
      kind: 'keepalive',
      version: 2,
      battery,
      firmwareVersion: '3.1.4',
      reportIntervalS: 600,
      flags: 0,
    }).bytes,
  );

type Sensor = { id: number; mac: string; unit_id: number; timezone: string };

const DAY_MS = 86_400_000;
/** "Day 0" of the tests' readings: thirty days ago (ingest refuses receive times ahead of now). */
const DAY_0 = Math.floor(Date.now() / DAY_MS) - 30;
/** A UTC day relative to day 0, as YYYY-MM-DD. */
const day = (offset: number) => new Date((DAY_0 + offset) * DAY_MS).toISOString().slice(0, 10);
/** A receive time on that day. */
const at = (offset: number, time: string) => `${day(offset)}T${time}Z`;

/** An HTTP uplink of a usage report from `sensor`. */
const httpUplink = (sensor: Sensor, seq: number, receivedAt: Date, port = 1) => ({
  mac: sensor.mac,
  port,
  payload: new Uint8Array(Buffer.from(usage(seq, 300), 'base64')),
  receivedAt,
  transport: 'http' as const,
});

describe('ingest', () => {
  let t: TestApp;
  let key: string;
  let sensors: Sensor[];
  let gateway: string;

  const rows = async <T>(text: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(text)) as unknown as { rows: T[] }).rows;
  const post = (url: string, payload: object, apiKey = key) =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'x-api-key': apiKey } });
  /** Forgets what the demo says the sensor last sent, so readings of some weeks ago are its newest. */
  const unheard = (sensorId: number) =>
    t.database.db.execute(sql`
      update sensors set last_submission = null, last_keepalive = null where id = ${sensorId}`);
  const usageOf = async (sensorId: number) => {
    const [row] = await rows<{ hourly: number; daily: number; readings: number }>(sql`
      select (select coalesce(sum(volume_mgal), 0)::int from usage_hourly where sensor_id = ${sensorId}) as hourly,
             (select coalesce(sum(volume_mgal), 0)::int from usage_daily where sensor_id = ${sensorId}) as daily,
             (select count(*)::int from submissions where sensor_id = ${sensorId}) as readings`);
    return row;
  };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true, env: { INGEST_LIMIT_PER_MINUTE: '200' } });
    const admin = await t.as('admin@flowsight.test');
    const created = await admin('/api/integration-keys', {
      method: 'POST',
      payload: { name: 'Test network server' },
    });
    expect(created.statusCode).toBe(201);
    key = created.json().key;
    sensors = await rows<Sensor>(sql`
      select s.id, s.mac_address as mac, s.unit_id, z.name as timezone from sensors s
      join properties p on p.id = s.property_id join timezones z on z.id = p.timezone_id
      where s.unit_id is not null order by s.id limit 12`);
    const [g] = await rows<{ serial_number: string }>(
      sql`select serial_number from gateways order by id limit 1`,
    );
    gateway = g?.serial_number ?? '';
  });
  afterAll(() => t.close());

  describe('integration keys', () => {
    it('shows a key once, lists only its prefix, and refuses it once revoked', async () => {
      const admin = await t.as('admin@flowsight.test');
      const created = (
        await admin('/api/integration-keys', { method: 'POST', payload: { name: 'Revoke me' } })
      ).json();
      expect(created.key).toMatch(/^fsk_[A-Za-z0-9_-]{32}$/);
      const listed = (await admin('/api/integration-keys')).json();
      const entry = listed.find((k: { id: number }) => k.id === created.id);
      expect(entry).toMatchObject({
        name: 'Revoke me',
        prefix: created.key.slice(0, 12),
        revoked_at: null,
      });
      expect(JSON.stringify(listed)).not.toContain(created.key);
      const [stored] = await rows<{ key_hash: string }>(
        sql`select key_hash from integration_api_keys where id = ${created.id}`,
      );
      expect(stored?.key_hash).not.toContain(created.key);

      const payload = {
        uplinks: [
          {
            mac: sensors[5]?.mac,
            port: 1,
            payload: usage(1, 1),
            received_at: at(-20, '00:00:00'),
          },
        ],
      };
      expect((await post('/api/ingest/uplinks', payload, created.key)).statusCode).toBe(200);
      expect(
        (await admin(`/api/integration-keys/${created.id}`, { method: 'DELETE' })).statusCode,
      ).toBe(200);
      expect((await post('/api/ingest/uplinks', payload, created.key)).statusCode).toBe(401);
      expect((await post('/api/ingest/uplinks', payload, 'fsk_not-a-key')).statusCode).toBe(401);
      const withoutKey = await t.app.inject({
        method: 'POST',
        url: '/api/ingest/uplinks',
        payload,
      });
      expect(withoutKey.statusCode).toBe(401);
      const manager = await t.as('manager@flowsight.test');
      expect((await manager('/api/integration-keys')).statusCode).toBe(403);
    });
  });

  describe('native batch', () => {
    it('stores readings with the assignment copied, rolls usage up once, and ignores redeliveries', async () => {
      const sensor = sensors[0] as Sensor;
      await unheard(sensor.id);
      const times = [at(0, '10:00:00'), at(0, '10:15:00'), at(0, '10:30:00')];
      const batch = {
        uplinks: times.map((received_at, index) => ({
          mac: sensor.mac.match(/../g)?.join(':').toLowerCase(),
          port: 1,
          payload: usage(100 + index, 1000 * (index + 1), 70 - index),
          received_at,
          gateway,
          rssi: -80,
          snr: 7.5,
        })),
      };
      const first = await post('/api/ingest/uplinks', batch);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({
        received: 3,
        stored: 3,
        duplicates: 0,
        malformed: 0,
        unassigned: 0,
        refused: 0,
        refused_macs: [],
      });
      expect(await usageOf(sensor.id)).toEqual({ hourly: 6000, daily: 6000, readings: 3 });

      const again = await post('/api/ingest/uplinks', batch);
      expect(again.json()).toEqual({
        received: 3,
        stored: 0,
        duplicates: 3,
        malformed: 0,
        unassigned: 0,
        refused: 0,
        refused_macs: [],
      });
      expect(await usageOf(sensor.id)).toEqual({ hourly: 6000, daily: 6000, readings: 3 });

      // Partly new: only the new reading is stored and counted.
      const partly = {
        uplinks: [
          ...batch.uplinks.slice(1),
          { ...batch.uplinks[0], payload: usage(103, 500), received_at: at(0, '10:45:00') },
        ],
      };
      const mixed = await post('/api/ingest/uplinks', partly);
      expect(mixed.json()).toMatchObject({ received: 3, stored: 1, duplicates: 2 });
      expect(await usageOf(sensor.id)).toEqual({ hourly: 6500, daily: 6500, readings: 4 });

      const [stored] = await rows<Record<string, unknown>>(sql`
        select s.kind, s.unit_id, s.company_id, s.appliance_type_id, s.volume_mgal::int as volume, s.seq, s.gateway_serial, s.transport
        from submissions s where s.sensor_id = ${sensor.id} order by measured_at limit 1`);
      expect(stored).toMatchObject({
        kind: 'usage',
        unit_id: sensor.unit_id,
        volume: 1000,
        seq: 100,
        gateway_serial: gateway,
        transport: 'http',
      });
      // The 10:00 report covers 09:45–10:00: counted in the 09:00 hour.
      const hours = await rows<{ hour: string; volume: number }>(sql`
        select to_char(hour at time zone 'UTC', 'HH24:MI') as hour, volume_mgal::int as volume from usage_hourly
        where sensor_id = ${sensor.id} order by hour`);
      expect(hours).toEqual([
        { hour: '09:00', volume: 1000 },
        { hour: '10:00', volume: 5500 },
      ]);
      const [day] = await rows<{ day: string }>(
        sql`select day::text as day from usage_daily where sensor_id = ${sensor.id}`,
      );
      expect(day?.day).toBe(
        localDate(usageInstant(new Date(times[0] as string), 900), sensor.timezone),
      );
      expect(utcHour(usageInstant(new Date(times[0] as string), 900)).toISOString()).toBe(
        at(0, '09:00:00.000'),
      );

      const [facts] = await rows<{
        last_submission: Date;
        battery: number;
        sensor_status_id: number;
      }>(sql`
        select last_submission, battery, sensor_status_id from sensors where id = ${sensor.id}`);
      expect(new Date(facts?.last_submission as Date).toISOString()).toBe(at(0, '10:45:00.000'));
      expect(facts?.battery).toBe(80);
      expect(facts?.sensor_status_id).toBe(1);
      const [g] = await rows<{ last_seen_at: Date }>(
        sql`select last_seen_at from gateways where serial_number = ${gateway}`,
      );
      expect(new Date(g?.last_seen_at as Date).getTime()).toBeGreaterThanOrEqual(
        Date.parse(at(0, '10:30:00')),
      );
    });

    it('keeps malformed, unknown-MAC and legacy frames without failing the batch', async () => {
      const sensor = sensors[1] as Sensor;
      await unheard(sensor.id);
      const weirdMac = 'tab\there back\\slash\nline\r"q" \\N';
      const v1 = b64(
        encodeUplink({ kind: 'usage_v1', version: 1, volumeMgal: 2500, battery: 50 }).bytes,
      );
      const response = await post('/api/ingest/uplinks', {
        uplinks: [
          { mac: sensor.mac, port: 1, payload: 'AgE=', received_at: at(0, '11:00:00') },
          {
            mac: 'FFFFFFFFFFFF0001',
            port: 1,
            payload: usage(1, 700),
            received_at: at(0, '11:00:00'),
          },
          {
            mac: 'not-a-mac',
            port: 1,
            payload: usage(1, 700),
            received_at: at(0, '11:00:00'),
          },
          // Kept as sent, whatever it holds (tabs, line breaks and backslashes too)…
          { mac: weirdMac, port: 1, payload: usage(1, 700), received_at: at(0, '11:00:00') },
          // …but a NUL, which PostgreSQL text cannot hold, is replaced.
          {
            mac: 'nul\u0000mac',
            port: 1,
            payload: usage(1, 700),
            received_at: at(0, '11:00:00'),
          },
          { mac: sensor.mac, port: 1, payload: v1, received_at: at(0, '11:15:00') },
          { mac: sensor.mac, port: 2, payload: keepalive(49), received_at: at(0, '11:20:00') },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        received: 7,
        stored: 7,
        duplicates: 0,
        malformed: 4,
        unassigned: 4,
        refused: 0,
        refused_macs: [],
      });
      const stored = await rows<{
        kind: string;
        error: string | null;
        mac_address: string;
        unit_id: number | null;
      }>(sql`
        select kind, error, mac_address, unit_id from submissions
        where measured_at between ${at(0, '11:00:00')} and ${at(0, '11:20:00')}
          and (sensor_id = ${sensor.id} or mac_address in ('FFFFFFFFFFFF0001', 'not-a-mac', ${weirdMac}, 'nul\uFFFDmac')) order by measured_at, kind`);
      expect(stored).toContainEqual(
        expect.objectContaining({ kind: 'malformed', error: 'usage v2: truncated, 2 of 14 bytes' }),
      );
      expect(stored).toContainEqual(
        expect.objectContaining({ kind: 'malformed', mac_address: 'not-a-mac' }),
      );
      expect(stored).toContainEqual(
        expect.objectContaining({
          kind: 'malformed',
          mac_address: weirdMac,
          error: `invalid DevEUI '${weirdMac}'`,
        }),
      );
      expect(stored).toContainEqual(
        expect.objectContaining({ kind: 'malformed', mac_address: 'nul\uFFFDmac' }),
      );
      expect(stored).toContainEqual(
        expect.objectContaining({ kind: 'usage', mac_address: 'FFFFFFFFFFFF0001', unit_id: null }),
      );
      expect(stored).toContainEqual(
        expect.objectContaining({ kind: 'usage_v1', unit_id: sensor.unit_id }),
      );
      expect((await usageOf(sensor.id))?.hourly).toBe(2500);
      const [facts] = await rows<{
        firmware_version: string;
        report_interval_s: number;
        battery: number;
      }>(sql`
        select firmware_version, report_interval_s, battery from sensors where id = ${sensor.id}`);
      expect(facts).toEqual({ firmware_version: '3.1.4', report_interval_s: 600, battery: 49 });
    });

    it('marks a sensor transmitting only for readings newer than what it last sent', async () => {
      const sensor = sensors[5] as Sensor;
      await t.database.db.execute(sql`
        update sensors set sensor_status_id = 2, last_submission = ${at(-8, '00:00:00')},
          last_keepalive = ${at(-8, '00:00:00')} where id = ${sensor.id}`);
      const status = async () =>
        (
          await rows<{ sensor_status_id: number }>(
            sql`select sensor_status_id from sensors where id = ${sensor.id}`,
          )
        )[0]?.sensor_status_id;
      const late = await post('/api/ingest/uplinks', {
        uplinks: [
          {
            mac: sensor.mac,
            port: 1,
            payload: usage(900, 10),
            received_at: at(-17, '00:00:00'),
          },
        ],
      });
      expect(late.json().stored).toBe(1);
      expect(await status()).toBe(2);
      await post('/api/ingest/uplinks', {
        uplinks: [
          {
            mac: sensor.mac,
            port: 1,
            payload: usage(901, 10),
            received_at: at(-7, '00:00:00'),
          },
        ],
      });
      expect(await status()).toBe(1);
    });

    it('keeps signal figures in hundredths, which a real column holds, and refuses absurd ones', async () => {
      const sensor = sensors[6] as Sensor;
      const uplink = (rssi: number, snr: number) => ({
        mac: sensor.mac,
        port: 1,
        payload: usage(950, 10),
        received_at: at(-2, '09:00:00'),
        rssi,
        snr,
      });
      const stored = await post('/api/ingest/uplinks', { uplinks: [uplink(1e-320, -7.254)] });
      expect(stored.statusCode, stored.body).toBe(200);
      expect(
        await rows<{ rssi: number; snr: number }>(
          sql`select rssi, snr from submissions where sensor_id = ${sensor.id} and seq = 950`,
        ),
      ).toEqual([{ rssi: 0, snr: -7.25 }]);
      const absurd = await post('/api/ingest/uplinks', { uplinks: [uplink(-120, 1e39)] });
      expect(absurd.statusCode).toBe(400);
      expect(absurd.json().message.join(' ')).toMatch(/body\.uplinks\.0\.snr: /);
    });

    it('refuses a bad batch with 400 and an oversized body with 413, storing nothing', async () => {
      const before = await rows<{ n: number }>(sql`select count(*)::int as n from submissions`);
      expect((await post('/api/ingest/uplinks', { uplinks: [] })).statusCode).toBe(400);
      const bad = await post('/api/ingest/uplinks', {
        uplinks: [{ mac: 'x', port: 1, payload: '%%%', received_at: 'yesterday' }],
      });
      expect(bad.statusCode).toBe(400);
      const huge = await t.app.inject({
        method: 'POST',
        url: '/api/ingest/uplinks',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        payload: `{"uplinks":[${'"x",'.repeat(1_100_000)}"x"]}`,
      });
      expect(huge.statusCode).toBe(413);
      expect(await rows<{ n: number }>(sql`select count(*)::int as n from submissions`)).toEqual(
        before,
      );
    });
  });

  describe('network servers', () => {
    it('stores a ChirpStack v4 up event carrying our frame, once', async () => {
      const sensor = sensors[2] as Sensor;
      const event = fixture('chirpstack-v4-up.json');
      event.deviceInfo.devEui = sensor.mac.toLowerCase();
      event.data = usage(7, 3200);
      event.time = `${day(-10)}T08:00:00.123456789+00:00`;
      const first = await post('/api/ingest/chirpstack?event=up', event);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ stored: 1, duplicates: 0 });
      expect((await post('/api/ingest/chirpstack?event=up', event)).json()).toMatchObject({
        stored: 0,
        duplicates: 1,
      });
      const [row] = await rows<Record<string, unknown>>(sql`
        select kind, seq, volume_mgal::int as volume, gateway_serial, rssi, snr, transport, unit_id
        from submissions where sensor_id = ${sensor.id}`);
      expect(row).toEqual({
        kind: 'usage',
        seq: 7,
        volume: 3200,
        gateway_serial: '0016c001f153a14c',
        rssi: -36,
        snr: 10.5,
        transport: 'chirpstack',
        unit_id: sensor.unit_id,
      });
      expect((await usageOf(sensor.id))?.daily).toBe(3200);
    });

    it('records ChirpStack status batteries and answers other events without storing', async () => {
      const sensor = sensors[3] as Sensor;
      const status = {
        time: new Date().toISOString(),
        deviceInfo: { devEui: sensor.mac },
        batteryLevel: 42.4,
        margin: 7,
      };
      expect((await post('/api/ingest/chirpstack?event=status', status)).statusCode).toBe(200);
      // A status from the far future would pin the battery; it is refused.
      const ahead = await post('/api/ingest/chirpstack?event=status', {
        ...status,
        time: '2099-01-01T00:00:00Z',
        batteryLevel: 5,
      });
      expect([ahead.statusCode, ahead.json().message]).toEqual([
        400,
        ["body.time: must not be more than 5 minutes ahead of the server's clock"],
      ]);
      const [facts] = await rows<{ battery: number }>(
        sql`select battery from sensors where id = ${sensor.id}`,
      );
      expect(facts?.battery).toBe(42);
      // Each answer says whether the battery was recorded.
      expect((await post('/api/ingest/chirpstack?event=status', status)).json()).toEqual({
        recorded: `battery 42% of ${sensor.mac}`,
      });
      const unknown = await post('/api/ingest/chirpstack?event=status', {
        ...status,
        deviceInfo: { devEui: 'ffffffffffff0042' },
      });
      expect([unknown.statusCode, unknown.json()]).toEqual([
        200,
        { ignored: 'no micrometer has DevEUI FFFFFFFFFFFF0042: status not recorded' },
      ]);
      const unmeasured = await post('/api/ingest/chirpstack?event=status', {
        ...status,
        batteryLevel: undefined,
        batteryLevelUnavailable: true,
      });
      expect(unmeasured.json()).toEqual({
        ignored: 'the device could not measure its battery: status not recorded',
      });
      await t.database.db.execute(
        sql`update sensors set last_submission = now() where id = ${sensor.id}`,
      );
      const stale = await post('/api/ingest/chirpstack?event=status', {
        ...status,
        time: new Date(Date.now() - 3_600_000).toISOString(),
        batteryLevel: 9,
      });
      expect([stale.statusCode, stale.json().ignored]).toEqual([
        200,
        expect.stringMatching(
          /^the battery report is older than the last reading of [0-9A-F]{16} \(.+\): not recorded$/,
        ),
      ]);
      const [kept] = await rows<{ battery: number }>(
        sql`select battery from sensors where id = ${sensor.id}`,
      );
      expect(kept?.battery).toBe(42);
      const join = await post('/api/ingest/chirpstack?event=join', {
        deviceInfo: { devEui: sensor.mac },
      });
      expect(join.json()).toEqual({ ignored: 'event join is not used' });
      expect((await usageOf(sensor.id))?.readings).toBe(0);
    });

    it('stores a The Things Stack uplink carrying our frame, once, and ignores other messages', async () => {
      const sensor = sensors[4] as Sensor;
      const body = fixture('tts-v3-uplink.json');
      body.end_device_ids.dev_eui = sensor.mac;
      body.uplink_message.frm_payload = keepalive(77);
      body.uplink_message.f_port = 2;
      body.uplink_message.received_at = at(-10, '09:00:00.5');
      const first = await post('/api/ingest/ttn', body);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ stored: 1 });
      expect((await post('/api/ingest/ttn', body)).json()).toMatchObject({
        stored: 0,
        duplicates: 1,
      });
      const [row] = await rows<Record<string, unknown>>(sql`
        select kind, seq, gateway_serial, transport, battery from submissions where sensor_id = ${sensor.id}`);
      expect(row).toEqual({
        kind: 'keepalive',
        seq: 1,
        gateway_serial: 'gtw1',
        transport: 'ttn',
        battery: 77,
      });
      const other = await post('/api/ingest/ttn', {
        end_device_ids: { dev_eui: sensor.mac },
        join_accept: {},
      });
      expect(other.json()).toEqual({ ignored: 'not an uplink message' });
    });
  });

  it('answers a protobuf-encoded ChirpStack event with 415 saying JSON is expected', async () => {
    for (const type of ['application/octet-stream', 'application/x-protobuf']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/ingest/chirpstack?event=up',
        payload: Buffer.from([0x0a, 0x24, 0x31]),
        headers: { 'x-api-key': key, 'content-type': type },
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json().message, type).toContain('JSON');
      expect(response.json().message, type).toContain('Payload encoding');
    }
  });

  it('matches The Things Stack gateways by EUI as well as by gateway id', async () => {
    const sensor = sensors[5] as Sensor;
    const run = Date.now().toString(16).slice(-8).toUpperCase();
    const eui = (n: number) => `${run}0000${n}`;
    const [byEui, byDefaultId] = [eui(1001), eui(2002)];
    for (const serial of [byEui, byDefaultId])
      await t.database.db.execute(sql`
        insert into gateways (serial_number, company_id, property_id, building_id)
        select ${serial}, company_id, property_id, id from buildings order by id limit 1`);
    const seen = async (serial: string) =>
      (
        await rows<{ last_seen_at: Date | null }>(
          sql`select last_seen_at from gateways where serial_number = ${serial}`,
        )
      )[0]?.last_seen_at ?? null;
    const uplink = (seq: number, gatewayIds: object) => {
      const body = fixture('tts-v3-uplink.json');
      body.end_device_ids.dev_eui = sensor.mac;
      body.uplink_message.frm_payload = usage(seq, 10);
      body.uplink_message.f_port = 1;
      body.uplink_message.received_at = at(-9, `10:0${seq}:00`);
      body.uplink_message.rx_metadata[0].gateway_ids = gatewayIds;
      return body;
    };
    // A custom gateway id beside the EUI, as TTS sends it for a gateway named by its owner.
    const named = await post('/api/ingest/ttn', uplink(1, { gateway_id: 'roof-gw', eui: byEui }));
    expect(named.json()).toMatchObject({ stored: 1 });
    expect(await seen(byEui)).not.toBeNull();
    // The default id, `eui-` and the lower-case EUI, without an `eui` field.
    const defaulted = await post(
      '/api/ingest/ttn',
      uplink(2, { gateway_id: `eui-${byDefaultId.toLowerCase()}` }),
    );
    expect(defaulted.json()).toMatchObject({ stored: 1 });
    expect(await seen(byDefaultId)).not.toBeNull();
  });

  it('acknowledges simulated The Things Stack uplinks and those without a DevEUI, storing nothing', async () => {
    const sensor = sensors[6] as Sensor;
    const body = fixture('tts-v3-uplink.json');
    body.end_device_ids.dev_eui = sensor.mac;
    body.uplink_message.frm_payload = usage(3, 999);
    body.uplink_message.f_port = 1;
    body.uplink_message.received_at = at(-8, '10:00:00');
    const before = (await usageOf(sensor.id))?.readings;
    const simulated = await post('/api/ingest/ttn', { ...body, simulated: true });
    expect([simulated.statusCode, simulated.json()]).toEqual([
      200,
      { ignored: 'a simulated uplink (sent from the console): not stored' },
    ]);
    const { dev_eui: _, ...withoutEui } = body.end_device_ids;
    const anonymous = await post('/api/ingest/ttn', { ...body, end_device_ids: withoutEui });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([
      200,
      { ignored: 'the end device has no DevEUI: not stored' },
    ]);
    expect((await usageOf(sensor.id))?.readings).toBe(before);
  });

  describe('key scopes and receive times', () => {
    type Placed = { id: number; mac: string; company_id: number };
    let ours: Placed;
    let theirs: Placed;
    let stockMac: string;
    let companyKey: string;

    beforeAll(async () => {
      // The newest placed sensor of two companies (the tests above use the oldest ones).
      const placed = await rows<Placed>(sql`
        select distinct on (company_id) id, mac_address as mac, company_id from sensors
        where unit_id is not null order by company_id, id desc`);
      [ours, theirs] = placed as [Placed, Placed];
      expect(theirs).toBeDefined();
      const [stock] = await rows<{ mac: string }>(
        sql`select mac_address as mac from sensors where company_id is null order by id desc limit 1`,
      );
      stockMac = stock?.mac ?? '';
      const admin = await t.as('admin@flowsight.test');
      const created = await admin('/api/integration-keys', {
        method: 'POST',
        payload: { name: 'Company network server', company_id: ours.company_id },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        company_id: ours.company_id,
        company_name: expect.any(String),
      });
      companyKey = created.json().key;
    });
    const reading = (mac: string, minute: number, receivedAt = at(-3, `10:${minute}:00`)) => ({
      mac,
      port: 1,
      payload: usage(7000 + minute, 100),
      received_at: receivedAt,
    });
    const readingsAt = async (mac: string, receivedAt: string) =>
      (
        await rows<{ n: number }>(sql`
          select count(*)::int as n from submissions where mac_address = ${mac}
            and measured_at = ${receivedAt}`)
      )[0]?.n;

    it("lets a company's key write only that company's micrometers, and a fleet key any", async () => {
      const unknown = 'FFFFFFFFFFFF0042';
      const mixed = await post(
        '/api/ingest/uplinks',
        {
          uplinks: [
            reading(ours.mac, 10),
            reading(theirs.mac, 10),
            reading(stockMac, 10),
            reading(unknown, 10),
          ],
        },
        companyKey,
      );
      expect(mixed.statusCode, mixed.body).toBe(200);
      expect(mixed.json()).toEqual({
        received: 4,
        stored: 1,
        duplicates: 0,
        malformed: 0,
        unassigned: 0,
        refused: 3,
        refused_macs: [theirs.mac, stockMac, unknown].sort(),
      });
      expect(await readingsAt(ours.mac, at(-3, '10:10:00'))).toBe(1);
      for (const mac of [theirs.mac, stockMac, unknown]) {
        expect(await readingsAt(mac, at(-3, '10:10:00')), mac).toBe(0);
      }

      // Nothing in scope: the call is refused and names what it carried.
      const foreign = await post(
        '/api/ingest/uplinks',
        { uplinks: [reading(theirs.mac, 11)] },
        companyKey,
      );
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().message).toContain(theirs.mac);
      const event = fixture('chirpstack-v4-up.json');
      event.deviceInfo.devEui = theirs.mac;
      event.data = usage(7011, 100);
      event.time = at(-3, '10:12:00');
      expect((await post('/api/ingest/chirpstack?event=up', event, companyKey)).statusCode).toBe(
        403,
      );
      const [before] = await rows<{ battery: number | null }>(
        sql`select battery from sensors where id = ${theirs.id}`,
      );
      const battery = await post(
        '/api/ingest/chirpstack?event=status',
        { time: new Date().toISOString(), deviceInfo: { devEui: theirs.mac }, batteryLevel: 3 },
        companyKey,
      );
      expect([battery.statusCode, battery.json().message]).toEqual([
        403,
        `This integration key writes only its company's micrometers; refused: ${theirs.mac}`,
      ]);
      const [after] = await rows<{ battery: number | null }>(
        sql`select battery from sensors where id = ${theirs.id}`,
      );
      expect(after?.battery).toBe(before?.battery);
      expect(await readingsAt(theirs.mac, at(-3, '10:11:00'))).toBe(0);

      // The fleet key (made without a company) writes any micrometer.
      const fleet = await post('/api/ingest/uplinks', { uplinks: [reading(theirs.mac, 11)] });
      expect(fleet.json()).toMatchObject({ stored: 1, refused: 0, refused_macs: [] });
    });

    it('treats keys made before scopes existed as whole-fleet keys, and lists each scope', async () => {
      // A row as the keys table held it before the scope column: no company.
      const legacy = 'fsk_made-before-key-scopes-existed-000000';
      await t.database.db.execute(sql`
        insert into integration_api_keys (name, prefix, key_hash)
        values ('Legacy', ${legacy.slice(0, 12)}, ${hashSecret(legacy)})`);
      const written = await post(
        '/api/ingest/uplinks',
        { uplinks: [reading(ours.mac, 20), reading(theirs.mac, 20)] },
        legacy,
      );
      expect(written.json()).toMatchObject({ stored: 2, refused: 0 });
      const admin = await t.as('admin@flowsight.test');
      const listed = (await admin('/api/integration-keys')).json() as {
        name: string;
        company_id: number | null;
        company_name: string | null;
      }[];
      expect(listed.find((k) => k.name === 'Legacy')).toMatchObject({
        company_id: null,
        company_name: null,
      });
      expect(listed.find((k) => k.name === 'Company network server')).toMatchObject({
        company_id: ours.company_id,
        company_name: expect.any(String),
      });
      const missing = await admin('/api/integration-keys', {
        method: 'POST',
        payload: { name: 'Nobody', company_id: 999_999 },
      });
      expect([missing.statusCode, missing.json().message]).toEqual([
        400,
        'company_id: company 999999 does not exist',
      ]);
    });

    it('refuses receive times ahead of the clock or too old, naming the field and storing nothing', async () => {
      const soon = new Date(Date.now() + 4 * 60_000).toISOString();
      const later = new Date(Date.now() + 10 * 60_000).toISOString();
      const refused = await post('/api/ingest/uplinks', {
        uplinks: [reading(ours.mac, 30), reading(ours.mac, 31, later)],
      });
      expect([refused.statusCode, refused.json().message]).toEqual([
        400,
        ["body.uplinks.1.received_at: must not be more than 5 minutes ahead of the server's clock"],
      ]);
      expect(await readingsAt(ours.mac, at(-3, '10:30:00'))).toBe(0);
      for (const far of ['9999-12-31T00:00:00Z', '2020-01-01T00:00:00Z', '0001-01-01T00:00:00Z']) {
        const response = await post('/api/ingest/uplinks', {
          uplinks: [reading(ours.mac, 32, far)],
        });
        expect(response.statusCode, far).toBe(400);
        expect(response.json().message[0], far).toMatch(/^body\.uplinks\.0\.received_at: must/);
      }
      // No table was made for a distant month.
      const [made] = await rows<{ old: string | null; ancient: string | null }>(sql`
        select to_regclass('submissions_202001')::text as old,
               to_regclass('submissions_000101')::text as ancient`);
      expect(made).toEqual({ old: null, ancient: null });
      // A clock a little ahead is tolerated.
      const skewed = await post('/api/ingest/uplinks', { uplinks: [reading(ours.mac, 33, soon)] });
      expect(skewed.json()).toMatchObject({ stored: 1 });

      const event = fixture('chirpstack-v4-up.json');
      event.deviceInfo.devEui = ours.mac;
      event.data = usage(7034, 100);
      event.time = later;
      const up = await post('/api/ingest/chirpstack?event=up', event);
      expect([up.statusCode, up.json().message]).toEqual([
        400,
        ["body.time: must not be more than 5 minutes ahead of the server's clock"],
      ]);
      const body = fixture('tts-v3-uplink.json');
      body.end_device_ids.dev_eui = ours.mac;
      body.uplink_message.frm_payload = usage(7035, 100);
      body.uplink_message.received_at = later;
      const ttn = await post('/api/ingest/ttn', body);
      expect(ttn.statusCode).toBe(400);
      expect(ttn.json().message).toContain(
        "body.uplink_message.received_at: must not be more than 5 minutes ahead of the server's clock",
      );
      // A receive time that is no time at all is named too, not a server error.
      for (const bad of ['2026-13-01', '20260101', 'today']) {
        body.uplink_message.received_at = bad;
        const unreadable = await post('/api/ingest/ttn', body);
        expect([unreadable.statusCode, unreadable.json().message], bad).toEqual([
          400,
          ['body.uplink_message.received_at: must be an ISO 8601 time'],
        ]);
      }
    });
  });

  it('stores concurrent batches once each, answering each for its own readings', async () => {
    const sensor = sensors[3] as Sensor;
    const uplink = (minute: number) => ({
      mac: sensor.mac,
      port: 1,
      payload: new Uint8Array(Buffer.from(usage(2000 + minute, 100), 'base64')),
      receivedAt: new Date(Date.UTC(2026, 11, 24, 0, minute)),
      transport: 'http' as const,
    });
    const first = [uplink(0), uplink(1), uplink(2)];
    const second = [uplink(2), uplink(3)];
    // A batch the database refuses (a port outside smallint) fails alone.
    const broken = [{ ...uplink(4), port: 70_000 }];
    const outcomes = await Promise.allSettled([
      t.app.ingest.ingest(first),
      t.app.ingest.ingest(second),
      t.app.ingest.ingest(broken),
      t.app.ingest.ingest([uplink(5)]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const [a, b, , d] = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : undefined));
    // The reading both batches carry is stored by whichever transaction commits it first (merged
    // into one or written one after the other) and is a duplicate for the other.
    expect(a).toMatchObject({ received: 3 });
    expect(b).toMatchObject({ received: 2 });
    expect((a?.stored ?? 0) + (b?.stored ?? 0)).toBe(4);
    expect((a?.duplicates ?? 0) + (b?.duplicates ?? 0)).toBe(1);
    expect(d).toMatchObject({ received: 1, stored: 1 });
    const [count] = await rows<{ n: number }>(sql`
      select count(*)::int as n from submissions where mac_address = ${sensor.mac}
        and measured_at >= '2026-12-24T00:00:00Z' and measured_at < '2026-12-25T00:00:00Z'`);
    expect(count?.n).toBe(5);
  });

  it('writes a transaction per lane: two on PostgreSQL, one on the embedded database', async () => {
    const one = sensors.find((s) => laneOf(s.mac) === 0) as Sensor;
    const other = sensors.find((s) => laneOf(s.mac) === 1) as Sensor;
    expect(one && other).toBeTruthy();
    const uplink = (sensor: Sensor) =>
      httpUplink(sensor, 4343, new Date(Date.UTC(2026, 11, 26, 4, 0)));
    const commits: number[][] = [];
    const stop = t.app.ingest.onIngested(({ sensorIds }) => commits.push([...sensorIds]));
    try {
      expect(await t.app.ingest.ingest([uplink(one), uplink(other)])).toMatchObject({ stored: 2 });
    } finally {
      stop();
    }
    const expected = t.database.driver === 'pglite' ? [[one.id, other.id]] : [[one.id], [other.id]];
    const sorted = (list: number[][]) =>
      list.map((ids) => [...ids].sort((a, b) => a - b)).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
    expect(sorted(commits)).toEqual(sorted(expected));
  });

  it('fails a batch when one lane fails; its retry stores only what is missing', async () => {
    // Sensors split between two writing lanes; the other lane's part commits on its own.
    const service = createIngestService(t.database.db, { lanes: 2 });
    const one = sensors.find((s) => laneOf(s.mac, 2) === 0) as Sensor;
    const other = sensors.find((s) => laneOf(s.mac, 2) === 1) as Sensor;
    expect(one && other).toBeTruthy();
    const uplink = (sensor: Sensor, port: number) =>
      httpUplink(sensor, 4242, new Date(Date.UTC(2026, 11, 26, 3, 0)), port);
    await expect(service.ingest([uplink(one, 70_000), uplink(other, 1)])).rejects.toThrow();
    expect(await service.ingest([uplink(one, 1), uplink(other, 1)])).toEqual({
      received: 2,
      stored: 1,
      duplicates: 1,
      malformed: 0,
      unassigned: 0,
      refused: 0,
      refusedMacs: [],
    });
    const counts = await rows<{ mac_address: string; n: number }>(sql`
      select mac_address, count(*)::int as n from submissions
      where measured_at = '2026-12-26T03:00:00Z' group by mac_address order by mac_address`);
    expect(counts).toEqual(
      [one, other]
        .map((s) => ({ mac_address: s.mac, n: 1 }))
        .sort((a, b) => (a.mac_address < b.mac_address ? -1 : 1)),
    );
  });

  it('lets a batch still being read join the transaction of one already queued', async () => {
    const service = createIngestService(t.database.db, { gatherMs: 0, arrivalWaitMs: 60_000 });
    const [a, b] = sensors.filter((s) => laneOf(s.mac) === laneOf((sensors[0] as Sensor).mac));
    expect(a && b).toBeTruthy();
    const uplink = (sensor: Sensor) =>
      httpUplink(sensor, 5151, new Date(Date.UTC(2026, 11, 27, 5, 0)));
    const committed: number[][] = [];
    service.onIngested(({ sensorIds }) => committed.push([...sensorIds].sort((x, y) => x - y)));
    const arrived = service.announce();
    let firstDone = false;
    const first = service.ingest([uplink(a as Sensor)]).then((result) => {
      firstDone = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Still waiting for the announced batch.
    expect(firstDone).toBe(false);
    arrived();
    arrived(); // a second call changes nothing
    const second = service.ingest([uplink(b as Sensor)]);
    expect(await Promise.all([first, second])).toMatchObject([{ stored: 1 }, { stored: 1 }]);
    // One transaction held both.
    expect(committed).toEqual([[a?.id, b?.id].sort((x, y) => (x ?? 0) - (y ?? 0))]);
  });

  it('writes lone uplinks at once, and lingers for more only while batches arrive over HTTP', async () => {
    const service = createIngestService(t.database.db, { gatherMs: 2000, arrivalWaitMs: 60_000 });
    const sensor = sensors[5] as Sensor;
    const timed = async (minute: number) => {
      const started = performance.now();
      const result = await service.ingest([
        {
          mac: sensor.mac,
          port: 1,
          payload: new Uint8Array(Buffer.from(usage(6000 + minute, 300), 'base64')),
          receivedAt: new Date(Date.UTC(2026, 11, 28, 6, minute)),
          transport: 'mqtt' as const,
        },
      ]);
      expect(result).toMatchObject({ stored: 1 });
      return performance.now() - started;
    };
    // Nothing announced (MQTT alone): no waiting for company.
    expect(await timed(0)).toBeLessThan(1900);
    // Right after an HTTP batch was announced and handed over, a small queue waits for more.
    service.announce()();
    expect(await timed(15)).toBeGreaterThanOrEqual(1900);
  });

  it('sends arrays as one literal that round-trips any text', async () => {
    const values = [
      'plain',
      'with "quotes"',
      'back\\slash',
      'comma, {braces}',
      'NULL',
      '',
      '水',
      null,
    ];
    const { rows: back } = (await t.database.db.execute(
      sql`select unnest(${pgArray(values)}::text[]) as v`,
    )) as unknown as { rows: { v: string | null }[] };
    expect(back.map((row) => row.v)).toEqual(values);
  });

  it('limits calls per key', async () => {
    const admin = await t.as('admin@flowsight.test');
    const limited = (
      await admin('/api/integration-keys', { method: 'POST', payload: { name: 'Busy' } })
    ).json().key;
    const statuses: number[] = [];
    for (let i = 0; i < 205; i += 1) {
      statuses.push((await post('/api/ingest/chirpstack?event=join', {}, limited)).statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(200);
    expect(statuses.at(-1)).toBe(429);
  });
});

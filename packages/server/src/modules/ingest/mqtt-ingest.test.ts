// The MQTT transport against the local Mosquitto (MQTT_TEST_URL, set by .ci/run): ChirpStack and
// native messages land as readings, redeliveries are no-ops, acknowledgements wait for the commit,
// and messages published while Flowsight is away arrive when it comes back (persistent session).
import { randomUUID } from 'node:crypto';
import { encodeUplink } from '@flowsight/domain/device-protocol';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { uplinksOfMessage } from './mqtt-ingest.ts';

const brokerUrl = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';
const usage = (seq: number, volumeMgal: number) =>
  Buffer.from(
    encodeUplink({
      kind: 'usage',
      version: 2,
      seq,
      volumeMgal,
      intervalS: 900,
      flowTimeS: 30,
      peakFlowMgpm: 100,
      battery: 90,
    }).bytes,
  ).toString('base64');

const DAY_MS = 86_400_000;
const TODAY = Math.floor(Date.now() / DAY_MS);
/** A UTC day `offset` days from today, as YYYY-MM-DD (receive times must not lie ahead). */
const day = (offset: number) => new Date((TODAY + offset) * DAY_MS).toISOString().slice(0, 10);

async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not met in time');
}

describe('uplinks of an MQTT message', () => {
  it('reads native single and array messages and ChirpStack events; refuses others', () => {
    const one = uplinksOfMessage(
      'flowsight/uplinks/70B3D50000000001',
      Buffer.from(
        JSON.stringify({ port: 1, payload: usage(1, 5), received_at: `${day(-25)}T00:00:00Z` }),
      ),
    );
    expect(one).toMatchObject([{ mac: '70B3D50000000001', port: 1, transport: 'mqtt' }]);
    const many = uplinksOfMessage(
      'site-a/flowsight/uplinks/70B3D50000000001',
      Buffer.from(
        JSON.stringify(
          [1, 2].map((seq) => ({
            port: 1,
            payload: usage(seq, 5),
            received_at: `${day(-25)}T00:0${seq}:00Z`,
          })),
        ),
      ),
    );
    expect(many).toHaveLength(2);
    const chirpstack = uplinksOfMessage(
      'application/abc/device/0101010101010101/event/up',
      Buffer.from(
        JSON.stringify({
          time: `${day(-25)}T00:00:00Z`,
          deviceInfo: { devEui: '0101010101010101' },
          fPort: 1,
          data: usage(3, 9),
        }),
      ),
    );
    expect(chirpstack).toMatchObject([{ mac: '0101010101010101', fCnt: 0, transport: 'mqtt' }]);
    expect(() => uplinksOfMessage('flowsight/uplinks/x', Buffer.from('not json'))).toThrow();
    expect(() => uplinksOfMessage('somewhere/else', Buffer.from('{}'))).toThrow(/no uplink format/);
  });

  it('reads every field of a native message and refuses one that breaks a rule, naming the field', () => {
    const topic = 'flowsight/uplinks/70B3D50000000001';
    const message = {
      port: 1,
      payload: usage(7, 5),
      received_at: `${day(-2)}T00:00:00Z`,
      f_cnt: 41,
      gateway: 'gw-7',
      rssi: -80.456,
      snr: 7.001,
      extra: 'ignored',
    };
    const read = (body: unknown) => uplinksOfMessage(topic, Buffer.from(JSON.stringify(body)));
    const [uplink] = read(message);
    expect(uplink).toEqual({
      mac: '70B3D50000000001',
      port: 1,
      payload: new Uint8Array(Buffer.from(message.payload, 'base64')),
      receivedAt: new Date(message.received_at),
      fCnt: 41,
      gateway: 'gw-7',
      rssi: -80.46,
      snr: 7,
      transport: 'mqtt',
    });
    expect(
      read({ ...message, f_cnt: undefined, gateway: null, rssi: null, snr: undefined }),
    ).toMatchObject([{ fCnt: null, gateway: null, rssi: null, snr: null }]);
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ port: 256 }, /^port /],
      [{ port: 1.5 }, /^port /],
      [{ port: '1' }, /^port /],
      [{ payload: 5 }, /^payload /],
      [{ payload: 'A'.repeat(1025) }, /^payload /],
      // HTTP refuses it with 400; stored, it would be a garbage malformed reading.
      [{ payload: 'not base64!' }, /^payload must be base64/],
      [{ received_at: 'not a time' }, /^received_at must be an ISO 8601 time/],
      [{ received_at: 20 }, /^received_at /],
      [{ f_cnt: -1 }, /^f_cnt /],
      [{ f_cnt: 'x' }, /^f_cnt /],
      [{ gateway: 'g'.repeat(65) }, /^gateway /],
      [{ rssi: 1001 }, /^rssi /],
      [{ snr: '7' }, /^snr /],
    ];
    for (const [change, error] of refusals)
      expect(() => read({ ...message, ...change })).toThrow(error);
    expect(() => read(null)).toThrow(/^message /);
    expect(() => read([message, { ...message, port: -1 }])).toThrow(/^port /);
  });

  it('refuses receive times ahead of the clock or too old, so the message is dropped', () => {
    const ahead = new Date(Date.now() + 10 * 60_000).toISOString();
    expect(() =>
      uplinksOfMessage(
        'flowsight/uplinks/70B3D50000000001',
        Buffer.from(JSON.stringify({ port: 1, payload: usage(4, 5), received_at: ahead })),
      ),
    ).toThrow(/received_at must not be more than 5 minutes ahead/);
    expect(() =>
      uplinksOfMessage(
        'flowsight/uplinks/70B3D50000000001',
        Buffer.from(
          JSON.stringify({ port: 1, payload: usage(5, 5), received_at: '2001-01-01T00:00:00Z' }),
        ),
      ),
    ).toThrow(/received_at must be within the last 730 days/);
    expect(() =>
      uplinksOfMessage(
        'application/abc/device/0101010101010101/event/up',
        Buffer.from(
          JSON.stringify({
            time: '9999-12-31T00:00:00Z',
            deviceInfo: { devEui: '0101010101010101' },
            fPort: 1,
            data: usage(6, 9),
          }),
        ),
      ),
    ).toThrow(/ahead of the server's clock/);
  });
});

describe('MQTT ingest against the broker', () => {
  let t: TestApp;
  let publisher: mqtt.MqttClient;
  let mac: string;
  const prefix = `test-${randomUUID().slice(0, 8)}`;
  const clientId = `flowsight-test-${randomUUID().slice(0, 8)}`;

  const stored = async () => {
    const { rows } = (await t.database.db.execute(sql`
      select count(*)::int as n, coalesce(sum(volume_mgal), 0)::int as volume from submissions where mac_address = ${mac}`)) as unknown as {
      rows: { n: number; volume: number }[];
    };
    return rows[0] ?? { n: 0, volume: 0 };
  };
  const rollup = async () => {
    const { rows } = (await t.database.db.execute(sql`
      select coalesce(sum(volume_mgal), 0)::int as volume from usage_hourly h join sensors s on s.id = h.sensor_id
      where s.mac_address = ${mac}`)) as unknown as { rows: { volume: number }[] };
    return rows[0]?.volume ?? 0;
  };
  const startApp = async (database?: TestApp['database']) =>
    buildTestApp({
      demo: true,
      ...(database ? { database } : {}),
      env: {
        MQTT_URL: brokerUrl,
        MQTT_CLIENT_ID: clientId,
        MQTT_TOPICS: `${prefix}/application/+/device/+/event/up,${prefix}/flowsight/uplinks/+`,
      },
    });

  beforeAll(async () => {
    t = await startApp();
    await t.app.mqttReady();
    publisher = await mqtt.connectAsync(brokerUrl, { clientId: `${clientId}-pub`, clean: true });
    const { rows } = (await t.database.db.execute(
      sql`select mac_address from sensors where unit_id is not null order by id desc limit 1`,
    )) as unknown as { rows: { mac_address: string }[] };
    mac = rows[0]?.mac_address ?? '';
  });
  afterAll(async () => {
    await publisher?.endAsync();
    await t?.close();
    // Drop the test's persistent session from the broker.
    const cleaner = await mqtt.connectAsync(brokerUrl, { clientId, clean: true });
    await cleaner.endAsync();
  });

  it('stores ChirpStack and native messages once, even when published twice', async () => {
    const event = {
      deduplicationId: randomUUID(),
      time: `${day(-2)}T06:00:00Z`,
      deviceInfo: { devEui: mac.toLowerCase(), applicationId: 'app' },
      fPort: 1,
      fCnt: 12,
      data: usage(12, 1500),
      rxInfo: [{ gatewayId: 'aa555a0000000101', rssi: -90, snr: 4 }],
    };
    const native = { port: 1, payload: usage(13, 2500), received_at: `${day(-2)}T06:15:00Z` };
    for (let i = 0; i < 2; i += 1) {
      await publisher.publishAsync(
        `${prefix}/application/app/device/${mac}/event/up`,
        JSON.stringify(event),
        { qos: 1 },
      );
      await publisher.publishAsync(`${prefix}/flowsight/uplinks/${mac}`, JSON.stringify(native), {
        qos: 1,
      });
    }
    await until(async () => (await stored()).n === 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stored()).toEqual({ n: 2, volume: 4000 });
    expect(await rollup()).toBe(4000);
  });

  it('receives what was published while Flowsight was stopped, once it is back', async () => {
    const database = t.database;
    await t.app.close();
    for (let seq = 100; seq < 110; seq += 1) {
      const minute = String(seq - 100).padStart(2, '0');
      await publisher.publishAsync(
        `${prefix}/flowsight/uplinks/${mac}`,
        JSON.stringify({
          port: 1,
          payload: usage(seq, 100),
          received_at: `${day(-1)}T07:${minute}:00Z`,
        }),
        { qos: 1 },
      );
    }
    const previous = await stored();
    t = await startApp(database);
    await t.app.mqttReady();
    await until(async () => (await stored()).n === previous.n + 10);
    expect((await stored()).volume).toBe(previous.volume + 1000);
  });
});

describe('MQTT uplinks at QoS 0', () => {
  let t: TestApp;
  let publisher: mqtt.MqttClient;
  const lines: string[] = [];
  const prefix = `test-${randomUUID().slice(0, 8)}`;
  const clientId = `flowsight-test-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    t = await buildTestApp({
      demo: true,
      logStream: { write: (line) => lines.push(line) },
      env: {
        MQTT_URL: brokerUrl,
        MQTT_CLIENT_ID: clientId,
        MQTT_TOPICS: `${prefix}/application/+/device/+/event/up,${prefix}/flowsight/uplinks/+`,
      },
    });
    await t.app.mqttReady();
    publisher = await mqtt.connectAsync(brokerUrl, { clientId: `${clientId}-pub`, clean: true });
  });
  afterAll(async () => {
    await publisher?.endAsync();
    await t?.close();
    const cleaner = await mqtt.connectAsync(brokerUrl, { clientId, clean: true });
    await cleaner.endAsync();
  });

  it('warns once in the log and on the status call while uplinks arrive at QoS 0', async () => {
    const admin = await t.as('admin@flowsight.test');
    const status = async () => (await admin('/api/integration-keys/mqtt-status')).json();
    expect(await status()).toEqual({ configured: true, uplinks: [], warning: null });
    const event = (seq: number) =>
      JSON.stringify({
        time: `${day(-1)}T05:0${seq}:00Z`,
        deviceInfo: { devEui: '70b3d5ffff000001' },
        fPort: 1,
        fCnt: seq,
        data: usage(seq, 10),
      });
    const topic = `${prefix}/application/app/device/70b3d5ffff000001/event/up`;
    for (const seq of [1, 2, 3]) await publisher.publishAsync(topic, event(seq), { qos: 0 });
    await until(async () => (await status()).uplinks.length === 1);
    const atQos0 = await status();
    expect(atQos0.uplinks).toMatchObject([{ format: 'chirpstack', qos: 0 }]);
    expect(atQos0.warning).toContain('qos=1');
    const warnings = lines.filter((line) => line.includes('MQTT uplinks arrive at QoS 0'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('[integration.mqtt]');
    // Once ChirpStack publishes at QoS 1 the warning goes.
    await publisher.publishAsync(topic, event(4), { qos: 1 });
    await until(async () => (await status()).warning === null);
    expect((await status()).uplinks).toMatchObject([{ format: 'chirpstack', qos: 1 }]);
  });
});

// Configuration downlinks over MQTT against the local Mosquitto (MQTT_TEST_URL, set by .ci/run):
// a building-wide config change reaches ChirpStack's command topic of every micrometer of the
// building as a port-3 frame, and the queue shows them sent.
import { randomUUID } from 'node:crypto';
import { decodeConfigDownlink } from '@flowsight/domain/device-protocol';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { downlinkTopic } from './downlinks.ts';

const brokerUrl = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';

type Command = { devEui: string; confirmed: boolean; fPort: number; data: string };

describe('configuration downlinks over MQTT', () => {
  let t: TestApp;
  let listener: mqtt.MqttClient;
  const application = `test-${randomUUID().slice(0, 8)}`;
  const received = new Map<string, Command>();

  beforeAll(async () => {
    t = await buildTestApp({
      demo: true,
      env: {
        MQTT_URL: brokerUrl,
        MQTT_CLIENT_ID: `flowsight-dl-${randomUUID().slice(0, 8)}`,
        // Ingest listens somewhere harmless: this test is about the other direction.
        MQTT_TOPICS: `${application}/flowsight/uplinks/+`,
        MQTT_DOWNLINK_APPLICATION: application,
      },
    });
    await t.app.mqttReady();
    listener = await mqtt.connectAsync(brokerUrl, {
      clientId: `${application}-listener`,
      clean: true,
    });
    await listener.subscribeAsync(`application/${application}/device/+/command/down`, { qos: 1 });
    listener.on('message', (topic, payload) => {
      received.set(topic, JSON.parse(payload.toString('utf8')) as Command);
    });
  });
  afterAll(async () => {
    await listener?.endAsync();
    await t?.close();
  });

  it('publishes one encoded port-3 frame per micrometer of the building and marks them sent', async () => {
    const { rows } = (await t.database.db.execute(sql`
      select building_id as building, array_agg(mac_address order by mac_address) as macs
      from sensors where building_id is not null group by building_id order by count(*) limit 1`)) as unknown as {
      rows: { building: number; macs: string[] }[];
    };
    const target = rows[0];
    if (!target) throw new Error('no building with sensors');
    const admin = await t.as('admin@flowsight.test');
    const response = await admin(`/api/buildings/${target.building}/downlink-config-params`, {
      method: 'PUT',
      payload: { params: { '2': 7200, '1': 600 } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().queued).toBe(target.macs.length);

    const deadline = Date.now() + 15_000;
    while (received.size < target.macs.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect([...received.keys()].sort()).toEqual(
      target.macs.map((mac) => downlinkTopic(application, mac)).sort(),
    );
    for (const [topic, command] of received) {
      expect(topic).toContain(command.devEui);
      expect(command).toMatchObject({ fPort: 3, confirmed: false });
      // Parameters in id order: report interval 600 s, keep-alive interval 7200 s.
      expect(decodeConfigDownlink(Buffer.from(command.data, 'base64'))).toEqual([
        { paramId: 1, value: 600 },
        { paramId: 2, value: 7200 },
      ]);
    }
    const statusDeadline = Date.now() + 10_000;
    let statuses: { status: string; n: number }[] = [];
    while (Date.now() < statusDeadline) {
      const list = await admin(
        `/api/sensors/downlink-config-params?filter.building_id=$eq:${target.building}&limit=500`,
      );
      const data = list.json().data as { status: string }[];
      statuses = Object.entries(
        data.reduce<Record<string, number>>((acc, d) => {
          acc[d.status] = (acc[d.status] ?? 0) + 1;
          return acc;
        }, {}),
      ).map(([status, n]) => ({ status, n }));
      if (statuses.length === 1 && statuses[0]?.status === 'sent') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(statuses).toEqual([{ status: 'sent', n: target.macs.length }]);
  });
});

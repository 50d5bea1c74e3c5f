// Device-health alerts resolve themselves: a micrometer heard again, a gateway online
// again, a battery back above the threshold close their open alert with the system's note, as an
// event, published like every status change — through the real ingest path (HTTP) and the alerts
// engine's two runs (after an ingest batch, and the sweep). Leak alerts stay; an alert a person
// closed is not touched, and a device failing again opens a new alert.
import { encodeUplink } from '@flowsight/domain/device-protocol';
import {
  GatewayStatus,
  NotificationCategory,
  NotificationStatus,
  NotificationType,
  SensorStatus,
} from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import { insertAlert } from './alert-detection.repository.ts';
import type { AlertChange } from './alerts.status.ts';

const HOUR = 3_600_000;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const keepalive = (battery: number) =>
  b64(
    encodeUplink({
      kind: 'keepalive',
      version: 2,
      battery,
      firmwareVersion: '2.3.1',
      reportIntervalS: 900,
      flags: 0,
    }).bytes,
  );
const usage = (battery: number) =>
  b64(
    encodeUplink({
      kind: 'usage',
      version: 2,
      seq: 4242,
      volumeMgal: 300,
      intervalS: 900,
      flowTimeS: 20,
      peakFlowMgpm: 400,
      battery,
    }).bytes,
  );

type Sensor = {
  id: number;
  mac: string;
  company: number;
  property: number;
  building: number;
  unit: number;
  appliance: number;
};
type Alert = {
  id: number;
  type: number;
  status: number;
  note: string | null;
  closed_at: Date | string | null;
  changed_by: number | null;
};
type AlertEvent = {
  action: string;
  actor: number | null;
  from_value: unknown;
  to_value: unknown;
  note: string | null;
};

describe('device-health alerts resolve themselves', () => {
  let t: TestApp;
  let key: string;
  let manager: AuthorizedRequest;
  let sensors: Sensor[];
  const changes: AlertChange[] = [];
  const ingested: number[] = [];

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const sensor = (index: number) => {
    const found = sensors[index];
    if (!found) throw new Error(`no sensor ${index}`);
    return found;
  };
  const ago = (ms: number) => new Date(Date.now() - ms);
  /** Through the ingest HTTP endpoint, as a network server sends it. */
  const post = async (
    uplinks: {
      mac: string;
      port: number;
      payload: string;
      received_at: string;
      gateway?: string;
    }[],
  ) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/uplinks',
      payload: { uplinks },
      headers: { 'x-api-key': key },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** What the alerts job does after an ingest batch: evaluate the sensors it touched. */
  const evaluateIngested = async () => {
    const ids = [...ingested];
    ingested.length = 0;
    expect(ids.length).toBeGreaterThan(0);
    return t.app.alerts.evaluate(ids);
  };
  const alertsOf = (column: 'sensor_id' | 'gateway_id', id: number, type: number) =>
    rows<Alert>(sql`
      select id, notification_type_id as type, notification_status_id as status, note, closed_at,
             status_changed_by as changed_by
      from notifications where ${sql.raw(column)} = ${id} and notification_type_id = ${type}
      order by id`);
  const eventsOf = (alertId: number) =>
    rows<AlertEvent>(sql`
      select action, actor_user_id as actor, from_value, to_value, note from events
      where entity_type = 'alert' and entity_id = ${alertId} order by id`);
  /** The only open alert of that type, after checking there is exactly one. */
  const openOne = async (column: 'sensor_id' | 'gateway_id', id: number, type: number) => {
    const open = (await alertsOf(column, id, type)).filter(
      (a) => a.status !== NotificationStatus.Closed,
    );
    expect(open).toHaveLength(1);
    return open[0] as Alert;
  };
  const setSensor = (id: number, status: number, battery: number, heardMsAgo: number) =>
    t.database.db.execute(sql`
      update sensors set sensor_status_id = ${status}, battery = ${battery},
        keepalive_interval_s = 3600, notification_excluded = false,
        last_keepalive = ${ago(heardMsAgo).toISOString()}::timestamptz,
        last_submission = ${ago(heardMsAgo).toISOString()}::timestamptz
      where id = ${id}`);
  const minuteUtc = (at: Date | string) =>
    `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    const admin = await t.as('admin@flowsight.test');
    manager = await t.as('manager@flowsight.test');
    const created = await admin('/api/integration-keys', {
      method: 'POST',
      payload: { name: 'Recovery tests' },
    });
    expect(created.statusCode).toBe(201);
    key = created.json().key;
    sensors = await rows<Sensor>(sql`
      select s.id, s.mac_address as mac, s.company_id as company, s.property_id as property,
             s.building_id as building, s.unit_id as unit, s.appliance_type_id as appliance
      from sensors s where s.unit_id is not null and s.company_id = (
        select company_id from user_roles r join users u on u.id = r.user_id
        where u.email = 'manager@flowsight.test' order by r.id limit 1)
      order by s.id limit 3`);
    expect(sensors).toHaveLength(3);
    await t.database.db.execute(sql`
      delete from notifications where sensor_id in (${sql.join(
        sensors.map((s) => sql`${s.id}`),
        sql`, `,
      )})`);
    t.app.alerts.onChange((batch) => changes.push(...batch));
    t.app.ingest.onIngested(({ sensorIds }) => ingested.push(...sensorIds));
  });
  afterAll(() => t.close());

  it('closes a micrometer-offline alert when a keep-alive comes in; its leak alert stays open', async () => {
    const quiet = sensor(0);
    await setSensor(quiet.id, SensorStatus.NotTransmitting, 80, 5 * HOUR);
    const leakId = await insertAlert(
      t.database.db,
      {
        sensorId: quiet.id,
        gatewayId: null,
        companyId: quiet.company,
        propertyId: quiet.property,
        buildingId: quiet.building,
        unitId: quiet.unit,
        applianceTypeId: quiet.appliance,
        roomTypeId: null,
      },
      {
        type: NotificationType.ContinuousFlow,
        categoryId: NotificationCategory.Leak,
        rate: 4320,
        at: new Date().toISOString(),
      },
    );
    await t.app.alerts.sweep();
    const offline = await openOne('sensor_id', quiet.id, NotificationType.SensorOffline);
    expect(offline.status).toBe(NotificationStatus.New);

    const heardAt = ago(60_000);
    await post([
      { mac: quiet.mac, port: 2, payload: keepalive(80), received_at: heardAt.toISOString() },
    ]);
    const [status] = await rows<{ s: number }>(
      sql`select sensor_status_id as s from sensors where id = ${quiet.id}`,
    );
    expect(status?.s).toBe(SensorStatus.Transmitting);
    changes.length = 0;
    await evaluateIngested();

    const note = `Closed automatically: the micrometer is transmitting again, last heard at ${minuteUtc(heardAt)}.`;
    const [closed] = await alertsOf('sensor_id', quiet.id, NotificationType.SensorOffline);
    expect(closed).toMatchObject({
      id: offline.id,
      status: NotificationStatus.Closed,
      note,
      changed_by: null,
    });
    expect(closed?.closed_at).not.toBeNull();
    expect((await eventsOf(offline.id)).at(-1)).toEqual({
      action: 'status',
      actor: null,
      from_value: NotificationStatus.New,
      to_value: NotificationStatus.Closed,
      note,
    });
    // Published on the alerts bus (the live stream and the emails listen there).
    expect(changes).toContainEqual(
      expect.objectContaining({
        alertId: offline.id,
        kind: 'status',
        statusId: NotificationStatus.Closed,
        companyId: quiet.company,
      }),
    );
    // The leak needs a person: neither the ingest run nor a sweep closes it.
    await t.app.alerts.sweep();
    const [leak] = await alertsOf('sensor_id', quiet.id, NotificationType.ContinuousFlow);
    expect(leak).toMatchObject({ id: leakId, status: NotificationStatus.New, note: null });

    // Silent again later: a new alert, the closed one stays as it is.
    await setSensor(quiet.id, SensorStatus.NotTransmitting, 80, 5 * HOUR);
    await t.app.alerts.sweep();
    const again = await openOne('sensor_id', quiet.id, NotificationType.SensorOffline);
    expect(again.id).not.toBe(offline.id);
    expect(again.status).toBe(NotificationStatus.New);
    expect((await alertsOf('sensor_id', quiet.id, NotificationType.SensorOffline))[0]).toEqual(
      closed,
    );
  });

  it('closes a gateway-offline alert once the gateway is heard again (the demo’s FSGW-2026-8521)', async () => {
    // The demo seeds this gateway offline, silent for 3 h; the simulator's uplinks go through it.
    const [gateway] = await rows<{ id: number; serial: string; building: number; s: number }>(sql`
      select id, serial_number as serial, building_id as building, gateway_status_id as s
      from gateways where serial_number = 'FSGW-2026-8521'`);
    if (!gateway) throw new Error('no demo gateway FSGW-2026-8521');
    expect(gateway.s).toBe(GatewayStatus.Offline);
    await t.app.alerts.sweep();
    const offline = await openOne('gateway_id', gateway.id, NotificationType.GatewayOffline);

    const [inBuilding] = await rows<{ mac: string }>(sql`
      select mac_address as mac from sensors where building_id = ${gateway.building} order by id limit 1`);
    if (!inBuilding) throw new Error('no sensor in the gateway’s building');
    const heardAt = ago(60_000);
    await post([
      {
        mac: inBuilding.mac,
        port: 1,
        payload: usage(77),
        received_at: heardAt.toISOString(),
        gateway: gateway.serial,
      },
    ]);
    changes.length = 0;
    await evaluateIngested();

    const [now] = await rows<{ s: number; last_seen_at: string }>(sql`
      select gateway_status_id as s, last_seen_at from gateways where id = ${gateway.id}`);
    expect(now?.s).toBe(GatewayStatus.Online);
    const note = `Closed automatically: the gateway is online again, last heard at ${minuteUtc(heardAt)}.`;
    // The demo's history holds older, closed alerts of this gateway too.
    const closed = (await alertsOf('gateway_id', gateway.id, NotificationType.GatewayOffline)).find(
      (a) => a.id === offline.id,
    );
    expect(closed).toMatchObject({ status: NotificationStatus.Closed, note });
    expect((await eventsOf(offline.id)).at(-1)).toMatchObject({
      action: 'status',
      actor: null,
      to_value: NotificationStatus.Closed,
      note,
    });
    expect(changes).toContainEqual(
      expect.objectContaining({ alertId: offline.id, statusId: NotificationStatus.Closed }),
    );
    // Online with no open "Gateway offline": the next sweep opens nothing.
    await t.app.alerts.sweep();
    expect(
      (await alertsOf('gateway_id', gateway.id, NotificationType.GatewayOffline)).filter(
        (a) => a.status !== NotificationStatus.Closed,
      ),
    ).toEqual([]);
  });

  it('keeps a gateway’s alert while it is in maintenance: that is no recovery', async () => {
    const [gateway] = await rows<{ id: number }>(sql`
      select id from gateways where company_id = ${sensor(0).company} and alerts_disabled = false
        and serial_number <> 'FSGW-2026-8521' order by id limit 1`);
    if (!gateway) throw new Error('no gateway');
    await t.database.db.execute(
      sql`update gateways set gateway_status_id = ${GatewayStatus.Offline} where id = ${gateway.id}`,
    );
    await t.app.alerts.sweep();
    const offline = await openOne('gateway_id', gateway.id, NotificationType.GatewayOffline);
    await t.database.db.execute(
      sql`update gateways set gateway_status_id = ${GatewayStatus.Maintenance} where id = ${gateway.id}`,
    );
    await t.app.alerts.sweep();
    expect((await openOne('gateway_id', gateway.id, NotificationType.GatewayOffline)).id).toBe(
      offline.id,
    );
  });

  it('closes a low-battery alert when a reading is back above the threshold', async () => {
    const weak = sensor(1);
    await setSensor(weak.id, SensorStatus.Transmitting, 9, HOUR);
    await t.app.alerts.sweep();
    const low = await openOne('sensor_id', weak.id, NotificationType.LowBattery);
    expect(low.status).toBe(NotificationStatus.New);

    // Still low: nothing changes.
    await post([
      { mac: weak.mac, port: 1, payload: usage(12), received_at: ago(30 * 60_000).toISOString() },
    ]);
    await evaluateIngested();
    await t.app.alerts.sweep();
    expect((await openOne('sensor_id', weak.id, NotificationType.LowBattery)).id).toBe(low.id);

    // A new battery: the next reading says 81 %.
    await post([
      { mac: weak.mac, port: 1, payload: usage(81), received_at: ago(60_000).toISOString() },
    ]);
    changes.length = 0;
    await t.app.alerts.sweep();
    const note = 'Closed automatically: the battery reads 81 %, no longer below 15 %.';
    const [closed] = await alertsOf('sensor_id', weak.id, NotificationType.LowBattery);
    expect(closed).toMatchObject({ id: low.id, status: NotificationStatus.Closed, note });
    expect((await eventsOf(low.id)).at(-1)).toMatchObject({
      action: 'status',
      actor: null,
      to_value: NotificationStatus.Closed,
      note,
    });
    expect(changes).toContainEqual(
      expect.objectContaining({ alertId: low.id, statusId: NotificationStatus.Closed }),
    );
  });

  it('leaves an alert a person closed as it is; a device failing again opens a new one', async () => {
    const flaky = sensor(2);
    await setSensor(flaky.id, SensorStatus.NotTransmitting, 70, 5 * HOUR);
    await t.app.alerts.sweep();
    const offline = await openOne('sensor_id', flaky.id, NotificationType.SensorOffline);
    const fixed = await manager(`/api/notifications/${offline.id}/status/3`, {
      method: 'PUT',
      payload: { note: 'Antenna re-seated' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const [byPerson] = await alertsOf('sensor_id', flaky.id, NotificationType.SensorOffline);
    const events = await eventsOf(offline.id);

    await post([
      { mac: flaky.mac, port: 2, payload: keepalive(70), received_at: ago(60_000).toISOString() },
    ]);
    await evaluateIngested();
    await t.app.alerts.sweep();
    expect(await alertsOf('sensor_id', flaky.id, NotificationType.SensorOffline)).toEqual([
      byPerson,
    ]);
    expect(byPerson?.note).toBe('Antenna re-seated');
    expect(byPerson?.changed_by).not.toBeNull();
    expect(await eventsOf(offline.id)).toEqual(events);

    await setSensor(flaky.id, SensorStatus.NotTransmitting, 70, 5 * HOUR);
    await t.app.alerts.sweep();
    const reraised = await openOne('sensor_id', flaky.id, NotificationType.SensorOffline);
    expect(reraised.id).not.toBe(offline.id);
    expect(reraised.status).toBe(NotificationStatus.New);
  });
});

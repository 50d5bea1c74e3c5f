// Detection and alerts end to end on a database: readings in through the ingest service, the
// engine opens, updates and closes alerts (one per sensor and type), excluded sensors raise
// nothing, the sweep raises device-health alerts; then every alerts call: lists and counts per
// place, the bell, open leaks, overview, chart, one alert and its cost, "On it" / "Fixed it",
// refusals, another company's alerts, and the export.
import { encodeUplink } from '@flowsight/domain/device-protocol';
import {
  GatewayStatus,
  NotificationCategory,
  NotificationStatus,
  NotificationType,
  SensorStatus,
} from '@flowsight/domain/lookups';
import { localDate } from '@flowsight/domain/wall-clock';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import type { Uplink } from '../ingest/ingest.service.ts';
import { createAlertEngine, SYSTEM_CLOSE_NOTE } from './alerts.engine.ts';

const HOUR = 3_600_000;
const QUARTER = 900_000;
type Call = AuthorizedRequest;
type Placed = {
  id: number;
  mac: string;
  company: number;
  property: number;
  building: number;
  unit: number;
  appliance: number;
};

/** 15-minute usage reports from `fromMs` for `hours` hours: gallons per hour, minutes of flow per hour. */
function reports(
  mac: string,
  fromMs: number,
  hours: number,
  gallonsPerHour: number,
  flowMinutes: number,
): Uplink[] {
  const list: Uplink[] = [];
  for (let end = fromMs + QUARTER; end <= fromMs + hours * HOUR; end += QUARTER) {
    const { bytes } = encodeUplink({
      kind: 'usage',
      version: 2,
      seq: Math.floor(end / QUARTER) % 65_536,
      volumeMgal: Math.round((gallonsPerHour / 4) * 1000),
      intervalS: 900,
      flowTimeS: Math.round((flowMinutes / 4) * 60),
      peakFlowMgpm: 600,
      battery: 90,
    });
    list.push({
      mac,
      port: 1,
      payload: bytes,
      receivedAt: new Date(end),
      fCnt: end / QUARTER,
      transport: 'http',
    });
  }
  return list;
}

describe('leak alerts', () => {
  let t: TestApp;
  let admin: Call;
  let manager: Call;
  let other: Call;
  let toilet: Placed;
  let foreignToilet: Placed;
  // Hour-aligned, in the recent past so "now" can run ahead of it.
  const base = Math.floor(Date.now() / HOUR) * HOUR - 40 * HOUR;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const toiletOf = async (email: string, skip = 0) => {
    const [row] = await rows<Placed>(sql`
      select s.id, s.mac_address as mac, s.company_id as company, s.property_id as property,
             s.building_id as building, s.unit_id as unit, s.appliance_type_id as appliance
      from sensors s where s.appliance_type_id = 5 and s.notification_excluded = false and s.company_id = (
        select company_id from user_roles r join users u on u.id = r.user_id where u.email = ${email} order by r.id limit 1)
      order by s.id offset ${skip} limit 1`);
    if (!row) throw new Error(`no toilet for ${email}`);
    return row;
  };
  const alertsOf = (sensorId: number, type?: number) =>
    rows<{ id: number; type: number; status: number; rate: number; note: string | null }>(sql`
      select id, notification_type_id as type, notification_status_id as status, rate::float8 as rate, note
      from notifications where sensor_id = ${sensorId}
        and (${type ?? null}::int is null or notification_type_id = ${type ?? null}::int)
      order by id`);

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    admin = await t.as('admin@flowsight.test');
    manager = await t.as('manager@flowsight.test');
    other = await t.as('other.admin@flowsight.test');
    toilet = await toiletOf('manager@flowsight.test');
    foreignToilet = await toiletOf('other.admin@flowsight.test');
    // Start from a quiet slate for the two toilets.
    await t.database.db.execute(
      sql`delete from notifications where sensor_id in (${toilet.id}, ${foreignToilet.id})`,
    );
    // The demo says they were heard minutes ago; these tests write their history from scratch.
    await t.database.db.execute(
      sql`update sensors set last_submission = null where id in (${toilet.id}, ${foreignToilet.id})`,
    );
  });
  afterAll(() => t.close());

  it('opens a continuous-flow alert after 2 flowing hours, updates it, and closes it 24 h after it stops', async () => {
    // A high own gallon threshold keeps the high-usage rule out of this one.
    await t.database.db.execute(sql`
      insert into sensor_gallon_thresholds (sensor_id, company_id, value) values (${toilet.id}, ${toilet.company}, 100000)`);
    await t.app.ingest.ingest([
      ...reports(toilet.mac, base, 1, 2, 10), // ordinary use
      ...reports(toilet.mac, base + HOUR, 2, 30, 60), // a running toilet: 30 gal/h, never stops
    ]);
    const at = (ms: number) => createAlertEngine(t.database.db, () => new Date(ms));
    // One flowing hour is not enough for a toilet.
    await t.app.ingest.ingest(reports(toilet.mac, base + 3 * HOUR, 0.25, 30, 60));
    let changes = await at(base + 3 * HOUR + 20 * 60_000).evaluate([toilet.id]);
    expect(changes.map((c) => c.kind)).toEqual(['opened']);
    let [alert] = await alertsOf(toilet.id);
    expect(alert).toMatchObject({
      type: NotificationType.ContinuousFlow,
      status: NotificationStatus.New,
      rate: 30 * 24 * 30,
    });

    // Still running an hour later: the same alert, updated.
    await t.app.ingest.ingest(reports(toilet.mac, base + 3 * HOUR + QUARTER, 0.75, 30, 60));
    await t.app.ingest.ingest(reports(toilet.mac, base + 4 * HOUR, 0.25, 30, 60));
    changes = await at(base + 4 * HOUR + 20 * 60_000).evaluate([toilet.id]);
    expect(changes.map((c) => c.kind)).toEqual(['updated']);
    expect(await alertsOf(toilet.id)).toHaveLength(1);

    // Fixed: ordinary use again. After 24 h without the condition the system closes it.
    await t.app.ingest.ingest(reports(toilet.mac, base + 4 * HOUR + QUARTER, 25, 1, 5));
    changes = await at(base + 5 * HOUR + 20 * 60_000).evaluate([toilet.id]);
    expect(changes).toEqual([]);
    changes = await at(base + 29 * HOUR + 10 * 60_000).evaluate([toilet.id]);
    expect(changes.map((c) => c.kind)).toEqual(['status']);
    [alert] = await alertsOf(toilet.id);
    expect(alert).toMatchObject({ status: NotificationStatus.Closed, note: SYSTEM_CLOSE_NOTE });
  });

  it('keeps a silent sensor’s alert as it is: no data says nothing about the leak', async () => {
    const silent = await toiletOf('manager@flowsight.test', 3);
    await t.database.db.execute(
      sql`update sensors set last_submission = null where id = ${silent.id}`,
    );
    await t.database.db.execute(sql`delete from notifications where sensor_id = ${silent.id}`);
    await t.app.ingest.ingest(reports(silent.mac, base, 3, 30, 60));
    const soon = createAlertEngine(t.database.db, () => new Date(base + 3 * HOUR + 20 * 60_000));
    expect((await soon.evaluate([silent.id])).map((c) => c.kind)).toContain('opened');
    // A day and more later, nothing new arrived: neither updated nor closed.
    const later = createAlertEngine(t.database.db, () => new Date(base + 30 * HOUR));
    expect(await later.evaluate([silent.id])).toEqual([]);
    const [alert] = await alertsOf(silent.id, NotificationType.ContinuousFlow);
    expect(alert?.status).toBe(NotificationStatus.New);
  });

  it('does not reopen a closed leak from the hours before "Fixed it"; new flowing hours do', async () => {
    const fixed = await toiletOf('manager@flowsight.test', 4);
    await t.database.db.execute(
      sql`update sensors set last_submission = null where id = ${fixed.id}`,
    );
    await t.database.db.execute(sql`delete from notifications where sensor_id = ${fixed.id}`);
    await t.database.db.execute(sql`
      insert into sensor_gallon_thresholds (sensor_id, company_id, value) values (${fixed.id}, ${fixed.company}, 100000)`);
    await t.app.ingest.ingest(reports(fixed.mac, base, 3, 30, 60));
    const at = (ms: number) => createAlertEngine(t.database.db, () => new Date(ms));
    expect(
      (await at(base + 3 * HOUR + 20 * 60_000).evaluate([fixed.id])).map((c) => c.kind),
    ).toEqual(['opened']);
    const closedAt = new Date(base + 3 * HOUR + 30 * 60_000).toISOString();
    await t.database.db.execute(sql`
      update notifications set notification_status_id = ${NotificationStatus.Closed}, closed_at = ${closedAt}::timestamptz
      where sensor_id = ${fixed.id}`);
    // The hours that raised it are still in the window, but they came before the fix.
    expect(await at(base + 3 * HOUR + 40 * 60_000).evaluate([fixed.id])).toEqual([]);
    // It runs again for two whole hours after the fix: a new alert.
    await t.app.ingest.ingest(reports(fixed.mac, base + 3 * HOUR, 4, 30, 60));
    expect(
      (await at(base + 7 * HOUR + 20 * 60_000).evaluate([fixed.id])).map((c) => c.kind),
    ).toEqual(['opened']);
    const alerts = await alertsOf(fixed.id, NotificationType.ContinuousFlow);
    expect(alerts.map((a) => a.status)).toEqual([
      NotificationStatus.Closed,
      NotificationStatus.New,
    ]);
  });

  it('raises nothing for a notification-excluded sensor', async () => {
    const quiet = await toiletOf('manager@flowsight.test', 1);
    await t.database.db.execute(
      sql`update sensors set notification_excluded = true where id = ${quiet.id}`,
    );
    await t.database.db.execute(sql`delete from notifications where sensor_id = ${quiet.id}`);
    await t.app.ingest.ingest(reports(quiet.mac, base, 3, 30, 60));
    await createAlertEngine(t.database.db, () => new Date(base + 3 * HOUR + 20 * 60_000)).evaluate([
      quiet.id,
    ]);
    expect(await alertsOf(quiet.id)).toEqual([]);
  });

  it('raises device-health alerts in the sweep: sensor offline, low battery, gateway offline unless disabled', async () => {
    const [sensor] = await rows<{ id: number }>(sql`
      select id from sensors where company_id = ${toilet.company} and id <> ${toilet.id} and notification_excluded = false
      order by id desc limit 1`);
    const gateways = await rows<{ id: number }>(
      sql`select id from gateways where company_id = ${toilet.company} order by id limit 2`,
    );
    const [down, muted] = gateways;
    if (!sensor || !down || !muted) throw new Error('fixtures missing');
    await t.database.db.execute(
      sql`delete from notifications where sensor_id = ${sensor.id} or gateway_id in (${down.id}, ${muted.id})`,
    );
    await t.database.db.execute(sql`
      update sensors set sensor_status_id = ${SensorStatus.NotTransmitting}, battery = 9 where id = ${sensor.id}`);
    await t.database.db.execute(sql`
      update gateways set gateway_status_id = ${GatewayStatus.Offline}, alerts_disabled = (id = ${muted.id})
      where id in (${down.id}, ${muted.id})`);
    const changes = await t.app.alerts.sweep();
    expect(changes).not.toBeNull();
    const types = (await alertsOf(sensor.id)).map((a) => a.type).sort();
    expect(types).toEqual([NotificationType.SensorOffline, NotificationType.LowBattery]);
    const gatewayAlerts = await rows<{ gateway_id: number; type: number }>(sql`
      select gateway_id, notification_type_id as type from notifications
      where gateway_id in (${down.id}, ${muted.id}) and notification_status_id in (1, 2)`);
    expect(gatewayAlerts).toEqual([{ gateway_id: down.id, type: NotificationType.GatewayOffline }]);
    // A second sweep opens nothing twice.
    await t.app.alerts.sweep();
    expect((await alertsOf(sensor.id)).length).toBe(2);
  });

  it('raises high usage when a day passes the sensor’s own threshold', async () => {
    const heavy = await toiletOf('manager@flowsight.test', 2);
    await t.database.db.execute(
      sql`update sensors set last_submission = null where id = ${heavy.id}`,
    );
    await t.database.db.execute(sql`delete from notifications where sensor_id = ${heavy.id}`);
    await t.database.db.execute(sql`
      insert into sensor_gallon_thresholds (sensor_id, company_id, value) values (${heavy.id}, ${heavy.company}, 50)`);
    // The day's total is the sensor's local day: the reading and "now" fall on the same one.
    const [place] = await rows<{ zone: string }>(sql`
      select z.name as zone from properties p join timezones z on z.id = p.timezone_id
      where p.id = ${heavy.property}`);
    const zone = place?.zone ?? 'UTC';
    let at = base + 25 * HOUR;
    while (localDate(new Date(at - HOUR), zone) !== localDate(new Date(at + 2 * HOUR), zone)) {
      at += HOUR;
    }
    await t.app.ingest.ingest(reports(heavy.mac, at, 1, 200, 20));
    const engine = createAlertEngine(t.database.db, () => new Date(at + HOUR + 10 * 60_000));
    await engine.evaluate([heavy.id]);
    const [usage] = await alertsOf(heavy.id, NotificationType.HighUsage);
    expect(usage).toMatchObject({ status: NotificationStatus.New });
    expect(usage?.rate).toBeGreaterThan(0);
    // Closed the same day: the day's total no longer counts; it would from the next local day.
    await t.database.db.execute(sql`
      update notifications set notification_status_id = ${NotificationStatus.Closed}, closed_at = ${new Date(at + HOUR + 5 * 60_000).toISOString()}::timestamptz
      where id = ${usage?.id ?? 0}`);
    expect(await engine.evaluate([heavy.id])).toEqual([]);
    expect(await alertsOf(heavy.id, NotificationType.HighUsage)).toHaveLength(1);
  });

  describe('alerts API', () => {
    let open: number;
    beforeAll(async () => {
      // A fresh running toilet in each company, after the history written above.
      for (const s of [toilet, foreignToilet]) {
        await t.app.ingest.ingest(reports(s.mac, base + 30 * HOUR, 3, 40, 60));
        const engine = createAlertEngine(
          t.database.db,
          () => new Date(base + 33 * HOUR + 20 * 60_000),
        );
        await engine.evaluate([s.id]);
      }
      const [alert] = await rows<{ id: number }>(sql`
        select id from notifications where sensor_id = ${toilet.id}
          and notification_type_id = ${NotificationType.ContinuousFlow} and notification_status_id = 1`);
      if (!alert) throw new Error('no open alert');
      open = alert.id;
    });

    it('lists and counts the alerts of each place, within scope', async () => {
      for (const [path, id] of [
        ['companies', toilet.company],
        ['properties', toilet.property],
        ['buildings', toilet.building],
        ['units', toilet.unit],
      ] as const) {
        const list = (
          await manager(`/api/${path}/${id}/alerts?filter.notification_status_id=$in:1,2&limit=500`)
        ).json();
        expect(
          list.data.map((a: { id: number }) => a.id),
          path,
        ).toContain(open);
        const count = (
          await manager(`/api/${path}/${id}/alerts/count?filter.notification_status_id=$in:1,2`)
        ).json();
        expect(count.count, path).toBe(list.meta.totalItems);
        const openCount = (await manager(`/api/${path}/${id}/open-alerts-count`)).json();
        expect(openCount.count, path).toBe(list.meta.totalItems);
      }
      expect((await manager(`/api/units/${foreignToilet.unit}/alerts`)).statusCode).toBe(404);
      const perFixture = (
        await manager(`/api/units/${toilet.unit}/open-alerts-count/${toilet.appliance}`)
      ).json();
      expect(perFixture.count).toBeGreaterThanOrEqual(1);
      const perSensor = (
        await manager(
          `/api/units/${toilet.unit}/open-alerts-count/${toilet.appliance}/${toilet.mac}`,
        )
      ).json();
      expect(perSensor.count).toBe(1);
      // The micrometer may be named in lower case with byte separators; non-EUI text matches none.
      const spelled = toilet.mac.toLowerCase().match(/../g)?.join(':');
      const count = async (mac: string) =>
        (
          await manager(`/api/units/${toilet.unit}/open-alerts-count/${toilet.appliance}/${mac}`)
        ).json().count;
      expect(await count(spelled ?? '')).toBe(1);
      expect(await count('not-a-mac')).toBe(0);
      const all = (await manager('/api/notifications?limit=500')).json();
      expect(all.data.every((a: { company_id: number }) => a.company_id === toilet.company)).toBe(
        true,
      );
      expect((await manager('/api/notifications/count')).json().count).toBe(all.meta.totalItems);
    });

    it('shows the bell its active leaks with address, room, fixture, link, rate and first detection', async () => {
      const bell = (await manager('/api/notifications/active-leaks')).json();
      const leak = bell.find((a: { id: number }) => a.id === open);
      expect(leak).toMatchObject({
        _id: open,
        notification_category_id: NotificationCategory.Leak,
        appliance: 'main toilet',
        rate: 40 * 24 * 30,
        link: `/companies/${toilet.company}/properties/${toilet.property}/buildings/${toilet.building}/units/${toilet.unit}/alerts`,
      });
      expect(leak.address).toEqual(expect.any(String));
      expect(leak.first_detected).toEqual(expect.any(String));
      // The specification's names: firstDetected and status.
      expect(leak.firstDetected).toBe(leak.first_detected);
      expect(leak.status).toBe(leak.notification_status_id);
      expect(leak.status).toBe(1);
      expect(bell.some((a: { company_id: number }) => a.company_id === foreignToilet.company)).toBe(
        false,
      );
      const foreignBell = (await other('/api/notifications/active-leaks')).json();
      expect(foreignBell.some((a: { id: number }) => a.id === open)).toBe(false);
    });

    it('prices the alert and sums the company’s open leaks', async () => {
      const alert = (await manager(`/api/notifications/${open}`)).json();
      expect(alert.monthly_cost).toBeCloseTo((alert.rate * alert.water_price) / 1000, 1);
      const cost = (await manager(`/api/notifications/${open}/monthly-cost/1000`)).json();
      expect(cost).toEqual({
        gallons: 1000,
        water_price: alert.water_price,
        monthly_cost: alert.water_price,
      });
      const leaks = (await manager(`/api/companies/${toilet.company}/open-leaks`)).json();
      expect(leaks.count).toBe(leaks.data.length);
      expect(leaks.data.map((a: { id: number }) => a.id)).toContain(open);
      const overview = (await manager(`/api/companies/${toilet.company}/alerts-overview`)).json();
      const leakRow = overview.categories.find(
        (c: { notification_category_id: number }) => c.notification_category_id === 1,
      );
      expect(leakRow.new + leakRow.acknowledged).toBe(leaks.count);
      const chartResponse = await manager(
        `/api/companies/${toilet.company}/dashboard-chart-alerts?timeZone=America/New_York`,
      );
      expect(chartResponse.statusCode, chartResponse.body).toBe(200);
      const chart = (
        await manager(
          `/api/companies/${toilet.company}/dashboard-chart-alerts?timeZone=America/New_York`,
        )
      ).json();
      expect(
        chart.reduce((sum: number, m: { leak: number }) => sum + m.leak, 0),
      ).toBeGreaterThanOrEqual(1);
      expect((await manager(`/api/notifications/${open}/monthly-cost/-1`)).statusCode).toBe(400);
    });

    it('moves an alert to On it, then Fixed it with a note; refuses the rest', async () => {
      const ack = await manager(`/api/notifications/${open}/status/2`, {
        method: 'PUT',
        payload: {},
      });
      expect(ack.statusCode, ack.body).toBe(200);
      expect(ack.json()).toMatchObject({
        notification_status_id: 2,
        status_changed_by: expect.any(String),
      });
      expect(
        (await manager(`/api/notifications/${open}/status/1`, { method: 'PUT', payload: {} }))
          .statusCode,
      ).toBe(400);
      expect(
        (await other(`/api/notifications/${open}/status/3`, { method: 'PUT', payload: {} }))
          .statusCode,
      ).toBe(404);
      const fixed = await manager(`/api/notifications/${open}/status/3`, {
        method: 'PUT',
        payload: { note: '  Flapper replaced  ' },
      });
      expect(fixed.json()).toMatchObject({ notification_status_id: 3, note: 'Flapper replaced' });
      expect(fixed.json().closed_at).toEqual(expect.any(String));
      const again = await manager(`/api/notifications/${open}/status/2`, {
        method: 'PUT',
        payload: {},
      });
      expect([again.statusCode, again.json().message]).toEqual([
        409,
        'This alert is already closed',
      ]);
      const events = await rows<{ action: string; to_value: unknown; note: string | null }>(sql`
        select action, to_value, note from events where entity_type = 'alert' and entity_id = ${open} order by id`);
      expect(events.map((e) => [e.action, e.to_value])).toEqual([
        ['opened', expect.anything()],
        ['status', 2],
        ['status', 3],
      ]);
      expect(events[2]?.note).toBe('Flapper replaced');
    });

    it('exports the alerts in scope as CSV', async () => {
      const response = await manager(
        '/api/notifications/export-all-stream?timeZone=America/New_York',
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        /filename="alerts-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const records = parse(response.body, { bom: true, columns: true }) as Record<
        string,
        string
      >[];
      expect(records.some((r) => r.Alert === String(open) && r.Note === 'Flapper replaced')).toBe(
        true,
      );
      expect(records.some((r) => r.MAC === foreignToilet.mac)).toBe(false);
      const everything = await admin('/api/notifications/export-all-stream?timeZone=UTC');
      expect(everything.body).toContain(foreignToilet.mac);
    });
  });
});

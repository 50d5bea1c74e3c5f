// The Flume sync against the local fake Flume on the demo portfolio: a meter's minutes come into
// the rollups as its building's main line; a sync cut short by a Flume failure and run again
// counts every minute once (the overlap fetched again adds nothing), a minute Flume revises adds
// only its change, a rebuild of the rollups keeps the imported water, the building's chart shows
// it, refused credentials are flagged, and the HTTP calls ("Sync now", the building's meter) keep
// their scope and refuse a second sync while one runs.
import {
  NotificationCategory,
  NotificationStatus,
  NotificationType,
} from '@flowsight/domain/lookups';
import { localDateTime } from '@flowsight/domain/wall-clock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildUsageRollups } from '../../db/rollups.ts';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import {
  FAKE_FLUME_DEVICES,
  type FakeFlume,
  type FakeFlumeMinute,
  startFakeFlume,
} from '../../testing/fake-flume.ts';
import { createFlumeRepository } from './flume.repository.ts';
import { flumeConnector } from './flume.service.ts';
import { createFlumeSync, LATE_MINUTES_MS } from './flume.sync.ts';
import { createFlumeSecretBox } from './flume-secrets.ts';
import { createFlumeSyncRepository, externalMeterKey } from './flume-sync.repository.ts';

const METER_ID = FAKE_FLUME_DEVICES[1].id;
const MINUTE = 60_000;
/** The sync's clock: the window is the two days before it. */
const NOW = new Date('2026-11-20T12:00:00Z');
const START = NOW.getTime() - 2 * 24 * 60 * MINUTE;
/** Gallons of the i-th minute after START: 0.125 to 1 in a cycle of 8 (4.5 gallons a cycle). */
const SECRET_KEY = Buffer.alloc(32, 7);
const gallonsOf = (i: number) => ((((i % 8) + 8) % 8) + 1) * 0.125;

describe('Flume sync', () => {
  let t: TestApp;
  let flume: FakeFlume;
  let admin: AuthorizedRequest;
  let companyAdmin: AuthorizedRequest;
  let otherAdmin: AuthorizedRequest;
  let manager: AuthorizedRequest;
  let accountId: number;
  let deviceId: number;
  let building: number;
  let timeZone: string;
  const series: Record<string, FakeFlumeMinute[]> = {};

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const syncWith = (secretKey: Buffer) =>
    createFlumeSync({
      accounts: createFlumeRepository(t.database.db),
      sync: createFlumeSyncRepository(t.database.db),
      secrets: createFlumeSecretBox(secretKey),
      connect: flumeConnector(flume.url, true),
      backfillDays: 2,
      // 240 minutes a call, 5 calls a run: the two days take four runs (with the overlap).
      chunks: { minutesPerQuery: 120, queriesPerCall: 2, callsPerRun: 5 },
      now: () => NOW,
    });
  let sync: ReturnType<typeof syncWith>;
  const totals = async () => {
    const { sensorId } = externalMeterKey(deviceId);
    const [row] = await rows<{
      hourly: string;
      daily: string;
      monthly: string;
      readings: string;
    }>(sql`
      select (select coalesce(sum(volume_mgal), 0) from usage_hourly where sensor_id = ${sensorId}) as hourly,
             (select coalesce(sum(volume_mgal), 0) from usage_daily where sensor_id = ${sensorId}) as daily,
             (select coalesce(sum(volume_mgal), 0) from usage_monthly where sensor_id = ${sensorId}) as monthly,
             (select coalesce(sum(readings), 0) from usage_hourly where sensor_id = ${sensorId}) as readings`);
    return {
      hourly: Number(row?.hourly),
      daily: Number(row?.daily),
      monthly: Number(row?.monthly),
      readings: Number(row?.readings),
    };
  };
  const syncedUntil = async () => {
    const [row] = await rows<{ at: string | null }>(
      sql`select synced_until as at from external_flow_devices where id = ${deviceId}`,
    );
    return row?.at ? new Date(row.at).getTime() : null;
  };

  beforeAll(async () => {
    flume = await startFakeFlume({ series });
    t = await buildTestApp({
      demo: true,
      env: {
        FLUME_API_URL: flume.url,
        FLUME_BACKFILL_DAYS: '1',
        FLUME_SECRET_KEY: SECRET_KEY.toString('base64'),
      },
    });
    [admin, companyAdmin, otherAdmin, manager] = await Promise.all([
      t.as('admin@flowsight.test'),
      t.as('company.admin@flowsight.test'),
      t.as('other.admin@flowsight.test'),
      t.as('manager@flowsight.test'),
    ]);
    const [own] = await rows<{ company: number }>(sql`
      select r.company_id as company from user_roles r join users u on u.id = r.user_id
      where u.email = 'company.admin@flowsight.test' and r.company_id is not null order by r.id limit 1`);
    const [place] = await rows<{ id: number; zone: string }>(sql`
      select b.id, z.name as zone from buildings b join properties p on p.id = b.property_id
      join timezones z on z.id = p.timezone_id where b.company_id = ${own?.company} order by b.id limit 1`);
    if (!own || !place) throw new Error('no building of the company admin');
    building = place.id;
    timeZone = place.zone;
    // Three days of minutes, device-local as Flume labels them; the sync asks for the last two.
    series[METER_ID] = Array.from({ length: 3 * 24 * 60 }, (_, k) => {
      const i = k - 24 * 60;
      return {
        datetime: localDateTime(new Date(START + i * MINUTE), timeZone),
        gallons: gallonsOf(i),
      };
    });
    const added = await companyAdmin('/api/flume-accounts', {
      method: 'POST',
      payload: {
        company_id: own.company,
        name: 'Harbor meters',
        client_id: flume.credentials.clientId,
        client_secret: flume.credentials.clientSecret,
        username: flume.credentials.username,
        password: flume.credentials.password,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    accountId = added.json().id;
    deviceId = added.json().devices[0].id;
    // The building's main line is the Flume meter's now: its micrometer comes off.
    const macs = await rows<{ mac: string }>(sql`
      select mac_address as mac from sensors where building_id = ${building} and appliance_type_id = 19`);
    for (const { mac } of macs) {
      const off = await admin(`/api/sensors/assign?mac=${mac}&action=unassign`, {
        method: 'POST',
        payload: {},
      });
      expect(off.statusCode, off.body).toBe(200);
    }
    const linked = await companyAdmin(`/api/flume-accounts/${accountId}/devices/${deviceId}`, {
      method: 'PUT',
      payload: { building_id: building },
    });
    expect(linked.statusCode).toBe(200);
    // The micrometer measured the main line until 6 hours into the window (a reading of no water).
    const [mainLine] = await rows<{ id: number; unit: number; property: number }>(sql`
      select id, unit_id as unit, property_id as property from sensors
      where appliance_type_id = 19 and company_id = ${own.company} order by id limit 1`);
    await t.database.db.execute(sql`
      insert into usage_hourly (sensor_id, unit_id, hour, company_id, property_id, building_id,
        appliance_type_id, volume_mgal, flow_time_s, readings)
      values (${mainLine?.id}, ${mainLine?.unit ?? 1}, ${new Date(START + 5 * 60 * MINUTE).toISOString()}::timestamptz,
        ${own.company}, ${mainLine?.property}, ${building}, 19, 0, 0, 1)`);
    sync = syncWith(SECRET_KEY);
  });
  afterAll(async () => {
    await t?.close();
    await flume?.close();
  });

  it('resumes a sync cut short by Flume and counts every minute once', async () => {
    // The sign-in and two calls go through; the third call meets a Flume failure.
    flume.failAfter(3, 500, 'Internal server error');
    const first = await sync.account(accountId);
    expect(first).toMatchObject({
      calls: 2,
      error: 'Flume is unavailable (HTTP 500): Internal server error',
    });
    // From the end of the micrometer's last main-line hour (minute 360): 480 minutes of 60
    // cycles of 4.5 gallons, 270 gallons, counted in every rollup.
    expect(await totals()).toEqual({
      hourly: 270_000,
      daily: 270_000,
      monthly: 270_000,
      readings: 480,
    });
    expect(await syncedUntil()).toBe(START + 840 * MINUTE);
    const [failed] = await rows<{ last_error: string; credentials_refused: boolean }>(
      sql`select last_error, credentials_refused from external_flow_accounts where id = ${accountId}`,
    );
    expect(failed).toEqual({
      last_error: 'Flume is unavailable (HTTP 500): Internal server error',
      credentials_refused: false,
    });

    // Resumed: each run starts an hour before the cursor, so those minutes come again: 780 to
    // 1,980, then 1,920 to 2,880.
    let runs = 0;
    while ((await syncedUntil()) !== NOW.getTime() && runs < 6) {
      const outcome = await sync.account(accountId);
      expect(outcome?.error).toBeNull();
      runs += 1;
    }
    expect(runs).toBe(2);
    // Minutes 360 to 2,880 in 4.5-gallon cycles of 8: 2,520 minutes, 1,417.5 gallons; none twice.
    expect(await totals()).toEqual({
      hourly: 1_417_500,
      daily: 1_417_500,
      monthly: 1_417_500,
      readings: 2520,
    });
    const [stored] = await rows<{ minutes: number; mgal: string }>(sql`
      select count(*)::int as minutes, sum(volume_mgal) as mgal from external_flow_usage where device_id = ${deviceId}`);
    expect(stored).toEqual({ minutes: 2520, mgal: '1417500' });
  });

  it('adds nothing when run again, and only the change of a minute Flume revises', async () => {
    const again = await sync.account(accountId);
    expect(again).toMatchObject({ addedMgal: 0, newMinutes: 0, error: null });
    const meter = series[METER_ID] ?? [];
    // Ten minutes before the end, inside the hour fetched again: 1 gallon more.
    const revised = meter.findIndex(
      (m) => m.datetime === localDateTime(new Date(NOW.getTime() - 10 * MINUTE), timeZone),
    );
    const minute = meter[revised];
    if (!minute) throw new Error('no minute to revise');
    meter[revised] = { ...minute, gallons: minute.gallons + 1 };
    const revision = await sync.account(accountId);
    expect(revision).toMatchObject({ addedMgal: 1000, newMinutes: 0, error: null });
    expect(await totals()).toEqual({
      hourly: 1_418_500,
      daily: 1_418_500,
      monthly: 1_418_500,
      readings: 2520,
    });
    expect(LATE_MINUTES_MS).toBeGreaterThan(10 * MINUTE);
  });

  it("keeps the meter's water when the rollups are rebuilt", async () => {
    const { sensorId } = externalMeterKey(deviceId);
    const snapshot = () =>
      rows(sql`select hour, building_id, appliance_type_id, volume_mgal, readings from usage_hourly
        where sensor_id = ${sensorId} order by hour`);
    const before = await snapshot();
    expect(before.length).toBe(42);
    await rebuildUsageRollups(t.database.db);
    expect(await snapshot()).toEqual(before);
  });

  it("shows the meter's water on the building's chart as its main line", async () => {
    const end = localDateTime(new Date(NOW.getTime() - MINUTE), timeZone).slice(0, 10);
    const chart = await companyAdmin(`/api/buildings/${building}/gallons?granularity=3&end=${end}`);
    expect(chart.statusCode).toBe(200);
    const main = new Map<string, number>();
    for (let i = 360; i < 2880; i++) {
      const day = localDateTime(new Date(START + i * MINUTE), timeZone).slice(0, 10);
      const revised = START + i * MINUTE === NOW.getTime() - 10 * MINUTE ? 1 : 0;
      main.set(day, (main.get(day) ?? 0) + gallonsOf(i) + revised);
    }
    const days = chart.json().data as {
      period: string;
      gallons: number;
      fixture_gallons: number;
    }[];
    for (const [day, gallons] of main) {
      const bucket = days.find((d) => d.period === day);
      expect(bucket, day).toBeDefined();
      // Water accounting: the larger of the main line and the fixtures.
      expect(bucket?.gallons).toBeCloseTo(Math.max(gallons, bucket?.fixture_gallons ?? 0), 3);
      expect(bucket?.gallons).toBeGreaterThanOrEqual(gallons - 0.001);
    }
    expect(chart.json().source).not.toBe('fixture-meters-only');
  });

  it("answers the building's meter to whoever sees the building", async () => {
    const meter = await companyAdmin(`/api/buildings/${building}/flume-meter`);
    expect(meter.statusCode).toBe(200);
    expect(meter.json().meter).toMatchObject({
      account_id: accountId,
      account_name: 'Harbor meters',
      device_id: METER_ID,
      last_error: null,
    });
    expect(meter.json().meter.last_sync_at).toBe(NOW.toISOString());
    expect((await otherAdmin(`/api/buildings/${building}/flume-meter`)).statusCode).toBe(404);
    const [unlinked] = await rows<{ id: number }>(sql`
      select id from buildings where company_id = (select company_id from buildings where id = ${building})
        and id <> ${building} order by id limit 1`);
    expect((await companyAdmin(`/api/buildings/${unlinked?.id}/flume-meter`)).json()).toEqual({
      meter: null,
    });
  });

  it('syncs now over HTTP, and refuses a second sync while one runs', async () => {
    const path = `/api/flume-accounts/${accountId}/sync`;
    expect((await manager(path, { method: 'POST' })).statusCode).toBe(403);
    expect((await otherAdmin(path, { method: 'POST' })).statusCode).toBe(404);
    const before = await totals();
    const synced = await companyAdmin(path, { method: 'POST' });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json()).toMatchObject({ id: accountId, last_error: null });
    // The fake has no minutes after NOW: the water stays as it was.
    expect(await totals()).toEqual(before);
    const repository = createFlumeSyncRepository(t.database.db);
    const at = new Date();
    await repository.claim({
      now: at,
      leaseUntil: new Date(at.getTime() + 60_000),
      only: accountId,
    });
    const busy = await companyAdmin(path, { method: 'POST' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(
      'A sync of this Flume account is already running; try again in a minute',
    );
    await repository.release(accountId);
  });

  it('flags credentials Flume stops accepting', async () => {
    flume.revokeAccess();
    const synced = await companyAdmin(`/api/flume-accounts/${accountId}/sync`, { method: 'POST' });
    expect(synced.statusCode).toBe(200);
    expect(synced.json().last_error).toBe(
      'Flume refused the credentials (HTTP 401): Access token is invalid or expired',
    );
    const [row] = await rows<{ credentials_refused: boolean }>(
      sql`select credentials_refused from external_flow_accounts where id = ${accountId}`,
    );
    expect(row?.credentials_refused).toBe(true);
  });

  it('raises a device-health alert while Flume refuses the account, closed once it accepts it', async () => {
    const flumeAlerts = () =>
      rows<{ id: number; status: number; category: number; note: string | null }>(sql`
        select id, notification_status_id as status, notification_category_id as category, note
        from notifications where building_id = ${building} and notification_type_id = ${NotificationType.FlumeNotSyncing}
        order by id`);
    await t.app.alerts.sweep();
    const [raised] = await flumeAlerts();
    expect(raised).toMatchObject({
      status: NotificationStatus.New,
      category: NotificationCategory.DeviceHealth,
    });
    const listed = await admin(`/api/buildings/${building}/alerts`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toContainEqual(
      expect.objectContaining({
        id: raised?.id,
        notification_type_id: NotificationType.FlumeNotSyncing,
        building_id: building,
        unit_id: null,
      }),
    );
    // A second sweep keeps the one alert.
    await t.app.alerts.sweep();
    expect(await flumeAlerts()).toHaveLength(1);

    flume.restoreAccess();
    const synced = await companyAdmin(`/api/flume-accounts/${accountId}/sync`, { method: 'POST' });
    expect(synced.json().last_error).toBeNull();
    await t.app.alerts.sweep();
    expect(await flumeAlerts()).toEqual([
      {
        id: raised?.id,
        status: NotificationStatus.Closed,
        category: NotificationCategory.DeviceHealth,
        note: 'Closed automatically: Flume accepts the account’s credentials again.',
      },
    ]);
    const [event] = await rows<{ note: string; user_id: number | null }>(sql`
      select note, actor_user_id as user_id from events where entity_type = 'alert' and entity_id = ${raised?.id}
      order by id desc limit 1`);
    expect(event).toEqual({
      note: 'Closed automatically: Flume accepts the account’s credentials again.',
      user_id: null,
    });
  });
});

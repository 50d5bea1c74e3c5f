import {
  CompanyType,
  NotificationStatus,
  NotificationType,
  RoleType,
  SensorState,
  SensorStatus,
  UnitCategory,
  UserStatus,
} from '@flowsight/domain/lookups';
import { generateDemoAlerts } from '@flowsight/simulator/demo-alert-history';
import { generateDemoPortfolio } from '@flowsight/simulator/demo-portfolio';
import { verify } from '@node-rs/argon2';
import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertEngine, SYSTEM_CLOSE_NOTE } from '../../modules/alerts/alerts.engine.ts';
import { createTestDatabase } from '../../testing/database.ts';
import { type Database, type DatabaseHandle, selectRows } from '../client.ts';
import { events, notifications } from '../schema/alerts.ts';
import {
  companyApplianceThresholds,
  gatewayBuildingHistory,
  gateways,
  sensors,
} from '../schema/fleet.ts';
import { userRoles, users } from '../schema/identity.ts';
import { timezones } from '../schema/location.ts';
import { buildings, companies, properties, units } from '../schema/portfolio.ts';
import { seedDemo } from './demo.ts';

const portfolio = generateDemoPortfolio();
const now = new Date('2026-11-21T12:00:00Z');
const alerts = generateDemoAlerts(portfolio, { now });
// The year's history is closed; the present's device-health alerts are open.
const history = alerts.filter((a) => a.changes.at(-1)?.to === NotificationStatus.Closed);
const present = alerts.filter((a) => a.changes.at(-1)?.to !== NotificationStatus.Closed);

async function counts(db: Database) {
  return {
    companies: await db.$count(companies),
    properties: await db.$count(properties),
    buildings: await db.$count(buildings),
    units: await db.$count(units),
    sensors: await db.$count(sensors),
    placedSensors: await db.$count(sensors, isNotNull(sensors.unitId)),
    stockSensors: await db.$count(sensors, isNull(sensors.companyId)),
    gateways: await db.$count(gateways),
    gatewayHistory: await db.$count(gatewayBuildingHistory),
    thresholds: await db.$count(companyApplianceThresholds),
    users: await db.$count(users),
    roles: await db.$count(userRoles),
    alerts: await db.$count(notifications),
    events: await db.$count(events),
  };
}

describe('seedDemo', () => {
  let handle: DatabaseHandle;
  let first: { seeded: boolean };

  beforeAll(async () => {
    handle = await createTestDatabase();
    first = await seedDemo(handle.db, { now });
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('seeds an empty database with the whole portfolio', async () => {
    expect(first).toEqual({ seeded: true });
    const seeded = await counts(handle.db);
    expect(seeded).toEqual({
      companies: 3,
      properties: portfolio.properties.length,
      buildings: portfolio.buildings.length,
      units: portfolio.units.length,
      sensors: portfolio.sensors.length,
      placedSensors: portfolio.sensors.filter((s) => s.placement).length,
      stockSensors: portfolio.sensors.filter((s) => !s.placement).length,
      gateways: portfolio.gateways.length,
      gatewayHistory: portfolio.gateways.length,
      thresholds: portfolio.applianceThresholds.length,
      users: 12,
      roles: 13,
      alerts: alerts.length,
      events: alerts.reduce((sum, a) => sum + 1 + a.changes.length, 0),
    });
    expect(seeded.properties).toBeGreaterThanOrEqual(5);
    expect(seeded.buildings).toBeGreaterThanOrEqual(10);
    expect(seeded.units).toBeGreaterThanOrEqual(200);
    expect(seeded.placedSensors).toBeGreaterThanOrEqual(800);
    expect(seeded.gateways).toBeGreaterThanOrEqual(12);
    expect(
      await handle.db.$count(companies, eq(companies.companyTypeId, CompanyType.Restricted)),
    ).toBe(1);
  });

  it('does nothing the second time', async () => {
    const before = await counts(handle.db);
    expect(await seedDemo(handle.db, { now })).toEqual({ seeded: false });
    expect(await counts(handle.db)).toEqual(before);
  });

  it('places properties in their time zones and links every address to a dataset city', async () => {
    const zones = await handle.db
      .selectDistinct({ name: timezones.name })
      .from(properties)
      .innerJoin(timezones, eq(properties.timezoneId, timezones.id));
    expect(zones.map((z) => z.name)).toEqual(
      expect.arrayContaining(['America/New_York', 'America/Chicago', 'America/Los_Angeles']),
    );
    expect(await handle.db.$count(companies, isNull(companies.cityId))).toBe(0);
    expect(await handle.db.$count(properties, isNull(properties.cityId))).toBe(0);
    expect(await handle.db.$count(buildings, isNull(buildings.cityId))).toBe(0);
  });

  it('gives every installed sensor the company, property and building of its unit', async () => {
    const [mismatched] = await handle.db
      .select({ n: count() })
      .from(sensors)
      .innerJoin(units, eq(units.id, sensors.unitId))
      .where(
        sql`(${sensors.companyId}, ${sensors.propertyId}, ${sensors.buildingId})
          is distinct from (${units.companyId}, ${units.propertyId}, ${units.buildingId})`,
      );
    expect(mismatched).toEqual({ n: 0 });
    expect(
      await handle.db.$count(
        sensors,
        and(isNotNull(sensors.unitId), eq(sensors.sensorStateId, SensorState.Installed)),
      ),
    ).toBe(portfolio.sensors.filter((s) => s.placement).length);
  });

  it('keeps the first company, its assignment right and its resident as generated', async () => {
    const [firstCompany] = await handle.db
      .select({
        id: companies.id,
        name: companies.name,
        allowAssignment: companies.allowAssignment,
      })
      .from(companies)
      .where(eq(companies.name, 'Harborview Residential Group'));
    expect(firstCompany).toMatchObject({ allowAssignment: true });

    const residentRoles = await handle.db
      .select({
        roleTypeId: userRoles.userRoleTypeId,
        companyId: userRoles.companyId,
        unitCompanyId: units.companyId,
        unitCategoryId: units.unitCategoryId,
        buildingMatches: sql<boolean>`${userRoles.buildingId} = ${units.buildingId}`,
      })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .innerJoin(units, eq(units.id, userRoles.unitId))
      .where(eq(users.email, 'resident@flowsight.test'));
    expect(residentRoles).toEqual([
      {
        roleTypeId: RoleType.Resident,
        companyId: firstCompany?.id,
        unitCompanyId: firstCompany?.id,
        unitCategoryId: UnitCategory.Internal,
        buildingMatches: true,
      },
    ]);
  });

  it('signs every demo user in with the demo password and gives multi its two roles', async () => {
    const rows = await handle.db
      .select({ email: users.email, passwordHash: users.passwordHash, status: users.userStatusId })
      .from(users);
    const [anyone] = rows;
    expect(
      rows.every((r) => r.passwordHash === anyone?.passwordHash && r.status === UserStatus.Active),
    ).toBe(true);
    expect(await verify(anyone?.passwordHash ?? '', 'Demo!2026flow')).toBe(true);

    const multi = await handle.db
      .select({ roleTypeId: userRoles.userRoleTypeId, company: companies.name })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .innerJoin(companies, eq(companies.id, userRoles.companyId))
      .where(eq(users.email, 'multi@flowsight.test'))
      .orderBy(userRoles.id);
    expect(multi).toEqual([
      { roleTypeId: RoleType.CompanyAdmin, company: 'Harborview Residential Group' },
      { roleTypeId: RoleType.CompanyManager, company: 'Lakeshore Living Partners' },
    ]);
    const systemRoles = await handle.db.$count(
      userRoles,
      and(isNull(userRoles.companyId), eq(userRoles.userRoleTypeId, RoleType.SensorTester)),
    );
    expect(systemRoles).toBe(1);
  });

  it('writes a year of closed alerts, most taken on and fixed by people with notes, and the open ones of the present', async () => {
    const byStatus = await handle.db
      .select({ status: notifications.notificationStatusId, n: count() })
      .from(notifications)
      .groupBy(notifications.notificationStatusId)
      .orderBy(notifications.notificationStatusId);
    const openNew = present.filter((a) => a.changes.length === 0).length;
    expect(present.length).toBeGreaterThan(0);
    expect(byStatus).toEqual([
      { status: NotificationStatus.New, n: openNew },
      { status: NotificationStatus.Acknowledged, n: present.length - openNew },
      { status: NotificationStatus.Closed, n: history.length },
    ]);

    const months = await selectRows<{ month: string; n: number }>(
      handle.db,
      sql`select to_char(first_detected_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as n
          from notifications group by 1 order by 1`,
    );
    expect(months.length).toBeGreaterThanOrEqual(12);
    expect(Math.max(...months.map((m) => m.n))).toBeLessThan(history.length / 4);

    const actions = await selectRows<{
      action: string;
      to: number | null;
      people: number;
      noted: number;
      n: number;
    }>(
      handle.db,
      sql`select action, case when action = 'status' then (to_value #>> '{}')::int end as to,
            count(actor_user_id)::int as people, count(note)::int as noted, count(*)::int as n
          from events where entity_type = 'alert' group by 1, 2 order by 1, 2`,
    );
    const opened = actions.find((a) => a.action === 'opened');
    const acknowledged = actions.find((a) => a.to === NotificationStatus.Acknowledged);
    const closed = actions.find((a) => a.to === NotificationStatus.Closed);
    expect(opened).toMatchObject({ n: alerts.length, people: 0, noted: 0 });
    expect(acknowledged?.people).toBe(acknowledged?.n);
    expect(acknowledged?.n).toBeGreaterThan(history.length / 2);
    // Every close carries a note: the person's, or the engine's when the condition went away.
    expect(closed).toMatchObject({ n: history.length, noted: history.length });
    expect(closed?.people).toBeGreaterThan(history.length * 0.7);
    expect(
      await handle.db.$count(
        events,
        and(isNull(events.actorUserId), eq(events.note, SYSTEM_CLOSE_NOTE)),
      ),
    ).toBe(history.length - (closed?.people ?? 0));
  });

  it('credits each change to the demo user and role that made it, within their company', async () => {
    const actors = await selectRows<{ email: string; role_type: number; same_company: boolean }>(
      handle.db,
      sql`select distinct u.email, r.user_role_type_id as role_type,
            (r.company_id is null or r.company_id = e.company_id) as same_company
          from events e join users u on u.id = e.actor_user_id join user_roles r on r.id = e.actor_role_id
          where e.entity_type = 'alert' and r.user_id = u.id order by 1, 2`,
    );
    expect(actors.every((a) => a.same_company)).toBe(true);
    expect(actors.map((a) => a.email)).toEqual(
      expect.arrayContaining([
        'company.admin@flowsight.test',
        'manager@flowsight.test',
        'multi@flowsight.test',
        'other.admin@flowsight.test',
      ]),
    );
    const closers = await selectRows<{ mismatched: number }>(
      handle.db,
      sql`select count(*)::int as mismatched from notifications n
          join lateral (select actor_user_id, note from events e
            where e.entity_type = 'alert' and e.entity_id = n.id order by occurred_at desc, id desc limit 1) last on true
          where n.status_changed_by is distinct from last.actor_user_id or n.note is distinct from last.note
            or (n.closed_at is null) <> (n.notification_status_id <> ${NotificationStatus.Closed})`,
    );
    expect(closers).toEqual([{ mismatched: 0 }]);
  });

  it('holds open the device-health alerts of the present since their condition began, so start-up adds none at the clock', async () => {
    const offline = await selectRows<{
      status: number;
      first_ms: number;
      installed_ms: number | null;
      heard_ms: number | null;
    }>(
      handle.db,
      sql`select s.sensor_status_id as status,
            extract(epoch from n.first_detected_at)::float8 * 1000 as first_ms,
            extract(epoch from s.installed_at)::float8 * 1000 as installed_ms,
            extract(epoch from greatest(s.last_keepalive, s.last_submission))::float8 * 1000 as heard_ms
          from notifications n join sensors s on s.id = n.sensor_id
          where n.notification_type_id = ${NotificationType.SensorOffline}
            and n.notification_status_id in (1, 2)`,
    );
    const threeHours = 3 * 3_600_000;
    // Every installed micrometer never heard: offline three keep-alive intervals after it was fitted.
    const neverHeard = offline.filter((o) => o.status === SensorStatus.NeverHeard);
    expect(neverHeard).toHaveLength(
      portfolio.sensors.filter((s) => s.placement && s.sensorStatusId === SensorStatus.NeverHeard)
        .length,
    );
    for (const o of neverHeard) expect(o.first_ms).toBe((o.installed_ms ?? 0) + threeHours);
    // Every one not transmitting: three intervals after it was last heard.
    const silent = offline.filter((o) => o.status === SensorStatus.NotTransmitting);
    expect(silent.length).toBeGreaterThan(0);
    for (const o of silent) expect(o.first_ms).toBe((o.heard_ms ?? 0) + threeHours);

    const before = await handle.db.$count(notifications);
    const engine = createAlertEngine(handle.db, () => now);
    await engine.sweep();
    // Without readings the sweep finds only device health, and the seed already holds all of it.
    expect(await handle.db.$count(notifications)).toBe(before);

    // "Alerts per month": the clock's month (the 21st, so two thirds of it) is no spike.
    const months = await selectRows<{ month: string; n: number }>(
      handle.db,
      sql`select to_char(first_detected_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as n
          from notifications where first_detected_at >= ${new Date(Date.UTC(2025, 10, 1)).toISOString()}::timestamptz
          group by 1 order by 1`,
    );
    const clockMonth = months.find((m) => m.month === '2026-11')?.n ?? 0;
    const others = months.filter((m) => m.month !== '2026-11').map((m) => m.n);
    const busiest = Math.max(...others);
    expect(
      clockMonth,
      `the clock's month against the busiest other month: ${JSON.stringify(months)}`,
    ).toBeLessThanOrEqual(2 * busiest);
  });

  it('leaves the alerts the engine opens at start-up as they would be without the history', async () => {
    const openNow = async () =>
      (
        await selectRows<{ key: string }>(
          handle.db,
          sql`select concat_ws('|', notification_type_id, sensor_id, gateway_id, building_id) as key
              from notifications where notification_status_id in (1, 2) order by 1`,
        )
      ).map((r) => r.key);
    const engine = createAlertEngine(handle.db, () => now);
    await engine.sweep();
    const withHistory = await openNow();
    expect(withHistory.length).toBeGreaterThan(0);

    await handle.db.delete(events).where(eq(events.entityType, 'alert'));
    await handle.db.delete(notifications);
    await engine.sweep();
    expect(await openNow()).toEqual(withHistory);
    expect(
      await handle.db.$count(
        notifications,
        inArray(notifications.notificationStatusId, [NotificationStatus.Closed]),
      ),
    ).toBe(0);
  });
});

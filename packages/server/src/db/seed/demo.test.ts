import {
  CompanyType,
  RoleType,
  SensorState,
  UnitCategory,
  UserStatus,
} from '@flowsight/domain/lookups';
import { generateDemoPortfolio } from '@flowsight/simulator/demo-portfolio';
import { verify } from '@node-rs/argon2';
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/database.ts';
import type { Database, DatabaseHandle } from '../client.ts';
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
      users: 11,
      roles: 12,
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
});

// Writes the demo portfolio (DEMO=1) into an empty database: companies down to units, sensors,
// gateways, appliance thresholds, the demo sign-ins, a year of closed alerts with the events of
// the people who handled them and the device-health alerts open at the clock
// (demo-alert-history.ts), all in one transaction. The portfolio
// itself is generated, database-free, by @flowsight/simulator; this module only maps its local
// indexes onto the ids the database hands out. Needs migrations and the location dataset first.
import { UserStatus } from '@flowsight/domain/lookups';
import { generateDemoAlerts } from '@flowsight/simulator/demo-alert-history';
import type { DemoCity } from '@flowsight/simulator/demo-blueprint';
import {
  type DemoPortfolio,
  demoPassword,
  generateDemoPortfolio,
} from '@flowsight/simulator/demo-portfolio';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.ts';
import type { Database } from '../client.ts';
import {
  companyApplianceThresholds,
  gatewayBuildingHistory,
  gateways,
  sensors,
} from '../schema/fleet.ts';
import { userRoles, users } from '../schema/identity.ts';
import { cities, countries, states, timezones } from '../schema/location.ts';
import { buildings, companies, properties, units } from '../schema/portfolio.ts';
import { insertAlertHistory } from './demo-alert-history.ts';

// Well under Postgres' 65,535 bind parameters for the widest row (sensors, ~20 columns).
const BATCH = 500;
const DEMO_SEED_LOCK_KEY = 7_311_043;

export type SeedDemoOptions = {
  /** Clock that the portfolio's "minutes ago" offsets count back from. */
  now?: Date;
  seed?: number;
  /** This portfolio instead of the one `seed` generates (a multiplied fleet for scale benchmarks). */
  portfolio?: DemoPortfolio;
};

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

/** Seeds the demo portfolio unless the database already has a company. */
export async function seedDemo(
  db: Database,
  options: SeedDemoOptions = {},
): Promise<{ seeded: boolean }> {
  if (await hasCompanies(db)) return { seeded: false };
  const portfolio = options.portfolio ?? generateDemoPortfolio(options.seed);
  // Every demo user has the same password, and argon2 is slow on purpose: hash it once.
  const passwordHash = await hashPassword(demoPassword);
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    // Replicas starting together: one seeds, the others wait here and then find its companies.
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`);
    if (await hasCompanies(tx)) return { seeded: false };
    await insertPortfolio(tx, portfolio, passwordHash, now);
    return { seeded: true };
  });
}

async function hasCompanies(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: companies.id }).from(companies).limit(1);
  return rows.length > 0;
}

async function insertPortfolio(
  tx: Transaction,
  portfolio: DemoPortfolio,
  passwordHash: string,
  now: Date,
): Promise<void> {
  const cityId = await cityResolver(tx, portfolio);
  const timezoneId = await timezoneResolver(tx, portfolio);
  const ago = (minutes: number | null) =>
    minutes === null ? null : new Date(now.getTime() - minutes * 60_000);

  const companyIds = keyedIds(
    portfolio.companies.map((c) => c.name),
    await inBatches(portfolio.companies, (batch) =>
      tx
        .insert(companies)
        .values(
          batch.map((c) => ({
            name: c.name,
            street: c.street,
            cityId: cityId(c.city),
            postal: c.postal,
            phone: c.phone,
            email: c.email,
            companyTypeId: c.companyTypeId,
            allowAssignment: c.allowAssignment,
            timezoneId: timezoneId(c.timezone),
          })),
        )
        .returning({ id: companies.id, key: companies.name }),
    ),
    'company',
  );

  const propertyRows = portfolio.properties.map((p) => ({
    companyId: idAt(companyIds, p.companyIndex),
    name: p.name,
    street: p.street,
    cityId: cityId(p.city),
    postal: p.postal,
    timezoneId: timezoneId(p.timezone),
    propertyTypeId: p.propertyTypeId,
    waterPricePerKgal: p.waterPricePerKgal.toFixed(2),
  }));
  const propertyIds = keyedIds(
    propertyRows.map((p) => `${p.companyId}|${p.name}`),
    await inBatches(propertyRows, async (batch) =>
      (
        await tx.insert(properties).values(batch).returning({
          id: properties.id,
          companyId: properties.companyId,
          name: properties.name,
        })
      ).map((r) => ({ id: r.id, key: `${r.companyId}|${r.name}` })),
    ),
    'property',
  );

  const buildingRows = portfolio.buildings.map((b) => ({
    companyId: idAt(companyIds, b.companyIndex),
    propertyId: idAt(propertyIds, b.propertyIndex),
    name: b.name,
    street: b.street,
    cityId: cityId(b.city),
    postal: b.postal,
    floors: b.floors,
    buildingTypeId: b.buildingTypeId,
    installationTypeId: b.installationTypeId,
    surveyStatus: b.surveyStatus,
    surveyUpdatedAt: b.surveyStatus === 0 ? null : new Date(b.installedAt),
  }));
  const buildingIds = keyedIds(
    buildingRows.map((b) => `${b.propertyId}|${b.name}`),
    await inBatches(buildingRows, async (batch) =>
      (
        await tx.insert(buildings).values(batch).returning({
          id: buildings.id,
          propertyId: buildings.propertyId,
          name: buildings.name,
        })
      ).map((r) => ({ id: r.id, key: `${r.propertyId}|${r.name}` })),
    ),
    'building',
  );

  const unitRows = portfolio.units.map((u) => ({
    companyId: idAt(companyIds, u.companyIndex),
    propertyId: idAt(propertyIds, u.propertyIndex),
    buildingId: idAt(buildingIds, u.buildingIndex),
    name: u.name,
    floor: u.floor,
    unitCategoryId: u.unitCategoryId,
    unitTypeId: u.unitTypeId,
    unitStateId: u.unitStateId,
    tenants: u.tenants,
  }));
  const unitIds = keyedIds(
    unitRows.map((u) => `${u.buildingId}|${u.name}`),
    await inBatches(unitRows, async (batch) =>
      (
        await tx.insert(units).values(batch).returning({
          id: units.id,
          buildingId: units.buildingId,
          name: units.name,
        })
      ).map((r) => ({ id: r.id, key: `${r.buildingId}|${r.name}` })),
    ),
    'unit',
  );

  // A sensor's hierarchy comes from its unit's row, so the four ids cannot disagree.
  const sensorRows = portfolio.sensors.map((s) => {
    const unit = s.placement ? unitRows[s.placement.unitIndex] : undefined;
    if (s.placement && !unit) throw new Error(`Demo sensor ${s.macAddress} has no unit`);
    return {
      macAddress: s.macAddress,
      sensorStateId: s.sensorStateId,
      sensorStatusId: s.sensorStatusId,
      battery: s.battery,
      firmwareVersion: s.firmwareVersion,
      sizeInch: s.sizeInch.toFixed(3),
      installDate: new Date(s.installDate),
      // The portfolio's install date is when the micrometer was fitted on its fixture.
      installedAt: s.placement ? new Date(s.installDate) : null,
      lastKeepalive: ago(s.lastKeepaliveMinutesAgo),
      lastSubmission: ago(s.lastSubmissionMinutesAgo),
      companyId: unit?.companyId ?? null,
      propertyId: unit?.propertyId ?? null,
      buildingId: unit?.buildingId ?? null,
      unitId: s.placement ? idAt(unitIds, s.placement.unitIndex) : null,
      applianceTypeId: s.placement?.applianceTypeId ?? null,
      roomTypeId: s.placement?.roomTypeId ?? null,
      waterTypeId: s.placement?.waterTypeId ?? null,
    };
  });
  const sensorIds = keyedIds(
    sensorRows.map((s) => s.macAddress),
    await inBatches(sensorRows, (batch) =>
      tx.insert(sensors).values(batch).returning({ id: sensors.id, key: sensors.macAddress }),
    ),
    'sensor',
  );

  const gatewayRows = portfolio.gateways.map((g) => ({
    serialNumber: g.serialNumber,
    name: g.name,
    model: g.model,
    companyId: idAt(companyIds, g.companyIndex),
    propertyId: idAt(propertyIds, g.propertyIndex),
    buildingId: idAt(buildingIds, g.buildingIndex),
    gatewayStatusId: g.gatewayStatusId,
    alertsDisabled: g.alertsDisabled,
    lastSeenAt: ago(g.lastSeenMinutesAgo),
  }));
  const gatewayIds = keyedIds(
    gatewayRows.map((g) => g.serialNumber),
    await inBatches(gatewayRows, (batch) =>
      tx.insert(gateways).values(batch).returning({ id: gateways.id, key: gateways.serialNumber }),
    ),
    'gateway',
  );
  const historyRows = portfolio.gateways.map((g, gatewayIndex) => ({
    gatewayId: idAt(gatewayIds, gatewayIndex),
    companyId: idAt(companyIds, g.companyIndex),
    buildingId: idAt(buildingIds, g.buildingIndex),
    assignedAt: new Date(g.assignedAt),
  }));
  await inBatches(historyRows, async (batch) => {
    await tx.insert(gatewayBuildingHistory).values(batch);
    return [];
  });

  await inBatches(portfolio.applianceThresholds, async (batch) => {
    await tx.insert(companyApplianceThresholds).values(
      batch.map((t) => ({
        companyId: idAt(companyIds, t.companyIndex),
        applianceTypeId: t.applianceTypeId,
        threshold: t.gallonsPerDay.toFixed(3),
      })),
    );
    return [];
  });

  const userIds = keyedIds(
    portfolio.users.map((u) => u.email),
    await inBatches(portfolio.users, (batch) =>
      tx
        .insert(users)
        .values(
          batch.map((u) => ({
            email: u.email,
            firstName: u.firstName,
            lastName: u.lastName,
            phone: u.phone,
            passwordHash,
            mfa: 0,
            userStatusId: UserStatus.Active,
          })),
        )
        .returning({ id: users.id, key: users.email }),
    ),
    'user',
  );
  // Role rows go in the portfolio's order: a user's first role is the one sign-in starts with.
  const roleRows = portfolio.users.flatMap((u, userIndex) =>
    u.roles.map((r) => ({
      userId: idAt(userIds, userIndex),
      userRoleTypeId: r.roleTypeId,
      companyId: r.companyIndex === null ? null : idAt(companyIds, r.companyIndex),
      propertyId: r.propertyIndex === null ? null : idAt(propertyIds, r.propertyIndex),
      buildingId: r.buildingIndex === null ? null : idAt(buildingIds, r.buildingIndex),
      unitId: r.unitIndex === null ? null : idAt(unitIds, r.unitIndex),
    })),
  );
  const roleKey = (r: { userId: number; userRoleTypeId: number; companyId: number | null }) =>
    `${r.userId}|${r.userRoleTypeId}|${r.companyId}`;
  const roleIds = keyedIds(
    roleRows.map(roleKey),
    await inBatches(roleRows, async (batch) =>
      (
        await tx.insert(userRoles).values(batch).returning({
          id: userRoles.id,
          userId: userRoles.userId,
          userRoleTypeId: userRoles.userRoleTypeId,
          companyId: userRoles.companyId,
        })
      ).map((r) => ({ id: r.id, key: roleKey(r) })),
    ),
    'role',
  );
  const roleOffset = portfolio.users.map((_, userIndex) =>
    portfolio.users.slice(0, userIndex).reduce((sum, u) => sum + u.roles.length, 0),
  );

  // A year of alerts that people took on and fixed, and the device-health alerts open at the clock
  // (opened when their devices fell silent or low); the present's leaks are the engine's to open.
  await insertAlertHistory(
    tx as unknown as Database,
    generateDemoAlerts(portfolio, { now, seed: portfolio.seed }),
    {
      company: (i) => idAt(companyIds, i),
      property: (i) => idAt(propertyIds, i),
      building: (i) => idAt(buildingIds, i),
      unit: (i) => idAt(unitIds, i),
      sensor: (i) => idAt(sensorIds, i),
      gateway: (i) => idAt(gatewayIds, i),
      actor: (userIndex, roleIndex) => ({
        userId: idAt(userIds, userIndex),
        roleId: idAt(roleIds, idAt(roleOffset, userIndex) + roleIndex),
      }),
    },
    now,
  );
}

/** Ids of the portfolio's cities in the location dataset; a city it lacks stays null. */
async function cityResolver(
  tx: Transaction,
  portfolio: DemoPortfolio,
): Promise<(city: DemoCity) => number | null> {
  const wanted = [
    ...portfolio.companies.map((c) => c.city),
    ...portfolio.properties.map((p) => p.city),
    ...portfolio.buildings.map((b) => b.city),
  ];
  const rows = await tx
    .select({ id: cities.id, name: cities.name, stateCode: states.code })
    .from(cities)
    .innerJoin(states, eq(cities.stateId, states.id))
    .innerJoin(countries, eq(states.countryId, countries.id))
    .where(
      and(
        eq(countries.iso2, 'US'),
        inArray(states.code, [...new Set(wanted.map((c) => c.stateCode))]),
        inArray(cities.name, [...new Set(wanted.map((c) => c.name))]),
      ),
    );
  const ids = new Map(rows.map((r) => [`${r.stateCode}|${r.name}`, r.id]));
  return (city) => ids.get(`${city.stateCode}|${city.name}`) ?? null;
}

/** Ids of the portfolio's IANA time zones; properties cannot exist without one. */
async function timezoneResolver(
  tx: Transaction,
  portfolio: DemoPortfolio,
): Promise<(name: string) => number> {
  const names = [
    ...new Set([
      ...portfolio.companies.map((c) => c.timezone),
      ...portfolio.properties.map((p) => p.timezone),
    ]),
  ];
  const rows = await tx
    .select({ id: timezones.id, name: timezones.name })
    .from(timezones)
    .where(inArray(timezones.name, names));
  const ids = new Map(rows.map((r) => [r.name, r.id]));
  return (name) => {
    const id = ids.get(name);
    if (id === undefined) {
      throw new Error(`Time zone ${name} is missing: load the location dataset before the demo`);
    }
    return id;
  };
}

async function inBatches<Row, Out>(
  rows: readonly Row[],
  insert: (batch: Row[]) => Promise<Out[]>,
): Promise<Out[]> {
  const out: Out[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    out.push(...(await insert(rows.slice(start, start + BATCH))));
  }
  return out;
}

// Postgres does not promise that RETURNING follows the VALUES order, so ids are matched back to
// the portfolio by a natural key rather than by position.
function keyedIds(
  keys: readonly string[],
  inserted: readonly { id: number; key: string }[],
  what: string,
): number[] {
  const byKey = new Map(inserted.map((r) => [r.key, r.id]));
  return keys.map((key) => {
    const id = byKey.get(key);
    if (id === undefined) throw new Error(`Demo ${what} "${key}" was not inserted`);
    return id;
  });
}

function idAt(ids: readonly number[], index: number): number {
  const id = ids[index];
  if (id === undefined) throw new Error(`Demo portfolio refers to a missing row (${index})`);
  return id;
}

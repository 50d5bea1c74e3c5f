// Writes of the tenant hierarchy: create, change, delete (refused while anything depends on the
// record) and the two moves — a property to another company, a building to another property —
// each one transaction that also carries everything hanging below the moved record. The portfolio
// service decides who may write what; this is its write repository. The dependents check refuses
// a delete inside the delete's own transaction, so nothing can come to depend on the record
// between the check and the delete.

import { levelPlural } from '@flowsight/domain/level-plurals';
import { NotificationStatus, SensorState } from '@flowsight/domain/lookups';
import {
  type BuildingValues,
  type CompanyValues,
  dependentsMessage,
  type PortfolioLevel,
  type PropertyValues,
  type UnitValues,
} from '@flowsight/domain/portfolio';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { type Dependent, dependentsOf } from '../../db/queries/dependents.ts';
import { recordEvent } from '../../db/queries/record-event.ts';
import { companyApplianceThresholds } from '../../db/schema/fleet.ts';
import {
  billingCompanyProperties,
  buildings,
  companies,
  properties,
  units,
} from '../../db/schema/portfolio.ts';
import { Conflict } from '../../lib/errors.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import { withDatabase } from '../../lib/with-database.ts';

const tableOf = levelPlural;

/**
 * Rows that describe or configure part of the hierarchy and always follow it when it moves, with
 * the hierarchy columns each carries (company_id is on all of them).
 */
const followers: readonly { table: string; property: boolean }[] = [
  { table: 'units', property: true },
  { table: 'user_roles', property: true },
  { table: 'notification_contacts', property: true },
  { table: 'gateways', property: true },
  { table: 'uploads', property: true },
  { table: 'gateway_building_history', property: false },
  { table: 'office_assignments', property: false },
  { table: 'downlinks', property: false },
  { table: 'building_survey_items', property: false },
  { table: 'building_installers', property: false },
  { table: 'building_shipping', property: false },
  { table: 'building_shipping_contacts', property: false },
  { table: 'building_survey_approval_tokens', property: false },
  { table: 'external_flow_accounts', property: false },
];
/** History that moves only with `transfer=1` (DESIGN section 6); otherwise it stays where it was. */
const history = [
  'submissions',
  'usage_hourly',
  'usage_daily',
  'usage_monthly',
  'notifications',
] as const;

/** Where the moved part is: a whole property, or one building. */
type Subtree = { kind: 'property'; id: number } | { kind: 'building'; id: number };
type Destination = { companyId: number; propertyId?: number };

const CLOSED_ON_MOVE_NOTE =
  'Closed automatically: the micrometer was unassigned when its building or property moved.';

/** The rows of `table` inside the subtree. */
function inSubtree(table: string, hasProperty: boolean, subtree: Subtree): SQL {
  const column = (name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;
  if (subtree.kind === 'building') return sql`${column('building_id')} = ${subtree.id}`;
  if (hasProperty) return sql`${column('property_id')} = ${subtree.id}`;
  return sql`${column('building_id')} in (select id from buildings where property_id = ${subtree.id})`;
}

async function moveRows(
  tx: Transaction,
  table: string,
  hasProperty: boolean,
  subtree: Subtree,
  to: Destination,
) {
  const assignments = [sql`company_id = ${to.companyId}`];
  if (hasProperty && to.propertyId !== undefined)
    assignments.push(sql`property_id = ${to.propertyId}`);
  const result = (await tx.execute(
    sql`update ${sql.identifier(table)} set ${sql.join(assignments, sql`, `)} where ${inSubtree(table, hasProperty, subtree)}`,
  )) as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

export type MoveCounts = {
  buildings: number;
  units: number;
  sensors: number;
  unassigned_sensors: number;
};

async function refuseWhileDependents(
  tx: Transaction,
  level: PortfolioLevel,
  id: number,
  ignore: string[] = [],
) {
  const dependents: Dependent[] = await dependentsOf(tx, tableOf[level], id, { ignore });
  if (dependents.length > 0) throw new Conflict(dependentsMessage(level, dependents));
}

/** Deletes one record in a transaction after checking nothing depends on it. */
async function remove(
  db: Database,
  scope: Scope,
  level: PortfolioLevel,
  id: number,
  companyId: number,
) {
  await db.transaction(async (tx) => {
    // A company's own fixture thresholds are part of it, not dependents.
    const owned = level === 'company' ? ['company_appliance_thresholds'] : [];
    await refuseWhileDependents(tx, level, id, owned);
    if (level === 'company') {
      await tx
        .delete(companyApplianceThresholds)
        .where(eq(companyApplianceThresholds.companyId, id));
    }
    const table = { company: companies, property: properties, building: buildings, unit: units }[
      level
    ];
    await tx.delete(table).where(eq(table.id, id));
    await recordEvent(tx, scope, {
      entityType: level,
      entityId: id,
      action: 'deleted',
      companyId,
    });
  });
}

/**
 * Moves a property to another company or a building to another property. Structure and
 * configuration always follow; micrometers and their history follow with `transfer`, otherwise
 * the micrometers are unassigned first (their open alerts closed, and the buildings' own, such
 * as unaccounted water, which the history they rest on no longer follows) and the history stays
 * put.
 */
async function move(
  db: Database,
  scope: Scope,
  subtree: Subtree,
  to: Destination,
  transfer: boolean,
  from: Destination,
) {
  return db.transaction(async (tx) => {
    const counts: MoveCounts = { buildings: 0, units: 0, sensors: 0, unassigned_sensors: 0 };
    if (!transfer) {
      const sensorIds = sql`select id from sensors where ${inSubtree('sensors', true, subtree)}`;
      await tx.execute(sql`
          update notifications set notification_status_id = ${NotificationStatus.Closed},
            note = ${CLOSED_ON_MOVE_NOTE}, closed_at = now(), status_changed_at = now(), updated_at = now()
          where (sensor_id in (${sensorIds})
                 or (sensor_id is null and ${inSubtree('notifications', true, subtree)}))
            and notification_status_id in (${NotificationStatus.New}, ${NotificationStatus.Acknowledged})`);
      const result = (await tx.execute(sql`
          update sensors set company_id = null, property_id = null, building_id = null, unit_id = null,
            appliance_type_id = null, room_type_id = null, water_type_id = null,
            sensor_state_id = ${SensorState.Stock}, updated_at = now()
          where ${inSubtree('sensors', true, subtree)}`)) as unknown as {
        rowCount?: number | null;
        affectedRows?: number;
      };
      counts.unassigned_sensors = Number(result.rowCount ?? result.affectedRows ?? 0);
    } else {
      counts.sensors = await moveRows(tx, 'sensors', true, subtree, to);
      for (const table of history) await moveRows(tx, table, true, subtree, to);
    }
    for (const { table, property } of followers) {
      const moved = await moveRows(tx, table, property, subtree, to);
      if (table === 'units') counts.units = moved;
    }
    // A Flume meter stays with its account's company: a building that leaves it is unlinked.
    await tx.execute(sql`
        update external_flow_devices set building_id = null
        where ${inSubtree('external_flow_devices', false, subtree)} and company_id <> ${to.companyId}`);
    if (subtree.kind === 'property') {
      counts.buildings = await moveRows(tx, 'buildings', true, subtree, to);
      await tx
        .update(properties)
        .set({ companyId: to.companyId, updatedAt: new Date() })
        .where(eq(properties.id, subtree.id));
      // A company is not billed for a property it now owns.
      await tx
        .delete(billingCompanyProperties)
        .where(
          and(
            eq(billingCompanyProperties.companyId, to.companyId),
            eq(billingCompanyProperties.propertyId, subtree.id),
          ),
        );
    } else {
      counts.buildings = 1;
      await tx
        .update(buildings)
        .set({ companyId: to.companyId, propertyId: to.propertyId, updatedAt: new Date() })
        .where(eq(buildings.id, subtree.id));
      if (transfer) await redateDailyUsage(tx, subtree.id);
    }
    await recordEvent(tx, scope, {
      entityType: subtree.kind,
      entityId: subtree.id,
      action: 'moved',
      companyId: to.companyId,
      from: { company_id: from.companyId, property_id: from.propertyId ?? null },
      to: { company_id: to.companyId, property_id: to.propertyId ?? null, transfer },
      note: JSON.stringify(counts),
    });
    return counts;
  });
}

/**
 * Daily (and monthly) usage is dated in its property's time zone; a building that moved to a
 * property in another zone gets its daily rows rebuilt from the hourly ones in the new zone,
 * and its monthly rows from those days.
 */
async function redateDailyUsage(tx: Transaction, buildingId: number) {
  await tx.execute(sql`delete from usage_daily where building_id = ${buildingId}`);
  await tx.execute(sql`
      insert into usage_daily (sensor_id, company_id, property_id, building_id, unit_id,
        appliance_type_id, volume_mgal, flow_time_s, readings, day)
      select h.sensor_id, h.company_id, h.property_id, h.building_id, h.unit_id,
        min(h.appliance_type_id), sum(h.volume_mgal), sum(h.flow_time_s), sum(h.readings),
        (h.hour at time zone z.name)::date
      from usage_hourly h
      join properties p on p.id = h.property_id
      join timezones z on z.id = p.timezone_id
      where h.building_id = ${buildingId}
      group by h.sensor_id, h.company_id, h.property_id, h.building_id, h.unit_id,
        (h.hour at time zone z.name)::date`);
  await tx.execute(sql`delete from usage_monthly where building_id = ${buildingId}`);
  await tx.execute(sql`
      insert into usage_monthly (sensor_id, company_id, property_id, building_id, unit_id,
        appliance_type_id, volume_mgal, flow_time_s, readings, month)
      select sensor_id, company_id, property_id, building_id, unit_id, min(appliance_type_id),
        sum(volume_mgal), sum(flow_time_s), sum(readings), date_trunc('month', day)::date
      from usage_daily where building_id = ${buildingId}
      group by sensor_id, company_id, property_id, building_id, unit_id, date_trunc('month', day)::date`);
}

/** The address fields the portfolio's create and update bodies share. */
type AddressValues = Pick<CompanyValues, 'street' | 'city_id' | 'postal'>;

/** A new record's address columns: a field left out is stored as none. */
const newAddress = (input: Partial<AddressValues>) => ({
  street: input.street ?? null,
  cityId: input.city_id ?? null,
  postal: input.postal ?? null,
});

/** An update's address columns: a field left out stays as it is. */
const changedAddress = (input: Partial<AddressValues>) => ({
  street: input.street,
  cityId: input.city_id,
  postal: input.postal,
});

async function createCompany(db: Database, scope: Scope, input: CompanyValues) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(companies)
      .values({
        name: input.name,
        companyTypeId: input.company_type_id,
        allowAssignment: input.allow_assignment,
        phone: input.phone ?? null,
        email: input.email ?? null,
        timezoneId: input.timezone_id ?? null,
        ...newAddress(input),
      })
      .returning({ id: companies.id });
    if (!row) throw new Error('company not created');
    await recordEvent(tx, scope, {
      entityType: 'company',
      entityId: row.id,
      action: 'created',
      companyId: row.id,
      to: input,
    });
    return row.id;
  });
}

async function updateCompany(
  db: Database,
  scope: Scope,
  id: number,
  input: Partial<CompanyValues>,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(companies)
      .set({
        name: input.name,
        companyTypeId: input.company_type_id,
        allowAssignment: input.allow_assignment,
        phone: input.phone,
        email: input.email,
        timezoneId: input.timezone_id,
        ...changedAddress(input),
        updatedAt: new Date(),
      })
      .where(eq(companies.id, id));
    await recordEvent(tx, scope, {
      entityType: 'company',
      entityId: id,
      action: 'updated',
      companyId: id,
      to: input,
    });
  });
}

async function createProperty(db: Database, scope: Scope, input: PropertyValues) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(properties)
      .values({
        companyId: input.company_id,
        name: input.name,
        timezoneId: input.timezone_id,
        propertyTypeId: input.property_type_id ?? null,
        waterPricePerKgal: input.water_price_per_kgal.toFixed(2),
        ...newAddress(input),
      })
      .returning({ id: properties.id });
    if (!row) throw new Error('property not created');
    await recordEvent(tx, scope, {
      entityType: 'property',
      entityId: row.id,
      action: 'created',
      companyId: input.company_id,
      to: input,
    });
    return row.id;
  });
}

async function updateProperty(
  db: Database,
  scope: Scope,
  id: number,
  companyId: number,
  input: Partial<Omit<PropertyValues, 'company_id'>>,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(properties)
      .set({
        name: input.name,
        timezoneId: input.timezone_id,
        propertyTypeId: input.property_type_id,
        waterPricePerKgal: input.water_price_per_kgal?.toFixed(2),
        ...changedAddress(input),
        updatedAt: new Date(),
      })
      .where(eq(properties.id, id));
    await recordEvent(tx, scope, {
      entityType: 'property',
      entityId: id,
      action: 'updated',
      companyId,
      to: input,
    });
  });
}

async function createBuilding(
  db: Database,
  scope: Scope,
  input: BuildingValues,
  companyId: number,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(buildings)
      .values({
        companyId,
        propertyId: input.property_id,
        name: input.name,
        floors: input.floors ?? null,
        buildingTypeId: input.building_type_id ?? null,
        installationTypeId: input.installation_type_id ?? null,
        ...newAddress(input),
      })
      .returning({ id: buildings.id });
    if (!row) throw new Error('building not created');
    await recordEvent(tx, scope, {
      entityType: 'building',
      entityId: row.id,
      action: 'created',
      companyId,
      to: input,
    });
    return row.id;
  });
}

async function updateBuilding(
  db: Database,
  scope: Scope,
  id: number,
  companyId: number,
  input: Partial<Omit<BuildingValues, 'property_id'>>,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(buildings)
      .set({
        name: input.name,
        floors: input.floors,
        buildingTypeId: input.building_type_id,
        installationTypeId: input.installation_type_id,
        ...changedAddress(input),
        updatedAt: new Date(),
      })
      .where(eq(buildings.id, id));
    await recordEvent(tx, scope, {
      entityType: 'building',
      entityId: id,
      action: 'updated',
      companyId,
      to: input,
    });
  });
}

async function createUnit(
  db: Database,
  scope: Scope,
  input: UnitValues,
  parent: { companyId: number; propertyId: number },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(units)
      .values({
        companyId: parent.companyId,
        propertyId: parent.propertyId,
        buildingId: input.building_id,
        name: input.name,
        floor: input.floor ?? null,
        unitCategoryId: input.unit_category_id,
        unitTypeId: input.unit_type_id ?? null,
        unitStateId: input.unit_state_id ?? null,
        tenants: input.tenants,
      })
      .returning({ id: units.id });
    if (!row) throw new Error('unit not created');
    await recordEvent(tx, scope, {
      entityType: 'unit',
      entityId: row.id,
      action: 'created',
      companyId: parent.companyId,
      to: input,
    });
    return row.id;
  });
}

async function updateUnit(
  db: Database,
  scope: Scope,
  id: number,
  companyId: number,
  input: Partial<Omit<UnitValues, 'building_id'>>,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(units)
      .set({
        name: input.name,
        floor: input.floor,
        unitCategoryId: input.unit_category_id,
        unitTypeId: input.unit_type_id,
        unitStateId: input.unit_state_id,
        tenants: input.tenants,
        updatedAt: new Date(),
      })
      .where(eq(units.id, id));
    await recordEvent(tx, scope, {
      entityType: 'unit',
      entityId: id,
      action: 'updated',
      companyId,
      to: input,
    });
  });
}

export function createPortfolioWrites(db: Database) {
  return withDatabase(db, {
    createCompany,
    updateCompany,
    createProperty,
    updateProperty,
    createBuilding,
    updateBuilding,
    createUnit,
    updateUnit,
    remove,
    move,
  });
}
export type PortfolioWrites = ReturnType<typeof createPortfolioWrites>;

// Queries of the tenant hierarchy: companies, properties, buildings and units. Every read goes
// through `visiblePlaces(level, scope)`, the caller's scope as SQL (lib/tenant-scope.ts), so a record
// outside it is simply not found. Rows leave here in the API's snake_case shape.
import { UnitCategory } from '@flowsight/domain/lookups';
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { DEFAULT_WATER_PRICE_PER_KGAL } from '@flowsight/domain/water-cost';
import { and, asc, count, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { companyTimezoneId, visiblePlaces } from '../../db/queries/places.ts';
import { cities, states, timezones } from '../../db/schema/location.ts';
import {
  billingCompanyProperties,
  buildings,
  companies,
  properties,
  units,
} from '../../db/schema/portfolio.ts';
import { defineList, filterColumns, type ListQuery, sortColumns } from '../../lib/list-query.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import { iso } from '../../lib/timestamps.ts';
import { type ParametersAfterDb, withDatabase } from '../../lib/with-database.ts';
import type {
  BuildingRow,
  CompanyRow,
  PropertyRow,
  SearchHit,
  UnitRow,
} from './portfolio.schemas.ts';
import {
  placeLeaks,
  placeSilentSensors,
  placeUsage,
  unitAlerts,
  unitLastReading,
  unitUsage,
  type ZoneDays,
} from './portfolio-activity.repository.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const int = (expression: SQL) => sql<number>`(${expression})::int`;

/** The place whose children a read is about (a company's properties, a building's units, …). */
export type Parent = { readonly level: PortfolioLevel; readonly id: number };

/** The column of each level's table holding the id of each level above it. */
const parentColumns: Readonly<
  Record<PortfolioLevel, Partial<Record<PortfolioLevel, AnyPgColumn>>>
> = {
  company: {},
  property: { company: properties.companyId },
  building: { company: buildings.companyId, property: buildings.propertyId },
  unit: { company: units.companyId, property: units.propertyId, building: units.buildingId },
};

/** Rows of `level` under the parent (no condition without one). */
function childrenOf(level: PortfolioLevel, parent: Parent | undefined): SQL | undefined {
  if (!parent) return undefined;
  const column = parentColumns[level][parent.level];
  if (!column) throw new Error(`A ${level} is not under a ${parent.level}`);
  return eq(column, parent.id);
}

const addressColumns = (table: typeof companies | typeof properties | typeof buildings) => ({
  street: table.street,
  city_id: table.cityId,
  city_name: cities.name,
  state_id: states.id,
  state_name: states.name,
  country_id: states.countryId,
  postal: table.postal,
});

// ── Where to act (portfolio-activity.repository.ts) ──────────────────────────────────────────
// The columns the lists read from the derived tables a page joins (aliases `act_*`); a record
// without a row there has none of it (0, or null for a change or a last reading).
const price = sql`coalesce(${properties.waterPricePerKgal}, ${DEFAULT_WATER_PRICE_PER_KGAL})`;
const monthMgal = sql`coalesce(act_use.month_mgal, 0)`;
const comparedMgal = sql`coalesce(act_use.compared_mgal, 0)`;
const lastMgal = sql`coalesce(act_use.last_mgal, 0)`;
/**
 * This month's whole days against as many days of last month, as a ratio (null: last month had
 * none then, or nothing is compared yet on the 1st).
 */
const monthChange = sql`case when ${lastMgal} = 0 then null else (${comparedMgal} - ${lastMgal}) / ${lastMgal} end`;
const useSorts = {
  month_gallons: monthMgal,
  month_cost: sql`${monthMgal} * ${price}`,
  month_change: monthChange,
};
const useColumns = {
  month_mgal: sql<number>`${monthMgal}::float8`,
  compared_mgal: sql<number>`${comparedMgal}::float8`,
  last_mgal: sql<number>`${lastMgal}::float8`,
  water_price: sql<number | null>`${properties.waterPricePerKgal}::float8`,
};
const unitActivityColumns = {
  ...useColumns,
  open_alerts: sql<number>`coalesce(act_alerts.open_alerts, 0)::int`,
  last_reading: sql<Date | string | null>`act_last.last_reading`,
};
const placeActivityColumns = {
  ...useColumns,
  open_leaks: sql<number>`coalesce(act_leaks.open_leaks, 0)::int`,
  leaks: sql<unknown>`act_leaks.leaks`,
  sensors_not_transmitting: sql<number>`coalesce(act_silent.silent, 0)::int`,
};
const placeSorts = {
  month_gallons: useSorts.month_gallons,
  month_change: useSorts.month_change,
  open_leaks: sql`coalesce(act_leaks.open_leaks, 0)`,
  open_leaks_monthly_cost: sql`coalesce(act_leaks.leak_rate, 0) * ${price}`,
  sensors_not_transmitting: sql`coalesce(act_silent.silent, 0)`,
};

// ── What a record holds ─────────────────────────────────────────────────────────────────────────
// Counted within the caller's scope, so a role narrowed to one property counts only what lies in
// it: lateral subqueries (aliases `cnt_*`, built per scope by `countsOf`) each record's row joins;
// the columns and sorts below read their `n`.
const held = (alias: string) => sql<number>`${sql.raw(alias)}.n::int`;
type Join = readonly [table: SQL, on: SQL];
const levelTable = { property: properties, building: buildings, unit: units };

/** The `cnt_*` joins of a level's columns: the records under each row that the scope sees. */
function countsOf(level: PortfolioLevel, scope: Scope): readonly Join[] {
  const lateral = (alias: string, body: SQL): Join => [
    sql`lateral (${body}) ${sql.raw(alias)}`,
    sql`true`,
  ];
  const seen = (of: PortfolioLevel) => visiblePlaces(of, scope) ?? sql`true`;
  const under = (of: 'property' | 'building' | 'unit', column: AnyPgColumn, id: AnyPgColumn) =>
    sql`select count(*) as n from ${levelTable[of]} where ${column} = ${id} and ${seen(of)}`;
  switch (level) {
    case 'company':
      return [
        lateral('cnt_properties', under('property', properties.companyId, companies.id)),
        lateral('cnt_buildings', under('building', buildings.companyId, companies.id)),
        lateral('cnt_units', under('unit', units.companyId, companies.id)),
      ];
    case 'property':
      return [
        lateral('cnt_buildings', under('building', buildings.propertyId, properties.id)),
        lateral('cnt_units', under('unit', units.propertyId, properties.id)),
      ];
    case 'building':
      return [
        lateral('cnt_units', under('unit', units.buildingId, buildings.id)),
        lateral(
          'cnt_tenants',
          sql`select coalesce(sum(${units.tenants}), 0) as n from ${units}
              where ${units.buildingId} = ${buildings.id} and ${seen('unit')}`,
        ),
      ];
    case 'unit':
      return [];
    default: {
      const unreachable: never = level;
      return unreachable;
    }
  }
}

// ── Companies ───────────────────────────────────────────────────────────────────────────────────
const companyCounts = {
  properties_count: held('cnt_properties'),
  buildings_count: held('cnt_buildings'),
  units_count: held('cnt_units'),
};
const companyColumns = {
  id: companies.id,
  name: companies.name,
  company_type_id: companies.companyTypeId,
  allow_assignment: companies.allowAssignment,
  phone: companies.phone,
  email: companies.email,
  timezone_id: companies.timezoneId,
  ...addressColumns(companies),
  ...companyCounts,
  created_at: companies.createdAt,
};

export const companyList = defineList({
  sortable: {
    ...sortColumns(companies, ['id', 'name', 'companyTypeId']),
    city_name: cities.name,
    created_at: companies.createdAt,
    properties_count: companyCounts.properties_count,
    units_count: companyCounts.units_count,
  },
  filterable: {
    ...filterColumns(companies, ['id', 'name', 'companyTypeId', 'allowAssignment', 'cityId']),
    state_id: { column: states.id, type: 'number' },
    created_at: { column: companies.createdAt, type: 'date' },
  },
  searchable: [companies.name, companies.street, cities.name, companies.email],
  defaultSort: [{ field: 'name', direction: 'ASC' }],
  tieBreaker: companies.id,
});

// ── Properties ──────────────────────────────────────────────────────────────────────────────────
const propertyCounts = {
  buildings_count: held('cnt_buildings'),
  units_count: held('cnt_units'),
};
const propertyColumns = {
  id: properties.id,
  name: properties.name,
  company_id: properties.companyId,
  company_name: companies.name,
  timezone_id: properties.timezoneId,
  timezone_name: timezones.name,
  property_type_id: properties.propertyTypeId,
  water_price_per_kgal: sql<number>`${properties.waterPricePerKgal}::float8`,
  ...addressColumns(properties),
  ...propertyCounts,
  created_at: properties.createdAt,
};

export const propertyList = defineList({
  sortable: {
    ...sortColumns(properties, ['id', 'name']),
    company_name: companies.name,
    city_name: cities.name,
    timezone_name: timezones.name,
    ...sortColumns(properties, ['waterPricePerKgal', 'createdAt']),
    buildings_count: propertyCounts.buildings_count,
    units_count: propertyCounts.units_count,
    ...placeSorts,
  },
  nullsLast: ['month_change'],
  filterable: {
    ...filterColumns(properties, [
      'id',
      'name',
      'companyId',
      'propertyTypeId',
      'timezoneId',
      'cityId',
    ]),
    state_id: { column: states.id, type: 'number' },
    created_at: { column: properties.createdAt, type: 'date' },
  },
  searchable: [properties.name, properties.street, cities.name, companies.name],
  defaultSort: [{ field: 'name', direction: 'ASC' }],
  tieBreaker: properties.id,
});

// ── Buildings ───────────────────────────────────────────────────────────────────────────────────
const buildingCounts = {
  units_count: held('cnt_units'),
  tenants_count: held('cnt_tenants'),
};
const buildingColumns = {
  id: buildings.id,
  name: buildings.name,
  company_id: buildings.companyId,
  company_name: companies.name,
  property_id: buildings.propertyId,
  property_name: properties.name,
  floors: buildings.floors,
  building_type_id: buildings.buildingTypeId,
  installation_type_id: buildings.installationTypeId,
  survey_status: buildings.surveyStatus,
  ...addressColumns(buildings),
  ...buildingCounts,
  created_at: buildings.createdAt,
};

export const buildingList = defineList({
  sortable: {
    ...sortColumns(buildings, ['id', 'name']),
    company_name: companies.name,
    property_name: properties.name,
    city_name: cities.name,
    ...sortColumns(buildings, ['surveyStatus', 'createdAt']),
    units_count: buildingCounts.units_count,
    ...placeSorts,
  },
  nullsLast: ['month_change'],
  filterable: filterColumns(buildings, [
    'id',
    'name',
    'companyId',
    'propertyId',
    'surveyStatus',
    'buildingTypeId',
    'installationTypeId',
    'cityId',
    'createdAt',
  ]),
  searchable: [buildings.name, buildings.street, cities.name, properties.name, companies.name],
  defaultSort: [{ field: 'name', direction: 'ASC' }],
  tieBreaker: buildings.id,
});

// ── Units ───────────────────────────────────────────────────────────────────────────────────────
const unitCounts = {
  sensors_count: int(sql`select count(*) from sensors s where s.unit_id = ${units.id}`),
};
const unitColumns = {
  id: units.id,
  name: units.name,
  company_id: units.companyId,
  company_name: companies.name,
  property_id: units.propertyId,
  property_name: properties.name,
  building_id: units.buildingId,
  building_name: buildings.name,
  floor: units.floor,
  unit_category_id: units.unitCategoryId,
  unit_type_id: units.unitTypeId,
  unit_state_id: units.unitStateId,
  tenants: units.tenants,
  ...unitCounts,
  created_at: units.createdAt,
};

export const unitList = defineList({
  sortable: {
    ...sortColumns(units, ['id', 'name', 'floor']),
    company_name: companies.name,
    property_name: properties.name,
    building_name: buildings.name,
    ...sortColumns(units, ['unitCategoryId', 'tenants', 'createdAt']),
    sensors_count: unitCounts.sensors_count,
    ...useSorts,
    open_alerts: sql`coalesce(act_alerts.open_alerts, 0)`,
    last_reading: sql`act_last.last_reading`,
  },
  nullsLast: ['month_change', 'last_reading'],
  filterable: filterColumns(units, [
    'id',
    'name',
    'companyId',
    'propertyId',
    'buildingId',
    'floor',
    'unitCategoryId',
    'unitTypeId',
    'unitStateId',
    'tenants',
    'createdAt',
  ]),
  searchable: [units.name, buildings.name, properties.name],
  defaultSort: [
    { field: 'building_name', direction: 'ASC' },
    { field: 'name', direction: 'ASC' },
  ],
  tieBreaker: units.id,
});

/** The raw "where to act" figures of a unit row (thousandths of a gallon). */
export type UnitActivity = {
  month_mgal: number;
  compared_mgal: number;
  last_mgal: number;
  water_price: number | null;
  open_alerts: number;
  last_reading: Date | string | null;
};
/** The raw "where to act" figures of a property or building row. */
export type PlaceActivity = {
  month_mgal: number;
  compared_mgal: number;
  last_mgal: number;
  water_price: number | null;
  open_leaks: number;
  leaks: unknown;
  sensors_not_transmitting: number;
};

type WithDate<T> = Omit<T, 'created_at'> & { created_at: Date };
const withIso = <T extends { created_at: Date }>(row: T) => ({
  ...row,
  created_at: iso(row.created_at),
});

/** The FROM clause of each level with the joins its columns, sorts and filters name. */
function levelFrom(db: Database) {
  return {
    company: <S extends Record<string, unknown>>(columns: S) =>
      db
        .select(columns as never)
        .from(companies)
        .leftJoin(cities, eq(cities.id, companies.cityId))
        .leftJoin(states, eq(states.id, cities.stateId)),
    property: <S extends Record<string, unknown>>(columns: S) =>
      db
        .select(columns as never)
        .from(properties)
        .innerJoin(companies, eq(companies.id, properties.companyId))
        .innerJoin(timezones, eq(timezones.id, properties.timezoneId))
        .leftJoin(cities, eq(cities.id, properties.cityId))
        .leftJoin(states, eq(states.id, cities.stateId)),
    building: <S extends Record<string, unknown>>(columns: S) =>
      db
        .select(columns as never)
        .from(buildings)
        .innerJoin(companies, eq(companies.id, buildings.companyId))
        .innerJoin(properties, eq(properties.id, buildings.propertyId))
        .leftJoin(cities, eq(cities.id, buildings.cityId))
        .leftJoin(states, eq(states.id, cities.stateId)),
    unit: <S extends Record<string, unknown>>(columns: S) =>
      db
        .select(columns as never)
        .from(units)
        .innerJoin(companies, eq(companies.id, units.companyId))
        .innerJoin(properties, eq(properties.id, units.propertyId))
        .innerJoin(buildings, eq(buildings.id, units.buildingId)),
  };
}

const columnsOf = {
  company: companyColumns,
  property: propertyColumns,
  building: buildingColumns,
  unit: unitColumns,
};

const idOf = {
  company: companies.id,
  property: properties.id,
  building: buildings.id,
  unit: units.id,
};

const nameOf = {
  company: companies.name,
  property: properties.name,
  building: buildings.name,
  unit: units.name,
};

/** The derived tables of a level's "where to act" columns, each joined on the record's id. */
function activityOf(
  level: PortfolioLevel,
  scope: Scope,
  parent: Parent | undefined,
  zones: readonly ZoneDays[],
) {
  if (level === 'unit') {
    return {
      columns: unitActivityColumns,
      joins: [
        [sql`(${unitUsage(scope, parent, zones)}) act_use`, sql`act_use.unit_id = ${units.id}`],
        [sql`(${unitAlerts(scope, parent)}) act_alerts`, sql`act_alerts.unit_id = ${units.id}`],
        [sql`(${unitLastReading(scope, parent)}) act_last`, sql`act_last.unit_id = ${units.id}`],
      ] as const,
    };
  }
  if (level === 'property' || level === 'building') {
    const key = level === 'property' ? 'property_id' : 'building_id';
    const id = idOf[level];
    return {
      columns: placeActivityColumns,
      joins: [
        [sql`(${placeUsage(scope, parent, zones, key)}) act_use`, sql`act_use.key = ${id}`],
        [sql`(${placeLeaks(scope, parent, key)}) act_leaks`, sql`act_leaks.key = ${id}`],
        [sql`(${placeSilentSensors(scope, parent, key)}) act_silent`, sql`act_silent.key = ${id}`],
      ] as const,
    };
  }
  return undefined;
}

/** The select of a level's rows with the derived tables its columns read joined on. */
function withJoins<Select>(select: Select, joins: readonly Join[]) {
  let joined = select as unknown as {
    leftJoin(table: SQL, on: SQL): typeof joined;
    where(
      condition: SQL | undefined,
    ): ReturnType<ReturnType<ReturnType<typeof levelFrom>['unit']>['where']>;
  };
  for (const [table, on] of joins) joined = joined.leftJoin(table, on);
  return joined;
}

async function page<Row>(
  db: Database,
  level: PortfolioLevel,
  scope: Scope,
  query: ListQuery,
  parent?: Parent,
  zones?: readonly ZoneDays[],
) {
  const condition = and(visiblePlaces(level, scope), query.where, childrenOf(level, parent));
  const activity = zones ? activityOf(level, scope, parent, zones) : undefined;
  const select = withJoins(levelFrom(db)[level]({ ...columnsOf[level], ...activity?.columns }), [
    ...countsOf(level, scope),
    ...(activity?.joins ?? []),
  ]);
  const [rows, [total]] = await Promise.all([
    select
      .where(condition)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset) as unknown as Promise<WithDate<Row>[]>,
    levelFrom(db)[level]({ total: count() }).where(condition) as unknown as Promise<
      { total: number }[]
    >,
  ]);
  return { rows: rows.map(withIso) as Row[], total: total?.total ?? 0 };
}

async function one<Row>(
  db: Database,
  level: PortfolioLevel,
  scope: Scope,
  id: number,
): Promise<Row | undefined> {
  const [row] = (await withJoins(
    levelFrom(db)[level](columnsOf[level]),
    countsOf(level, scope),
  ).where(and(eq(idOf[level], id), visiblePlaces(level, scope)))) as unknown as WithDate<Row>[];
  return row && (withIso(row) as Row);
}

/** Rows after `afterId` by id (keyset chunks of the CSV exports). */
async function chunk<Row>(
  db: Database,
  level: PortfolioLevel,
  scope: Scope,
  afterId: number | undefined,
  limit: number,
) {
  const rows = (await withJoins(levelFrom(db)[level](columnsOf[level]), countsOf(level, scope))
    .where(
      and(
        visiblePlaces(level, scope),
        afterId === undefined ? undefined : gt(idOf[level], afterId),
      ),
    )
    .orderBy(asc(idOf[level]))
    .limit(limit)) as unknown as (Row & { id: number })[];
  return rows;
}

/** At most `limit` records whose name contains the text; names starting with it first. */
async function searchTop(
  db: Database,
  level: PortfolioLevel,
  scope: Scope,
  text: string,
  limit: number,
  parent?: Parent,
) {
  const where = childrenOf(level, parent);
  const name = nameOf[level];
  const anywhere = `%${escapeLike(text)}%`;
  const prefix = `${escapeLike(text)}%`;
  const hitColumns = {
    company: {
      id: companies.id,
      name: companies.name,
      company_id: companies.id,
      property_id: sql<null>`null::int`,
      building_id: sql<null>`null::int`,
      context: sql<string | null>`null::text`,
    },
    property: {
      id: properties.id,
      name: properties.name,
      company_id: properties.companyId,
      property_id: properties.id,
      building_id: sql<null>`null::int`,
      context: companies.name,
    },
    building: {
      id: buildings.id,
      name: buildings.name,
      company_id: buildings.companyId,
      property_id: buildings.propertyId,
      building_id: buildings.id,
      context: sql<string>`${companies.name} || ' · ' || ${properties.name}`,
    },
    unit: {
      id: units.id,
      name: units.name,
      company_id: units.companyId,
      property_id: units.propertyId,
      building_id: units.buildingId,
      context: sql<string>`${properties.name} || ' · ' || ${buildings.name}`,
    },
  }[level];
  return (await levelFrom(db)
    [level](hitColumns)
    .where(and(visiblePlaces(level, scope), ilike(name, anywhere), where))
    .orderBy(
      sql`case when ${name} ilike ${prefix} then 0 else 1 end`,
      asc(sql`length(${name})`),
      asc(name),
      asc(idOf[level]),
    )
    .limit(limit)) as unknown as SearchHit[];
}

function pageOfCompanies(db: Database, scope: Scope, query: ListQuery) {
  return page<CompanyRow>(db, 'company', scope, query);
}

/**
 * A lower level's page: the scope, the list query, the parent it lies under, and the local days
 * each time zone compares (for the activity columns).
 */
type ChildPageArgs = [scope: Scope, query: ListQuery, parent?: Parent, zones?: readonly ZoneDays[]];

function pageOfProperties(db: Database, ...args: ChildPageArgs) {
  return page<PropertyRow & PlaceActivity>(db, 'property', ...args);
}

function pageOfBuildings(db: Database, ...args: ChildPageArgs) {
  return page<BuildingRow & PlaceActivity>(db, 'building', ...args);
}

function pageOfUnits(db: Database, ...args: ChildPageArgs) {
  return page<UnitRow & UnitActivity>(db, 'unit', ...args);
}

/** The time zones (id, name) of the properties a list page's records can sit in. */
async function zonesOf(db: Database, scope: Scope, parent?: Parent) {
  const place =
    parent === undefined
      ? undefined
      : parent.level === 'company'
        ? eq(properties.companyId, parent.id)
        : parent.level === 'property'
          ? eq(properties.id, parent.id)
          : parent.level === 'building'
            ? sql`${properties.id} = (select b.property_id from buildings b where b.id = ${parent.id})`
            : sql`${properties.id} = (select u.property_id from units u where u.id = ${parent.id})`;
  return db
    .selectDistinct({ id: timezones.id, name: timezones.name })
    .from(properties)
    .innerJoin(timezones, eq(timezones.id, properties.timezoneId))
    .where(and(place, visiblePlaces('property', scope)));
}

function company(db: Database, scope: Scope, id: number) {
  return one<CompanyRow>(db, 'company', scope, id);
}

function property(db: Database, scope: Scope, id: number) {
  return one<PropertyRow>(db, 'property', scope, id);
}

function building(db: Database, scope: Scope, id: number) {
  return one<BuildingRow>(db, 'building', scope, id);
}

function unit(db: Database, scope: Scope, id: number) {
  return one<UnitRow>(db, 'unit', scope, id);
}

function billingProperties(db: Database, companyId: number) {
  return db
    .select({ id: properties.id, name: properties.name, company_id: properties.companyId })
    .from(billingCompanyProperties)
    .innerJoin(properties, eq(properties.id, billingCompanyProperties.propertyId))
    .where(eq(billingCompanyProperties.companyId, companyId))
    .orderBy(asc(properties.name));
}

async function addBillingProperty(db: Database, companyId: number, propertyId: number) {
  await db.insert(billingCompanyProperties).values({ companyId, propertyId }).onConflictDoNothing();
}

async function removeBillingProperty(db: Database, companyId: number, propertyId: number) {
  const removed = await db
    .delete(billingCompanyProperties)
    .where(
      and(
        eq(billingCompanyProperties.companyId, companyId),
        eq(billingCompanyProperties.propertyId, propertyId),
      ),
    )
    .returning({ id: billingCompanyProperties.propertyId });
  return removed.length > 0;
}

/** `{id, name}` of a level's visible records (of one parent, if given), by name. */
function names(db: Database, level: PortfolioLevel, scope: Scope, parent?: Parent, limit?: number) {
  const query = levelFrom(db)
    [level]({ id: idOf[level], name: nameOf[level] })
    .where(and(visiblePlaces(level, scope), childrenOf(level, parent)))
    .orderBy(asc(nameOf[level]), asc(idOf[level]));
  return (limit ? query.limit(limit) : query) as unknown as Promise<{ id: number; name: string }[]>;
}

/** Visible records of a level (of one parent, if given). */
async function countLevel(db: Database, level: PortfolioLevel, scope: Scope, parent?: Parent) {
  const [row] = (await levelFrom(db)
    [level]({ total: count() })
    .where(and(visiblePlaces(level, scope), childrenOf(level, parent)))) as unknown as {
    total: number;
  }[];
  return row?.total ?? 0;
}

async function tenantsOfBuilding(db: Database, scope: Scope, buildingId: number) {
  const [row] = await db
    .select({ total: int(sql`coalesce(sum(${units.tenants}), 0)`) })
    .from(units)
    .where(and(eq(units.buildingId, buildingId), visiblePlaces('unit', scope)));
  return row?.total ?? 0;
}

function residentialUnitsOf(db: Database, scope: Scope, companyId: number) {
  return (async () => {
    const [row] = await db
      .select({ total: count() })
      .from(units)
      .where(
        and(
          eq(units.companyId, companyId),
          eq(units.unitCategoryId, UnitCategory.Internal),
          visiblePlaces('unit', scope),
        ),
      );
    return row?.total ?? 0;
  })();
}

/** The company's own zone, else the zone most of its properties use. */
async function companyTimezone(db: Database, companyId: number) {
  const [row] = await db
    .select({
      timezone_id: companyTimezoneId,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  const timezoneId = row?.timezone_id ?? null;
  if (timezoneId === null) return { timezone_id: null, timezone: 'UTC' };
  const [zone] = await db
    .select({ name: timezones.name })
    .from(timezones)
    .where(eq(timezones.id, timezoneId));
  return { timezone_id: timezoneId, timezone: zone?.name ?? 'UTC' };
}

function nameMatch(_db: Database, level: PortfolioLevel, text: string) {
  return or(ilike(nameOf[level], `%${escapeLike(text)}%`));
}

export function createPortfolioRepository(db: Database) {
  return {
    ...withDatabase(db, {
      searchTop,
      pageOfCompanies,
      pageOfProperties,
      pageOfBuildings,
      pageOfUnits,
      zonesOf,
      company,
      property,
      building,
      unit,
      billingProperties,
      addBillingProperty,
      removeBillingProperty,
      names,
      count: countLevel,
      tenantsOfBuilding,
      residentialUnitsOf,
      companyTimezone,
      nameMatch,
    }),
    // Bound by hand: through withDatabase, a generic function would lose its `Row`.
    page: <Row>(...args: ParametersAfterDb<typeof page>) => page<Row>(db, ...args),
    one: <Row>(...args: ParametersAfterDb<typeof one>) => one<Row>(db, ...args),
    chunk: <Row>(...args: ParametersAfterDb<typeof chunk>) => chunk<Row>(db, ...args),
  };
}
export type PortfolioRepository = ReturnType<typeof createPortfolioRepository>;

// Statistics and report queries. Usage comes only from the rollups (usage_daily, usage_monthly,
// usage_hourly) and the per-building logs (usage_company_daily and _hourly: building use under the
// water-accounting rule, and the system overview), alerts from notifications,
// micrometers from sensors. Every call is one aggregate statement after the place itself was
// found in the caller's scope; each table read below the place carries the scope condition too,
// so a narrower role could never read past its part.

import { LOW_BATTERY_PERCENT } from '@flowsight/domain/detection';
import { Granularity } from '@flowsight/domain/granularity';
import { leakFactsOf } from '@flowsight/domain/leak-incidents';
import {
  GatewayStatus,
  NotificationCategory,
  NotificationStatus,
  openNotificationStatuses,
  SensorStatus,
} from '@flowsight/domain/lookups';
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import {
  type DateRange,
  monthEnd,
  type ReportGranularityId,
  type StatisticsPlan,
  statisticsFigures,
} from '@flowsight/domain/reports';
import { RESIDENTIAL_UNIT_CATEGORY } from '@flowsight/domain/water-accounting';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf, selectRows } from '../../db/client.ts';
import { leakFactsAgg, openLeak } from '../../db/queries/leak-facts.ts';
import { companyTimezoneId, visiblePlaces } from '../../db/queries/places.ts';
import {
  atPlace,
  type BuildingLevel,
  buildingBuckets,
  buildingLogBuckets,
  buildingUse,
  daysWithin,
  fixtureMeter,
  fixtureRows,
  rangeUsage,
  scoped,
} from '../../db/queries/rollup-reads.ts';
import { timezones } from '../../db/schema/location.ts';
import { buildings, companies, properties, units } from '../../db/schema/portfolio.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import { withDatabase } from '../../lib/with-database.ts';

/** A place found in scope: its time zone and water price (null: none of its own). */
export type Place = { id: number; timeZone: string; waterPrice: number | null };

/** Open alerts: New and On it. */
const OPEN = sql.raw(`(${openNotificationStatuses.join(', ')})`);
/**
 * Every company id, for system-wide sums of the rollups: their indexes lead with the company, so
 * naming every company turns a scan of the whole table into index ranges of the recent rows.
 */
const everyCompany = sql.raw('array(select id from companies)');
const LEAK = NotificationCategory.Leak;

/** Every building's log rows in the system, for the overview (`buildingLogBuckets`). */
const everyBuilding = sql`l.company_id = any(${everyCompany})`;

/** json_agg arrives parsed from node-postgres and PGlite alike; accept text too. */
export function parsedJson<T>(value: unknown, empty: T): T {
  if (value === null || value === undefined) return empty;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** The first day of the period holding a date column. */
const periodOf = (granularity: ReportGranularityId, day: SQL): SQL => {
  switch (granularity) {
    case Granularity.Monthly:
      return sql`date_trunc('month', ${day}::timestamp)::date`;
    case Granularity.Weekly:
      return sql`date_trunc('week', ${day}::timestamp)::date`;
    case Granularity.Daily:
      return day;
    default: {
      const unreachable: never = granularity;
      return unreachable;
    }
  }
};
const bucketOf = (granularity: ReportGranularityId) => periodOf(granularity, sql.raw('d.day'));

/** Building use over local days, summed per key (thousandths of a gallon). */
export type UseRow = {
  key: number | string | null;
  use: number;
  fixtures: number;
  /** Building-days with a main line reporting, and with water but none. */
  metered: number;
  unmetered: number;
};

/**
 * Building use under the water-accounting rule over the local days of `range`, per building and
 * day, summed per `key` (an expression on alias `b`: property id, period start) or in one row.
 */
function useRows(scope: Scope, level: BuildingLevel, id: number, range: DateRange, key?: SQL): SQL {
  return sql`select ${key ?? sql`null`} as key, coalesce(sum(b.use), 0)::float8 as use,
      coalesce(sum(b.fixtures), 0)::float8 as fixtures,
      count(*) filter (where b.metered = 1)::int as metered,
      count(*) filter (where b.metered = 0)::int as unmetered
    from (${buildingUse(buildingBuckets(scope, level, id, 'daily', daysWithin(range)))}) b
    ${key === undefined ? sql`` : sql`group by 1`}`;
}

export type StatisticsRow = {
  /** This month's building-days with a main line reporting, and with water but none (null: a unit). */
  metered_days: number | null;
  unmetered_days: number | null;
  this_month: number;
  last_month: number;
  today: number;
  later: number;
  beyond: number;
  same: number;
  last_part: number;
  before: number;
  units: number;
  sensors: number;
  transmitting: number;
  open_alerts: number;
  open_leaks: number;
  leaks: unknown;
};
export type UnitStatusRow = {
  sensors: number;
  transmitting: number;
  last_submission: Date | string | null;
  open_alerts: number;
  open_leaks: number;
  today: number;
};
/**
 * A unit with its fixture micrometers' usage per period start (`buckets[i]` used `volumes[i]`
 * thousandths).
 */
export type GallonsReportRow = {
  unit_id: number;
  unit_name: string;
  unit_category_id: number;
  building_id: number;
  building_name: string;
  buckets: string[];
  volumes: number[];
};

/** `sum(<column>)` over the days `range` of `<alias>.<day>` (0 without a range). */
const sumWithin = (alias: string, day: string, column: string, range: DateRange | null) =>
  range === null
    ? sql`0::float8`
    : sql`coalesce(sum(${sql.raw(`${alias}.${column}`)}) filter (where ${dayWithin(alias, day, range)}), 0)::float8`;
const dayWithin = (alias: string, day: string, range: DateRange) =>
  sql`${sql.raw(`${alias}.${day}`)} >= ${range.from}::date and ${sql.raw(`${alias}.${day}`)} <= ${range.to}::date`;

/**
 * The statistics sums of a company, property or building: building use under the rule, one row
 * per building and local day from the plan's first day to the end of this month, summed per
 * window; the months as sums of their days.
 */
function buildingLevelUsage(scope: Scope, level: BuildingLevel, id: number, plan: StatisticsPlan) {
  const { days, windows } = plan;
  const thisMonth = { from: days.monthStart, to: monthEnd(days.today) };
  const lastMonth = { from: days.lastMonthStart, to: days.lastMonthEnd };
  const toDate = { from: days.monthStart, to: days.today };
  const read = { from: days.earliest, to: thisMonth.to };
  const use = (range: DateRange | null) => sumWithin('b', 'bucket', 'use', range);
  return sql`select ${use(thisMonth)} as this_month, ${use(lastMonth)} as last_month,
      ${use(windows.today)} as today, ${use(windows.later)} as later,
      ${use(windows.beyond)} as beyond, ${use(windows.same)} as same,
      ${use(windows.lastPart)} as last_part, ${use(windows.before)} as before,
      count(*) filter (where b.metered = 1 and ${dayWithin('b', 'bucket', toDate)})::int as metered_days,
      count(*) filter (where b.metered = 0 and ${dayWithin('b', 'bucket', toDate)})::int as unmetered_days
    from (${buildingUse(buildingBuckets(scope, level, id, 'daily', daysWithin(read)))}) b`;
}

/**
 * The statistics sums of a unit: its fixture micrometers only (a main line in the unit measures
 * the building's water, not the unit's), the two months from the monthly rollup and the plan's
 * short windows from the daily one.
 */
function unitUsage(scope: Scope, id: number, plan: StatisticsPlan) {
  const { windows, months } = plan;
  const rows = fixtureRows(scope, 'unit', id);
  const scanned = sql.join(
    plan.scan.map((range) => sql`(${dayWithin('d', 'day', range)})`),
    sql` or `,
  );
  const daily = (range: DateRange | null) => sumWithin('d', 'day', 'volume_mgal', range);
  return sql`select m.*, d.*, null::int as metered_days, null::int as unmetered_days
    from (
      select coalesce(sum(m.volume_mgal) filter (where m.month = ${months.thisMonth}::date), 0)::float8 as this_month,
             coalesce(sum(m.volume_mgal) filter (where m.month = ${months.lastMonth}::date), 0)::float8 as last_month
      from usage_monthly m
      where ${rows('m')} and m.month in (${months.thisMonth}::date, ${months.lastMonth}::date)
    ) m, (
      select ${daily(windows.today)} as today, ${daily(windows.later)} as later,
             ${daily(windows.beyond)} as beyond, ${daily(windows.same)} as same, ${daily(windows.lastPart)} as last_part,
             ${daily(windows.before)} as before
      from usage_daily d
      where ${rows('d')} and (${scanned})
    ) d`;
}

/** The place with its time zone and water price, or undefined outside the scope. */
async function place(
  db: Database,
  scope: Scope,
  level: PortfolioLevel,
  id: number,
): Promise<Place | undefined> {
  const price = sql<number>`${properties.waterPricePerKgal}::float8`;
  switch (level) {
    case 'company': {
      const [row] = await db
        .select({
          id: companies.id,
          timeZone: sql<string>`coalesce(${timezones.name}, 'UTC')`,
          // The price most of its properties use (ties: the lowest).
          waterPrice: sql<number | null>`(select p.water_price_per_kgal::float8
            from ${properties} p where p.company_id = ${companies.id}
            group by 1 order by count(*) desc, 1 limit 1)`,
        })
        .from(companies)
        .leftJoin(timezones, eq(timezones.id, companyTimezoneId))
        .where(and(eq(companies.id, id), visiblePlaces('company', scope)));
      return row;
    }
    case 'property': {
      const [row] = await db
        .select({ id: properties.id, timeZone: timezones.name, waterPrice: price })
        .from(properties)
        .innerJoin(timezones, eq(timezones.id, properties.timezoneId))
        .where(and(eq(properties.id, id), visiblePlaces('property', scope)));
      return row;
    }
    case 'building':
    case 'unit': {
      // Both take their property's time zone and price.
      const table = level === 'building' ? buildings : units;
      const [row] = await db
        .select({ id: table.id, timeZone: timezones.name, waterPrice: price })
        .from(table)
        .innerJoin(properties, eq(properties.id, table.propertyId))
        .innerJoin(timezones, eq(timezones.id, properties.timezoneId))
        .where(and(eq(table.id, id), visiblePlaces(level, scope)));
      return row;
    }
    default: {
      const unreachable: never = level;
      return unreachable;
    }
  }
}

/**
 * Call 7 in one statement: the usage sums, the counts and the open leaks' rates. Above the
 * unit level the sums are building use under the water-accounting rule, read day by day from
 * the per-building log (a month is the sum of its local days: the rule holds per day), from
 * the first day the plan needs to the end of this month; `metered_days` and `unmetered_days`
 * count this month's building-days with and without a main line reporting. A unit's sums
 * count its fixture micrometers only: the two months from the monthly rollup, the plan's
 * short windows from the daily one.
 */
async function statistics(
  db: Database,
  scope: Scope,
  level: PortfolioLevel,
  id: number,
  plan: StatisticsPlan,
) {
  const unitsAtPlace = level === 'unit' ? sql`u.id = ${id}` : atPlace('u', level, id);
  const usage =
    level === 'unit' ? unitUsage(scope, id, plan) : buildingLevelUsage(scope, level, id, plan);
  const [row] = await selectRows<StatisticsRow>(
    db,
    sql`
    with usage as (${usage}), fleet as (
      select count(*)::int as sensors,
             count(*) filter (where s.sensor_status_id = ${SensorStatus.Transmitting})::int as transmitting
      from sensors s where ${atPlace('s', level, id)} and ${scoped(scope, 's')}
    ), place_units as (
      select count(*)::int as units from units u
      where ${unitsAtPlace} and ${scoped(scope, 'u', 'unit')}
    ), alerts as (
      select count(*)::int as open_alerts,
             count(*) filter (where n.notification_category_id = ${LEAK})::int as open_leaks,
             ${leakFactsAgg(sql`p.water_price_per_kgal`)}
               filter (where n.notification_category_id = ${LEAK}) as leaks
      from notifications n left join properties p on p.id = n.property_id
      where ${atPlace('n', level, id)} and n.notification_status_id in ${OPEN}
        and ${scoped(scope, 'n')}
    )
    select * from usage, fleet, place_units, alerts`,
  );
  if (!row) throw new Error('statistics answered no row');
  const { this_month, last_month, today, later, beyond, same, last_part, before } = row;
  return {
    ...row,
    figures: statisticsFigures(plan, {
      thisMonth: this_month,
      lastMonth: last_month,
      today,
      later,
      beyond,
      same,
      lastPart: last_part,
      before,
    }),
    leaks: leakFactsOf(row.leaks),
  };
}

/** Call 8: the unit's micrometers, open alerts and today's usage (fixture micrometers only). */
async function unitStatus(db: Database, scope: Scope, unitId: number, today: string) {
  const [row] = await selectRows<UnitStatusRow>(
    db,
    sql`
    select f.sensors, f.transmitting, f.last_submission, a.open_alerts, a.open_leaks, g.today
    from (
      select count(*)::int as sensors,
             count(*) filter (where s.sensor_status_id = ${SensorStatus.Transmitting})::int as transmitting,
             max(s.last_submission) as last_submission
      from sensors s where s.unit_id = ${unitId} and ${scoped(scope, 's')}
    ) f, (
      select count(*)::int as open_alerts,
             count(*) filter (where n.notification_category_id = ${LEAK})::int as open_leaks
      from notifications n
      where n.unit_id = ${unitId} and n.notification_status_id in ${OPEN} and ${scoped(scope, 'n')}
    ) a, (
      select coalesce(sum(d.volume_mgal), 0)::float8 as today from usage_daily d
      where d.unit_id = ${unitId} and d.day = ${today}::date and ${scoped(scope, 'd')}
        and ${fixtureMeter('d')}
    ) g`,
  );
  if (!row) throw new Error('unit status answered no row');
  return row;
}

/**
 * Call 9: every unit of the property or building with its fixture micrometers' usage per
 * period start (a main line in a unit measures the building, not the unit), ordered by
 * building and unit name: one row per unit, its periods as two arrays.
 */
function gallonsReport(
  db: Database,
  scope: Scope,
  level: 'property' | 'building',
  id: number,
  range: DateRange,
  granularity: ReportGranularityId,
) {
  // Planned for each call's values (`rowsOf`, not a named statement): PostgreSQL's generic plan
  // of this statement, chosen after five runs on a connection, took 250–630 ms a run at ten
  // times the demo fleet; planned for the values it took 4 ms (docs/scaling.md).
  return rowsOf<GallonsReportRow>(
    db,
    sql`
    select u.id as unit_id, u.name as unit_name, u.unit_category_id,
           b.id as building_id, b.name as building_name,
           coalesce(array_agg(to_char(g.bucket::timestamp, 'YYYY-MM-DD') order by g.bucket)
             filter (where g.bucket is not null), '{}') as buckets,
           coalesce(array_agg(g.volume::float8 order by g.bucket)
             filter (where g.bucket is not null), '{}') as volumes
    from units u
    join buildings b on b.id = u.building_id
    left join (${
      granularity === Granularity.Monthly
        ? sql`select unit_id, bucket, sum(volume) as volume from (${rangeUsage(
            range,
            fixtureRows(scope, level, id),
            (a) =>
              a === 'm'
                ? sql`m.unit_id, m.month as bucket`
                : sql`d.unit_id, ${bucketOf(Granularity.Monthly)} as bucket`,
          )}) used group by 1, 2`
        : sql`select d.unit_id, ${bucketOf(granularity)} as bucket, sum(d.volume_mgal) as volume
      from usage_daily d
      where ${fixtureRows(scope, level, id)('d')}
        and d.day >= ${range.from}::date and d.day <= ${range.to}::date
      group by 1, 2`
    }) g on g.unit_id = u.id
    where ${atPlace('u', level, id)} and ${scoped(scope, 'u', 'unit')}
    group by b.name, b.id, u.name, u.id
    order by b.name, b.id, u.name, u.id`,
  );
}

/**
 * Call 9's building lines: the place's building use per period start (`key`, YYYY-MM-DD),
 * with its fixtures' part and the building-days behind it.
 */
async function periodUse(
  db: Database,
  scope: Scope,
  level: 'property' | 'building',
  id: number,
  range: DateRange,
  granularity: ReportGranularityId,
) {
  const key = sql`to_char(${periodOf(granularity, sql.raw('b.bucket'))}::timestamp, 'YYYY-MM-DD')`;
  return selectRows<UseRow>(db, useRows(scope, level, id, range, key));
}

/** A company's building use over a range, with its fixtures' part (report 2). */
async function placeUse(
  db: Database,
  scope: Scope,
  level: BuildingLevel,
  id: number,
  range: DateRange,
) {
  const [row] = await selectRows<UseRow>(db, useRows(scope, level, id, range));
  return row ?? { key: null, use: 0, fixtures: 0, metered: 0, unmetered: 0 };
}

/**
 * Report 1: every unit of the company with its fixture micrometers' gallons, its category and
 * its property's price; residential units first, then the other categories, each by place.
 */
function usageByUnit(db: Database, scope: Scope, companyId: number, range: DateRange) {
  return selectRows<{
    property_name: string;
    building_name: string;
    unit_name: string;
    unit_category_id: number;
    volume: number;
    water_price: number;
  }>(
    db,
    sql`
    select p.name as property_name, b.name as building_name, u.name as unit_name,
           u.unit_category_id, coalesce(g.volume, 0)::float8 as volume,
           p.water_price_per_kgal::float8 as water_price
    from units u
    join buildings b on b.id = u.building_id
    join properties p on p.id = u.property_id
    left join (
      select unit_id, sum(volume) as volume
      from (${rangeUsage(range, fixtureRows(scope, 'company', companyId), (a) => sql.raw(`${a}.unit_id`))}) used
      group by 1
    ) g on g.unit_id = u.id
    where u.company_id = ${companyId} and ${scoped(scope, 'u', 'unit')}
    order by u.unit_category_id <> ${RESIDENTIAL_UNIT_CATEGORY}, u.unit_category_id,
             p.name, p.id, b.name, b.id, u.name, u.id`,
  );
}

/**
 * Report 2: fixture types with usage or an installed micrometer in the company. The main
 * line is not a fixture beside them: its water is the buildings' use (`placeUse`).
 */
function usageByFixture(db: Database, scope: Scope, companyId: number, range: DateRange) {
  return selectRows<{ appliance_type_id: number | null; sensors: number; volume: number }>(
    db,
    sql`
    with used as (
      select appliance_type_id, sum(volume) as volume
      from (${rangeUsage(range, fixtureRows(scope, 'company', companyId), (a) => sql.raw(`${a}.appliance_type_id`))}) used
      group by 1
    ), fitted as (
      select s.appliance_type_id, count(*) as sensors from sensors s
      where s.company_id = ${companyId} and s.unit_id is not null
        and s.appliance_type_id is not null and ${fixtureMeter('s')} and ${scoped(scope, 's')}
      group by 1
    )
    select coalesce(used.appliance_type_id, fitted.appliance_type_id)::int as appliance_type_id,
           coalesce(fitted.sensors, 0)::int as sensors, coalesce(used.volume, 0)::float8 as volume
    from used full join fitted on fitted.appliance_type_id = used.appliance_type_id
    order by 3 desc, 1 nulls last`,
  );
}

/** Report 3: the company's leak alerts first detected in the range, or still open. */
function leakAlerts(
  db: Database,
  scope: Scope,
  companyId: number,
  range: DateRange,
  timeZone: string,
) {
  const start = sql`(${range.from}::date)::timestamp at time zone ${timeZone}`;
  const end = sql`(${range.to}::date + 1)::timestamp at time zone ${timeZone}`;
  return selectRows<{
    id: number;
    building_id: number | null;
    sensor_id: number | null;
    property_name: string | null;
    building_name: string | null;
    unit_name: string | null;
    appliance_type_id: number | null;
    notification_type_id: number;
    notification_status_id: number;
    first_detected: Date | string;
    rate: number | null;
    water_price: number | null;
  }>(
    db,
    sql`
    select n.id, n.building_id, n.sensor_id, p.name as property_name, b.name as building_name,
           u.name as unit_name, n.appliance_type_id, n.notification_type_id, n.notification_status_id,
           n.first_detected_at as first_detected, n.rate::float8 as rate,
           p.water_price_per_kgal::float8 as water_price
    from notifications n
    left join properties p on p.id = n.property_id
    left join buildings b on b.id = n.building_id
    left join units u on u.id = n.unit_id
    where n.company_id = ${companyId} and n.notification_category_id = ${LEAK}
      and ${scoped(scope, 'n')}
      and (n.notification_status_id in ${OPEN}
           or (n.first_detected_at >= ${start} and n.first_detected_at < ${end}))
    order by n.first_detected_at desc, n.id desc`,
  );
}

/** Report 4: the company's micrometers as they are now. */
function sensorHealth(db: Database, scope: Scope, companyId: number) {
  return selectRows<{
    mac_address: string;
    property_name: string | null;
    building_name: string | null;
    unit_name: string | null;
    appliance_type_id: number | null;
    sensor_state_id: number;
    sensor_status_id: number;
    battery: number | null;
    last_keepalive: Date | string | null;
    last_submission: Date | string | null;
  }>(
    db,
    sql`
    select s.mac_address, p.name as property_name, b.name as building_name, u.name as unit_name,
           s.appliance_type_id, s.sensor_state_id, s.sensor_status_id, s.battery,
           s.last_keepalive, s.last_submission
    from sensors s
    left join properties p on p.id = s.property_id
    left join buildings b on b.id = s.building_id
    left join units u on u.id = s.unit_id
    where s.company_id = ${companyId} and ${scoped(scope, 's')}
    order by p.name nulls last, b.name nulls last, u.name nulls last, s.appliance_type_id, s.mac_address`,
  );
}

/**
 * Report 5: every property of the company with its use (its buildings' use under the rule),
 * the building-days behind it, its price and its open leaks' rates.
 */
async function costEstimate(db: Database, scope: Scope, companyId: number, range: DateRange) {
  const rows = await selectRows<{
    property_name: string;
    water_price: number;
    volume: number;
    metered: number;
    unmetered: number;
    leaks: unknown;
  }>(
    db,
    sql`
    select p.name as property_name, p.water_price_per_kgal::float8 as water_price,
           coalesce(g.use, 0)::float8 as volume, coalesce(g.metered, 0)::int as metered,
           coalesce(g.unmetered, 0)::int as unmetered, l.leaks
    from properties p
    left join (${useRows(scope, 'company', companyId, range, sql`b.property_id`)}) g
      on g.key = p.id
    left join (
      select n.property_id, ${leakFactsAgg(sql`p.water_price_per_kgal`)} as leaks
      from notifications n left join properties p on p.id = n.property_id
      where n.company_id = ${companyId} and ${openLeak()} and ${scoped(scope, 'n')}
      group by 1
    ) l on l.property_id = p.id
    where p.company_id = ${companyId} and ${scoped(scope, 'p', 'property')}
    order by p.name, p.id`,
  );
  return rows.map((row) => ({ ...row, leaks: leakFactsOf(row.leaks) }));
}

/** The time zones the system's properties are in (the overview's days are theirs). */
async function propertyTimeZones(db: Database): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`select distinct z.name from timezones z
      where z.id in (select distinct p.timezone_id from properties p)`,
  );
  return rows.map((row) => row.name);
}

/**
 * Call 11, first statement: the system's counts; the buildings' use (water-accounting rule)
 * over the last 24 UTC hours and per local day `days` (each property's own days).
 */
async function overviewCounts(db: Database, since24h: Date, days: DateRange) {
  const [row] = await selectRows<{
    companies: number;
    properties: number;
    buildings: number;
    units: number;
    sensors_total: number;
    sensors_assigned: number;
    sensors_transmitting: number;
    sensors_low_battery: number;
    gateways_total: number;
    gateways_online: number;
    gateways_offline: number;
    alerts_new: number;
    alerts_acknowledged: number;
    open_leaks: number;
    leaks: unknown;
    readings: number;
    volume_24h: number;
    usage_by_day: unknown;
  }>(
    db,
    sql`
    select
      (select count(*) from companies)::int as companies,
      (select count(*) from properties)::int as properties,
      (select count(*) from buildings)::int as buildings,
      (select count(*) from units)::int as units,
      s.*, g.*, a.*, h.*, v.*,
      (select json_agg(json_build_array(to_char(day::timestamp, 'YYYY-MM-DD'), volume))
         from (select b.bucket as day, sum(b.use)::float8 as volume
               from (${buildingUse(buildingLogBuckets('daily', everyBuilding, daysWithin(days)))}) b
               group by 1) days) as usage_by_day
    from (
      select count(*)::int as sensors_total,
             count(*) filter (where company_id is not null)::int as sensors_assigned,
             count(*) filter (where company_id is not null
               and sensor_status_id = ${SensorStatus.Transmitting})::int as sensors_transmitting,
             count(*) filter (where company_id is not null
               and battery < ${LOW_BATTERY_PERCENT})::int as sensors_low_battery
      from sensors
    ) s, (
      select count(*)::int as gateways_total,
             count(*) filter (where gateway_status_id = ${GatewayStatus.Online})::int as gateways_online,
             count(*) filter (where gateway_status_id = ${GatewayStatus.Offline})::int as gateways_offline
      from gateways
    ) g, (
      select count(*) filter (where n.notification_status_id = ${NotificationStatus.New})::int as alerts_new,
             count(*) filter (where n.notification_status_id = ${NotificationStatus.Acknowledged})::int as alerts_acknowledged,
             count(*) filter (where n.notification_category_id = ${LEAK})::int as open_leaks,
             ${leakFactsAgg(sql`p.water_price_per_kgal`)}
               filter (where n.notification_category_id = ${LEAK}) as leaks
      from notifications n left join properties p on p.id = n.property_id
      where n.notification_status_id in ${OPEN}
    ) a, (
      select coalesce(sum(readings), 0)::float8 as readings
      from usage_company_hourly
      where company_id = any(${everyCompany}) and hour >= ${since24h.toISOString()}::timestamptz
    ) h, (
      select coalesce(sum(b.use), 0)::float8 as volume_24h
      from (${buildingUse(buildingLogBuckets('hourly', everyBuilding, (hour) => sql`${hour} >= ${since24h.toISOString()}::timestamptz`))}) b
    ) v`,
  );
  if (!row) throw new Error('overview answered no row');
  return {
    ...row,
    leaks: leakFactsOf(row.leaks),
    usage_by_day: parsedJson<[string, number][]>(row.usage_by_day, []),
  };
}

/**
 * Call 11, second statement: each company's micrometers, open alerts and use over the local
 * days `month` (its buildings' use under the water-accounting rule, day by day).
 */
function overviewCompanies(db: Database, month: DateRange) {
  return selectRows<{
    company_id: number;
    name: string;
    sensors: number;
    transmitting: number;
    open_alerts: number;
    volume: number;
  }>(
    db,
    sql`
    select c.id as company_id, c.name, coalesce(s.sensors, 0)::int as sensors,
           coalesce(s.transmitting, 0)::int as transmitting,
           coalesce(a.open_alerts, 0)::int as open_alerts, coalesce(g.volume, 0)::float8 as volume
    from companies c
    left join (
      select company_id, count(*) as sensors,
             count(*) filter (where sensor_status_id = ${SensorStatus.Transmitting}) as transmitting
      from sensors where company_id is not null group by 1
    ) s on s.company_id = c.id
    left join (
      select company_id, count(*) as open_alerts from notifications
      where notification_status_id in ${OPEN} group by 1
    ) a on a.company_id = c.id
    left join (
      select b.company_id, sum(b.use) as volume
      from (${buildingUse(buildingLogBuckets('daily', everyBuilding, daysWithin(month)))}) b
      group by 1
    ) g on g.company_id = c.id
    order by c.name, c.id`,
  );
}

export function createReportsRepository(db: Database) {
  return withDatabase(db, {
    place,
    statistics,
    unitStatus,
    gallonsReport,
    periodUse,
    placeUse,
    usageByUnit,
    usageByFixture,
    leakAlerts,
    sensorHealth,
    costEstimate,
    propertyTimeZones,
    overviewCounts,
    overviewCompanies,
  });
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;

// Reads of the usage rollups for charts and totals: `usage_hourly` (UTC hours), `usage_daily`
// (the property's local dates), `usage_monthly` (its local months) and, above a unit, the
// per-building logs `usage_company_daily` and `usage_company_hourly`; never the raw readings.
// Above a unit, use follows the water-accounting rule (packages/domain/src/water-accounting.ts):
// each building's main line or its fixtures, never both; a unit's figures are its fixture
// micrometers'.
// Totals over a date range read whole months from the monthly rollup and the days around them
// from the daily one (`rangeUsage`). Each call is one aggregate statement limited by the caller's
// scope; places are found through `visiblePlaces` (db/queries/places.ts), so a record outside the
// scope is absent.
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import type { LocalDate } from '@flowsight/domain/usage-windows';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../db/client.ts';
import { placeScope } from '../../db/queries/place-columns.ts';
import { inPlace, visiblePlaces } from '../../db/queries/places.ts';
import {
  type BuildingLevel,
  buildingBuckets,
  buildingUse,
  daysWithin,
  fixtureMeter,
  fixtureRows,
  hoursWithin,
  rangeUsage,
} from '../../db/queries/rollup-reads.ts';
import { sensors } from '../../db/schema/fleet.ts';
import { units } from '../../db/schema/portfolio.ts';
import { usageDaily, usageHourly, usageMonthly } from '../../db/schema/readings.ts';
import type { Scope } from '../../lib/tenant-scope.ts';

const always = sql`true`;
const dailyScope = (scope: Scope) => placeScope(scope, usageDaily) ?? always;
const hourlyScope = (scope: Scope) => placeScope(scope, usageHourly) ?? always;
const sensorScope = (scope: Scope) => placeScope(scope, sensors) ?? always;

/** The rows of one place's daily rollup between two local dates (both included). */
const dailyOf = (scope: Scope, level: PortfolioLevel, id: number, range: DayRange) =>
  sql`${inPlace(usageDaily, level, id)} and ${dailyScope(scope)}
      and ${usageDaily.day} >= ${range.from}::date and ${usageDaily.day} <= ${range.to}::date`;

export type DayRange = { from: LocalDate; to: LocalDate };
/** A place as the usage calls need it: its time zone and water price (null for a company). */
export type UsagePlace = { id: number; time_zone: string; water_price_per_kgal: number | null };

export function createUsageRepository(db: Database) {
  const rows = <T>(query: SQL) => selectRows<T>(db, query);
  /** Use rows per local date (`day`: a day, or a month's first day). */
  const dayRows = async (query: SQL) =>
    (await useRows<string>(query)).map(({ bucket, ...row }) => ({ ...row, day: bucket }));
  /** Use rows; a unit's carry no fixtures' part of their own (all of it is fixtures). */
  const useRows = async <B = string>(query: SQL): Promise<UseRow<B>[]> =>
    (
      await rows<{
        bucket: B;
        mgal: number | string;
        fixtures?: number | string;
        metered?: number;
        unmetered?: number;
      }>(query)
    ).map((row) => ({
      bucket: row.bucket,
      mgal: Number(row.mgal),
      fixtures: Number(row.fixtures ?? row.mgal),
      metered: row.metered ?? 0,
      unmetered: row.unmetered ?? 0,
    }));

  return {
    /** The place in the scope with its zone (a company's: its own, else its properties' usual). */
    async place(scope: Scope, level: PortfolioLevel, id: number): Promise<UsagePlace | undefined> {
      const where = visiblePlaces(level, scope) ?? always;
      const query = {
        company: sql`
          select companies.id, coalesce(z.name, (
            select pz.name from properties p join timezones pz on pz.id = p.timezone_id
            where p.company_id = companies.id group by pz.id, pz.name
            order by count(*) desc, pz.id limit 1), 'UTC') as time_zone,
            null::float8 as water_price_per_kgal
          from companies left join timezones z on z.id = companies.timezone_id
          where companies.id = ${id} and ${where}`,
        property: sql`
          select properties.id, z.name as time_zone, properties.water_price_per_kgal::float8 as water_price_per_kgal
          from properties join timezones z on z.id = properties.timezone_id
          where properties.id = ${id} and ${where}`,
        building: sql`
          select buildings.id, z.name as time_zone, p.water_price_per_kgal::float8 as water_price_per_kgal
          from buildings join properties p on p.id = buildings.property_id
          join timezones z on z.id = p.timezone_id
          where buildings.id = ${id} and ${where}`,
        unit: sql`
          select units.id, z.name as time_zone, p.water_price_per_kgal::float8 as water_price_per_kgal
          from units join properties p on p.id = units.property_id
          join timezones z on z.id = p.timezone_id
          where units.id = ${id} and ${where}`,
      }[level];
      const [row] = await rows<UsagePlace>(query);
      return row && { ...row, water_price_per_kgal: nullableNumber(row.water_price_per_kgal) };
    },

    /**
     * Thousandths of a gallon per local date: above a unit the buildings' use under the
     * water-accounting rule (with their fixtures' part and how many building days had their main
     * line reporting), a unit's its fixture micrometers.
     */
    async daily(scope: Scope, level: PortfolioLevel, id: number, range: DayRange) {
      return dayRows(
        level === 'unit'
          ? sql`
            select ${usageDaily.day}::text as bucket, sum(${usageDaily.volumeMgal})::float8 as mgal
            from ${usageDaily} where ${dailyOf(scope, level, id, range)} and ${fixtureMeter('usage_daily')}
            group by ${usageDaily.day}`
          : perBucket(
              buildingBuckets(scope, level, id, 'daily', daysWithin(range)),
              sql`u.bucket::text`,
            ),
      );
    },

    /** `daily` summed per local month (its first day) whose first day is in the range. */
    async monthly(scope: Scope, level: PortfolioLevel, id: number, range: DayRange) {
      if (level !== 'unit') {
        // A month of buildings is the sum of its days' use: the rule decides per day.
        return dayRows(
          perBucket(
            buildingBuckets(scope, level, id, 'daily', daysWithin(range)),
            sql`date_trunc('month', u.bucket::timestamp)::date::text`,
          ),
        );
      }
      const monthlyScope = placeScope(scope, usageMonthly) ?? always;
      return dayRows(sql`
        select ${usageMonthly.month}::text as bucket, sum(${usageMonthly.volumeMgal})::float8 as mgal
        from ${usageMonthly}
        where ${usageMonthly.unitId} = ${id} and ${monthlyScope} and ${fixtureMeter('usage_monthly')}
          and ${usageMonthly.month} >= ${range.from}::date and ${usageMonthly.month} <= ${range.to}::date
        group by ${usageMonthly.month}`);
    },

    /** Thousandths of a gallon per UTC hour in [from, to), under the same rule as `daily`. */
    async hourly(scope: Scope, level: PortfolioLevel, id: number, from: Date, to: Date) {
      const found = await useRows<Date | string>(
        level === 'unit'
          ? sql`
            select ${usageHourly.hour} as bucket, sum(${usageHourly.volumeMgal})::float8 as mgal
            from ${usageHourly}
            where ${usageHourly.unitId} = ${id} and ${hourlyScope(scope)} and ${fixtureMeter('usage_hourly')}
              and ${usageHourly.hour} >= ${from.toISOString()}::timestamptz
              and ${usageHourly.hour} < ${to.toISOString()}::timestamptz
            group by ${usageHourly.hour}`
          : perBucket(
              buildingBuckets(scope, level, id, 'hourly', hoursWithin(from, to)),
              sql`u.bucket`,
            ),
      );
      return found.map(({ bucket, ...row }) => ({ ...row, hour: new Date(bucket) }));
    },

    /**
     * The place's use over the range: above a unit its buildings' use under the rule, with their
     * fixtures' part and the counts of building days with and without their main line reporting.
     */
    async use(scope: Scope, level: BuildingLevel, id: number, range: DayRange) {
      const [row] = await useRows(
        perBucket(buildingBuckets(scope, level, id, 'daily', daysWithin(range)), sql`'all'`),
      );
      return row ?? { bucket: 'all', mgal: 0, fixtures: 0, metered: 0, unmetered: 0 };
    },

    /**
     * Use per fixture type and the micrometers now on each type, for types with either: fixture
     * micrometers only, the main line is the building's, not a fixture beside them.
     */
    async byAppliance(scope: Scope, level: PortfolioLevel, id: number, range: DayRange) {
      const found = await rows<{
        appliance_type_id: number;
        mgal: number | string;
        sensors: number;
      }>(sql`
        with used as (
          select appliance_type_id, sum(volume) as mgal
          from (${rangeUsage(range, fixtureRows(scope, level, id), (a) => sql.raw(`${a}.appliance_type_id`))}) r
          where appliance_type_id is not null
          group by appliance_type_id having sum(volume) <> 0
        ), fitted as (
          select ${sensors.applianceTypeId} as appliance_type_id, count(*) as sensors
          from ${sensors}
          where ${inPlace(sensors, level, id)} and ${sensorScope(scope)}
            and ${sensors.unitId} is not null and ${sensors.applianceTypeId} is not null
            and ${fixtureMeter('sensors')}
          group by ${sensors.applianceTypeId}
        )
        select coalesce(u.appliance_type_id, f.appliance_type_id)::int as appliance_type_id,
               coalesce(u.mgal, 0)::float8 as mgal, coalesce(f.sensors, 0)::int as sensors
        from used u full join fitted f on f.appliance_type_id = u.appliance_type_id
        order by mgal desc, appliance_type_id`);
      return found.map((row) => ({ ...row, mgal: Number(row.mgal) }));
    },

    /** Every unit of the building in the scope with its fixture micrometers' use (0 when none). */
    async unitsOfBuilding(scope: Scope, buildingId: number, range: DayRange) {
      const found = await rows<{
        unit_id: number;
        unit_name: string;
        unit_category_id: number;
        mgal: number | string;
      }>(sql`
        select ${units.id} as unit_id, ${units.name} as unit_name,
               ${units.unitCategoryId}::int as unit_category_id, coalesce(g.mgal, 0)::float8 as mgal
        from ${units} left join (
          select unit_id, sum(volume) as mgal
          from (${rangeUsage(range, fixtureRows(scope, 'building', buildingId), (a) => sql.raw(`${a}.unit_id`))}) r
          group by unit_id
        ) g on g.unit_id = ${units.id}
        where ${units.buildingId} = ${buildingId} and ${visiblePlaces('unit', scope) ?? always}
        order by mgal desc, ${units.name}, ${units.id}`);
      return found.map((row) => ({ ...row, mgal: Number(row.mgal) }));
    },

    /**
     * The company's units of one category whose fixture micrometers used most water, with their
     * building and property.
     */
    async topUnits(
      scope: Scope,
      companyId: number,
      range: DayRange,
      limit: number,
      unitCategoryId: number,
    ) {
      const found = await rows<{
        unit_id: number;
        unit_name: string;
        unit_category_id: number;
        building_id: number;
        building_name: string;
        property_id: number;
        property_name: string;
        mgal: number | string;
      }>(sql`
        select units.id as unit_id, units.name as unit_name, units.unit_category_id::int as unit_category_id,
               b.id as building_id, b.name as building_name, p.id as property_id, p.name as property_name,
               g.mgal::float8 as mgal
        from (
          select unit_id, sum(volume) as mgal
          from (${rangeUsage(range, fixtureRows(scope, 'company', companyId), (a) => sql.raw(`${a}.unit_id`))}) r
          group by unit_id having sum(volume) <> 0
        ) g
        join units on units.id = g.unit_id
        join buildings b on b.id = units.building_id
        join properties p on p.id = units.property_id
        where units.company_id = ${companyId} and units.unit_category_id = ${unitCategoryId}
          and ${visiblePlaces('unit', scope) ?? always}
        order by g.mgal desc, units.name, units.id
        limit ${limit}`);
      return found.map((row) => ({ ...row, mgal: Number(row.mgal) }));
    },

    /**
     * The company's properties in the scope by use under the water-accounting rule (0 when none),
     * with their unit counts.
     */
    async topProperties(scope: Scope, companyId: number, range: DayRange, limit: number) {
      const found = await rows<{
        property_id: number;
        property_name: string;
        units: number;
        mgal: number | string;
      }>(sql`
        select properties.id as property_id, properties.name as property_name,
               (select count(*) from ${units} where ${units.propertyId} = properties.id
                 and ${visiblePlaces('unit', scope) ?? always})::int as units,
               coalesce(g.mgal, 0)::float8 as mgal
        from properties left join (
          select u.property_id, sum(u.use) as mgal
          from (${buildingUse(buildingBuckets(scope, 'company', companyId, 'daily', daysWithin(range)))}) u
          group by u.property_id
        ) g on g.property_id = properties.id
        where properties.company_id = ${companyId} and ${visiblePlaces('property', scope) ?? always}
        order by mgal desc, properties.name, properties.id
        limit ${limit}`);
      return found.map((row) => ({ ...row, mgal: Number(row.mgal) }));
    },

    /** A unit's gallons and readings, optionally of one fixture type and one micrometer. */
    async unitCount(
      scope: Scope,
      unitId: number,
      range: Partial<DayRange>,
      only: { applianceTypeId?: number; sensorId?: number },
    ) {
      const [row] = await rows<{ mgal: number | string; readings: number }>(sql`
        select coalesce(sum(${usageDaily.volumeMgal}), 0)::float8 as mgal,
               coalesce(sum(${usageDaily.readings}), 0)::int as readings
        from ${usageDaily}
        where ${usageDaily.unitId} = ${unitId} and ${dailyScope(scope)}
          ${range.from ? sql`and ${usageDaily.day} >= ${range.from}::date` : sql``}
          ${range.to ? sql`and ${usageDaily.day} <= ${range.to}::date` : sql``}
          ${only.applianceTypeId === undefined ? sql`` : sql`and ${usageDaily.applianceTypeId} = ${only.applianceTypeId}`}
          ${only.sensorId === undefined ? sql`` : sql`and ${usageDaily.sensorId} = ${only.sensorId}`}`);
      return { mgal: Number(row?.mgal ?? 0), readings: row?.readings ?? 0 };
    },

    /**
     * The micrometer with this MAC when it is on the unit's fixture now, or measured it before
     * (its rollup rows for the unit and fixture type remain after a reassignment).
     */
    async sensorOfFixture(unitId: number, applianceTypeId: number, mac: string) {
      const [row] = await rows<{ id: number }>(sql`
        select s.id from sensors s
        where s.mac_address = ${mac}
          and ((s.unit_id = ${unitId} and s.appliance_type_id = ${applianceTypeId})
            or exists (select 1 from usage_daily d where d.unit_id = ${unitId}
                       and d.sensor_id = s.id and d.appliance_type_id = ${applianceTypeId}))`);
      return row?.id;
    },
  };
}
export type UsageRepository = ReturnType<typeof createUsageRepository>;

/** A use row: a bucket's water and, above a unit, its fixtures' part and building days. */
type UseRow<B> = { bucket: B; mgal: number; fixtures: number; metered: number; unmetered: number };

/**
 * Building buckets summed per `key` (an expression of `u.bucket`): use, fixtures, and the counts
 * of building buckets with their main line reporting and without it (with water).
 */
const perBucket = (buckets: SQL, key: SQL) => sql`
  select ${key} as bucket, sum(u.use)::float8 as mgal, sum(u.fixtures)::float8 as fixtures,
         count(*) filter (where u.metered = 1)::int as metered,
         count(*) filter (where u.metered = 0)::int as unmetered
  from (${buildingUse(buckets)}) u group by 1`;

const nullableNumber = (value: number | string | null) => (value === null ? null : Number(value));

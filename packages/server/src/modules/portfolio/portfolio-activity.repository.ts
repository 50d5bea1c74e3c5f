// What the portfolio lists show beside each record to say where to act: per unit its
// open alerts, this month's gallons (fixture micrometers only), the same days of last month and its
// last reading; per property and building its open leaks with their rates, this month's use and
// the same days of last month (building use under the water-accounting rule) and its installed
// micrometers not transmitting. Each is a derived table grouped by the record's id, joined once to
// a list page, so a page is one statement however many rows it has. Usage is read through the
// rollup helpers (db/queries/rollup-reads.ts); "this month" is each property's own local month.
import { openNotificationStatuses, SensorState, SensorStatus } from '@flowsight/domain/lookups';
import type { StatisticsDays } from '@flowsight/domain/reports';
import { type SQL, sql } from 'drizzle-orm';
import { incidentRateByKey, leakFactsAgg, openLeak } from '../../db/queries/leak-facts.ts';
import {
  atPlace,
  buildingBucketsWhere,
  buildingUse,
  daysWithin,
  fixtureMeter,
  rangeUsage,
  scoped,
} from '../../db/queries/rollup-reads.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import type { Parent } from './portfolio.repository.ts';

/** The local days compared for the properties of one time zone. */
export type ZoneDays = { readonly timezoneId: number; readonly days: StatisticsDays };

const OPEN = sql.raw(`(${openNotificationStatuses.join(', ')})`);

/** Rows (under `alias`, carrying the hierarchy ids) below the parent and in the caller's scope. */
function under(scope: Scope, parent: Parent | undefined, alias: string): SQL {
  // Without a parent (the /properties, /buildings, /units pages): naming the companies turns a
  // scan of the rollups into index ranges, as the system overview does.
  const place = parent
    ? atPlace(alias, parent.level, parent.id)
    : sql`${sql.raw(alias)}.company_id = any(array(select id from companies))`;
  return sql`${place} and ${scoped(scope, alias)}`;
}
const inZone = (alias: string, timezoneId: number) =>
  sql`${sql.raw(alias)}.property_id in (select z.id from properties z where z.timezone_id = ${timezoneId})`;
const nothing = (columns: string) => sql.raw(`select ${columns} where false`);

/**
 * Per unit: `month_mgal` (this month so far), `compared_mgal` (its whole days compared, the 1st
 * to yesterday) and `last_mgal` (as many days from the 1st of last month), its fixture
 * micrometers' water in thousandths of a gallon (`statisticsDays` in the domain).
 */
export function unitUsage(scope: Scope, parent: Parent | undefined, zones: readonly ZoneDays[]) {
  const parts = zones.flatMap(({ timezoneId, days }) => {
    const where = (alias: 'm' | 'd') =>
      sql`${under(scope, parent, alias)} and ${fixtureMeter(alias)} and ${inZone(alias, timezoneId)}`;
    const columns = (part: number) => (alias: 'm' | 'd') =>
      sql`${sql.raw(alias)}.unit_id as unit_id, ${sql.raw(String(part))} as part`;
    const month = rangeUsage({ from: days.monthStart, to: days.today }, where, columns(0));
    // On the 1st nothing is compared: no read for either side.
    if (days.comparedTo === null) return [month];
    return [
      month,
      rangeUsage({ from: days.monthStart, to: days.comparedTo }, where, columns(2)),
      rangeUsage({ from: days.lastMonthStart, to: days.lastMonthSameEnd }, where, columns(1)),
    ];
  });
  if (parts.length === 0) {
    return nothing(
      'null::int as unit_id, 0::float8 as month_mgal, 0::float8 as compared_mgal, 0::float8 as last_mgal',
    );
  }
  return sql`select x.unit_id,
      coalesce(sum(x.volume) filter (where x.part = 0), 0)::float8 as month_mgal,
      coalesce(sum(x.volume) filter (where x.part = 2), 0)::float8 as compared_mgal,
      coalesce(sum(x.volume) filter (where x.part = 1), 0)::float8 as last_mgal
    from (${sql.join(parts, sql` union all `)}) x
    where x.unit_id is not null
    group by x.unit_id`;
}

/** Per unit: its open alerts (New and On it), every category. */
export const unitAlerts = (scope: Scope, parent: Parent | undefined) =>
  sql`select n.unit_id, count(*)::int as open_alerts from notifications n
    where n.notification_status_id in ${OPEN} and n.unit_id is not null and ${under(scope, parent, 'n')}
    group by 1`;

/** Per unit: when one of its micrometers last sent a reading. */
export const unitLastReading = (scope: Scope, parent: Parent | undefined) =>
  sql`select s.unit_id, max(s.last_submission) as last_reading from sensors s
    where s.unit_id is not null and ${under(scope, parent, 's')}
    group by 1`;

type PlaceKey = 'property_id' | 'building_id';

/**
 * Per property or building (`key`): this month's use (`month_mgal`), its whole days compared
 * (`compared_mgal`) and as many days from the 1st of last month (`last_mgal`), building use under
 * the water-accounting rule summed over its buildings, day by day in its property's local days.
 */
export function placeUsage(
  scope: Scope,
  parent: Parent | undefined,
  zones: readonly ZoneDays[],
  key: PlaceKey,
) {
  const parts = zones.map(({ timezoneId, days }) => {
    const place = sql`${
      parent
        ? atPlace('l', parent.level, parent.id)
        : sql`l.company_id = any(array(select id from companies))`
    } and ${inZone('l', timezoneId)}`;
    const buckets = buildingBucketsWhere(
      scope,
      place,
      'daily',
      daysWithin({ from: days.lastMonthStart, to: days.today }),
    );
    return sql`select ${sql.raw(`b.${key}`)} as key,
        coalesce(sum(b.use) filter (where b.bucket >= ${days.monthStart}::date), 0)::float8 as month_mgal,
        coalesce(sum(b.use) filter (where b.bucket >= ${days.monthStart}::date
          and b.bucket <= ${days.comparedTo ?? days.lastMonthEnd}::date), 0)::float8 as compared_mgal,
        coalesce(sum(b.use) filter (where b.bucket <= ${days.lastMonthSameEnd}::date), 0)::float8 as last_mgal
      from (${buildingUse(buckets)}) b group by 1`;
  });
  if (parts.length === 0) {
    return nothing(
      'null::int as key, 0::float8 as month_mgal, 0::float8 as compared_mgal, 0::float8 as last_mgal',
    );
  }
  return sql.join(parts, sql` union all `);
}

/**
 * Per property or building: its open leaks, their facts for the incident rule (`leaks`) and the
 * gallons a month they lose with each gallon counted once (`leak_rate`, for ordering).
 */
export const placeLeaks = (scope: Scope, parent: Parent | undefined, key: PlaceKey) =>
  sql`select f.key, f.open_leaks, f.leaks, r.incident_rate as leak_rate from (
      select ${sql.raw(`n.${key}`)} as key, count(*)::int as open_leaks,
        ${leakFactsAgg(sql`p.water_price_per_kgal`)} as leaks
      from notifications n left join properties p on p.id = n.property_id
      where ${openLeak()} and ${sql.raw(`n.${key}`)} is not null and ${under(scope, parent, 'n')}
      group by 1
    ) f join (${incidentRateByKey(key, under(scope, parent, 'n'))}) r on r.key = f.key`;

/** Per property or building: its installed micrometers that are not transmitting. */
export const placeSilentSensors = (scope: Scope, parent: Parent | undefined, key: PlaceKey) =>
  sql`select ${sql.raw(`s.${key}`)} as key, count(*)::int as silent from sensors s
    where s.sensor_state_id = ${SensorState.Installed}
      and s.sensor_status_id <> ${SensorStatus.Transmitting}
      and ${sql.raw(`s.${key}`)} is not null and ${under(scope, parent, 's')}
    group by 1`;

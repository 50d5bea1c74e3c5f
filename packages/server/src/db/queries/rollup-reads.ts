// Building blocks of the aggregate reads of the usage rollups (usage analytics and reports): a
// place's rows under a table alias, the caller's scope on them, and a date range's usage read as
// whole months from `usage_monthly` plus or minus days of `usage_daily` (`rangeReads` plans which),
// so a month-to-date total reads one row per sensor instead of one per sensor and day.
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { type DateRange, rangeReads } from '@flowsight/domain/reports';
import { supplyMeterTypes } from '@flowsight/domain/water-accounting';
import { type SQL, sql } from 'drizzle-orm';
import { type Scope, seesWholeBuildings } from '../../lib/tenant-scope.ts';
import { scopeCondition } from './scope-condition.ts';

export const levelKey: Record<PortfolioLevel, string> = {
  company: 'company_id',
  property: 'property_id',
  building: 'building_id',
  unit: 'unit_id',
};
/** `<alias>.<level>_id = id` for a table carrying the hierarchy ids. */
export const atPlace = (alias: string, level: PortfolioLevel, id: number) =>
  sql`${sql.raw(`${alias}.${levelKey[level]}`)} = ${id}`;
/** The scope condition of a table carrying the hierarchy ids, under an alias. */
export const scoped = (scope: Scope, alias: string, own?: PortfolioLevel) => {
  const column = (level: PortfolioLevel) =>
    sql.raw(`${alias}.${own === level ? 'id' : levelKey[level]}`);
  return (
    scopeCondition(scope, {
      companyId: column('company'),
      ...(own === 'company' ? {} : { propertyId: column('property') }),
      ...(own === 'company' || own === 'property' ? {} : { buildingId: column('building') }),
      ...(own === undefined || own === 'unit' ? { unitId: column('unit') } : {}),
    }) ?? sql`true`
  );
};

const inRanges = (alias: string, ranges: readonly DateRange[]) =>
  sql.join(
    ranges.map(
      (r) =>
        sql`(${sql.raw(`${alias}.day`)} >= ${r.from}::date and ${sql.raw(`${alias}.day`)} <= ${r.to}::date)`,
    ),
    sql` or `,
  );

/**
 * Usage over a range as signed rows `(<columns>, volume)`: the plan's whole months from the
 * monthly rollup, its days added and subtracted from the daily one (`rangeReads`). `where` and
 * `columns` are written for an alias (`m` monthly, `d` daily).
 */
export function rangeUsage(
  range: DateRange,
  where: (alias: 'm' | 'd') => SQL,
  columns: (alias: 'm' | 'd') => SQL,
): SQL {
  const reads = rangeReads(range);
  const parts: SQL[] = [];
  if (reads.months.length > 0) {
    const months = sql.join(
      reads.months.map((month) => sql`${month}::date`),
      sql`, `,
    );
    parts.push(sql`select ${columns('m')}, m.volume_mgal as volume from usage_monthly m
      where ${where('m')} and m.month in (${months})`);
  }
  if (reads.add.length > 0) {
    parts.push(sql`select ${columns('d')}, d.volume_mgal as volume from usage_daily d
      where ${where('d')} and (${inRanges('d', reads.add)})`);
  }
  if (reads.subtract.length > 0) {
    parts.push(sql`select ${columns('d')}, -d.volume_mgal as volume from usage_daily d
      where ${where('d')} and (${inRanges('d', reads.subtract)})`);
  }
  return sql.join(parts, sql` union all `);
}

/** The rollup rows of a place in the caller's scope, for `rangeUsage`. */
export const placeRows = (scope: Scope, level: PortfolioLevel, id: number) => (alias: 'm' | 'd') =>
  sql`${atPlace(alias, level, id)} and ${scoped(scope, alias)}`;

// ---- Water accounting (packages/domain/src/water-accounting.ts, docs/usage.md) ----

const supplyList = sql.raw(supplyMeterTypes.join(', '));
/** A per-sensor rollup row under `alias` is a fixture micrometer's (not a main line's). */
export const fixtureMeter = (alias: string) =>
  sql`coalesce(${sql.raw(`${alias}.appliance_type_id`)}, 0) not in (${supplyList})`;
/** A per-sensor rollup row under `alias` is a main line's. */
export const supplyMeter = (alias: string) =>
  sql`coalesce(${sql.raw(`${alias}.appliance_type_id`)}, 0) in (${supplyList})`;

/** Levels whose use is a sum of buildings' use. */
export type BuildingLevel = Exclude<PortfolioLevel, 'unit'>;

/**
 * One row per building and bucket of a place (columns `company_id, property_id, building_id,
 * bucket, main, main_readings, fixtures`, thousandths of a gallon): from the per-building logs
 * when the scope sees whole buildings, else from the per-sensor rollup. `bucket` is the local
 * `day` (daily) or the UTC `hour` (hourly); `range` a condition on the bucket under alias `l`.
 */
export function buildingBuckets(
  scope: Scope,
  level: BuildingLevel,
  id: number,
  grain: 'daily' | 'hourly',
  range: (bucket: SQL) => SQL,
): SQL {
  return buildingBucketsWhere(scope, atPlace('l', level, id), grain, range);
}

/**
 * `buildingBuckets` of the rows (alias `l`, carrying the hierarchy ids) meeting `place`: several
 * places at once, e.g. the properties of one time zone behind a list page.
 */
export function buildingBucketsWhere(
  scope: Scope,
  place: SQL,
  grain: 'daily' | 'hourly',
  range: (bucket: SQL) => SQL,
): SQL {
  const time = sql.raw(grain === 'daily' ? 'l.day' : 'l.hour');
  if (seesWholeBuildings(scope)) {
    const where = scopeCondition(scope, {
      companyId: sql.raw('l.company_id'),
      propertyId: sql.raw('l.property_id'),
      buildingId: sql.raw('l.building_id'),
    });
    return buildingLogBuckets(grain, sql`${place} and ${where ?? sql`true`}`, range);
  }
  const rollup = sql.raw(grain === 'daily' ? 'usage_daily' : 'usage_hourly');
  return sql`select l.company_id, l.property_id, l.building_id, ${time} as bucket,
      coalesce(sum(l.volume_mgal) filter (where ${supplyMeter('l')}), 0) as main,
      coalesce(sum(l.readings) filter (where ${supplyMeter('l')}), 0) as main_readings,
      coalesce(sum(l.volume_mgal) filter (where ${fixtureMeter('l')}), 0) as fixtures
    from ${rollup} l
    where ${place} and ${scoped(scope, 'l')} and ${range(time)}
    group by 1, 2, 3, 4`;
}

/**
 * `buildingBuckets` read from the per-building log of the grain, for the log rows (alias `l`)
 * meeting `where`: the system overview passes every company, the place reads its own.
 */
export function buildingLogBuckets(
  grain: 'daily' | 'hourly',
  where: SQL,
  range: (bucket: SQL) => SQL,
): SQL {
  const log = sql.raw(grain === 'daily' ? 'usage_company_daily' : 'usage_company_hourly');
  const time = sql.raw(grain === 'daily' ? 'l.day' : 'l.hour');
  return sql`select l.company_id, l.property_id, l.building_id, ${time} as bucket,
      sum(l.main_mgal) as main, sum(l.main_readings) as main_readings,
      sum(l.volume_mgal) - sum(l.main_mgal) as fixtures
    from ${log} l
    where ${where} and ${range(time)}
    group by 1, 2, 3, 4`;
}

/** The local days `from`–`to` (both included) of a bucket column. */
export const daysWithin = (range: DateRange) => (bucket: SQL) =>
  sql`${bucket} >= ${range.from}::date and ${bucket} <= ${range.to}::date`;
/** The UTC hours in [from, to) of a bucket column. */
export const hoursWithin = (from: Date, to: Date) => (bucket: SQL) =>
  sql`${bucket} >= ${from.toISOString()}::timestamptz and ${bucket} < ${to.toISOString()}::timestamptz`;

/**
 * `buildingBuckets` with the rule applied (alias `b` for its rows): `use` (the larger of main line
 * and fixtures where the main line reported, else the fixtures), `fixtures`, and `metered` (1 when
 * the main line reported, 0 when it did not and there was water, null for an empty bucket).
 */
export function buildingUse(buckets: SQL): SQL {
  return sql`select b.company_id, b.property_id, b.building_id, b.bucket,
      (case when b.main_readings > 0 then greatest(b.main, b.fixtures) else b.fixtures end)::float8 as use,
      b.fixtures::float8 as fixtures,
      case when b.main_readings > 0 then 1 when b.fixtures <> 0 then 0 end as metered
    from (${buckets}) b`;
}

/** `placeRows` limited to fixture micrometers: per-unit figures never count a main line. */
export const fixtureRows =
  (scope: Scope, level: PortfolioLevel, id: number) => (alias: 'm' | 'd') =>
    sql`${atPlace(alias, level, id)} and ${scoped(scope, alias)} and ${fixtureMeter(alias)}`;

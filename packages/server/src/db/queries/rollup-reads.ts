// Building blocks of the aggregate reads of the usage rollups (usage analytics and reports): a
// place's rows under a table alias, the caller's scope on them, and a date range's usage read as
// whole months from `usage_monthly` plus or minus days of `usage_daily` (`rangeReads` plans which),
// so a month-to-date total reads one row per sensor instead of one per sensor and day.
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { type DateRange, rangeReads } from '@flowsight/domain/reports';
import { type SQL, sql } from 'drizzle-orm';
import { type Scope, scopeCondition } from '../../lib/tenant-scope.ts';

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

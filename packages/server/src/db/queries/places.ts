// The tenant hierarchy as SQL, once: which rows of a level's table (companies, properties,
// buildings, units) the caller sees, which hierarchy column of a tenant-owned table holds a level's
// id, and a company's chart time zone. Repositories of every module build on these instead of
// importing another module's repository.
import { levelIdKey, type PortfolioLevel } from '@flowsight/domain/portfolio';
import { type SQL, sql } from 'drizzle-orm';
import type { Scope } from '../../lib/tenant-scope.ts';
import { buildings, companies, properties, units } from '../schema/portfolio.ts';
import { type ScopeColumns, scopeCondition } from './scope-condition.ts';

/** The scope condition of each level's own table: the places of that level the caller sees. */
export function visiblePlaces(level: PortfolioLevel, scope: Scope): SQL | undefined {
  switch (level) {
    case 'company':
      return scopeCondition(scope, { companyId: companies.id });
    case 'property':
      return scopeCondition(scope, { companyId: properties.companyId, propertyId: properties.id });
    case 'building':
      return scopeCondition(scope, {
        companyId: buildings.companyId,
        propertyId: buildings.propertyId,
        buildingId: buildings.id,
      });
    case 'unit':
      return scopeCondition(scope, {
        companyId: units.companyId,
        propertyId: units.propertyId,
        buildingId: units.buildingId,
        unitId: units.id,
      });
    default: {
      const unreachable: never = level;
      return unreachable;
    }
  }
}

/** A tenant-owned table's four hierarchy columns (a Drizzle table that has them qualifies). */
export type HierarchyColumns = Required<ScopeColumns>;

/** The level → hierarchy-column map: the domain's id key of each level names its column. */
const columnKey = levelIdKey satisfies Record<PortfolioLevel, keyof HierarchyColumns>;

/** The column of `table` holding the id of its place at `level`. */
export const placeColumn = (table: HierarchyColumns, level: PortfolioLevel) =>
  table[columnKey[level]];

/** Rows of `table` that lie in the place (`level`, `id`): the place itself or anything under it. */
export const inPlace = (table: HierarchyColumns, level: PortfolioLevel, id: number): SQL =>
  sql`${placeColumn(table, level)} = ${id}`;

/** A company's chart zone: its own, else the one most of its properties use (ties: lowest id). */
export const companyTimezoneId = sql<number | null>`coalesce(${companies.timezoneId}, (
  select p.timezone_id from ${properties} p where p.company_id = ${companies.id}
  group by p.timezone_id order by count(*) desc, p.timezone_id limit 1))`;

// The one function that turns a scope (lib/tenant-scope.ts) into the SQL condition every
// tenant-owned query applies. System roles see everything; company roles their company; property-,
// building- and unit-scoped roles their part; a role with no company sees no tenant-owned rows.
import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';
import { type Scope, seesEverything } from '../../lib/tenant-scope.ts';

/** The hierarchy columns a tenant-owned table carries (any it lacks are simply not narrowed). */
export type ScopeColumns = {
  readonly companyId: AnyColumn | SQL;
  readonly propertyId?: AnyColumn | SQL;
  readonly buildingId?: AnyColumn | SQL;
  readonly unitId?: AnyColumn | SQL;
};

/** The condition limiting rows of a tenant-owned table to the scope; undefined means "all". */
export function scopeCondition(scope: Scope, columns: ScopeColumns): SQL | undefined {
  if (seesEverything(scope)) return undefined;
  if (scope.companyId === null) return sql`false`;
  const conditions: SQL[] = [sql`${columns.companyId} = ${scope.companyId}`];
  const narrow = (column: AnyColumn | SQL | undefined, id: number | null) => {
    if (column && id !== null) conditions.push(sql`${column} = ${id}`);
  };
  narrow(columns.propertyId, scope.propertyId);
  narrow(columns.buildingId, scope.buildingId);
  narrow(columns.unitId, scope.unitId);
  return and(...conditions);
}

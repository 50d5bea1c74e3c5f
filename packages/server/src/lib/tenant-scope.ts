// Who is asking, resolved once per request from the access token (plugins/auth.ts), and the one
// function that turns it into the SQL condition every tenant-owned query applies. System roles see
// everything; company roles their company; property-, building- and unit-scoped roles their part;
// a role with no company (the sensor tester) sees no tenant-owned rows. Provider stock (micrometers
// with no company) follows its own rule, `stockInScope`.

import { mayFindStock, type StockLookup } from '@flowsight/domain/access';
import { RoleType, type RoleTypeId } from '@flowsight/domain/lookups';
import { isSystemRole } from '@flowsight/domain/roles';
import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';

export type Scope = {
  readonly userId: number;
  readonly roleId: number;
  readonly roleTypeId: RoleTypeId;
  readonly companyId: number | null;
  readonly companyTypeId: number | null;
  readonly propertyId: number | null;
  readonly buildingId: number | null;
  readonly unitId: number | null;
};

/** The hierarchy columns a tenant-owned table carries (any it lacks are simply not narrowed). */
export type ScopeColumns = {
  readonly companyId: AnyColumn | SQL;
  readonly propertyId?: AnyColumn | SQL;
  readonly buildingId?: AnyColumn | SQL;
  readonly unitId?: AnyColumn | SQL;
};

export const seesEverything = (scope: Scope) => isSystemRole(scope.roleTypeId);

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

/**
 * True when the scope is not narrowed to a unit: a table kept per building (which lacks the unit
 * column `scopeCondition` would narrow by) may then answer for it.
 */
export const seesWholeBuildings = (scope: Scope) => seesEverything(scope) || scope.unitId === null;

/** True when a record with these hierarchy ids lies inside the scope. */
export function inScope(
  scope: Scope,
  record: {
    companyId: number | null;
    propertyId?: number | null;
    buildingId?: number | null;
    unitId?: number | null;
  },
): boolean {
  if (seesEverything(scope)) return true;
  if (scope.companyId === null || record.companyId !== scope.companyId) return false;
  const within = (mine: number | null, theirs: number | null | undefined) =>
    mine === null || theirs === undefined || theirs === mine;
  return (
    within(scope.propertyId, record.propertyId) &&
    within(scope.buildingId, record.buildingId) &&
    within(scope.unitId, record.unitId)
  );
}

/** Where a micrometer of stock is set aside (its pending office assignment). */
export type Reservation = {
  readonly companyId: number;
  readonly propertyId: number;
  readonly buildingId: number;
};

/**
 * True when a micrometer of provider stock (no company) lies inside the scope, following the
 * access table's rule (`stockFinders` in @flowsight/domain/access): stock reserved for a building
 * is in scope where that building is; roles without a tenant (the tester) and unreserved stock
 * follow `mayFindStock` for the way it was asked for.
 */
export function stockInScope(
  scope: Scope,
  reservation: Reservation | null,
  lookup: StockLookup,
): boolean {
  if (seesEverything(scope)) return true;
  if (reservation !== null && scope.companyId !== null) return inScope(scope, reservation);
  return mayFindStock(scope.roleTypeId, lookup);
}

/**
 * The system itself acting outside any person's scope (a confirmed email action, a job): it sees
 * everything and records no actor.
 */
export const systemScope: Scope = {
  userId: 0,
  roleId: 0,
  roleTypeId: RoleType.SystemAdmin,
  companyId: null,
  companyTypeId: null,
  propertyId: null,
  buildingId: null,
  unitId: null,
};

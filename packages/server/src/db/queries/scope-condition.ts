// The one function that turns a scope (lib/tenant-scope.ts) into the SQL condition every
// tenant-owned query applies. System roles see everything; company roles their company; property-,
// building- and unit-scoped roles their part; a role with no company sees no tenant-owned rows.
import { SYSTEM_ROLE_TYPES } from '@flowsight/domain/roles';
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

type Operand = AnyColumn | SQL | number | null;

/**
 * `scopeCondition` read the other way round: true for a role (the columns of a `user_roles` row)
 * whose scope covers the place (its four ids): a system role, or a role of the place's company not
 * narrowed to another property, building or unit. Chooses who is mailed about, or may be assigned,
 * something at that place.
 */
export function roleCovers(
  role: {
    readonly roleTypeId: AnyColumn | SQL;
    readonly companyId: AnyColumn | SQL;
    readonly propertyId: AnyColumn | SQL;
    readonly buildingId: AnyColumn | SQL;
    readonly unitId: AnyColumn | SQL;
  },
  place: {
    readonly companyId: Operand;
    readonly propertyId: Operand;
    readonly buildingId: Operand;
    readonly unitId: Operand;
  },
): SQL {
  const within = (mine: AnyColumn | SQL, theirs: Operand) =>
    sql`(${mine} is null or ${mine} = ${theirs})`;
  const systemTypes = sql.join(
    SYSTEM_ROLE_TYPES.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`(${role.roleTypeId} in (${systemTypes}) or (${role.companyId} = ${place.companyId}
    and ${within(role.propertyId, place.propertyId)} and ${within(role.buildingId, place.buildingId)}
    and ${within(role.unitId, place.unitId)}))`;
}

// Granting a role (spec section 8): which role types a caller may offer, and the place
// every grant of theirs falls within. Only types that can sign in are offered; system staff grant
// anywhere, a company admin within their own company, and a role narrowed to a property or a
// building within that place alone: a user cannot grant wider than they hold.
import { type RoleTypeId, roleTypes } from './lookups.ts';
import { COMPANY_GRANTABLE_ROLE_TYPES, isSystemRole, mayUseWebApp } from './roles.ts';

/** A held role as these rules read it: its type and the ids of its place. */
export type GrantingRole = {
  readonly user_role_type_id: number;
  readonly company_id: number | null;
  readonly property_id: number | null;
  readonly building_id: number | null;
};

/** Role types the caller may grant: those that can sign in, any for system staff. */
export function grantableRoleTypes(caller: Pick<GrantingRole, 'user_role_type_id'>) {
  const offered: readonly RoleTypeId[] = isSystemRole(caller.user_role_type_id)
    ? roleTypes.map((role) => role.id)
    : COMPANY_GRANTABLE_ROLE_TYPES;
  return offered.filter(mayUseWebApp);
}

/** The ids every grant of the caller must carry; null where the grant may choose. */
export type GrantBounds = {
  readonly companyId: number | null;
  readonly propertyId: number | null;
  readonly buildingId: number | null;
};

/**
 * The place the caller's grants fall within: nothing fixed for system staff; a company role's
 * company, and for a narrowed one its property and building too.
 */
export function grantBounds(caller: GrantingRole): GrantBounds {
  if (isSystemRole(caller.user_role_type_id)) {
    return { companyId: null, propertyId: null, buildingId: null };
  }
  return {
    companyId: caller.company_id,
    propertyId: caller.property_id,
    buildingId: caller.building_id,
  };
}

/** Whether a grant's ids stay inside the bounds (each fixed id given, and the same). */
export function grantWithinBounds(
  bounds: GrantBounds,
  grant: {
    readonly company_id?: number | null;
    readonly property_id?: number | null;
    readonly building_id?: number | null;
  },
): boolean {
  const same = (fixed: number | null, given: number | null | undefined) =>
    fixed === null || given === fixed;
  return (
    same(bounds.companyId, grant.company_id) &&
    same(bounds.propertyId, grant.property_id) &&
    same(bounds.buildingId, grant.building_id)
  );
}

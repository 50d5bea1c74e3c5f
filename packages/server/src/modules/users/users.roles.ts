// The role-grant rule, apart from the service that stores what it decides: which role types a
// caller may grant, which hierarchy ids each type needs or refuses, when two roles are the same,
// and a held role with the words that describe it.
import {
  COMPANY_GRANTABLE_ROLE_TYPES,
  describeRole,
  placementLevels,
  roleLevel,
  roleTypeName,
} from '@flowsight/domain/roles';
import { Invalid } from '../../lib/errors.ts';
import { type Scope, seesEverything } from '../../lib/tenant-scope.ts';
import {
  deepestLevel,
  idField,
  levelIndex,
  NOWHERE,
  type PlacementLookup,
  placementOf,
  resolvePlacement,
} from './placement.ts';
import type { RoleRecord, RoleValues } from './users.repository.ts';
import type { RoleGrant, UserRoleRow } from './users.schemas.ts';

/** Two roles are the same when type and place are. */
export const roleKey = (role: RoleValues) =>
  [role.roleTypeId, role.companyId, role.propertyId, role.buildingId, role.unitId].join(':');
export const heldKey = (held: RoleRecord) =>
  roleKey({ roleTypeId: held.user_role_type_id, ...placementOf(held) });

export const withDescription = (role: RoleRecord): UserRoleRow => ({
  ...role,
  description: describeRole(role.user_role_type_id, role),
});

/**
 * The one rule for granting a role: which types the caller may grant, which hierarchy ids each
 * type needs or refuses, and that the place exists inside the caller's scope.
 */
export async function placeRole(
  find: PlacementLookup,
  scope: Scope,
  grant: RoleGrant,
): Promise<RoleValues> {
  const roleTypeId = grant.user_role_type_id;
  const name = roleTypeName(roleTypeId);
  if (!seesEverything(scope) && !COMPANY_GRANTABLE_ROLE_TYPES.includes(roleTypeId)) {
    const grantable = COMPANY_GRANTABLE_ROLE_TYPES.map(roleTypeName).join(', ');
    throw new Invalid(`A company admin may grant only these roles: ${grantable}`);
  }
  const level = roleLevel(roleTypeId);
  const given = deepestLevel(grant);
  if (level === undefined) {
    if (given !== undefined) {
      throw new Invalid(
        `A ${name} role belongs to no company; leave out company_id, property_id, building_id and unit_id`,
      );
    }
    return { roleTypeId, ...NOWHERE };
  }
  if (given === undefined || grant[idField[level]] == null) {
    throw new Invalid(`A ${name} role needs ${idField[level]}`);
  }
  if (levelIndex(given) > levelIndex(level)) {
    const deeper = placementLevels.slice(levelIndex(level) + 1).map((l) => idField[l]);
    throw new Invalid(`A ${name} role covers a whole ${level}; leave out ${deeper.join(', ')}`);
  }
  const placement = await resolvePlacement(find, scope, level, grant);
  return { roleTypeId, ...placement };
}

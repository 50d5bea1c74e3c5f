// The role-grant rule, apart from the service that stores what it decides: which role types a
// caller may grant, which hierarchy ids each type needs or refuses, when two roles are the same,
// and a held role with the words that describe it.
import {
  COMPANY_GRANTABLE_ROLE_TYPES,
  describeRole,
  type PlacementLevel,
  placementLevels,
  roleLevels,
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

/** `['company', 'property', 'building']` as "a company, a property or a building". */
const levelList = (levels: readonly PlacementLevel[]) => {
  const named = levels.map((level) => `a ${level}`);
  return named.length < 2 ? named.join('') : `${named.slice(0, -1).join(', ')} or ${named.at(-1)}`;
};

/**
 * The one rule for granting a role: which types the caller may grant, which hierarchy ids each
 * type needs or refuses, and that the place exists inside the caller's scope. A company role may
 * sit at its whole company or be narrowed to one property or building (`roleLevels`); the deepest
 * id given decides which. The place must lie in the caller's scope, so nobody grants wider than
 * they hold: a property's admin grants on that property or its buildings only.
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
  const levels = roleLevels(roleTypeId);
  const given = deepestLevel(grant);
  const [widest, ...narrower] = levels;
  if (widest === undefined) {
    if (given !== undefined) {
      throw new Invalid(
        `A ${name} role belongs to no company; leave out company_id, property_id, building_id and unit_id`,
      );
    }
    return { roleTypeId, ...NOWHERE };
  }
  if (given === undefined || levelIndex(given) < levelIndex(widest)) {
    throw new Invalid(`A ${name} role needs ${idField[widest]}`);
  }
  // The deepest id given decides where the role sits: one of the levels its type may sit at.
  if (!levels.includes(given)) {
    const deepest = narrower.at(-1) ?? widest;
    const deeper = placementLevels.slice(levelIndex(deepest) + 1).map((l) => idField[l]);
    const where =
      narrower.length === 0 ? `covers a whole ${widest}` : `sits at ${levelList(levels)}`;
    throw new Invalid(`A ${name} role ${where}; leave out ${deeper.join(', ')}`);
  }
  const placement = await resolvePlacement(find, scope, given, grant);
  return { roleTypeId, ...placement };
}

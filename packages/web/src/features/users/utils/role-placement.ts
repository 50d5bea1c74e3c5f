// Which role types the caller may grant and which place each needs, as the server checks them
// (placeRole in the users service): system roles and the sensor tester sit nowhere; company
// roles need a company; property, building and resident roles their property, building or unit.
import type { SessionRole } from '@flowsight/domain/auth';
import { CompanyType, type RoleTypeId, roleTypes } from '@flowsight/domain/lookups';
import { restrictedMayCall } from '@flowsight/domain/restricted-companies';
import { COMPANY_GRANTABLE_ROLE_TYPES, isSystemRole, roleLevel } from '@flowsight/domain/roles';
import { type ApiRoute, mayCallRoute } from '@/lib/permissions';

export type RoleGrant = {
  user_role_type_id: RoleTypeId;
  company_id?: number;
  property_id?: number;
  building_id?: number;
  unit_id?: number;
};

/** Role types the active role may grant: any for system staff, three in their company otherwise. */
export function grantableRoleTypes(activeRole: SessionRole): readonly RoleTypeId[] {
  return isSystemRole(activeRole.user_role_type_id)
    ? roleTypes.map((role) => role.id)
    : COMPANY_GRANTABLE_ROLE_TYPES;
}

/** The company a company role's grants and contacts are fixed to; null for system staff. */
export function fixedCompanyId(activeRole: SessionRole): number | null {
  return isSystemRole(activeRole.user_role_type_id) ? null : activeRole.company_id;
}

/** A grant for `roleTypeId` at `placeId` (the id at the role's level), or the company fixed. */
export function roleGrant(
  roleTypeId: RoleTypeId,
  placeId: number | null,
  companyId: number | null,
): RoleGrant {
  const level = roleLevel(roleTypeId);
  if (level === undefined) return { user_role_type_id: roleTypeId };
  if (level === 'company') {
    const id = companyId ?? placeId;
    return id === null
      ? { user_role_type_id: roleTypeId }
      : { user_role_type_id: roleTypeId, company_id: id };
  }
  return placeId === null
    ? { user_role_type_id: roleTypeId }
    : { user_role_type_id: roleTypeId, [`${level}_id`]: placeId };
}

/** Invite, edit, disable, delete and roles: the server's user managers (types 1, 2, 4). */
export const mayManageUsers = (roleTypeId: number) => mayCallRoute('POST /users', roleTypeId);

/**
 * What the role may do with notification contacts (its own or others'): the permission matrix,
 * and for a restricted (type 3) company its allow-list, which names no contacts route.
 */
export function contactsAccess(activeRole: SessionRole): { read: boolean; write: boolean } {
  const restricted = activeRole.company_type_id === CompanyType.Restricted;
  const type = activeRole.user_role_type_id;
  const may = (route: ApiRoute) =>
    mayCallRoute(route, type) && (!restricted || restrictedMayCall(route, type));
  return {
    read: may('GET /users/:id/notification-contacts'),
    write: may('POST /users/:id/notification-contacts'),
  };
}

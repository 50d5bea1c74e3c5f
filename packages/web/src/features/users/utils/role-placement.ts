// A role being granted, as the Roles and invite dialogs build it: its type, then the company and,
// for a company role narrowed to site staff, a property and a building, all chosen by name. What
// the caller may offer and the place its grants fall within are the domain's (`role-grants.ts`);
// the server's placeRole checks the same again.
import type { SessionRole } from '@flowsight/domain/auth';
import { CompanyType, type RoleTypeId } from '@flowsight/domain/lookups';
import { restrictedMayCall } from '@flowsight/domain/restricted-companies';
import { type GrantBounds, grantBounds } from '@flowsight/domain/role-grants';
import { type PlacementLevel, roleLevels } from '@flowsight/domain/roles';
import { type ApiRoute, mayCallRoute } from '@/lib/permissions';

export type RoleGrant = {
  user_role_type_id: RoleTypeId;
  company_id?: number;
  property_id?: number;
  building_id?: number;
  unit_id?: number;
};

/** A role being chosen: no type yet (null) until one is picked; places by id, chosen by name. */
export type RoleDraft = {
  roleTypeId: RoleTypeId | null;
  companyId: number | null;
  propertyId: number | null;
  buildingId: number | null;
};

export const NO_ROLE: RoleDraft = {
  roleTypeId: null,
  companyId: null,
  propertyId: null,
  buildingId: null,
};

/** The levels the pickers offer (a unit is never a company role's place). */
export type PickedLevel = Exclude<PlacementLevel, 'unit'>;
const pickedLevels: readonly PickedLevel[] = ['company', 'property', 'building'];

/** The draft's places with the caller's fixed ones in force (`grantBounds`). */
export function placesOf(draft: RoleDraft, bounds: GrantBounds): Omit<RoleDraft, 'roleTypeId'> {
  const companyId = bounds.companyId ?? draft.companyId;
  const propertyId = bounds.propertyId ?? (companyId === null ? null : draft.propertyId);
  const buildingId = bounds.buildingId ?? (propertyId === null ? null : draft.buildingId);
  return { companyId, propertyId, buildingId };
}

/**
 * The levels a role type's place is chosen at: from the company down to the deepest it may sit
 * at; none for the types that sit nowhere.
 */
export function levelsToPick(roleTypeId: RoleTypeId | null): readonly PickedLevel[] {
  const levels = roleTypeId === null ? [] : roleLevels(roleTypeId);
  const deepest = levels.at(-1);
  if (deepest === undefined) return [];
  const last = pickedLevels.indexOf(deepest as PickedLevel);
  return pickedLevels.slice(0, last === -1 ? pickedLevels.length : last + 1);
}

const idOf = { company: 'companyId', property: 'propertyId', building: 'buildingId' } as const;

/** Whether the draft names a type and the places it needs (its widest level at least). */
export function roleDraftComplete(draft: RoleDraft, bounds: GrantBounds): boolean {
  if (draft.roleTypeId === null) return false;
  const widest = roleLevels(draft.roleTypeId)[0];
  if (widest === undefined) return true;
  // A unit is never picked here: a type that needs one (a resident) is not offered.
  const last = pickedLevels.indexOf(widest as PickedLevel);
  if (last === -1) return false;
  const places = placesOf(draft, bounds);
  return pickedLevels.slice(0, last + 1).every((level) => places[idOf[level]] !== null);
}

/** The grant of a complete draft (`roleDraftComplete`): every id chosen or fixed, none deeper. */
export function grantOf(draft: RoleDraft, bounds: GrantBounds): RoleGrant {
  if (draft.roleTypeId === null) throw new Error('grantOf needs a chosen role type');
  const places = placesOf(draft, bounds);
  const grant: RoleGrant = { user_role_type_id: draft.roleTypeId };
  for (const level of levelsToPick(draft.roleTypeId)) {
    const id = places[idOf[level]];
    if (id !== null) grant[`${level}_id`] = id;
  }
  return grant;
}

/** The company a company role's grants and contacts are fixed to; null for system staff. */
export const fixedCompanyId = (activeRole: SessionRole): number | null =>
  grantBounds(activeRole).companyId;

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

// Who is asking, resolved once per request from the access token (plugins/auth.ts), and the rules
// deciding what it may see (the SQL condition every tenant-owned query applies is built from them
// in db/queries/scope-condition.ts). System roles see
// everything; company roles their company; property-, building- and unit-scoped roles their part;
// a role with no company (the sensor tester) sees no tenant-owned rows. Provider stock (micrometers
// with no company) follows its own rule, `stockInScope`.

import { mayFindStock, type StockLookup } from '@flowsight/domain/access';
import { RoleType, type RoleTypeId } from '@flowsight/domain/lookups';
import { type PortfolioLevel, placeNotFound } from '@flowsight/domain/portfolio';
import {
  actsAtLevel,
  heldRoleLevel,
  isSystemRole,
  levelRefusal,
  type PlacementLevel,
} from '@flowsight/domain/roles';
import { Forbidden, NotFound } from './errors.ts';

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

/** A role row (its id, type and place, with its company's type) as the scope it signs in with. */
export const scopeOfRole = (
  userId: number,
  role: {
    readonly role_id: number;
    readonly user_role_type_id: number;
    readonly company_id: number | null;
    readonly company_type_id: number | null;
    readonly property_id: number | null;
    readonly building_id: number | null;
    readonly unit_id: number | null;
  },
): Scope => ({
  userId,
  roleId: role.role_id,
  roleTypeId: role.user_role_type_id as RoleTypeId,
  companyId: role.company_id,
  companyTypeId: role.company_type_id,
  propertyId: role.property_id,
  buildingId: role.building_id,
  unitId: role.unit_id,
});

export const seesEverything = (scope: Scope) => isSystemRole(scope.roleTypeId);

/**
 * True when the scope is not narrowed to a unit: a table kept per building (which lacks the unit
 * column `scopeCondition` would narrow by) may then answer for it.
 */
export const seesWholeBuildings = (scope: Scope) => seesEverything(scope) || scope.unitId === null;

/** The level the scope's role sits at (company, property, building, unit); undefined for none. */
export const scopeLevel = (scope: Scope): PlacementLevel | undefined =>
  heldRoleLevel({
    company_id: scope.companyId,
    property_id: scope.propertyId,
    building_id: scope.buildingId,
    unit_id: scope.unitId,
  });

/**
 * The one "may this scope act at this level" rule (`actsAtLevel`): system roles anywhere; a
 * company role at its own level and below, so a role narrowed to a property is refused company
 * settings, and one narrowed to a building its property's. Throws Forbidden (nothing written).
 */
export function requireActsAt(scope: Scope, level: PlacementLevel): void {
  if (seesEverything(scope)) return;
  const held = scopeLevel(scope);
  if (held === undefined) throw new Forbidden(`This needs a role over the whole ${level}`);
  if (!actsAtLevel(held, level)) throw new Forbidden(levelRefusal(held, level));
}

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

/** A lookup of a place that answers nothing for a place outside the caller's scope. */
export type FindPlace<Place> = (
  scope: Scope,
  level: PortfolioLevel,
  id: number,
) => Promise<Place | undefined | null>;

/**
 * The one "is this place within my scope" check, built on a module's own place lookup: the place,
 * or NotFound naming its level when it does not exist or lies outside the scope (the two are not
 * told apart, so ids of other tenants reveal nothing).
 */
export function placeCheck<Place>(find: FindPlace<Place>) {
  return async (scope: Scope, level: PortfolioLevel, id: number): Promise<Place> => {
    const place = await find(scope, level, id);
    if (place === undefined || place === null) throw new NotFound(placeNotFound(level));
    return place;
  };
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

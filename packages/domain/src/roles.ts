// How a role is named in the product (spec section 6) and which role types may sign in to the
// web application (spec section 5).
import { RoleType, type RoleTypeId, roleTypes } from './lookups.ts';

export const SYSTEM_ROLE_TYPES: readonly RoleTypeId[] = [
  RoleType.SystemAdmin,
  RoleType.SystemSupport,
  RoleType.SystemTechnician,
];
export const COMPANY_ROLE_TYPES: readonly RoleTypeId[] = [
  RoleType.CompanyAdmin,
  RoleType.CompanyManager,
];
/** The provider's staff and the company roles: those with the full application shell. */
export const STAFF_AND_COMPANY_ROLE_TYPES: readonly RoleTypeId[] = [
  ...SYSTEM_ROLE_TYPES,
  ...COMPANY_ROLE_TYPES,
];
/** Role types a company admin may grant within their own company. */
export const COMPANY_GRANTABLE_ROLE_TYPES: readonly RoleTypeId[] = [
  RoleType.CompanyAdmin,
  RoleType.CompanyManager,
  RoleType.CompanyInstaller,
];

export const isSystemRole = (roleTypeId: number) =>
  SYSTEM_ROLE_TYPES.includes(roleTypeId as RoleTypeId);
export const isCompanyRole = (roleTypeId: number) =>
  COMPANY_ROLE_TYPES.includes(roleTypeId as RoleTypeId);

/**
 * The login rule: a user whose first role's type id is above 5, other than 12 and 13, is refused.
 */
export function mayUseWebApp(firstRoleTypeId: number): boolean {
  return (
    firstRoleTypeId <= RoleType.CompanyManager ||
    firstRoleTypeId === RoleType.SensorTester ||
    firstRoleTypeId === RoleType.CompanyInstaller
  );
}

export const roleTypeName = (roleTypeId: number): string =>
  roleTypes.find((r) => r.id === roleTypeId)?.name ?? `Role ${roleTypeId}`;

export type RoleScopeNames = {
  readonly company_name?: string | null;
  readonly property_name?: string | null;
  readonly building_name?: string | null;
  readonly unit_name?: string | null;
};

/**
 * A role in words: its name, then the company, property, building and unit names; 'of' joins
 * them for roles above system support except the sensor tester.
 */
export function describeRole(roleTypeId: number, names: RoleScopeNames = {}): string {
  const name = roleTypeName(roleTypeId);
  const scope = [names.company_name, names.property_name, names.building_name, names.unit_name]
    .filter((part): part is string => Boolean(part))
    .join(', ');
  if (!scope) return name;
  const joiner =
    roleTypeId > RoleType.SystemSupport && roleTypeId !== RoleType.SensorTester ? ' of ' : ' ';
  return `${name}${joiner}${scope}`;
}

/** The levels of the tenant hierarchy a role or a contact can sit at. */
export const placementLevels = ['company', 'property', 'building', 'unit'] as const;
export type PlacementLevel = (typeof placementLevels)[number];

/**
 * The widest level of the hierarchy a role type covers; undefined for roles that sit nowhere.
 * Company roles may also be narrowed to one property or building of their company (`roleLevels`).
 */
export function roleLevel(roleTypeId: RoleTypeId): PlacementLevel | undefined {
  switch (roleTypeId) {
    case RoleType.SystemAdmin:
    case RoleType.SystemSupport:
    case RoleType.SystemTechnician:
    case RoleType.SensorTester:
      return undefined;
    case RoleType.CompanyAdmin:
    case RoleType.CompanyManager:
    case RoleType.CompanyInstaller:
      return 'company';
    case RoleType.PropertyManager:
      return 'property';
    case RoleType.BuildingManager:
      return 'building';
    case RoleType.Resident:
      return 'unit';
    default: {
      const unreachable: never = roleTypeId;
      return unreachable;
    }
  }
}

/**
 * The levels a role of this type may sit at, widest first: a company role (admin, manager,
 * installer) at its whole company, or narrowed to one property or one building of it (site
 * staff); the property and building managers and the resident at their own level; none for the
 * roles that sit nowhere.
 */
export function roleLevels(roleTypeId: RoleTypeId): readonly PlacementLevel[] {
  const level = roleLevel(roleTypeId);
  if (level === undefined) return [];
  if (level === 'company') return ['company', 'property', 'building'];
  return [level];
}

/** The level a held role sits at: the deepest of the ids it names; undefined for none. */
export function heldRoleLevel(role: {
  readonly company_id: number | null;
  readonly property_id: number | null;
  readonly building_id: number | null;
  readonly unit_id: number | null;
}): PlacementLevel | undefined {
  if (role.unit_id !== null) return 'unit';
  if (role.building_id !== null) return 'building';
  if (role.property_id !== null) return 'property';
  if (role.company_id !== null) return 'company';
  return undefined;
}

/**
 * True when a role held at `held` may act at `level`: changing a place's own settings, or adding
 * and removing what sits directly in it, needs a role over the whole of that place. A role of one
 * property may change that property and what lies in it, never its company's settings; a role of
 * one building likewise never its property's.
 */
export const actsAtLevel = (held: PlacementLevel, level: PlacementLevel): boolean =>
  placementLevels.indexOf(held) <= placementLevels.indexOf(level);

/** Why a role held at `held` may not act at `level`, in words. */
export const levelRefusal = (held: PlacementLevel, level: PlacementLevel): string =>
  `This needs a role over the whole ${level}; yours covers one ${held}`;

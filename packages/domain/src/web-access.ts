// What each role sees in the web application (spec sections 2 and 6): which client routes it may
// open, the side menu, and the header controls. The shell and its route guards read these; the
// server's API access table is `access.ts`; what a restricted company keeps is
// `restricted-companies.ts`, which both read.
import { type ApiRoute, apiAccess } from './access.ts';
import type { SessionRole } from './auth.ts';
import { CompanyType, RoleType, type RoleTypeId } from './lookups.ts';
import { defaultPathFor } from './navigation.ts';
import { restrictedMayCall, restrictedMayOpen } from './restricted-companies.ts';
import {
  COMPANY_ROLE_TYPES,
  heldRoleLevel,
  isCompanyRole,
  isSystemRole,
  type PlacementLevel,
  placementLevels,
  STAFF_AND_COMPANY_ROLE_TYPES,
  SYSTEM_ROLE_TYPES,
} from './roles.ts';

/** The active role as the web knows it. */
export type ActiveRoleContext = {
  readonly roleTypeId: number;
  readonly companyId: number | null;
  readonly companyTypeId: number | null;
  readonly allowAssignment: boolean;
  /** How many roles the user holds. */
  readonly roleCount: number;
} & RoleReach;

/**
 * How far the active role reaches: the level it holds (`heldRoleLevel`; undefined for the roles
 * that sit nowhere) and, for a company role narrowed to one property or building, its ids.
 */
export type RoleReach = {
  readonly roleTypeId: number;
  readonly heldLevel: PlacementLevel | undefined;
  readonly propertyId: number | null;
  readonly buildingId: number | null;
};

type ReachFields = 'user_role_type_id' | 'company_id' | 'property_id' | 'building_id' | 'unit_id';

/** A session role's reach (`RoleReach`). */
export function roleReach(role: Pick<SessionRole, ReachFields>): RoleReach {
  return {
    roleTypeId: role.user_role_type_id,
    heldLevel: heldRoleLevel(role),
    propertyId: role.property_id,
    buildingId: role.building_id,
  };
}

/** A session's active role as these rules read it; `roleCount`: how many roles the user holds. */
export function activeRoleContext(
  role: Pick<SessionRole, ReachFields | 'company_type_id' | 'allow_assignment'>,
  roleCount: number,
): ActiveRoleContext {
  return {
    ...roleReach(role),
    companyId: role.company_id,
    companyTypeId: role.company_type_id,
    allowAssignment: role.allow_assignment,
    roleCount,
  };
}

/**
 * Whether the role holds `level` whole: system staff (who sit nowhere) and whole-company roles
 * hold every level; a company role narrowed to a property holds that property and what lies
 * below it, but not its company (site staff).
 */
export function holdsLevel(role: RoleReach, level: PlacementLevel): boolean {
  if (isSystemRole(role.roleTypeId) || role.heldLevel === undefined) return true;
  return placementLevels.indexOf(role.heldLevel) <= placementLevels.indexOf(level);
}

/** A company role narrowed to one property or building of its company. */
export const isNarrowedRole = (role: RoleReach) =>
  role.heldLevel !== undefined && !holdsLevel(role, 'company');

/**
 * The name of the place a narrowed role holds (its building, else its property), which labels the
 * company-level figures such a role sees as the totals of that place; null for any other role.
 */
export function narrowedPlaceName(
  role: Pick<SessionRole, ReachFields | 'property_name' | 'building_name'>,
): string | null {
  if (!isNarrowedRole(roleReach(role))) return null;
  return (role.building_id !== null ? role.building_name : role.property_name) ?? null;
}

/** What is done to a record: change it, or create, move or delete one. */
export type RecordAct = 'edit' | 'create' | 'move' | 'delete';

/**
 * The level a role must hold whole to act on a record of `level`: a record is edited from its own
 * level, created or deleted from the level above (a property from its company), moved from two
 * levels above (a building changes property within its company). Never wider than the company:
 * what only system staff may do the permission matrix says.
 */
export function levelToAct(level: PlacementLevel, act: RecordAct): PlacementLevel {
  const up = act === 'edit' ? 0 : act === 'move' ? 2 : 1;
  return placementLevels[Math.max(0, placementLevels.indexOf(level) - up)] ?? 'company';
}

/** Whether the role's reach lets it act on a record of `level` (the matrix decides the rest). */
export const reachesToAct = (role: RoleReach, level: PlacementLevel, act: RecordAct) =>
  holdsLevel(role, levelToAct(level, act));

/**
 * A record's tabs that are its level's own settings (a company's thresholds): a role that does
 * not hold the level whole neither sees nor opens them.
 */
const settingsTabs: Partial<Record<PlacementLevel, readonly string[]>> = {
  company: ['thresholds'],
};

/** Whether the role sees the record tab `tab` of a record at `level`. */
export const showsRecordTab = (role: RoleReach, level: PlacementLevel, tab: string) =>
  !settingsTabs[level]?.includes(tab) || holdsLevel(role, level);

const SYSTEM = SYSTEM_ROLE_TYPES;
const COMPANY = COMPANY_ROLE_TYPES;
const SHELL = STAFF_AND_COMPANY_ROLE_TYPES;
/** The roles the API lets call `route` (`access.ts`), so a page and its calls never disagree. */
const apiCallers = (route: ApiRoute): readonly RoleTypeId[] => {
  const access = apiAccess[route];
  return typeof access === 'string' ? [] : access;
};

type WebRouteRule = {
  readonly roles: readonly RoleTypeId[];
  /** Company admins only when their company allows assignment (system roles always). */
  readonly companyAdminWithAssignment?: boolean;
  /** The level the role must hold whole (`holdsLevel`): a company's own settings. */
  readonly level?: PlacementLevel;
};

/**
 * Client routes and who may open them; a path not listed is open to every signed-in role. A
 * restricted company's roles open only those its allow-list names (`restricted-companies.ts`).
 */
export const webRoutes = {
  '/overview': { roles: SYSTEM },
  '/dashboard': { roles: COMPANY },
  '/companies': { roles: SHELL },
  '/companies/:companyId/*': { roles: SHELL },
  '/properties': { roles: SYSTEM },
  '/buildings': { roles: SYSTEM },
  '/installation': { roles: [RoleType.CompanyInstaller] },
  // Flume accounts: system roles and company admins (`FLUME_KEEPERS`), not company managers.
  // The company's own credentials: not for a role narrowed to a property or building.
  '/flume-accounts': { roles: apiCallers('GET /flume-accounts'), level: 'company' },
  '/alerts': { roles: SYSTEM },
  '/gateways': { roles: SHELL },
  '/reports': { roles: SHELL },
  '/users': { roles: SHELL },
  '/events': { roles: SYSTEM },
  '/appliances': { roles: SYSTEM },
  '/settings': { roles: SHELL },
  '/statistics/*': { roles: SHELL },
  '/submissions/unassigned': { roles: SYSTEM },
  '/submissions/keep-alive': { roles: SYSTEM },
  '/submissions/parsed-old': { roles: SYSTEM },
  '/micrometers/assigned': { roles: SYSTEM },
  '/micrometers/unassigned': { roles: SYSTEM },
  '/micrometers/excluded': { roles: SYSTEM },
  '/micrometers/config': { roles: SYSTEM },
  '/micrometers/defaults': { roles: SYSTEM },
  '/micrometers/downlink': { roles: SYSTEM },
  '/micrometers/testing': { roles: [...SYSTEM, RoleType.SensorTester] },
  '/micrometers/assignment': {
    roles: [...SYSTEM, RoleType.CompanyAdmin],
    companyAdminWithAssignment: true,
  },
  // Integrations: the network-server keys (system admins only, `access.ts`) and a company's
  // outgoing webhooks (system admins, and company admins over the whole company).
  '/integrations': { roles: [RoleType.SystemAdmin, RoleType.CompanyAdmin], level: 'company' },
} as const satisfies Record<string, WebRouteRule>;
export type WebRoutePattern = keyof typeof webRoutes;

/** The pattern of `webRoutes` a client path falls under, with its rule. */
function ruleFor(path: string): [pattern: string, rule: WebRouteRule] | undefined {
  const clean = path.split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';
  const exact = (webRoutes as Record<string, WebRouteRule>)[clean];
  if (exact) return [clean, exact];
  for (const [pattern, rule] of Object.entries(webRoutes) as [string, WebRouteRule][]) {
    if (!pattern.endsWith('/*')) continue;
    const prefix = pattern.slice(0, -2).replace(/:[^/]+/g, '[^/]+');
    if (new RegExp(`^${prefix}(/.*)?$`).test(clean)) return [pattern, rule];
  }
  return undefined;
}

/** Whether the active role belongs to a restricted (type 3) company. */
export const isRestrictedRole = (role: ActiveRoleContext) =>
  role.companyTypeId === CompanyType.Restricted;

/** Whether the active role may open a client path (unknown paths are left to the router). */
export function mayOpen(path: string, role: ActiveRoleContext): boolean {
  const match = ruleFor(path);
  if (!match) return true;
  const [pattern, rule] = match;
  if (!rule.roles.includes(role.roleTypeId as RoleTypeId)) return false;
  if (isRestrictedRole(role) && !restrictedMayOpen(pattern, role.roleTypeId)) return false;
  if (rule.level !== undefined && !holdsLevel(role, rule.level)) return false;
  if (
    rule.companyAdminWithAssignment &&
    role.roleTypeId === RoleType.CompanyAdmin &&
    !role.allowAssignment
  ) {
    return false;
  }
  return true;
}

/** The drawer is not shown at all for the sensor tester and the company installer. */
export const hasDrawer = (role: ActiveRoleContext) =>
  role.roleTypeId !== RoleType.SensorTester && role.roleTypeId !== RoleType.CompanyInstaller;

export type MenuItemId =
  | 'dashboard'
  | 'companies'
  | 'properties'
  | 'buildings'
  | 'alerts'
  | 'gateways'
  | 'appliances'
  | 'submissions'
  | 'submissions-unassigned'
  | 'submissions-keep-alive'
  | 'submissions-parsed-old'
  | 'micrometers'
  | 'micrometers-assigned'
  | 'micrometers-unassigned'
  | 'micrometers-excluded'
  | 'micrometers-assignment'
  | 'micrometers-config'
  | 'micrometers-defaults'
  | 'micrometers-testing'
  | 'micrometers-downlink'
  | 'flume-accounts'
  | 'users'
  | 'events'
  | 'overview'
  | 'reports'
  | 'statistics'
  | 'integrations';

/** A pattern's concrete paths: `:name` segments are ids. */
type Concrete<P extends string> = P extends `${infer Head}:${string}/${infer Rest}`
  ? `${Head}${number}/${Concrete<Rest>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${number}`
    : P;
/** The paths a `webRoutes` pattern matches (`…/*` takes the prefix and anything below it). */
type PathsOf<P extends string> = P extends `${infer Base}/*`
  ? Concrete<Base> | `${Concrete<Base>}/${string}`
  : Concrete<P>;
/**
 * A path some page of `webRoutes` answers: a menu entry for a page that does not exist does not
 * compile.
 */
export type WebPath = PathsOf<WebRoutePattern>;

export type MenuItem = {
  readonly id: MenuItemId;
  /** The page (a group: the prefix its pages share). */
  readonly path: string;
  readonly children?: readonly MenuItem[];
};

/**
 * A navigation group is misconfigured when it has no pages or holds a group among them (the menu
 * has one level of groups); the side menu then shows `NAVIGATION_GROUP_MISCONFIGURED` in its
 * place (spec section 8).
 */
export function isMisconfiguredGroup(entry: MenuItem): boolean {
  const { children } = entry;
  if (children === undefined) return false;
  return children.length === 0 || children.some((child) => child.children !== undefined);
}

const item = (id: MenuItemId, path: WebPath): MenuItem => ({ id, path });
const group = (id: MenuItemId, path: `/${string}`, children: MenuItem[]): MenuItem => ({
  id,
  path,
  children,
});

/**
 * Where a company role's "properties" entry leads: its company's properties, or for a role
 * narrowed to a property or building, that place's page.
 */
function placesPath(role: ActiveRoleContext): WebPath {
  const company = `/companies/${role.companyId ?? 0}` as const;
  if (holdsLevel(role, 'company') || role.propertyId === null) return `${company}/properties`;
  const property = `${company}/properties/${role.propertyId}` as const;
  if (role.heldLevel === 'property' || role.buildingId === null) return property;
  return `${property}/buildings/${role.buildingId}`;
}

/** The side menu of the active role (spec section 2, "Side menu by role"). */
export function sideMenu(role: ActiveRoleContext): MenuItem[] {
  if (!hasDrawer(role)) return [];
  if (isSystemRole(role.roleTypeId)) {
    return [
      item('companies', '/companies'),
      item('properties', '/properties'),
      item('buildings', '/buildings'),
      item('alerts', '/alerts'),
      item('gateways', '/gateways'),
      item('appliances', '/appliances'),
      group('submissions', '/submissions', [
        item('submissions-unassigned', '/submissions/unassigned'),
        item('submissions-keep-alive', '/submissions/keep-alive'),
        item('submissions-parsed-old', '/submissions/parsed-old'),
      ]),
      group('micrometers', '/micrometers', [
        item('micrometers-assigned', '/micrometers/assigned'),
        item('micrometers-unassigned', '/micrometers/unassigned'),
        item('micrometers-excluded', '/micrometers/excluded'),
        item('micrometers-assignment', '/micrometers/assignment'),
        item('micrometers-config', '/micrometers/config'),
        item('micrometers-defaults', '/micrometers/defaults'),
        item('micrometers-testing', '/micrometers/testing'),
        item('micrometers-downlink', '/micrometers/downlink'),
        item('flume-accounts', '/flume-accounts'),
      ]),
      item('users', '/users'),
      item('events', '/events'),
      // Not in the specification's menu: its reports and statistics pages, reachable.
      item('reports', '/reports'),
      item('statistics', '/statistics'),
      item('overview', '/overview'),
      // Not in the specification's menu: the integration keys page the ingest API needs.
      ...(role.roleTypeId === RoleType.SystemAdmin ? [item('integrations', '/integrations')] : []),
    ];
  }
  if (!isCompanyRole(role.roleTypeId)) return [];
  const opens = (path: WebPath) => mayOpen(path, role);
  const menu: MenuItem[] = [];
  if (opens('/dashboard')) menu.push(item('dashboard', '/dashboard'));
  menu.push(item('properties', placesPath(role)));
  if (opens('/users')) menu.push(item('users', '/users'));
  if (opens('/gateways')) menu.push(item('gateways', '/gateways'));
  // Not in the specification's menu: the pages exist for these roles and must be found;
  // a restricted company's allow-list keeps them closed (`restricted-companies.ts`).
  if (opens('/reports')) menu.push(item('reports', '/reports'));
  if (opens('/statistics')) menu.push(item('statistics', '/statistics'));
  // Not in the specification's company menu: company admins keep their company's Flume
  // accounts, so the page must be found.
  if (opens('/flume-accounts')) menu.push(item('flume-accounts', '/flume-accounts'));
  // Not in the specification's company menu: the company's outgoing webhooks (work orders).
  if (opens('/integrations')) menu.push(item('integrations', '/integrations'));
  if (opens('/micrometers/assignment')) {
    menu.push(
      group('micrometers', '/micrometers', [
        item('micrometers-assignment', '/micrometers/assignment'),
      ]),
    );
  }
  return menu;
}

export type HeaderControls = {
  readonly globalSearch: boolean;
  readonly gatewaySearch: boolean;
  readonly leakBell: boolean;
  readonly changePassword: boolean;
  readonly mfaToggle: boolean;
  readonly switchRole: boolean;
  readonly language: boolean;
  readonly exportAll: boolean;
  /** The user menu's link to /settings (profile, security, contacts). */
  readonly settings: boolean;
};

/** The header's controls for the active role (spec section 2, "Header controls"). */
export function headerControls(role: ActiveRoleContext): HeaderControls {
  const system = isSystemRole(role.roleTypeId);
  const company = isCompanyRole(role.roleTypeId);
  // A restricted company has the controls whose calls its allow-list names.
  const calls = (route: string) =>
    !isRestrictedRole(role) || restrictedMayCall(route, role.roleTypeId);
  const installer = role.roleTypeId === RoleType.CompanyInstaller;
  const hasCompany = role.companyId !== null;
  return {
    globalSearch: hasCompany ? !installer && calls('GET /search/:text') : system || company,
    gatewaySearch: system,
    leakBell: company && calls('GET /notifications/active-leaks'),
    changePassword: system || company,
    mfaToggle: !system,
    switchRole: role.roleCount > 1,
    language: true,
    exportAll: system,
    settings: mayOpen('/settings', role),
  };
}

/** Every page a role reaches without an id: its landing page, its side menu and its settings. */
export function pagesOfRole(role: ActiveRoleContext): string[] {
  const paths = (items: readonly MenuItem[]): string[] =>
    items.flatMap((entry) => (entry.children ? paths(entry.children) : [entry.path]));
  const pages = [defaultPathFor(role.roleTypeId, role.companyTypeId), ...paths(sideMenu(role))];
  if (mayOpen('/settings', role)) pages.push('/settings');
  return [...new Set(pages)];
}

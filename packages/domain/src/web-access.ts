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
  isCompanyRole,
  isSystemRole,
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
};

/** A session's active role as these rules read it; `roleCount`: how many roles the user holds. */
export function activeRoleContext(
  role: Pick<
    SessionRole,
    'user_role_type_id' | 'company_id' | 'company_type_id' | 'allow_assignment'
  >,
  roleCount: number,
): ActiveRoleContext {
  return {
    roleTypeId: role.user_role_type_id,
    companyId: role.company_id,
    companyTypeId: role.company_type_id,
    allowAssignment: role.allow_assignment,
    roleCount,
  };
}

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
  '/flume-accounts': { roles: apiCallers('GET /flume-accounts') },
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
  // Network-server integration keys: the API allows system admins only (`access.ts`).
  '/integrations': { roles: [RoleType.SystemAdmin] },
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
  menu.push(item('properties', `/companies/${role.companyId ?? 0}/properties`));
  if (opens('/users')) menu.push(item('users', '/users'));
  if (opens('/gateways')) menu.push(item('gateways', '/gateways'));
  // Not in the specification's menu: the pages exist for these roles and must be found;
  // a restricted company's allow-list keeps them closed (`restricted-companies.ts`).
  if (opens('/reports')) menu.push(item('reports', '/reports'));
  if (opens('/statistics')) menu.push(item('statistics', '/statistics'));
  // Not in the specification's company menu: company admins keep their company's Flume
  // accounts, so the page must be found.
  if (opens('/flume-accounts')) menu.push(item('flume-accounts', '/flume-accounts'));
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

// What a restricted company (type 3) may use: one allow-list that both the server's guard and the
// web read. The specification (sections 2 and 6) gives such a company no dashboard, gateways,
// users, leak bell or global search, and only the default (properties) tab of its company page.
// Read as one rule: a restricted company keeps its portfolio (properties, buildings, units: read
// and, by its admin, edited) and its own account, and none of the water data — alerts,
// micrometers, readings, thresholds, charts, statistics and reports — at any level. Its installer
// still installs micrometers on site.
//
// Whatever is not named here is closed to it: a route, page or tab added later stays closed to
// restricted companies until it is added below (the server checks every registered route).
import type { ApiRoute } from './access.ts';
import { RoleType, type RoleTypeId } from './lookups.ts';
import type { PortfolioLevel } from './portfolio.ts';
import type { WebRoutePattern } from './web-access.ts';

/** The levels of the portfolio's record pages. */
export type RecordLevel = PortfolioLevel;

/** One part of the product a restricted company keeps. */
type Allowance = {
  /** API routes, keyed `METHOD /path` as in `apiAccess` (`access.ts`): a typo does not compile. */
  readonly routes: readonly ApiRoute[];
  /** Only these of the company's role types; every role type the route allows when absent. */
  readonly roles?: readonly RoleTypeId[];
  /** Web pages, keyed as in `webRoutes` (`web-access.ts`). */
  readonly pages?: readonly WebRoutePattern[];
  /** Tabs of the record pages (their address segment). */
  readonly tabs?: Readonly<Partial<Record<RecordLevel, readonly string[]>>>;
};

const locationRoutes: readonly ApiRoute[] = [
  'GET /location/countries',
  'GET /location/countries/:id',
  'GET /location/states',
  'GET /location/states/:id',
  'GET /location/states/country/:id',
  'GET /location/cities',
  'GET /location/cities/:id',
  'GET /location/cities/state/:id',
  'GET /location/timezones',
  'GET /location/timezones/:id',
  'GET /location/timezones/country/:id',
];

/** The one table: what a restricted company may use. */
export const restrictedCompanyUse = {
  /** Signing in, the own account and roles, settings, and the reference lists forms need. */
  account: {
    routes: [
      'GET /auth/me',
      'PUT /auth/me',
      'GET /auth/new-token/:role_id',
      'POST /auth/change-password',
      'POST /auth/logout',
      'PUT /users/update-mfa-status/:status',
      'DELETE /users/roles/:roleId',
      'GET /static',
      'GET /companies/types',
      'GET /units/categories',
      'GET /units/types',
      'GET /units/states',
      ...locationRoutes,
    ],
    pages: ['/settings'],
  },
  /** The company's properties, buildings and units, each with its overview and child list. */
  portfolio: {
    routes: [
      'GET /companies/:id',
      'GET /companies/:id/properties',
      'GET /properties',
      'GET /properties/:id',
      'POST /properties',
      'PUT /properties/:id',
      'DELETE /properties/:id',
      'GET /properties/:id/buildings',
      'GET /properties/:id/buildings-count',
      'GET /properties/:id/units-count',
      'GET /buildings/:id',
      'POST /buildings',
      'PUT /buildings/:id',
      'DELETE /buildings/:id',
      'PUT /buildings/:id/change-property/:property_id/:transfer',
      'GET /buildings/:id/units',
      'GET /buildings/:id/units-count',
      'GET /buildings/:id/tenants-count',
      'GET /units/:id',
      'POST /units',
      'PUT /units/:id',
      'DELETE /units/:id',
      'PUT /units/:id/tenants',
    ],
    pages: ['/companies', '/companies/:companyId/*'],
    tabs: {
      company: ['properties'],
      property: ['overview', 'buildings'],
      building: ['overview', 'units'],
      unit: ['overview'],
    },
  },
  /** The installer's on-site flow: find a micrometer by its label and put it on a fixture. */
  installation: {
    roles: [RoleType.CompanyInstaller],
    routes: [
      'GET /sensors/mac/:mac',
      'GET /sensors/:id',
      'GET /units/:id/sensors',
      'POST /sensors/assign',
    ],
    pages: ['/installation'],
  },
} as const satisfies Record<string, Allowance>;

const allowances: readonly Allowance[] = Object.values(restrictedCompanyUse);

/** Whether a role of a restricted company may call an API route (`METHOD /path`). */
export function restrictedMayCall(route: string, roleTypeId: number): boolean {
  return allowances.some(
    (a) =>
      (a.routes as readonly string[]).includes(route) &&
      (a.roles === undefined || a.roles.includes(roleTypeId as RoleTypeId)),
  );
}

/** Whether a role of a restricted company may open a web page (a `webRoutes` pattern). */
export function restrictedMayOpen(page: string, roleTypeId: number): boolean {
  return allowances.some(
    (a) =>
      (a.pages as readonly string[] | undefined)?.includes(page) === true &&
      (a.roles === undefined || a.roles.includes(roleTypeId as RoleTypeId)),
  );
}

/** Whether a record page of a restricted company shows a tab. */
export function restrictedShowsTab(level: RecordLevel, tab: string): boolean {
  return allowances.some((a) => a.tabs?.[level]?.includes(tab) === true);
}

/** The tab a record page opens on (spec section 2), and for a restricted company. */
const defaultTabs: Readonly<Record<RecordLevel, string>> = {
  company: 'properties',
  property: 'buildings',
  building: 'units',
  unit: 'micrometers',
};
export function defaultTab(level: RecordLevel, restricted: boolean): string {
  const tab = defaultTabs[level];
  if (!restricted || restrictedShowsTab(level, tab)) return tab;
  return allowances.flatMap((a) => a.tabs?.[level] ?? [])[0] ?? tab;
}

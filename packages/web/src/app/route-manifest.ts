// The signed-in pages, once each: keyed by their pattern in the domain's route access table
// (`webRoutes` in `web-access.ts`, which the shell's guard and the side menu read), with their
// title and their lazily loaded module. The compiler holds the two together: a pattern without a
// page, or a page without an access rule, does not build. `router.tsx` turns this into routes.
// The pages some roles are sent on from name their rule here (`routes/tab-guard.tsx`), and the
// heaviest pages their first queries (`page-prefetch/`), which their loaders start.
import type { SessionRole } from '@flowsight/domain/auth';
import { companyPath } from '@flowsight/domain/paths';
import { isCompanyRole, isSystemRole } from '@flowsight/domain/roles';
import { roleReach, showsRecordTab, type WebRoutePattern } from '@flowsight/domain/web-access';
import type { ComponentType, ReactElement } from 'react';
import type { NonIndexRouteObject, RouteObject } from 'react-router';
import type en from '@/i18n/locales/en.json';
import type { PageDataHandle, PagePrefetch } from './page-data';
import { companyTab } from './routes/company-tab';
import { NotFoundPage } from './routes/not-found-page';
import { guardedRoute } from './routes/tab-guard';

/** The route handle naming the page (a catalogue key under `nav`). */
export type PageHandle = { titleKey: `nav.${keyof (typeof en)['nav']}` };

export type LazyRoute = NonNullable<NonIndexRouteObject['lazy']> & (() => Promise<unknown>);

/**
 * A route's lazy `Component`: export `name` of the module `load` imports. The function form of
 * `lazy` (never an object): React Router empties a `lazy` object once loaded, which would break
 * the route tree for any second router (tests) built from it.
 */
export function lazyPage<Name extends string, Module extends Record<Name, ComponentType>>(
  load: () => Promise<Module>,
  name: Name,
) {
  return lazyRoute(pageComponent(load, name));
}

/** A route's lazy `Component`, as `loadComponent` gives it. */
const lazyRoute = (loadComponent: () => Promise<ComponentType>) => async () => ({
  Component: await loadComponent(),
});

/** Export `name` of the module `load` imports. */
function pageComponent<Name extends string, Module extends Record<Name, ComponentType>>(
  load: () => Promise<Module>,
  name: Name,
): () => Promise<ComponentType> {
  return async () => (await load())[name];
}

/** Export `name` of `load`'s module, a tab taking the company's id, as a company page's tab. */
function companyTabComponent<
  Name extends string,
  Module extends Record<Name, ComponentType<{ companyId: number }>>,
>(load: () => Promise<Module>, name: Name): () => Promise<ComponentType> {
  return async () => companyTab((await load())[name]);
}

/**
 * A page of the shell: its title, its component (lazy but for a few), its tabs, if any, and for
 * the heaviest pages the loader that starts their first queries while their code loads.
 */
export type ShellPage = {
  titleKey: PageHandle['titleKey'];
  /** The routes below it: a record's tabs, the next path segment. */
  children?: RouteObject[];
  /** The page's loading, for the heaviest pages and the guarded ones (`page-data.ts`). */
  handle?: PageDataHandle;
} & ({ lazy: LazyRoute } | { Component: ComponentType } | { element: ReactElement });

/** Several routes under one access pattern (the portfolio's record pages). */
export type ShellRouteGroup = { routes: RouteObject[] };

/** A page's prefetch (`page-prefetch/`): its code loads only when the page opens. */
function prefetchOf<Name extends string, Module extends Record<Name, PagePrefetch>>(
  load: () => Promise<Module>,
  name: Name,
): () => Promise<PagePrefetch> {
  return async () => (await load())[name];
}
const usagePrefetch = () => import('./page-prefetch/usage');
const micrometersPrefetch = () => import('./page-prefetch/micrometers');
const alertsPrefetch = () => import('./page-prefetch/alerts');
const portfolioPrefetch = () => import('./page-prefetch/portfolio');
const submissionsPrefetch = () => import('./page-prefetch/submissions');
const usersPrefetch = () => import('./page-prefetch/users');
const listsPrefetch = () => import('./page-prefetch/lists');

/** A route handle whose loader starts the page's first queries (`page-prefetch/`). */
const prefetching = (prefetch: () => Promise<PagePrefetch>): PageDataHandle => ({
  pageData: { prefetch },
});

/** /companies: the list for system roles; a company role is sent on to its own company. */
const toOwnCompany = (role: SessionRole) =>
  isCompanyRole(role.user_role_type_id) && role.company_id !== null
    ? companyPath(role.company_id)
    : null;

/** /dashboard is a company's: a role without a company (system staff) goes to the companies. */
const toCompaniesWithoutCompany = (role: SessionRole) =>
  role.company_id === null ? '/companies' : null;

/** A company's dashboard tab is for system roles (company roles have /dashboard). */
const toOverviewUnlessSystem = (role: SessionRole) =>
  isSystemRole(role.user_role_type_id) ? null : '../overview';

/** A company's own settings tab is for the roles holding the company whole (not site staff). */
const toOverviewUnlessWholeCompany = (tab: string) => (role: SessionRole) =>
  showsRecordTab(roleReach(role), 'company', tab) ? null : '../overview';

const portfolioLists = () => import('@/features/portfolio/routes/list-pages');
const companyPage = () => import('@/features/portfolio/routes/company-page');
const propertyPage = () => import('@/features/portfolio/routes/property-page');
const buildingPage = () => import('@/features/portfolio/routes/building-page');
const unitPage = () => import('@/features/portfolio/routes/unit-page');
const recordAlerts = () => import('@/features/alerts/routes/record-alerts-tab');
const recordMicrometers = () => import('@/features/micrometers/routes/record-micrometers-tab');
const recordSubmissions = () => import('@/features/submissions/routes/record-submissions-tab');
const usageCharts = () => import('@/features/usage/routes/charts-tabs');
const buildingSurvey = () => import('@/features/survey/routes/building-survey-tab');
const submissionLists = () => import('@/features/submissions/routes/submission-list-pages');
const micrometerFleet = () => import('@/features/micrometers/routes/fleet-pages');
const statisticsPages = () => import('@/features/statistics/routes/statistics-pages');

/**
 * A record page's tab: `path` (or the index) showing export `name` of `load`'s module, and with
 * `prefetch` the loader that starts the tab's first queries.
 */
function tab<Name extends string, Module extends Record<Name, ComponentType>>(
  path: string | null,
  load: () => Promise<Module>,
  name: Name,
  prefetch?: () => Promise<PagePrefetch>,
): RouteObject {
  const lazy = lazyPage(load, name);
  const handle = prefetch ? { handle: prefetching(prefetch) } : {};
  return path === null ? { index: true, lazy, ...handle } : { path, lazy, ...handle };
}

/** The portfolio's prefetches: records, lists and the record tabs (`page-prefetch/portfolio`). */
const portfolio = (name: keyof Awaited<ReturnType<typeof portfolioPrefetch>>) =>
  prefetchOf(portfolioPrefetch, name);
/** The system pages' prefetches (`page-prefetch/lists`). */
const lists = (name: keyof Awaited<ReturnType<typeof listsPrefetch>>) =>
  prefetchOf(listsPrefetch, name);
const submissions = (name: keyof Awaited<ReturnType<typeof submissionsPrefetch>>) =>
  prefetchOf(submissionsPrefetch, name);
const users = (name: keyof Awaited<ReturnType<typeof usersPrefetch>>) =>
  prefetchOf(usersPrefetch, name);

/** A record page's handle: its title, and the loader starting its address's records. */
const recordHandle = (titleKey: PageHandle['titleKey']) => ({
  titleKey,
  ...prefetching(portfolio('prefetchRecords')),
});

/**
 * The portfolio's record pages (spec section 2). Each record's tabs are the next path segment;
 * a child record's page is a sibling route, not a tab, so `/companies/5/properties` (the tab)
 * and `/companies/5/properties/7` (the property) never collide. The record's layout keeps a
 * restricted company to the tabs of its allow-list.
 */
const portfolioRecords: ShellRouteGroup = {
  routes: [
    {
      path: 'companies/:companyId',
      lazy: lazyPage(companyPage, 'CompanyPage'),
      handle: recordHandle('nav.company') satisfies PageHandle,
      children: [
        tab(null, companyPage, 'CompanyIndex'),
        tab('overview', companyPage, 'CompanyOverviewTab', portfolio('prefetchRecordOverview')),
        tab('properties', companyPage, 'CompanyPropertiesTab', portfolio('prefetchRecordChildren')),
        tab(
          'alerts',
          recordAlerts,
          'CompanyAlertsTab',
          prefetchOf(alertsPrefetch, 'prefetchRecordAlerts'),
        ),
        tab(
          'micrometers',
          recordMicrometers,
          'CompanyMicrometersTab',
          prefetchOf(micrometersPrefetch, 'prefetchRecordMicrometers'),
        ),
        tab(
          'submissions',
          recordSubmissions,
          'CompanySubmissionsTab',
          submissions('prefetchRecordSubmissions'),
        ),
        // Tabs of other features, given the company's id (features do not import each other).
        {
          path: 'thresholds',
          ...guardedRoute(
            companyTabComponent(
              () => import('@/features/thresholds/routes/company-thresholds-tab'),
              'CompanyThresholdsTab',
            ),
            { redirect: toOverviewUnlessWholeCompany('thresholds') },
          ),
        },
        {
          path: 'dashboard',
          ...guardedRoute(
            companyTabComponent(
              () => import('@/features/usage/routes/company-dashboard'),
              'CompanyDashboard',
            ),
            {
              redirect: toOverviewUnlessSystem,
              prefetch: prefetchOf(usagePrefetch, 'prefetchCompanyUsage'),
            },
          ),
        },
        tab('charts', usageCharts, 'CompanyChartsTab'),
      ],
    },
    {
      path: 'companies/:companyId/properties/:propertyId',
      lazy: lazyPage(propertyPage, 'PropertyPage'),
      handle: recordHandle('nav.properties') satisfies PageHandle,
      children: [
        tab(null, propertyPage, 'PropertyIndex'),
        tab('overview', propertyPage, 'PropertyOverviewTab', portfolio('prefetchRecordOverview')),
        tab('buildings', propertyPage, 'PropertyBuildingsTab', portfolio('prefetchRecordChildren')),
        tab(
          'alerts',
          recordAlerts,
          'PropertyAlertsTab',
          prefetchOf(alertsPrefetch, 'prefetchRecordAlerts'),
        ),
        tab(
          'micrometers',
          recordMicrometers,
          'PropertyMicrometersTab',
          prefetchOf(micrometersPrefetch, 'prefetchRecordMicrometers'),
        ),
        tab(
          'submissions',
          recordSubmissions,
          'PropertySubmissionsTab',
          submissions('prefetchRecordSubmissions'),
        ),
        tab(
          'users',
          () => import('@/features/users/routes/property-users-tab'),
          'PropertyUsersTab',
          users('prefetchPropertyUsers'),
        ),
        tab('charts', usageCharts, 'PropertyChartsTab'),
      ],
    },
    {
      path: 'companies/:companyId/properties/:propertyId/buildings/:buildingId',
      lazy: lazyPage(buildingPage, 'BuildingPage'),
      handle: recordHandle('nav.buildings') satisfies PageHandle,
      children: [
        tab(null, buildingPage, 'BuildingIndex'),
        tab('overview', buildingPage, 'BuildingOverviewTab', portfolio('prefetchRecordOverview')),
        tab('units', buildingPage, 'BuildingUnitsTab', portfolio('prefetchRecordChildren')),
        tab(
          'alerts',
          recordAlerts,
          'BuildingAlertsTab',
          prefetchOf(alertsPrefetch, 'prefetchRecordAlerts'),
        ),
        tab(
          'micrometers',
          recordMicrometers,
          'BuildingMicrometersTab',
          prefetchOf(micrometersPrefetch, 'prefetchRecordMicrometers'),
        ),
        tab(
          'submissions',
          recordSubmissions,
          'BuildingSubmissionsTab',
          submissions('prefetchRecordSubmissions'),
        ),
        tab('charts', usageCharts, 'BuildingChartsTab'),
        tab('survey', buildingSurvey, 'BuildingSurveyTab'),
      ],
    },
    {
      path: 'companies/:companyId/properties/:propertyId/buildings/:buildingId/units/:unitId',
      lazy: lazyPage(unitPage, 'UnitPage'),
      handle: recordHandle('nav.company') satisfies PageHandle,
      children: [
        tab(null, unitPage, 'UnitIndex'),
        tab(
          'alerts',
          recordAlerts,
          'UnitAlertsTab',
          prefetchOf(alertsPrefetch, 'prefetchRecordAlerts'),
        ),
        tab('overview', unitPage, 'UnitOverviewTab'),
        tab(
          'micrometers',
          recordMicrometers,
          'UnitMicrometersTab',
          prefetchOf(micrometersPrefetch, 'prefetchRecordMicrometers'),
        ),
        tab(
          'submissions',
          recordSubmissions,
          'UnitSubmissionsTab',
          submissions('prefetchRecordSubmissions'),
        ),
        tab('charts', usageCharts, 'UnitChartsTab'),
      ],
    },
    // A tab or level that does not exist (yet) inside a company's pages.
    { path: 'companies/:companyId/*', Component: NotFoundPage },
  ],
};

/** Every signed-in page of the shell, by its access pattern. */
export const shellPages = {
  '/overview': {
    titleKey: 'nav.overview',
    lazy: lazyPage(() => import('@/features/overview/routes/overview-page'), 'OverviewPage'),
    handle: prefetching(lists('prefetchOverview')),
  },
  '/dashboard': {
    titleKey: 'nav.dashboard',
    ...guardedRoute(
      pageComponent(() => import('./routes/dashboard-entry'), 'DashboardEntry'),
      {
        redirect: toCompaniesWithoutCompany,
        prefetch: prefetchOf(usagePrefetch, 'prefetchDashboard'),
        frameTextsOnly: true,
      },
    ),
  },
  // The list for system roles; company roles are sent on to their own company at once.
  '/companies': {
    titleKey: 'nav.companies',
    ...guardedRoute(pageComponent(portfolioLists, 'CompaniesPage'), {
      redirect: toOwnCompany,
      prefetch: portfolio('prefetchCompanies'),
    }),
  },
  '/companies/:companyId/*': portfolioRecords,
  '/properties': {
    titleKey: 'nav.properties',
    lazy: lazyPage(portfolioLists, 'PropertiesPage'),
    handle: prefetching(portfolio('prefetchProperties')),
  },
  '/buildings': {
    titleKey: 'nav.buildings',
    lazy: lazyPage(portfolioLists, 'BuildingsPage'),
    handle: prefetching(portfolio('prefetchBuildings')),
  },
  '/installation': {
    titleKey: 'nav.installation',
    lazy: lazyPage(
      () => import('@/features/installation/routes/installation-page'),
      'InstallationPage',
    ),
  },
  '/flume-accounts': {
    titleKey: 'nav.flume-accounts',
    lazy: lazyPage(
      () => import('@/features/flume/routes/flume-accounts-page'),
      'FlumeAccountsPage',
    ),
  },
  '/alerts': {
    titleKey: 'nav.alerts',
    lazy: lazyPage(() => import('@/features/alerts/routes/alerts-page'), 'AlertsPage'),
    handle: prefetching(prefetchOf(alertsPrefetch, 'prefetchAlerts')),
  },
  '/gateways': {
    titleKey: 'nav.gateways',
    lazy: lazyPage(() => import('@/features/gateways/routes/gateways-page'), 'GatewaysPage'),
    handle: prefetching(lists('prefetchGateways')),
  },
  '/reports': {
    titleKey: 'nav.reports',
    lazy: lazyPage(() => import('@/features/reports/routes/reports-page'), 'ReportsPage'),
  },
  '/users': {
    titleKey: 'nav.users',
    lazy: lazyPage(() => import('@/features/users/routes/users-page'), 'UsersPage'),
    handle: prefetching(users('prefetchUsers')),
  },
  '/events': {
    titleKey: 'nav.events',
    lazy: lazyPage(() => import('@/features/events/routes/events-page'), 'EventsPage'),
    handle: prefetching(lists('prefetchEvents')),
  },
  '/appliances': {
    titleKey: 'nav.appliances',
    lazy: lazyPage(() => import('@/features/fleet-settings/routes/fixtures-page'), 'FixturesPage'),
  },
  // Settings with the person's own notification contacts (composed in `routes/settings-entry`).
  '/settings': {
    titleKey: 'nav.settings',
    lazy: lazyPage(() => import('./routes/settings-entry'), 'SettingsEntry'),
  },
  // The tabs are the next segment; /statistics and unknown tabs open `usage`.
  '/statistics/*': {
    titleKey: 'nav.statistics',
    lazy: lazyPage(statisticsPages, 'StatisticsLayout'),
    children: [
      tab(null, statisticsPages, 'StatisticsIndex'),
      tab('usage', statisticsPages, 'StatisticsUsageTab'),
      tab('fixtures', statisticsPages, 'StatisticsFixturesTab'),
      tab('units', statisticsPages, 'StatisticsUnitsTab'),
      tab('*', statisticsPages, 'StatisticsIndex'),
    ],
  },
  '/submissions/unassigned': {
    titleKey: 'nav.submissions-unassigned',
    lazy: lazyPage(submissionLists, 'UnassignedSubmissionsPage'),
    handle: prefetching(submissions('prefetchUnassignedSubmissions')),
  },
  '/submissions/keep-alive': {
    titleKey: 'nav.submissions-keep-alive',
    lazy: lazyPage(submissionLists, 'KeepAliveSubmissionsPage'),
    handle: prefetching(submissions('prefetchKeepAliveSubmissions')),
  },
  '/submissions/parsed-old': {
    titleKey: 'nav.submissions-parsed-old',
    lazy: lazyPage(submissionLists, 'ParsedOldSubmissionsPage'),
    handle: prefetching(submissions('prefetchParsedOldSubmissions')),
  },
  '/micrometers/assigned': {
    titleKey: 'nav.micrometers-assigned',
    lazy: lazyPage(micrometerFleet, 'AssignedMicrometersPage'),
    handle: {
      pageData: { prefetch: prefetchOf(micrometersPrefetch, 'prefetchAssignedMicrometers') },
    },
  },
  '/micrometers/unassigned': {
    titleKey: 'nav.micrometers-unassigned',
    lazy: lazyPage(micrometerFleet, 'UnassignedMicrometersPage'),
    handle: {
      pageData: { prefetch: prefetchOf(micrometersPrefetch, 'prefetchUnassignedMicrometers') },
    },
  },
  '/micrometers/excluded': {
    titleKey: 'nav.micrometers-excluded',
    lazy: lazyPage(micrometerFleet, 'ExcludedMicrometersPage'),
  },
  '/micrometers/config': {
    titleKey: 'nav.micrometers-config',
    lazy: lazyPage(
      () => import('@/features/micrometers/routes/config-page'),
      'MicrometerConfigPage',
    ),
  },
  '/micrometers/defaults': {
    titleKey: 'nav.micrometers-defaults',
    lazy: lazyPage(
      () => import('@/features/fleet-settings/routes/micrometer-defaults-page'),
      'MicrometerDefaultsPage',
    ),
  },
  '/micrometers/downlink': {
    titleKey: 'nav.micrometers-downlink',
    lazy: lazyPage(
      () => import('@/features/micrometers/routes/downlink-page'),
      'MicrometerDownlinkPage',
    ),
  },
  '/micrometers/testing': {
    titleKey: 'nav.micrometers-testing',
    lazy: lazyPage(
      () => import('@/features/sensor-testing/routes/sensor-testing-page'),
      'SensorTestingPage',
    ),
  },
  '/micrometers/assignment': {
    titleKey: 'nav.micrometers-assignment',
    lazy: lazyPage(
      () => import('@/features/micrometers/routes/assignment-page'),
      'MicrometerAssignmentPage',
    ),
  },
  '/integrations': {
    titleKey: 'nav.integrations',
    lazy: lazyPage(
      () => import('@/features/integrations/routes/integration-keys-page'),
      'IntegrationKeysPage',
    ),
  },
} satisfies Record<WebRoutePattern, ShellPage | ShellRouteGroup>;

/** The shell's routes: each page at its pattern's path, titled by its handle. */
export function shellRoutes(): RouteObject[] {
  return Object.entries(shellPages).flatMap(([pattern, page]): RouteObject[] => {
    if ('routes' in page) return page.routes;
    const { titleKey, handle, ...route }: ShellPage = page;
    return [
      {
        ...route,
        path: pattern.replace(/^\//, '').replace(/\/\*$/, ''),
        handle: { ...handle, titleKey } satisfies Partial<PageDataHandle> & PageHandle,
      },
    ];
  });
}

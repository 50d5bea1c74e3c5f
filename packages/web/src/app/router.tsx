// The route tree. Pages load lazily; the guards, the not-found and error pages ship with the main
// bundle so they can show even when loading a page's code is what failed.
import { useState } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PageLoader } from '@/components/page-loader';
import { GuestOnly } from '@/features/auth/components/guest-only';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { RootRedirect } from '@/features/auth/components/root-redirect';
import { loadEnglishPages } from '@/i18n/i18n';
import { CompaniesEntry } from './routes/companies-entry';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';
import type { PageHandle } from './routes/section-placeholder-page';
import { AppShell } from './shell/app-shell';
import { usePageViews } from './use-page-views';

// Route modules use the function form of `lazy`: React Router empties a `lazy` object once
// loaded, which would break the route tree for any second router (tests) built from it.

const loginRoute = async () => {
  const { LoginPage } = await import('@/features/auth/routes/login-page');
  return { Component: LoginPage };
};
const registerRoute = async () => {
  const { RegisterPage } = await import('@/features/auth/routes/register-page');
  return { Component: RegisterPage };
};
const forgotPasswordRoute = async () => {
  const { ForgotPasswordPage } = await import('@/features/auth/routes/forgot-password-page');
  return { Component: ForgotPasswordPage };
};
const checkMailRoute = async () => {
  const { CheckMailPage } = await import('@/features/auth/routes/check-mail-page');
  return { Component: CheckMailPage };
};
const codeVerificationRoute = async () => {
  const { CodeVerificationPage } = await import('@/features/auth/routes/code-verification-page');
  return { Component: CodeVerificationPage };
};
const changePasswordRoute = async () => {
  const { ChangePasswordPage } = await import('@/features/auth/routes/change-password-page');
  return { Component: ChangePasswordPage };
};
/** The pages behind an alert email's "On it" / "Fixed it" buttons (public: the link is the key). */
const emailActionRoute = async () => {
  const { ConfirmationPage } = await import('@/features/email-actions/routes/confirmation-page');
  return { Component: ConfirmationPage };
};
const emailLinkDoneRoute = async () => {
  const { EmailLinkDonePage } = await import(
    '@/features/email-actions/routes/email-link-done-page'
  );
  return { Component: EmailLinkDonePage };
};
const usersRoute = async () => {
  const { UsersPage } = await import('@/features/users/routes/users-page');
  return { Component: UsersPage };
};
const portfolioLists = () => import('@/features/portfolio/routes/list-pages');
const companyPage = () => import('@/features/portfolio/routes/company-page');
const propertyPage = () => import('@/features/portfolio/routes/property-page');
const buildingPage = () => import('@/features/portfolio/routes/building-page');
const unitPage = () => import('@/features/portfolio/routes/unit-page');
const recordSubmissions = () => import('@/features/submissions/routes/record-submissions-tab');
const submissionLists = () => import('@/features/submissions/routes/submission-list-pages');
const gatewaysRoute = async () => {
  const { GatewaysPage } = await import('@/features/gateways/routes/gateways-page');
  return { Component: GatewaysPage };
};
const fixturesRoute = async () => {
  const { FixturesPage } = await import('@/features/fleet-settings/routes/fixtures-page');
  return { Component: FixturesPage };
};
const micrometerDefaultsRoute = async () => {
  const { MicrometerDefaultsPage } = await import(
    '@/features/fleet-settings/routes/micrometer-defaults-page'
  );
  return { Component: MicrometerDefaultsPage };
};
const sensorTestingRoute = async () => {
  const { SensorTestingPage } = await import(
    '@/features/sensor-testing/routes/sensor-testing-page'
  );
  return { Component: SensorTestingPage };
};
const installationRoute = async () => {
  const { InstallationPage } = await import('@/features/installation/routes/installation-page');
  return { Component: InstallationPage };
};
const micrometerFleet = () => import('@/features/micrometers/routes/fleet-pages');
const recordMicrometers = () => import('@/features/micrometers/routes/record-micrometers-tab');
const micrometerConfigRoute = async () => {
  const { MicrometerConfigPage } = await import('@/features/micrometers/routes/config-page');
  return { Component: MicrometerConfigPage };
};
const micrometerDownlinkRoute = async () => {
  const { MicrometerDownlinkPage } = await import('@/features/micrometers/routes/downlink-page');
  return { Component: MicrometerDownlinkPage };
};
const micrometerAssignmentRoute = async () => {
  const { MicrometerAssignmentPage } = await import(
    '@/features/micrometers/routes/assignment-page'
  );
  return { Component: MicrometerAssignmentPage };
};
const integrationKeysRoute = async () => {
  const { IntegrationKeysPage } = await import(
    '@/features/integrations/routes/integration-keys-page'
  );
  return { Component: IntegrationKeysPage };
};
/** The company's appliance thresholds tab (composed here). */
const companyThresholdsRoute = async () => {
  const { CompanyThresholdsEntry } = await import('./routes/company-thresholds-entry');
  return { Component: CompanyThresholdsEntry };
};
const eventsRoute = async () => {
  const { EventsPage } = await import('@/features/events/routes/events-page');
  return { Component: EventsPage };
};
const alertsRoute = async () => {
  const { AlertsPage } = await import('@/features/alerts/routes/alerts-page');
  return { Component: AlertsPage };
};
const recordAlerts = () => import('@/features/alerts/routes/record-alerts-tab');
/** The sign-in pages' frame: its texts are the app frame's, so it waits for no others. */
const publicLayoutRoute = async () => {
  const { PublicLayout } = await import('@/components/layouts/public-layout');
  return { Component: PublicLayout };
};
const sectionPlaceholderRoute = async () => {
  const { SectionPlaceholderPage } = await import('./routes/section-placeholder-page');
  return { Component: SectionPlaceholderPage };
};
const dashboardRoute = async () => {
  const { DashboardEntry } = await import('./routes/dashboard-entry');
  return { Component: DashboardEntry };
};
/** The company's dashboard tab (system roles). */
const companyUsage = () => import('./routes/company-usage-entries');
const usageCharts = () => import('@/features/usage/routes/charts-tabs');

/**
 * The portfolio's record pages (spec section 2). Each record's tabs are the next path segment;
 * a child record's page is a sibling route, not a tab, so `/companies/5/properties` (the tab)
 * and `/companies/5/properties/7` (the property) never collide. The record's layout keeps a
 * restricted company to the tabs of its allow-list.
 */
const portfolioRoutes: RouteObject[] = [
  {
    path: 'properties',
    lazy: async () => ({ Component: (await portfolioLists()).PropertiesPage }),
    handle: { titleKey: 'nav.properties' } satisfies PageHandle,
  },
  {
    path: 'buildings',
    lazy: async () => ({ Component: (await portfolioLists()).BuildingsPage }),
    handle: { titleKey: 'nav.buildings' } satisfies PageHandle,
  },
  {
    path: 'companies/:companyId',
    lazy: async () => ({ Component: (await companyPage()).CompanyPage }),
    handle: { titleKey: 'nav.company' } satisfies PageHandle,
    children: [
      { index: true, lazy: async () => ({ Component: (await companyPage()).CompanyIndex }) },
      {
        path: 'overview',
        lazy: async () => ({ Component: (await companyPage()).CompanyOverviewTab }),
      },
      {
        path: 'properties',
        lazy: async () => ({ Component: (await companyPage()).CompanyPropertiesTab }),
      },
      {
        path: 'alerts',
        lazy: async () => ({ Component: (await recordAlerts()).CompanyAlertsTab }),
      },
      {
        path: 'micrometers',
        lazy: async () => ({ Component: (await recordMicrometers()).CompanyMicrometersTab }),
      },
      {
        path: 'submissions',
        lazy: async () => ({ Component: (await recordSubmissions()).CompanySubmissionsTab }),
      },
      { path: 'thresholds', lazy: companyThresholdsRoute },
      {
        path: 'dashboard',
        lazy: async () => ({ Component: (await companyUsage()).CompanyDashboardEntry }),
      },
      {
        path: 'charts',
        lazy: async () => ({ Component: (await usageCharts()).CompanyChartsTab }),
      },
    ],
  },
  {
    path: 'companies/:companyId/properties/:propertyId',
    lazy: async () => ({ Component: (await propertyPage()).PropertyPage }),
    handle: { titleKey: 'nav.properties' } satisfies PageHandle,
    children: [
      { index: true, lazy: async () => ({ Component: (await propertyPage()).PropertyIndex }) },
      {
        path: 'overview',
        lazy: async () => ({ Component: (await propertyPage()).PropertyOverviewTab }),
      },
      {
        path: 'buildings',
        lazy: async () => ({ Component: (await propertyPage()).PropertyBuildingsTab }),
      },
      {
        path: 'alerts',
        lazy: async () => ({ Component: (await recordAlerts()).PropertyAlertsTab }),
      },
      {
        path: 'micrometers',
        lazy: async () => ({ Component: (await recordMicrometers()).PropertyMicrometersTab }),
      },
      {
        path: 'submissions',
        lazy: async () => ({ Component: (await recordSubmissions()).PropertySubmissionsTab }),
      },
      {
        path: 'users',
        lazy: async () => ({
          Component: (await import('@/features/users/routes/property-users-tab')).PropertyUsersTab,
        }),
      },
      {
        path: 'charts',
        lazy: async () => ({ Component: (await usageCharts()).PropertyChartsTab }),
      },
    ],
  },
  {
    path: 'companies/:companyId/properties/:propertyId/buildings/:buildingId',
    lazy: async () => ({ Component: (await buildingPage()).BuildingPage }),
    handle: { titleKey: 'nav.buildings' } satisfies PageHandle,
    children: [
      { index: true, lazy: async () => ({ Component: (await buildingPage()).BuildingIndex }) },
      {
        path: 'overview',
        lazy: async () => ({ Component: (await buildingPage()).BuildingOverviewTab }),
      },
      {
        path: 'units',
        lazy: async () => ({ Component: (await buildingPage()).BuildingUnitsTab }),
      },
      {
        path: 'alerts',
        lazy: async () => ({ Component: (await recordAlerts()).BuildingAlertsTab }),
      },
      {
        path: 'micrometers',
        lazy: async () => ({ Component: (await recordMicrometers()).BuildingMicrometersTab }),
      },
      {
        path: 'submissions',
        lazy: async () => ({ Component: (await recordSubmissions()).BuildingSubmissionsTab }),
      },
      {
        path: 'charts',
        lazy: async () => ({ Component: (await usageCharts()).BuildingChartsTab }),
      },
    ],
  },
  {
    path: 'companies/:companyId/properties/:propertyId/buildings/:buildingId/units/:unitId',
    lazy: async () => ({ Component: (await unitPage()).UnitPage }),
    handle: { titleKey: 'nav.company' } satisfies PageHandle,
    children: [
      { index: true, lazy: async () => ({ Component: (await unitPage()).UnitIndex }) },
      {
        path: 'alerts',
        lazy: async () => ({ Component: (await recordAlerts()).UnitAlertsTab }),
      },
      {
        path: 'overview',
        lazy: async () => ({ Component: (await unitPage()).UnitOverviewTab }),
      },
      {
        path: 'micrometers',
        lazy: async () => ({ Component: (await recordMicrometers()).UnitMicrometersTab }),
      },
      {
        path: 'submissions',
        lazy: async () => ({ Component: (await recordSubmissions()).UnitSubmissionsTab }),
      },
      {
        path: 'charts',
        lazy: async () => ({ Component: (await usageCharts()).UnitChartsTab }),
      },
    ],
  },
  // A tab or level that does not exist (yet) inside a company's pages.
  { path: 'companies/:companyId/*', Component: NotFoundPage },
];

const overviewRoute = async () => {
  const { OverviewPage } = await import('@/features/overview/routes/overview-page');
  return { Component: OverviewPage };
};
const statisticsPages = () => import('@/features/statistics/routes/statistics-pages');
const reportsRoute = async () => {
  const { ReportsPage } = await import('@/features/reports/routes/reports-page');
  return { Component: ReportsPage };
};

/** Settings with the person's own notification contacts (composed in `routes/settings-entry`). */
const settingsRoute = async () => {
  const { SettingsEntry } = await import('./routes/settings-entry');
  return { Component: SettingsEntry };
};
/**
 * The shell's routes (spec section 2) and their titles. Their screens arrive with later issues;
 * until then each shows its title and a "this section arrives soon" note inside the shell.
 */
const shellSections: [path: string, titleKey: PageHandle['titleKey']][] = [
  ['flume-accounts', 'nav.flume-accounts'],
];

/** The root: every location change is a page view (production builds with an analytics id). */
function AppRoot() {
  usePageViews();
  return <Outlet />;
}

/**
 * `routes` with every page but the dashboard loading the English texts of the pages along with
 * its code: the dashboard, where company roles land, needs only those bundled with the app frame.
 */
function withPageTexts(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const { lazy, children } = route;
    const withTexts =
      typeof lazy === 'function' && lazy !== dashboardRoute && lazy !== publicLayoutRoute
        ? {
            lazy: async () => {
              const [loaded] = await Promise.all([lazy(), loadEnglishPages()]);
              return loaded;
            },
          }
        : {};
    if (route.index === true) return { ...route, ...withTexts };
    return { ...route, ...withTexts, ...(children ? { children: withPageTexts(children) } : {}) };
  });
}

export const appRoutes: RouteObject[] = withPageTexts([
  {
    id: 'root',
    path: '/',
    Component: AppRoot,
    // Last resort: an error in a layout itself replaces the whole screen.
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoader,
    children: [
      {
        id: 'public-layout',
        lazy: publicLayoutRoute,
        children: [
          {
            // A pathless boundary inside the layout: a failing page keeps the bar around it.
            id: 'public-pages',
            ErrorBoundary: RouteErrorPage,
            children: [
              { index: true, Component: RootRedirect },
              {
                // Signed-in visitors are sent on to their returnUrl or default path.
                id: 'guest-pages',
                Component: GuestOnly,
                children: [
                  { path: 'login', lazy: loginRoute },
                  { path: 'register', lazy: registerRoute },
                  { path: 'forgot-password', lazy: forgotPasswordRoute },
                  { path: 'check-mail', lazy: checkMailRoute },
                  { path: 'code-verification', lazy: codeVerificationRoute },
                ],
              },
              // Reset (link from the email) or change (signed in): open to both.
              { path: 'change-password', lazy: changePasswordRoute },
              // Alert email actions: open signed in or not.
              {
                path: 'confirmation/:notificationId/:status/:token',
                lazy: emailActionRoute,
              },
              { path: 'email-links/:status', lazy: emailLinkDoneRoute },
              { path: '*', Component: NotFoundPage },
            ],
          },
        ],
      },
      {
        id: 'signed-in',
        Component: RequireAuth,
        children: [
          {
            id: 'app-shell',
            Component: AppShell,
            children: [
              {
                // Inside the shell: a failing page keeps the header and the drawer around it.
                id: 'shell-pages',
                ErrorBoundary: RouteErrorPage,
                children: [
                  {
                    path: 'companies',
                    Component: CompaniesEntry,
                    handle: { titleKey: 'nav.companies' } satisfies PageHandle,
                  },
                  {
                    path: 'users',
                    lazy: usersRoute,
                    handle: { titleKey: 'nav.users' } satisfies PageHandle,
                  },
                  {
                    path: 'settings',
                    lazy: settingsRoute,
                    handle: { titleKey: 'nav.settings' } satisfies PageHandle,
                  },
                  ...portfolioRoutes,
                  {
                    path: 'submissions/unassigned',
                    lazy: async () => ({
                      Component: (await submissionLists()).UnassignedSubmissionsPage,
                    }),
                    handle: { titleKey: 'nav.submissions-unassigned' } satisfies PageHandle,
                  },
                  {
                    path: 'submissions/keep-alive',
                    lazy: async () => ({
                      Component: (await submissionLists()).KeepAliveSubmissionsPage,
                    }),
                    handle: { titleKey: 'nav.submissions-keep-alive' } satisfies PageHandle,
                  },
                  {
                    path: 'submissions/parsed-old',
                    lazy: async () => ({
                      Component: (await submissionLists()).ParsedOldSubmissionsPage,
                    }),
                    handle: { titleKey: 'nav.submissions-parsed-old' } satisfies PageHandle,
                  },
                  {
                    path: 'gateways',
                    lazy: gatewaysRoute,
                    handle: { titleKey: 'nav.gateways' } satisfies PageHandle,
                  },
                  {
                    path: 'appliances',
                    lazy: fixturesRoute,
                    handle: { titleKey: 'nav.appliances' } satisfies PageHandle,
                  },
                  {
                    path: 'micrometers/assigned',
                    lazy: async () => ({
                      Component: (await micrometerFleet()).AssignedMicrometersPage,
                    }),
                    handle: { titleKey: 'nav.micrometers-assigned' } satisfies PageHandle,
                  },
                  {
                    path: 'micrometers/unassigned',
                    lazy: async () => ({
                      Component: (await micrometerFleet()).UnassignedMicrometersPage,
                    }),
                    handle: { titleKey: 'nav.micrometers-unassigned' } satisfies PageHandle,
                  },
                  {
                    path: 'micrometers/excluded',
                    lazy: async () => ({
                      Component: (await micrometerFleet()).ExcludedMicrometersPage,
                    }),
                    handle: { titleKey: 'nav.micrometers-excluded' } satisfies PageHandle,
                  },
                  {
                    path: 'micrometers/config',
                    lazy: micrometerConfigRoute,
                    handle: { titleKey: 'nav.micrometers-config' } satisfies PageHandle,
                  },
                  {
                    path: 'micrometers/downlink',
                    lazy: micrometerDownlinkRoute,
                    handle: { titleKey: 'nav.micrometers-downlink' } satisfies PageHandle,
                  },
                  {
                    path: 'micrometers/assignment',
                    lazy: micrometerAssignmentRoute,
                    handle: { titleKey: 'nav.micrometers-assignment' } satisfies PageHandle,
                  },
                  {
                    path: 'micrometers/defaults',
                    lazy: micrometerDefaultsRoute,
                    handle: { titleKey: 'nav.micrometers-defaults' } satisfies PageHandle,
                  },
                  {
                    path: 'micrometers/testing',
                    lazy: sensorTestingRoute,
                    handle: { titleKey: 'nav.micrometers-testing' } satisfies PageHandle,
                  },
                  {
                    path: 'installation',
                    lazy: installationRoute,
                    handle: { titleKey: 'nav.installation' } satisfies PageHandle,
                  },
                  {
                    path: 'alerts',
                    lazy: alertsRoute,
                    handle: { titleKey: 'nav.alerts' } satisfies PageHandle,
                  },
                  {
                    path: 'events',
                    lazy: eventsRoute,
                    handle: { titleKey: 'nav.events' } satisfies PageHandle,
                  },
                  {
                    path: 'dashboard',
                    lazy: dashboardRoute,
                    handle: { titleKey: 'nav.dashboard' } satisfies PageHandle,
                  },
                  {
                    path: 'integrations',
                    lazy: integrationKeysRoute,
                    handle: { titleKey: 'nav.integrations' } satisfies PageHandle,
                  },
                  {
                    path: 'overview',
                    lazy: overviewRoute,
                    handle: { titleKey: 'nav.overview' } satisfies PageHandle,
                  },
                  {
                    path: 'reports',
                    lazy: reportsRoute,
                    handle: { titleKey: 'nav.reports' } satisfies PageHandle,
                  },
                  {
                    // The tabs are the next segment; /statistics and unknown tabs open `usage`.
                    path: 'statistics',
                    lazy: async () => ({ Component: (await statisticsPages()).StatisticsLayout }),
                    handle: { titleKey: 'nav.statistics' } satisfies PageHandle,
                    children: [
                      {
                        index: true,
                        lazy: async () => ({
                          Component: (await statisticsPages()).StatisticsIndex,
                        }),
                      },
                      {
                        path: 'usage',
                        lazy: async () => ({
                          Component: (await statisticsPages()).StatisticsUsageTab,
                        }),
                      },
                      {
                        path: 'fixtures',
                        lazy: async () => ({
                          Component: (await statisticsPages()).StatisticsFixturesTab,
                        }),
                      },
                      {
                        path: 'units',
                        lazy: async () => ({
                          Component: (await statisticsPages()).StatisticsUnitsTab,
                        }),
                      },
                      {
                        path: '*',
                        lazy: async () => ({
                          Component: (await statisticsPages()).StatisticsIndex,
                        }),
                      },
                    ],
                  },
                  ...shellSections.map(([path, titleKey]) => ({
                    path,
                    lazy: sectionPlaceholderRoute,
                    handle: { titleKey } satisfies PageHandle,
                  })),
                ],
              },
            ],
          },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return <RouterProvider router={router} />;
}

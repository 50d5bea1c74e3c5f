// The route tree. Pages load lazily; the guards, the not-found and error pages ship with the main
// bundle so they can show even when loading a page's code is what failed. The router is built
// from a factory taking the query cache and the session, which the loaders of the heaviest pages
// use to start their first queries alongside their code (`page-data.ts`).
import { useState } from 'react';
import { createBrowserRouter, matchRoutes, Outlet, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PageLoader } from '@/components/page-loader';
import { GuestOnly } from '@/features/auth/components/guest-only';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { RootRedirect } from '@/features/auth/components/root-redirect';
import { readKeptSession } from '@/features/auth/utils/kept-session';
import { loadEnglishPages } from '@/i18n/i18n';
import { type PageDataSource, startPageCode, usePageDataSource, withPageData } from './page-data';
import { type LazyRoute, lazyPage, shellRoutes } from './route-manifest';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';
import { AppShell } from './shell/app-shell';
import { usePageViews } from './use-page-views';

// The public pages (sign-in, the pages of an email's links). The signed-in pages are listed once,
// with their titles and access patterns, in `route-manifest.ts`.
const publicPage = (path: string, lazy: LazyRoute): RouteObject => ({ path, lazy });

/** The sign-in pages' frame: its texts are the app frame's, so it waits for no others. */
const publicLayoutRoute = lazyPage(
  () => import('@/components/layouts/public-layout'),
  'PublicLayout',
);

/** The root: every location change is a page view (production builds with an analytics id). */
function AppRoot() {
  usePageViews();
  return <Outlet />;
}

/**
 * `routes` with every lazy page loading the English texts of the pages along with its code. The
 * guarded pages (the dashboard among them, which needs only the texts bundled with the app frame)
 * load theirs behind the guard (`routes/tab-guard.tsx`).
 */
function withPageTexts(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const { lazy, children } = route;
    const withTexts =
      typeof lazy === 'function' && lazy !== publicLayoutRoute
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
                  publicPage(
                    'login',
                    lazyPage(() => import('@/features/auth/routes/login-page'), 'LoginPage'),
                  ),
                  publicPage(
                    'register',
                    lazyPage(() => import('@/features/auth/routes/register-page'), 'RegisterPage'),
                  ),
                  publicPage(
                    'forgot-password',
                    lazyPage(
                      () => import('@/features/auth/routes/forgot-password-page'),
                      'ForgotPasswordPage',
                    ),
                  ),
                  publicPage(
                    'check-mail',
                    lazyPage(
                      () => import('@/features/auth/routes/check-mail-page'),
                      'CheckMailPage',
                    ),
                  ),
                  publicPage(
                    'code-verification',
                    lazyPage(
                      () => import('@/features/auth/routes/code-verification-page'),
                      'CodeVerificationPage',
                    ),
                  ),
                ],
              },
              // Reset (link from the email) or change (signed in): open to both.
              publicPage(
                'change-password',
                lazyPage(
                  () => import('@/features/auth/routes/change-password-page'),
                  'ChangePasswordPage',
                ),
              ),
              // The pages behind an alert email's "On it" / "Fixed it" buttons (the link is the
              // key): open signed in or not.
              publicPage(
                'confirmation/:notificationId/:status/:token',
                lazyPage(
                  () => import('@/features/email-actions/routes/confirmation-page'),
                  'ConfirmationPage',
                ),
              ),
              // The survey email's approval link: open signed in or not.
              publicPage(
                'survey-approval/:buildingId/:token',
                lazyPage(
                  () => import('@/features/survey/routes/survey-approval-page'),
                  'SurveyApprovalPage',
                ),
              ),
              publicPage(
                'email-links/:status',
                lazyPage(
                  () => import('@/features/email-actions/routes/email-link-done-page'),
                  'EmailLinkDonePage',
                ),
              ),
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
                children: shellRoutes(),
              },
            ],
          },
        ],
      },
    ],
  },
]);

/**
 * Starts downloading the code of the page at `pathname` (its lazy routes and its prefetch's code)
 * before the app first renders, which is when the router would: `main.tsx` calls it as the entry
 * script runs, so the page's code downloads while the entry's is still being evaluated and the
 * session restored. A guarded page's own code starts only for a kept session that sees the page.
 */
export function startRouteCode(pathname: string): void {
  const matched = (matchRoutes(appRoutes, pathname) ?? []).map(({ route }) => route);
  startPageCode(matched, pathname, readKeptSession());
}

/** The app's router: its loaders read the query cache and the session from `source`. */
export function createAppRouter(source: PageDataSource) {
  return createBrowserRouter(withPageData(appRoutes, source));
}

export function AppRouter() {
  const source = usePageDataSource();
  const [router] = useState(() => createAppRouter(source));
  return <RouterProvider router={router} />;
}

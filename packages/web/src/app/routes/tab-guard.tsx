// The one guard for the pages and record tabs a role may be sent on from (the route manifest names
// each page's rule): a company role opening /companies goes to its own company, a company role
// opening a company's dashboard tab goes to its overview. The page's code loads only for the roles
// that see it (and the route's loader starts it early for them, `page-data.ts`).
import type { SessionRole } from '@flowsight/domain/auth';
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactElement,
  Suspense,
} from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { withEnglishPages } from '@/i18n/i18n';
import { useSignedInSession } from '@/lib/session';
import type { PageDataHandle, PageLoading } from '../page-data';

/** Where a role that may not see the page is sent (relative to the page's route), or null. */
export type RoleRedirect = (role: SessionRole) => string | null;

export type TabGuardProps = {
  redirect: RoleRedirect;
  page: LazyExoticComponent<ComponentType>;
};

export function TabGuard({ redirect, page: Page }: TabGuardProps) {
  const { activeRole } = useSignedInSession();
  const to = redirect(activeRole);
  if (to !== null) {
    // Progress stays on screen while the next page's code loads after the redirect.
    return (
      <>
        <Navigate to={to} replace />
        <PageLoader />
      </>
    );
  }
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}

export type GuardedRouteOptions = {
  redirect: RoleRedirect;
  prefetch?: PageLoading['prefetch'];
  /** The dashboard, where company roles land, needs only the texts bundled with the app frame. */
  frameTextsOnly?: boolean;
};

/**
 * A route showing `loadPage`'s component behind the guard: its `element` (the guard, in the main
 * bundle) and its `handle` naming the page's loading, which the router factory turns into the
 * loader that starts the page's code and first queries for the roles that see it.
 */
export function guardedRoute(
  loadPage: () => Promise<ComponentType>,
  { redirect, prefetch, frameTextsOnly = false }: GuardedRouteOptions,
): { element: ReactElement; handle: PageDataHandle } {
  const preload = frameTextsOnly ? loadPage : () => withEnglishPages(loadPage());
  const Page = lazy(async () => ({ default: await preload() }));
  return {
    element: <TabGuard redirect={redirect} page={Page} />,
    handle: { pageData: { ...(prefetch ? { prefetch } : {}), guard: { redirect, preload } } },
  };
}

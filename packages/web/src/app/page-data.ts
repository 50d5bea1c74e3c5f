// Route loaders that start a page's first queries while its code loads, so code and data arrive
// together instead of one after the other. A loader never waits for the data and never throws: it
// prefetches into the query cache the page then reads, and only for a role that sees the page and
// may make the calls. The route manifest names a page's loading in its route's handle; the router
// factory (`router.tsx`) turns it into the route's loader, given the query cache and the session.
import type { SessionRole } from '@flowsight/domain/auth';
import { activeRoleContext, mayOpen } from '@flowsight/domain/web-access';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useState } from 'react';
import type { LoaderFunction, Params, RouteObject, ShouldRevalidateFunction } from 'react-router';
import { keepSession, readKeptSession, type SignedIn } from '@/features/auth/utils/kept-session';
import { type AuthState, useAuth } from '@/lib/session';
import type { RoleRedirect } from './routes/tab-guard';

/** The signed-in session as the loaders need it: the active role, and how many the user has. */

export type { SignedIn };

/** What a page's prefetch knows: the cache, the role, and the address it opens. */
export type PrefetchArgs = {
  queryClient: QueryClient;
  role: SessionRole;
  params: Params;
  search: URLSearchParams;
};

/** Starts a page's first queries (`queryClient.prefetchQuery`, which never throws). */
export type PagePrefetch = (args: PrefetchArgs) => void;

/** What the loaders are given by the router factory. */
export type PageDataSource = {
  queryClient: QueryClient;
  /** The session once it is known (restored or signed in), null when signed out. */
  signedIn: () => Promise<SignedIn | null>;
};

/** A page the tab guard may send a role on from: its code loads only for those who see it. */
export type GuardedLoading = { redirect: RoleRedirect; preload: () => Promise<unknown> };

export type PageLoading = {
  /** Loads the page's prefetch: its code (fetchers, address parsing) loads with the page's. */
  prefetch?: () => Promise<PagePrefetch>;
  guard?: GuardedLoading;
};

/** Whether the session sees the page at `pathname`: the shell's route rules, then its guard. */
function seesPage(session: SignedIn, pathname: string, guard: GuardedLoading | undefined) {
  const { role, roleCount } = session;
  if (!mayOpen(pathname, activeRoleContext(role, roleCount))) return false;
  return guard === undefined || guard.redirect(role) === null;
}

/** A route handle naming the page's loading (beside its title, if any). */
export type PageDataHandle = { pageData: PageLoading };

function isPageDataHandle(handle: unknown): handle is PageDataHandle {
  return typeof handle === 'object' && handle !== null && 'pageData' in handle;
}

/**
 * `routes` with a loader on each route whose handle names its page's loading, reading `source`.
 * Route trees built without it (a plain test tree) simply prefetch nothing.
 */
export function withPageData(routes: RouteObject[], source: PageDataSource): RouteObject[] {
  return routes.map((route): RouteObject => {
    const loading = isPageDataHandle(route.handle) ? route.handle.pageData : undefined;
    const data = loading
      ? { loader: pageLoader(loading, source), shouldRevalidate: openingOnly }
      : {};
    if (route.index === true) return { ...route, ...data };
    const { children } = route;
    return { ...route, ...data, ...(children ? { children: withPageData(children, source) } : {}) };
  });
}

/**
 * The loader of a page: once the session is known, and if it sees the page, a guarded page's
 * code starts loading along with the page's first queries. The prefetch's own code loads while
 * the session is still being learnt. Answers at once, whatever happens.
 */
function pageLoader({ prefetch, guard }: PageLoading, source: PageDataSource): LoaderFunction {
  return ({ params, request }) => {
    const { pathname, searchParams: search } = new URL(request.url);
    const starting = prefetch?.().catch(() => undefined);
    void source.signedIn().then(async (session) => {
      if (session === null || !seesPage(session, pathname, guard)) return;
      guard?.preload().catch(() => undefined);
      const start = await starting;
      start?.({ queryClient: source.queryClient, role: session.role, params, search });
    });
    return null;
  };
}

/**
 * Starts the code of a page before its router exists: each matched route's lazy module, its
 * prefetch's code and, for a session that sees the page (kept from the last visit), a guarded
 * page's own code. The router's loaders start the same modules again later (the same downloads)
 * and report their failures; here they are ignored.
 */
export function startPageCode(
  matched: readonly RouteObject[],
  pathname: string,
  session: SignedIn | null,
): void {
  const ignore = () => undefined;
  const loadings = matched.flatMap((route) =>
    isPageDataHandle(route.handle) ? [route.handle.pageData] : [],
  );
  // The prefetches' code first: small, and what the page's first queries wait for.
  for (const { prefetch } of loadings) prefetch?.().catch(ignore);
  for (const route of matched) {
    if (typeof route.lazy === 'function') route.lazy().catch(ignore);
  }
  for (const { guard } of loadings) {
    if (guard && session !== null && seesPage(session, pathname, guard)) {
      guard.preload().catch(ignore);
    }
  }
}

/**
 * A page's loader runs when the page opens, not again when only its address's query changes: the
 * open page asks for what it needs itself, and a navigation without loaders commits at once (a
 * page that updates its address twice in a row relies on that).
 */
const openingOnly: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  currentUrl.pathname !== nextUrl.pathname;

/**
 * The session as the loaders see it: fed with each auth state (`publish`), it answers
 * `signedIn` at once when the session is known (or kept from the last visit,
 * `features/auth/utils/kept-session.ts`), or as soon as it is.
 */
export function createSessionChannel() {
  const hint = readKeptSession();
  let known: { session: SignedIn | null } | null = hint === null ? null : { session: hint };
  const waiting: ((session: SignedIn | null) => void)[] = [];
  return {
    publish(state: AuthState) {
      if (!state.isInitialized) return;
      const { isLoggedIn, activeRole: role, roles } = state;
      known = { session: isLoggedIn && role !== null ? { role, roleCount: roles.length } : null };
      keepSession(known.session);
      for (const resolve of waiting.splice(0)) resolve(known.session);
    },
    signedIn(): Promise<SignedIn | null> {
      if (known !== null) return Promise.resolve(known.session);
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}

export type SessionChannel = ReturnType<typeof createSessionChannel>;

/**
 * Feeds `channel` with the auth provider's state, before any effect of the pages below runs, so a
 * redirect right after signing in already prefetches for the new role.
 */
export function usePublishSession(channel: SessionChannel): void {
  const auth = useAuth();
  useLayoutEffect(() => channel.publish(auth), [channel, auth]);
}

/** The loaders' source for a router rendered inside the app's providers. */
export function usePageDataSource(): PageDataSource {
  const queryClient = useQueryClient();
  const [channel] = useState(createSessionChannel);
  usePublishSession(channel);
  return useMemo(() => ({ queryClient, signedIn: channel.signedIn }), [queryClient, channel]);
}

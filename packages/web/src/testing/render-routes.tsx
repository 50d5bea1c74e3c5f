// Renders a route tree the way the app does (same providers, loaders given the query cache and the
// session), in memory, for tests.
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { i18n } from 'i18next';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import {
  createSessionChannel,
  type SessionChannel,
  usePublishSession,
  withPageData,
} from '@/app/page-data';
import { AppProviders } from '@/app/providers';
import { createAppI18n } from '@/i18n/i18n';
import { resources } from '@/i18n/resources';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings-storage';

export type RenderRoutesOptions = {
  path?: string;
  settings?: Partial<Settings>;
  /** Translations other than every catalogue in full. */
  i18n?: i18n;
};

export function renderRoutes(routes: RouteObject[], options: RenderRoutesOptions = {}) {
  const settings: Settings = {
    ...DEFAULT_SETTINGS,
    mode: 'light',
    language: 'en',
    ...options.settings,
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = createSessionChannel();
  const source = { queryClient, signedIn: session.signedIn };
  const router = createMemoryRouter(withPageData(routes, source), {
    initialEntries: [options.path ?? '/'],
  });
  const view = render(
    <AppProviders
      i18n={options.i18n ?? createAppI18n(settings.language, resources)}
      queryClient={queryClient}
      initialSettings={settings}
    >
      <SessionFeed channel={session} />
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

function SessionFeed({ channel }: { channel: SessionChannel }) {
  usePublishSession(channel);
  return null;
}

/** A copy of `routes` with `child` added first under the route whose id is `parentId`. */
export function withChildRoute(
  routes: RouteObject[],
  parentId: string,
  child: RouteObject,
): RouteObject[] {
  return routes.map((route) => {
    if (route.index === true || route.children === undefined) return route;
    const children =
      route.id === parentId
        ? [child, ...route.children]
        : withChildRoute(route.children, parentId, child);
    return { ...route, children };
  });
}

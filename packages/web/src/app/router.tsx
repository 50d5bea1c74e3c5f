// The route tree. Pages load lazily; the not-found and error pages ship with the main bundle so
// they can show even when loading a page's code is what failed.
import { useState } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { PageLoader } from '@/components/page-loader';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    // Last resort: an error in a layout itself replaces the whole screen.
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoader,
    children: [
      {
        id: 'public-layout',
        Component: PublicLayout,
        children: [
          {
            // A pathless boundary inside the layout: a failing page keeps the bar around it.
            id: 'public-pages',
            ErrorBoundary: RouteErrorPage,
            children: [
              {
                index: true,
                // The function form: React Router empties a `lazy` object once loaded, which
                // would break the route tree for any second router (tests) built from it.
                lazy: async () => {
                  const { WelcomePage } = await import('@/features/welcome/routes/welcome-page');
                  return { Component: WelcomePage };
                },
              },
              { path: '*', Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return <RouterProvider router={router} />;
}

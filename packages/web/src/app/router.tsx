// The route tree. Pages load lazily; the guards, the not-found and error pages ship with the main
// bundle so they can show even when loading a page's code is what failed.
import { useState } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { PageLoader } from '@/components/page-loader';
import { GuestOnly } from '@/features/auth/components/guest-only';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { RootRedirect } from '@/features/auth/components/root-redirect';
import { SignedInLayout } from '@/features/auth/components/signed-in-layout';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';

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
const signedInRoute = async () => {
  const { SignedInPage } = await import('@/features/auth/routes/signed-in-page');
  return { Component: SignedInPage };
};

/**
 * Every role's default path (spec section 2). Until the application shell brings their real
 * screens, each shows the interim signed-in page.
 */
const ROLE_LANDING_PATHS = ['companies', 'dashboard', 'micrometers/testing', 'installation'];

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
            id: 'signed-in-layout',
            Component: SignedInLayout,
            children: [
              {
                id: 'signed-in-pages',
                ErrorBoundary: RouteErrorPage,
                children: ROLE_LANDING_PATHS.map((path) => ({ path, lazy: signedInRoute })),
              },
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

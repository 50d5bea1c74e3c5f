import { fireEvent, screen } from '@testing-library/react';
import { data } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, withChildRoute } from '@/testing/render-routes';
import { appRoutes } from './router';

/** Never rendered: its loader fails first. */
function UnreachablePage() {
  return null;
}

function failingLoader(error: unknown) {
  return () => {
    throw error;
  };
}

describe('app routes', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the not-found page for an unknown path, with a way back home', async () => {
    const { router } = renderRoutes(appRoutes, { path: '/no-such-page' });

    const page = await screen.findByTestId('not-found-page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(page.textContent).toContain('404');

    // Home for a signed-out visitor is the sign-in page.
    fireEvent.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByTestId('not-found-page')).toBeNull();
  });

  it('sends a signed-out visitor from the root to sign in', async () => {
    const { router } = renderRoutes(appRoutes, { path: '/' });

    expect(await screen.findByTestId('login-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });

  it('shows the error page inside the layout when a page loader throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const routes = withChildRoute(appRoutes, 'public-pages', {
      path: 'broken',
      loader: failingLoader(new Error('database unavailable')),
      Component: UnreachablePage,
    });
    renderRoutes(routes, { path: '/broken' });

    const page = await screen.findByTestId('error-page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong');
    expect(page.textContent).toContain('database unavailable');
    // The bar survives, so the person can still change language or go home.
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('falls back to the root error page when a layout-level loader throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const routes = withChildRoute(appRoutes, 'root', {
      path: 'broken-layout',
      loader: failingLoader(new Error('layout failed')),
      Component: UnreachablePage,
    });
    renderRoutes(routes, { path: '/broken-layout' });

    expect(await screen.findByTestId('error-page')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Language' })).toBeNull();
  });

  it('shows the not-found page when a loader answers 404', async () => {
    const routes = withChildRoute(appRoutes, 'public-pages', {
      // Not a shell path: the portfolio's own pages answer /companies/{id} inside the shell.
      path: 'records/:id',
      loader: failingLoader(data(null, { status: 404, statusText: 'Not Found' })),
      Component: UnreachablePage,
    });
    renderRoutes(routes, { path: '/records/999' });

    expect(await screen.findByTestId('not-found-page')).toBeTruthy();
    expect(screen.queryByTestId('error-page')).toBeNull();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { apiClient } from '@/lib/api-client';
import {
  getServiceToken,
  getUserActiveRole,
  setServiceToken,
  setUserActiveRole,
} from '@/lib/session-storage';
import { mockApi, reply, unauthorized } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { meOf, roleFixture, sessionFixture } from '@/testing/session-fixtures';
import { beginSessionRestore } from './auth-provider';

/** Sets a cookie as Google Analytics' script would. */
function setCookie(text: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = text;
}

const twoRoles = [
  roleFixture({ id: 31 }),
  roleFixture({ id: 32, user_role_type_id: 5, company_id: 2, company_name: 'Second Co' }),
];

/** A stored token whose active role is the user's second; the API restores it with 'fresh'. */
function storedSecondRole() {
  const session = sessionFixture({ roles: twoRoles, active_role_id: 32, access_token: 'fresh' });
  setServiceToken('stored-token');
  setUserActiveRole('32');
  return mockApi({
    'GET /auth/me': () => reply(200, meOf(sessionFixture({ roles: twoRoles }))),
    'GET /auth/new-token/32': () => reply(200, session),
  });
}

describe('session', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('restores a stored session: the user, then a fresh token for the stored active role', async () => {
    const api = storedSecondRole();
    renderRoutes(appRoutes, { path: '/dashboard' });

    expect(await screen.findByTestId('app-shell')).toBeTruthy();
    // The session is restored first; the shell's own calls (the leak bell) follow it.
    expect(api.calls().slice(0, 2)).toEqual(['GET /auth/me', 'GET /auth/new-token/32']);
    expect(
      api
        .calls()
        .slice(2)
        .filter((call) => call.includes('/auth/')),
    ).toEqual([]);
    expect(api.requests[0]?.headers.get('Authorization')).toBe('Bearer stored-token');
    expect(getServiceToken()).toBe('fresh');
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    expect((await screen.findByTestId('active-role')).textContent).toBe(
      'Company Manager of Second Co',
    );
  });

  it('takes over the restore the entry script started before the first render: one request', async () => {
    const api = storedSecondRole();
    beginSessionRestore();
    // The request is out before anything renders.
    await waitFor(() => expect(api.calls()).toEqual(['GET /auth/me', 'GET /auth/new-token/32']));
    renderRoutes(appRoutes, { path: '/dashboard' });

    expect(await screen.findByTestId('app-shell')).toBeTruthy();
    expect(api.calls().filter((call) => call.includes('/auth/'))).toEqual([
      'GET /auth/me',
      'GET /auth/new-token/32',
    ]);
    expect(getServiceToken()).toBe('fresh');
  });

  it('ends the session when the early restore is refused, as the provider’s own would', async () => {
    setServiceToken('expired-token');
    setUserActiveRole('31');
    mockApi({ 'GET /auth/me': () => unauthorized() });
    beginSessionRestore();
    renderRoutes(appRoutes, { path: '/dashboard' });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(getServiceToken()).toBeNull();
  });

  it('refreshes the first role when the stored active role is not the user’s any more', async () => {
    setServiceToken('stored-token');
    setUserActiveRole('999');
    const api = mockApi({
      'GET /auth/me': () => reply(200, meOf(sessionFixture({ roles: twoRoles }))),
      'GET /auth/new-token/31': () => reply(200, sessionFixture({ roles: twoRoles })),
    });
    renderRoutes(appRoutes, { path: '/dashboard' });

    await screen.findByTestId('app-shell');
    // The session is restored first; the shell's own calls (the leak bell) follow it.
    expect(api.calls().slice(0, 2)).toEqual(['GET /auth/me', 'GET /auth/new-token/31']);
    expect(
      api
        .calls()
        .slice(2)
        .filter((call) => call.includes('/auth/')),
    ).toEqual([]);
    expect(getUserActiveRole()).toBe('31');
  });

  it('signs out when /auth/me answers 401, and asks to sign in with a return URL', async () => {
    setServiceToken('expired-token');
    setUserActiveRole('31');
    const api = mockApi({ 'GET /auth/me': () => unauthorized() });
    const { router } = renderRoutes(appRoutes, { path: '/dashboard?tab=alerts' });

    expect(await screen.findByTestId('login-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('returnUrl')).toBe(
      '/dashboard?tab=alerts',
    );
    expect(getServiceToken()).toBeNull();
    expect(getUserActiveRole()).toBeNull();
    expect(api.calls()).toEqual(['GET /auth/me']);
  });

  it('signs out when the token refresh fails for any reason', async () => {
    setServiceToken('stored-token');
    mockApi({
      'GET /auth/me': () => reply(200, meOf(sessionFixture())),
      'GET /auth/new-token/11': () => reply(500, { statusCode: 500, error: 'Internal' }),
    });
    renderRoutes(appRoutes, { path: '/' });

    expect(await screen.findByTestId('login-page')).toBeTruthy();
    expect(getServiceToken()).toBeNull();
  });

  it('keeps the stored session when the refresh never reaches the server (a reload cuts it)', async () => {
    setServiceToken('stored-token');
    setUserActiveRole('11');
    mockApi({
      'GET /auth/me': () => reply(200, meOf(sessionFixture())),
      'GET /auth/new-token/11': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderRoutes(appRoutes, { path: '/dashboard' });

    expect(await screen.findByTestId('login-page')).toBeTruthy();
    // The next load tries again with it.
    expect(getServiceToken()).toBe('stored-token');
    expect(getUserActiveRole()).toBe('11');
  });

  it('sends a signed-out visitor of a protected page to sign in, keeping where they were going', async () => {
    const api = mockApi();
    const { router } = renderRoutes(appRoutes, { path: '/micrometers/testing' });

    await screen.findByTestId('login-page');
    expect(router.state.location.search).toBe('?returnUrl=%2Fmicrometers%2Ftesting');
    expect(api.calls()).toEqual([]);
  });

  it('signs out on a 401 from any later call', async () => {
    const session = sessionFixture();
    setServiceToken('stored-token');
    mockApi({
      'GET /auth/me': () => reply(200, meOf(session)),
      'GET /auth/new-token/11': () => reply(200, session),
      'GET /health': () => unauthorized('Session expired'),
    });
    const { router } = renderRoutes(appRoutes, { path: '/dashboard' });
    await screen.findByTestId('app-shell');

    await apiClient.GET('/health');

    expect(await screen.findByTestId('login-page')).toBeTruthy();
    expect(router.state.location.search).toBe('?returnUrl=%2Fdashboard');
    expect(getServiceToken()).toBeNull();
  });

  it('sends the root to the default path of the signed-in role', async () => {
    const session = sessionFixture({ roles: [roleFixture({ user_role_type_id: 12 })] });
    setServiceToken('stored-token');
    mockApi({
      'GET /auth/me': () => reply(200, meOf(session)),
      'GET /auth/new-token/11': () => reply(200, session),
    });
    const { router } = renderRoutes(appRoutes, { path: '/' });

    await screen.findByTestId('app-shell');
    expect(router.state.location.pathname).toBe('/micrometers/testing');
  });

  it('signs out from the signed-in page: the server ends the token, the browser forgets it', async () => {
    const session = sessionFixture({ access_token: 'session-token' });
    setServiceToken('stored-token');
    const api = mockApi({
      'GET /auth/me': () => reply(200, meOf(session)),
      'GET /auth/new-token/11': () => reply(200, session),
      'POST /auth/logout': () => new Response(null, { status: 204 }),
    });
    const { router } = renderRoutes(appRoutes, { path: '/dashboard' });
    await screen.findByTestId('app-shell');

    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(getServiceToken()).toBeNull();
    expect(getUserActiveRole()).toBeNull();
    await waitFor(() => expect(api.calls()).toContain('POST /auth/logout'));
    const signOut = api.requests.find((request) => request.url.endsWith('/auth/logout'));
    expect(signOut?.headers.get('Authorization')).toBe('Bearer session-token');
  });

  it('resets analytics on sign-out, by the user or by a 401 (spec section 4)', async () => {
    const session = sessionFixture();
    setServiceToken('stored-token');
    mockApi({
      'GET /auth/me': () => reply(200, meOf(session)),
      'GET /auth/new-token/11': () => reply(200, session),
      'POST /auth/logout': () => new Response(null, { status: 204 }),
    });
    renderRoutes(appRoutes, { path: '/dashboard' });
    await screen.findByTestId('app-shell');
    setCookie('_ga=GA1.1.111.222; path=/');

    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    await screen.findByTestId('login-page');
    expect(document.cookie).not.toMatch(/_ga=/);
  });

  it('signs out at once even when the server cannot be told', async () => {
    const session = sessionFixture();
    setServiceToken('stored-token');
    const api = mockApi({
      'GET /auth/me': () => reply(200, meOf(session)),
      'GET /auth/new-token/11': () => reply(200, session),
      'POST /auth/logout': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const { router } = renderRoutes(appRoutes, { path: '/dashboard' });
    await screen.findByTestId('app-shell');

    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getServiceToken()).toBeNull();
    await waitFor(() => expect(api.calls()).toContain('POST /auth/logout'));
    expect(await screen.findByTestId('login-page', {}, { timeout: 5000 })).toBeTruthy();
  });
});

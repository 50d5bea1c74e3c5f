import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEPT_SESSION_KEY } from '@/features/auth/utils/kept-session';
import { listPage, type MockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { harborCompany, managerRole, systemAdminRole } from '@/testing/session-fixtures';
import { signedInApi, signedInWith } from '@/testing/signed-in';
import { appRoutes } from './router';

// The pages' modules load only when the test lets them, so a query made before is the loader's.
const modules = vi.hoisted(() => {
  const gate = { release: () => {} };
  const released = new Promise<void>((resolve) => {
    gate.release = resolve;
  });
  return { gate, released, loaded: [] as string[] };
});

vi.mock('@/features/alerts/routes/alerts-page', async (importOriginal) => {
  await modules.released;
  modules.loaded.push('alerts-page');
  return importOriginal();
});
vi.mock('./routes/dashboard-entry', async (importOriginal) => {
  await modules.released;
  modules.loaded.push('dashboard-entry');
  return importOriginal();
});

const callsTo = (api: MockApi, call: string) => api.calls().filter((made) => made === call);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route loaders', () => {
  it('start the alerts list’s query before the page’s code has loaded, and the page reuses it', async () => {
    const api = signedInApi(systemAdminRole, {
      'GET /notifications': () => reply(200, listPage([])),
    });
    const { queryClient } = renderRoutes(appRoutes, { path: '/alerts' });

    await waitFor(() => expect(callsTo(api, 'GET /notifications')).toHaveLength(1));
    expect(modules.loaded).toEqual([]);
    expect(screen.queryByTestId('alerts-page')).toBeNull();

    modules.gate.release();
    expect(await screen.findByTestId('alerts-page')).toBeTruthy();
    expect(modules.loaded).toContain('alerts-page');
    // Same key as the page's: one list in the cache, the one the loader started.
    expect(queryClient.getQueryCache().findAll({ queryKey: ['alerts', 'list'] })).toHaveLength(1);
  });

  it('start the dashboard’s figures and chart for a company role', async () => {
    const api = signedInApi(managerRole);
    renderRoutes(appRoutes, { path: '/dashboard?granularity=2' });

    await waitFor(() => expect(callsTo(api, 'GET /companies/1/statistics')).toHaveLength(1));
    expect(callsTo(api, 'GET /companies/1/gallons')).toHaveLength(1);
    const gallons = api.requests.find((request) => request.url.includes('/gallons'));
    expect(new URL(gallons?.url ?? 'http://x').searchParams.get('granularity')).toBe('2');
  });

  it('start a company’s usage tab for system staff, and nothing for a role the guard sends on', async () => {
    const staff = signedInApi(systemAdminRole);
    const first = renderRoutes(appRoutes, { path: '/companies/4/dashboard' });
    await waitFor(() => expect(callsTo(staff, 'GET /companies/4/statistics')).toHaveLength(1));
    first.unmount();
    vi.unstubAllGlobals();

    const manager = signedInApi(managerRole, {
      'GET /companies/1': () => reply(200, harborCompany),
    });
    const { router } = renderRoutes(appRoutes, { path: '/companies/1/dashboard' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/1/overview'));
    expect(manager.calls().filter((call) => call.endsWith('/statistics'))).toEqual([]);
  });

  it('prefetch nothing for a role that may not open the page', async () => {
    const api = signedInApi(managerRole);
    const { router } = renderRoutes(appRoutes, { path: '/alerts' });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/alerts'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(api, 'GET /notifications')).toEqual([]);
  });

  it('never hold the page back when the prefetch fails', async () => {
    modules.gate.release();
    signedInApi(systemAdminRole, {
      'GET /notifications': () =>
        reply(500, { statusCode: 500, error: 'Internal Server Error', message: 'Failed' }),
    });
    renderRoutes(appRoutes, { path: '/alerts' });
    expect(await screen.findByTestId('alerts-page')).toBeTruthy();
  });

  it('start a returning visitor’s first page with the kept session, before its restore answers', async () => {
    modules.gate.release();
    const { api, session } = signedInWith({
      roles: [systemAdminRole],
      handlers: { 'GET /notifications': () => reply(200, listPage([])) },
    });
    // What the last visit kept beside the token; the restore's fresh token has not come yet.
    const kept = { role: systemAdminRole, roleCount: 1, token: 'stored-token' };
    window.localStorage.setItem(KEPT_SESSION_KEY, JSON.stringify(kept));
    let restore = () => {};
    const restored = new Promise<void>((resolve) => {
      restore = resolve;
    });
    api.on('GET /auth/new-token/21', async () => {
      await restored;
      return reply(200, { ...session, access_token: 'fresh-token' });
    });
    renderRoutes(appRoutes, { path: '/alerts' });

    await waitFor(() => expect(callsTo(api, 'GET /notifications')).toHaveLength(1));
    restore();
    expect(await screen.findByTestId('alerts-page')).toBeTruthy();
    // The kept role is the token's: the restore asks for the fresh token at once.
    expect(callsTo(api, 'GET /auth/me')).toEqual([]);
    // The restored session is kept for the next visit, with the token it ends with.
    const next = JSON.parse(window.localStorage.getItem(KEPT_SESSION_KEY) ?? '{}');
    expect(next).toMatchObject({ token: 'fresh-token', role: { id: systemAdminRole.id } });
  });

  it('wait for the whole restore when the kept session is another token’s', async () => {
    modules.gate.release();
    const { api } = signedInWith({
      roles: [systemAdminRole],
      handlers: { 'GET /notifications': () => reply(200, listPage([])) },
    });
    const hint = { role: systemAdminRole, roleCount: 1, token: 'an-older-token' };
    window.localStorage.setItem(KEPT_SESSION_KEY, JSON.stringify(hint));
    renderRoutes(appRoutes, { path: '/alerts' });
    expect(await screen.findByTestId('alerts-page')).toBeTruthy();
    await waitFor(() => expect(api.calls()).toContain('GET /notifications'));
    const calls = api.calls();
    expect(calls).toContain('GET /auth/me');
    expect(calls.indexOf('GET /notifications')).toBeGreaterThan(
      calls.indexOf('GET /auth/new-token/21'),
    );
  });
});

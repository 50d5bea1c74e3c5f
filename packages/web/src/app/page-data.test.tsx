import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEPT_SESSION_KEY } from '@/features/auth/utils/kept-session';
import { listPage, type MockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { harborCompany, managerRole, systemAdminRole } from '@/testing/session-fixtures';
import { signedInApi, signedInWith } from '@/testing/signed-in';
import { startPageCode } from './page-data';
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

  it('start every dashboard card’s first query for a company role', async () => {
    const api = signedInApi(managerRole);
    renderRoutes(appRoutes, { path: '/dashboard?granularity=2' });

    await waitFor(() => expect(callsTo(api, 'GET /companies/1/statistics')).toHaveLength(1));
    for (const call of [
      'GET /companies/1/gallons',
      'GET /companies/1/needs-attention',
      'GET /companies/1/top-gallons-units',
      'GET /companies/1/appliance-gallons',
    ]) {
      expect(callsTo(api, call), call).toHaveLength(1);
    }
    const gallons = api.requests.find((request) => request.url.includes('/gallons?'));
    expect(new URL(gallons?.url ?? 'http://x').searchParams.get('granularity')).toBe('2');
    const top = api.requests.find((request) => request.url.includes('/top-gallons-units'));
    expect(new URL(top?.url ?? 'http://x').searchParams.get('limit')).toBe('5');
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

describe('startPageCode', () => {
  const guarded = (seen: boolean) => ({
    lazy: vi.fn(async () => ({})),
    handle: {
      pageData: {
        prefetch: vi.fn(async () => () => undefined),
        guard: { redirect: () => (seen ? null : '../overview'), preload: vi.fn(async () => ({})) },
      },
    },
  });

  it('starts the matched routes’ code, their prefetch’s, and a guarded page’s for a session that sees it', () => {
    const route = guarded(true);
    startPageCode([route], '/alerts', { role: systemAdminRole, roleCount: 1 });
    expect(route.lazy).toHaveBeenCalledTimes(1);
    expect(route.handle.pageData.prefetch).toHaveBeenCalledTimes(1);
    expect(route.handle.pageData.guard.preload).toHaveBeenCalledTimes(1);
  });

  it('leaves a guarded page’s code alone without a kept session, or for a role sent on', () => {
    const unknown = guarded(true);
    startPageCode([unknown], '/alerts', null);
    expect(unknown.handle.pageData.guard.preload).not.toHaveBeenCalled();

    const sentOn = guarded(false);
    startPageCode([sentOn], '/alerts', { role: systemAdminRole, roleCount: 1 });
    expect(sentOn.handle.pageData.guard.preload).not.toHaveBeenCalled();

    // The shell's route rules: a company manager may not open the providers' alert list.
    const ruled = guarded(true);
    startPageCode([ruled], '/alerts', { role: managerRole, roleCount: 1 });
    expect(ruled.handle.pageData.guard.preload).not.toHaveBeenCalled();
    expect(ruled.lazy).toHaveBeenCalledTimes(1);
  });

  it('ignores a failed download: the router loads the module again and shows its error', async () => {
    const failing = { lazy: vi.fn(() => Promise.reject(new Error('offline'))) };
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      startPageCode([failing], '/users', null);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(failing.lazy).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

// The browser entry's start (`main.tsx`): before the app's first render, the stored session's
// restore and the router are under way, and a returning visitor's page has asked for its data.
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepSession } from '@/features/auth/utils/kept-session';
import { startSessionRestore, takeSessionRestore } from '@/features/auth/utils/restore-session';
import { createQueryClient } from '@/lib/query-client';
import { clearSession } from '@/lib/session-storage';
import { listPage, type MockApi, reply } from '@/testing/mock-api';
import { managerRole, systemAdminRole } from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';
import { startAppRouter } from './router';

const callsTo = (api: MockApi, call: string) => api.calls().filter((made) => made === call);

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  window.history.replaceState(null, '', '/');
});

describe('the app started before its first render', () => {
  it('asks for a returning visitor’s page data with nothing rendered', async () => {
    const api = signedInApi(systemAdminRole, { 'GET /users': () => reply(200, listPage([])) });
    keepSession({ role: systemAdminRole, roleCount: 1 });
    window.history.replaceState(null, '', '/users');

    const queryClient = createQueryClient();
    const { router } = startAppRouter(queryClient);
    try {
      await waitFor(() => expect(callsTo(api, 'GET /users')).toHaveLength(1));
      expect(queryClient.getQueryCache().findAll({ queryKey: ['users', 'list'] })).toHaveLength(1);
      // The page's code was asked for by the router, not by a render.
      await waitFor(() => expect(router.state.initialized).toBe(true));
      expect(router.state.location.pathname).toBe('/users');
    } finally {
      router.dispose();
    }
  });

  it('waits for the session when none was kept, and asks for nothing meanwhile', async () => {
    const api = signedInApi(systemAdminRole, { 'GET /users': () => reply(200, listPage([])) });
    window.history.replaceState(null, '', '/users');
    const { router } = startAppRouter(createQueryClient());
    try {
      await waitFor(() => expect(router.state.initialized).toBe(true));
      expect(callsTo(api, 'GET /users')).toHaveLength(0);
    } finally {
      router.dispose();
    }
  });

  it('restores the session once, begun before the auth provider takes it', async () => {
    const api = signedInApi(managerRole);
    keepSession({ role: managerRole, roleCount: 1 });
    startSessionRestore();
    // Under way before anything renders: the kept role's fresh token is asked for at once.
    await waitFor(() =>
      expect(callsTo(api, `GET /auth/new-token/${managerRole.id}`)).toHaveLength(1),
    );
    const session = await takeSessionRestore();
    expect(session.active_role_id).toBe(managerRole.id);
    expect(callsTo(api, `GET /auth/new-token/${managerRole.id}`)).toHaveLength(1);
    expect(callsTo(api, 'GET /auth/me')).toHaveLength(0);
    // Taken once: the next start (a later mount) restores afresh.
    await takeSessionRestore();
    expect(callsTo(api, `GET /auth/new-token/${managerRole.id}`)).toHaveLength(2);
  });

  it('starts no restore without a stored token', async () => {
    const api = signedInApi(managerRole);
    clearSession();
    startSessionRestore();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls()).toHaveLength(0);
  });
});

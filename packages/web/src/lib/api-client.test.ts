import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, onUnauthorized } from './api-client';
import {
  clearSession,
  getServiceToken,
  getUserActiveRole,
  setServiceToken,
  setUserActiveRole,
} from './session-storage';

function recordingFetch() {
  const requests: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    requests.push(request);
    return Response.json({ status: 'ok' });
  });
  return { fetch, requests };
}

describe('api client', () => {
  afterEach(() => {
    clearSession();
  });

  it('sends the stored service token as a bearer token', async () => {
    setServiceToken('token-123');
    const { fetch, requests } = recordingFetch();
    const client = createApiClient({ baseUrl: 'http://localhost/api', fetch });

    const { data } = await client.GET('/health');

    expect(data).toEqual({ status: 'ok' });
    expect(requests[0]?.url).toBe('http://localhost/api/health');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-123');
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createApiClient({ baseUrl: 'http://localhost/api', fetch });

    await client.GET('/health');

    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('reads the token at request time, so signing in needs no new client', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createApiClient({ baseUrl: 'http://localhost/api', fetch });

    await client.GET('/health');
    setServiceToken('after-sign-in');
    await client.GET('/health');

    expect(requests.map((request) => request.headers.get('Authorization'))).toEqual([
      null,
      'Bearer after-sign-in',
    ]);
  });

  it('ends the session on a 401 from any call, and tells the listeners', async () => {
    setServiceToken('expired');
    setUserActiveRole('4');
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    const client = createApiClient({
      baseUrl: 'http://localhost/api',
      fetch: async () =>
        Response.json({ statusCode: 401, message: 'Session expired' }, { status: 401 }),
    });

    await client.GET('/auth/me');
    unsubscribe();

    expect(listener).toHaveBeenCalledTimes(1);
    expect(getServiceToken()).toBeNull();
    expect(getUserActiveRole()).toBeNull();
  });

  it('leaves the session alone when the 401 answers a sign-in form', async () => {
    setServiceToken('still-valid');
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    const client = createApiClient({
      baseUrl: 'http://localhost/api',
      fetch: async () => Response.json({ statusCode: 401, message: 'Nope' }, { status: 401 }),
    });

    await client.POST('/auth/login', { body: { email: 'a@b.test', password: 'x' } });
    await client.POST('/auth/login-mfa', { body: { mfa_token: 't', code: '123456' } });
    unsubscribe();

    expect(listener).not.toHaveBeenCalled();
    expect(getServiceToken()).toBe('still-valid');
  });
});

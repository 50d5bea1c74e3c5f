import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { clearSession, setServiceToken } from './session-storage';

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
});

// The access guard itself: every method of every /api route passes it, HEAD included, and a route
// without a rule cannot exist. The generated isolation test covers each route × role × tenant.
import { accessFor } from '@flowsight/domain/access';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../lib/tokens.ts';
import type { AuthRepository } from '../modules/auth/auth.repository.ts';
import { buildTestApp, type TestApp } from '../testing/app.ts';
import { authPlugin } from './auth.ts';

/** A concrete URL for a route pattern: every parameter becomes 1. */
const concrete = (url: string) => url.replace(/:[^/]+/g, '1');

describe('the access guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('guards HEAD exactly as GET', async () => {
    const head = (token?: string) =>
      t.app.inject({
        method: 'HEAD',
        url: '/api/integration-keys',
        ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      });
    expect((await head()).statusCode).toBe(401);
    expect((await head(await t.signIn('company.admin@flowsight.test'))).statusCode).toBe(403);
    expect((await head(await t.signIn('admin@flowsight.test'))).statusCode).toBe(200);
  });

  it('answers 401 to an anonymous HEAD of every signed-in GET route', async () => {
    const heads = t.app.registeredRoutes.filter(
      (r) => r.method === 'HEAD' && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'),
    );
    const guarded = heads.filter((r) => {
      const access = accessFor('GET', r.url.slice('/api'.length));
      return access !== undefined && access !== 'public';
    });
    expect(guarded.length).toBeGreaterThan(100);
    const answered: string[] = [];
    for (const route of guarded) {
      const response = await t.app.inject({ method: 'HEAD', url: concrete(route.url) });
      if (response.statusCode !== 401) answered.push(`${route.url}: ${response.statusCode}`);
    }
    expect(answered).toEqual([]);
  });

  it('keeps answering unknown paths with 404', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/api/no-such-thing' })).statusCode).toBe(
      404,
    );
  });
});

describe('registration', () => {
  const guarded = async () => {
    const app = Fastify({ logger: false });
    await app.register(
      async (api) => {
        await api.register(authPlugin, {
          prefix: '/api',
          tokens: createTokenService('test-secret-that-is-long-enough-for-hs256'),
          repository: {} as AuthRepository,
          verifyIntegrationKey: async () => null,
        });
        api.get('/no-rule-here', async () => ({ leaked: true }));
      },
      { prefix: '/api' },
    );
    await app.ready();
    return app;
  };

  it('refuses to start with a route the access table does not name (fail closed)', async () => {
    await expect(guarded()).rejects.toThrow('No access rule for GET /no-rule-here');
  });
});

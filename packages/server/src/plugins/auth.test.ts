// The access guard itself: every method of every /api route passes it, HEAD included, and a route
// without a rule cannot exist. The generated isolation test covers each route × role × tenant.
import { accessFor, mayCall } from '@flowsight/domain/access';
import { RoleType } from '@flowsight/domain/lookups';
import { restrictedMayCall } from '@flowsight/domain/restricted-companies';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../lib/tokens.ts';
import type { AuthRepository } from '../modules/auth/auth.repository.ts';
import { authorized, buildTestApp, type TestApp } from '../testing/app.ts';
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

describe('restricted (type 3) companies', () => {
  let t: TestApp;
  let token: string;
  let call: ReturnType<typeof authorized>;
  /** The restricted company and its first property, building and unit. */
  let own: { company: number; property: number; building: number; unit: number };
  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    token = await t.signIn('restricted.admin@flowsight.test');
    call = authorized(t.app, token);
    const { rows } = (await t.database.db.execute(sql`
      select c.id as company, min(p.id)::int as property, min(b.id)::int as building,
             min(u.id)::int as unit
      from companies c join properties p on p.company_id = c.id
      join buildings b on b.company_id = c.id join units u on u.company_id = c.id
      where c.company_type_id = 3 group by c.id order by c.id limit 1`)) as unknown as {
      rows: (typeof own)[];
    };
    if (!rows[0]) throw new Error('the demo has no restricted company with units');
    own = rows[0];
  });
  afterAll(() => t.close());

  it('refuses its admin what the web hides: thresholds, alerts, charts at every level', async () => {
    const { company, property, building, unit } = own;
    const refused: [url: string, method?: 'PUT'][] = [
      [`/api/companies/${company}/appliances-thresholds`],
      [`/api/companies/${company}/appliances-thresholds/1/10`, 'PUT'],
      [`/api/companies/${company}/appliances-thresholds/unaccounted-water`],
      [`/api/companies/${company}/open-leaks`],
      [`/api/companies/${company}/alerts-overview`],
      [`/api/companies/${company}/dashboard-chart-alerts`],
      [`/api/companies/${company}/gallons?granularity=1`],
      [`/api/companies/${company}/statistics`],
      [`/api/companies/${company}/sensors`],
      [`/api/companies/${company}/submissions`],
      [`/api/properties/${property}/alerts`],
      [`/api/properties/${property}/gallons?granularity=1`],
      [`/api/buildings/${building}/alerts`],
      [`/api/buildings/${building}/sensors`],
      [`/api/buildings/${building}/submissions`],
      [`/api/buildings/${building}/gallons?granularity=1`],
      [`/api/units/${unit}/alerts`],
      [`/api/units/${unit}/sensors`],
      [`/api/units/${unit}/submissions`],
      [`/api/units/${unit}/appliance-gallons?granularity=1`],
      ['/api/notifications/active-leaks'],
      ['/api/search/a'],
      ['/api/users'],
      ['/api/gateways'],
    ];
    const answers = await Promise.all(
      refused.map(async ([url, method]) => `${url} ${(await call(url, { method })).statusCode}`),
    );
    expect(answers).toEqual(refused.map(([url]) => `${url} 403`));
  });

  it('still serves its portfolio and its own account', async () => {
    const { company, property, building, unit } = own;
    const served = [
      `/api/companies/${company}`,
      `/api/companies/${company}/properties`,
      `/api/properties/${property}`,
      `/api/properties/${property}/buildings`,
      `/api/properties/${property}/buildings-count`,
      `/api/buildings/${building}`,
      `/api/buildings/${building}/units`,
      `/api/units/${unit}`,
      '/api/auth/me',
      '/api/static',
    ];
    const answers = await Promise.all(
      served.map(async (url) => `${url} ${(await call(url)).statusCode}`),
    );
    expect(answers).toEqual(served.map((url) => `${url} 200`));
  });

  it('refuses every route its allow-list does not name (generated from the registered routes)', async () => {
    const routes = t.app.registeredRoutes
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .map((r) => ({ method: r.method, path: r.url.slice('/api'.length) }))
      .filter(({ method, path }) => {
        const access = accessFor(method === 'HEAD' ? 'GET' : method, path);
        return (
          access !== undefined &&
          access !== 'public' &&
          mayCall(access, RoleType.CompanyAdmin) &&
          !restrictedMayCall(`${method === 'HEAD' ? 'GET' : method} ${path}`, RoleType.CompanyAdmin)
        );
      });
    expect(routes.length).toBeGreaterThan(100);
    const answered: string[] = [];
    for (const { method, path } of routes) {
      const response = await t.app.inject({
        method: method as 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE',
        url: `/api${concrete(path)}`,
        headers: { authorization: `Bearer ${token}` },
        ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
      });
      if (response.statusCode !== 403) answered.push(`${method} ${path}: ${response.statusCode}`);
    }
    expect(answered).toEqual([]);
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

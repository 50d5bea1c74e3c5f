import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { applianceTypes } from '@flowsight/domain/lookups';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { type AuthorizedRequest, buildTestApp, type TestApp, testConfig } from './testing/app.ts';
import { createTestDatabase } from './testing/database.ts';

describe('application skeleton', () => {
  let t: TestApp;
  let get: AuthorizedRequest;
  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    get = await t.as('admin@flowsight.test');
  });
  afterAll(() => t.close());

  it('answers liveness and readiness', async () => {
    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.json()).toEqual({ status: 'ready', database: true, migrations: true });
  });

  it('serves every lookup at /api/static, with appliance types 1–22 named as the spec', async () => {
    const response = await get('/api/static');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.appliances_types.map((a: { id: number; name: string }) => [a.id, a.name])).toEqual([
      [1, 'kitchen cold'],
      [2, 'kitchen hot'],
      [3, 'main bathroom cold'],
      [4, 'main bathroom hot'],
      [5, 'main toilet'],
      [6, 'main shower'],
      [7, 'main tub'],
      [8, 'second bathroom cold'],
      [9, 'second bathroom hot'],
      [10, 'second toilet'],
      [11, 'washing machine'],
      [12, 'dishwasher'],
      [13, 'notes'],
      [14, 'second shower'],
      [15, 'second tub'],
      [16, 'third bathroom cold'],
      [17, 'third bathroom hot'],
      [18, 'third toilet'],
      [19, 'main line'],
      [20, 'third shower'],
      [21, 'third tub'],
      [22, 'water line'],
    ]);
    expect(applianceTypes).toHaveLength(22);
    expect(body.survey_statuses.map((s: { id: number }) => s.id)).toEqual([0, 1, 2, 3]);
    expect(body.granularities.map((g: { id: number }) => g.id)).toEqual([1, 2, 3, 4]);
    expect(body.notification_statuses).toEqual([
      { id: 1, name: 'New' },
      { id: 2, name: 'Acknowledged' },
      { id: 3, name: 'Closed' },
    ]);
    expect(body.user_roles.map((r: { id: number }) => r.id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 12, 13,
    ]);
    expect(body.company_types.find((c: { id: number }) => c.id === 3)).toBeDefined();
  });

  it('documents every registered API route in the OpenAPI document', async () => {
    const response = await t.app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    const apiRoutes = t.app.registeredRoutes.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !r.url.startsWith('/api/docs') &&
        r.url !== '/api/openapi.json' &&
        r.method !== 'HEAD',
    );
    expect(apiRoutes.length).toBeGreaterThan(10);
    for (const route of apiRoutes) {
      const path = route.url.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}');
      expect(documented, `${route.method} ${path}`).toContain(`${route.method} ${path}`);
    }
    const docs = await t.app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // Survey photos are shown from blob: URLs.
    expect(response.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
    expect(response.headers['strict-transport-security']).toBeDefined();
  });

  it('answers unknown API routes with the error shape', async () => {
    const response = await t.app.inject('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /api/no-such-thing not found',
    });
  });

  it('answers a malformed parameter with 400 and one message per problem', async () => {
    const response = await get('/api/location/countries/abc');
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('Bad Request');
    expect(body.message).toEqual([expect.stringMatching(/^params\.id: /)]);
  });

  it('answers a missing record with 404', async () => {
    const response = await get('/api/location/countries/999999');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Country not found');
  });
});

describe('location calls', () => {
  let t: TestApp;
  let usId: number;
  let californiaId: number;
  let get: AuthorizedRequest;
  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    get = await t.as('manager@flowsight.test');
    const countries = (await get('/api/location/countries')).json() as {
      id: number;
      iso2: string;
    }[];
    usId = countries.find((c) => c.iso2 === 'US')?.id ?? 0;
    const states = (await get(`/api/location/states/country/${usId}`)).json() as {
      id: number;
      code: string;
    }[];
    californiaId = states.find((s) => s.code === 'CA')?.id ?? 0;
  });
  afterAll(() => t.close());

  it('serves countries, states, cities and time zones', async () => {
    expect(usId).toBeGreaterThan(0);
    expect(californiaId).toBeGreaterThan(0);
    const country = (await get(`/api/location/countries/${usId}`)).json();
    expect(country).toMatchObject({ iso2: 'US', name: 'United States' });
    const state = (await get(`/api/location/states/${californiaId}`)).json();
    expect(state).toMatchObject({ code: 'CA', name: 'California', country_id: usId });
    const cities = (await get(`/api/location/cities/state/${californiaId}`)).json() as {
      id: number;
      name: string;
    }[];
    const sf = cities.find((c) => c.name === 'San Francisco');
    expect(sf).toBeDefined();
    const city = (await get(`/api/location/cities/${sf?.id}`)).json();
    expect(city).toMatchObject({ name: 'San Francisco', state_id: californiaId });
    const zones = (await get(`/api/location/timezones/country/${usId}`)).json() as {
      id: number;
      name: string;
    }[];
    const newYork = zones.find((z) => z.name === 'America/New_York');
    expect(newYork).toBeDefined();
    const zone = (await get(`/api/location/timezones/${newYork?.id}`)).json();
    expect(zone.name).toBe('America/New_York');
    const all = (await get('/api/location/timezones')).json() as { name: string }[];
    expect(all.map((z) => z.name)).toContain('Asia/Kolkata');
    const allStates = (await get('/api/location/states')).json() as { code: string }[];
    expect(allStates.length).toBeGreaterThan(60);
  });

  it('pages cities with the list envelope', async () => {
    const url = `/api/location/cities?filter.state_id=${californiaId}&sortBy=name:DESC&limit=5&page=2`;
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toHaveLength(5);
    const names = body.data.map((c: { name: string }) => c.name);
    expect([...names].sort().reverse()).toEqual(names);
    expect(body.meta).toMatchObject({
      itemsPerPage: 5,
      currentPage: 2,
      sortBy: [['name', 'DESC']],
      filter: { state_id: String(californiaId) },
    });
    expect(body.meta.totalPages).toBe(Math.ceil(body.meta.totalItems / 5));
    expect(body.links.previous).toContain('page=1');
    expect(body.links.next).toContain('page=3');
    expect(body.links.current).toContain(`filter.state_id=${californiaId}`);
  });
});

describe('serving the web app', () => {
  it('serves index.html for client routes and JSON 404 for unknown API routes', async () => {
    const root = mkdtempSync(join(tmpdir(), 'flowsight-web-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Flowsight</title>');
    const t = await buildTestApp({ webRoot: root });
    try {
      const page = await t.app.inject('/companies/1/properties/2');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<title>Flowsight</title>');
      const missingScript = await t.app.inject('/assets/index-old1234.js');
      expect(missingScript.statusCode).toBe(404);
      expect(missingScript.headers['content-type']).toContain('application/json');
      const api = await t.app.inject('/api/companies-that-do-not-exist');
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toContain('application/json');
    } finally {
      await t.close();
    }
  });
});

describe('compressed scripts', () => {
  it('sends the build’s Brotli or gzip copy to a browser that accepts it, the script otherwise', async () => {
    const root = mkdtempSync(join(tmpdir(), 'flowsight-web-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Flowsight</title>');
    mkdirSync(join(root, 'assets'));
    const script = `export const figures = [${'1234567890,'.repeat(400)}];\n`;
    writeFileSync(join(root, 'assets', 'index-abc123.js'), script);
    // As the web build writes them (packages/web/src/build/precompress.ts).
    writeFileSync(join(root, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(root, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    const t = await buildTestApp({ webRoot: root });
    try {
      const asked = (encoding?: string) =>
        t.app.inject({
          url: '/assets/index-abc123.js',
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
      const brotli = await asked('gzip, deflate, br');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toContain('javascript');
      expect(brotli.headers['cache-control']).toContain('immutable');
      expect(brotli.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
      expect(brotli.rawPayload.byteLength).toBeLessThan(script.length / 4);
      const gzip = await asked('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
      const plain = await asked();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    } finally {
      await t.close();
    }
  });
});

describe('analytics id', () => {
  it('is handed to the page and allowed by the CSP only when configured', async () => {
    const root = mkdtempSync(join(tmpdir(), 'flowsight-web-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><head><title>F</title></head>');
    const withId = await buildTestApp({ webRoot: root, env: { ANALYTICS_ID: 'G-TEST123' } });
    const without = await buildTestApp({ webRoot: root });
    try {
      const page = await withId.app.inject('/dashboard');
      expect(page.body).toContain('<meta name="flowsight-analytics-id" content="G-TEST123">');
      expect(page.headers['content-security-policy']).toContain('https://www.googletagmanager.com');
      const plain = await without.app.inject('/dashboard');
      expect(plain.body).not.toContain('flowsight-analytics-id');
      expect(plain.headers['content-security-policy']).not.toContain('google');
    } finally {
      await withId.close();
      await without.close();
    }
  });
});

describe('failures and shutdown', () => {
  it('hides the details of a server failure', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    app.get('/api/explode', async () => {
      throw new Error('connection string postgres://secret@db');
    });
    try {
      const response = await app.inject('/api/explode');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal Server Error',
      });
      expect(response.body).not.toContain('secret');
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('lets an in-flight request finish when the server closes', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    let release: () => void = () => {};
    const started = new Promise<void>((resolveStarted) => {
      app.get('/api/slow', async () => {
        resolveStarted();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { done: true };
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const inFlight = fetch(`http://127.0.0.1:${port}/api/slow`);
    await started;
    const closing = app.close();
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await closing;
    await database.close();
  });
});

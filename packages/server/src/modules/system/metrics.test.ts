// GET /api/metrics: closed without METRICS_TOKEN (404), refused with a wrong token (401), and with
// the right one every metric family in Prometheus's text format, whose values follow what the
// instance did: requests, stored readings, job runs.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { testBackend } from '../../testing/backend.ts';
import { usageReport } from '../../testing/uplinks.ts';

const TOKEN = 'metrics-token-of-the-test-0123456789';

/** The sample `name{labels}` of an exposition text (labels in the client's order), 0 if absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(',');
  const series = wanted ? `${name}{${wanted}}` : name;
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('metrics endpoint', () => {
  describe('without METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(() => t.close());

    it('answers 404, with or without a token', async () => {
      expect((await t.app.inject('/api/metrics')).statusCode).toBe(404);
      const withToken = await t.app.inject({
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(withToken.statusCode).toBe(404);
    });
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ demo: true, env: { METRICS_TOKEN: TOKEN } });
    });
    afterAll(() => t.close());
    const scrape = async () => {
      const response = await t.app.inject({
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
      return response.body;
    };

    it('refuses a missing or wrong token with 401', async () => {
      expect((await t.app.inject('/api/metrics')).statusCode).toBe(401);
      const wrong = await t.app.inject({
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe('A valid metrics token is required');
    });

    it('answers every metric family in the text format', async () => {
      const response = await t.app.inject({
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const families = [
        ['flowsight_http_request_duration_seconds', 'histogram'],
        ['flowsight_ingest_readings_stored_total', 'counter'],
        ['flowsight_ingest_lag_seconds', 'gauge'],
        ['flowsight_job_runs_total', 'counter'],
        ['flowsight_job_duration_seconds', 'histogram'],
        ['flowsight_sse_clients', 'gauge'],
        ['flowsight_db_pool_connections', 'gauge'],
        ['nodejs_eventloop_lag_seconds', 'gauge'],
        ['nodejs_eventloop_lag_p99_seconds', 'gauge'],
      ];
      for (const [name, type] of families) {
        expect(response.body, name).toContain(`# TYPE ${name} ${type}\n`);
      }
      expect(sample(response.body, 'flowsight_sse_clients')).toBe(0);
      const pool = sample(response.body, 'flowsight_db_pool_connections', { state: 'total' });
      // A pool on PostgreSQL (the test's holds up to 4); PGlite has none and reports no series.
      if (testBackend() === 'postgres') expect(pool).toBeGreaterThanOrEqual(1);
      else expect(response.body).not.toContain('flowsight_db_pool_connections{');
    });

    it("counts a request under its route's pattern and status class", async () => {
      const count = (text: string) =>
        sample(text, 'flowsight_http_request_duration_seconds_count', {
          method: 'GET',
          route: '/api/location/countries/:id',
          status_class: '4xx',
        });
      const before = count(await scrape());
      // Unauthenticated: 401, counted as 4xx under the pattern, not the URL.
      expect((await t.app.inject('/api/location/countries/1')).statusCode).toBe(401);
      const after = await scrape();
      expect(count(after)).toBe(before + 1);
      expect(after).not.toContain('route="/api/location/countries/1"');
    });

    it('counts the readings ingest stored, by transport, and the lag of the newest', async () => {
      const sensors = await rowsOf<{ mac: string }>(
        t.database.db,
        sql`select mac_address as mac from sensors where unit_id is not null order by id limit 3`,
      );
      expect(sensors).toHaveLength(3);
      const before = sample(await scrape(), 'flowsight_ingest_readings_stored_total', {
        transport: 'http',
      });
      const newest = new Date(Date.now() - 120_000);
      const uplinks = sensors.flatMap(({ mac }) => [
        usageReport(mac, new Date(newest.getTime() - 900_000), { gallons: 1 }),
        usageReport(mac, newest, { gallons: 2 }),
      ]);
      const result = await t.app.ingest.ingest(uplinks);
      expect(result.stored).toBe(6);
      // A redelivery stores nothing and counts nothing.
      expect((await t.app.ingest.ingest(uplinks)).stored).toBe(0);
      const text = await scrape();
      expect(sample(text, 'flowsight_ingest_readings_stored_total', { transport: 'http' })).toBe(
        before + 6,
      );
      const lag = sample(text, 'flowsight_ingest_lag_seconds', { transport: 'http' });
      expect(lag).toBeGreaterThanOrEqual(120);
      expect(lag).toBeLessThan(600);
    });

    it('counts job runs by job and outcome, with their duration', async () => {
      const runs = (text: string, job: string) =>
        sample(text, 'flowsight_job_runs_total', { job, outcome: 'ok' });
      const before = await scrape();
      // Starting the jobs runs the device-health and detection sweeps at once; stopping waits.
      await t.app.jobs.start();
      await t.app.jobs.stop();
      const after = await scrape();
      for (const job of ['fleet-health', 'alert-sweep', 'alert-reminders']) {
        expect(runs(after, job), job).toBe(runs(before, job) + 1);
        expect(sample(after, 'flowsight_job_duration_seconds_count', { job, outcome: 'ok' })).toBe(
          runs(after, job),
        );
      }
    });
  });
});

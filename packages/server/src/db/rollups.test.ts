// The rollups rebuilt from raw readings equal the ones ingest maintains reading by reading: a day
// of simulated fleet traffic (usage, legacy v1 frames, keep-alives, unknown MACs) goes in through
// the ingest service, then the rollups (hourly, daily, monthly) are rebuilt wholesale and for a
// range and compared.
import { SensorState } from '@flowsight/domain/lookups';
import { DEMO_SEED, generateDemoPortfolio } from '@flowsight/simulator/demo-portfolio';
import { createFleetSimulation } from '@flowsight/simulator/fleet-simulation';
import { backfill } from '@flowsight/simulator/generators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/app.ts';
import { companyLogDrift } from '../testing/company-logs.ts';
import { compactCompanyLogs, rebuildUsageRollups } from './rollups.ts';

const DAY = 86_400_000;

describe('usage rollups rebuilt from raw readings', () => {
  let t: TestApp;
  const to = new Date(Math.floor(Date.now() / DAY) * DAY - DAY);
  const from = new Date(to.getTime() - 2 * DAY);
  const snapshot = async () => {
    const hourly = await t.database.db.execute(sql`
      select sensor_id, unit_id, hour::text, company_id, property_id, building_id, appliance_type_id,
             volume_mgal::text, flow_time_s, readings
      from usage_hourly order by sensor_id, unit_id, hour`);
    const daily = await t.database.db.execute(sql`
      select sensor_id, unit_id, day::text, company_id, property_id, building_id, appliance_type_id,
             volume_mgal::text, flow_time_s, readings
      from usage_daily order by sensor_id, unit_id, day`);
    const monthly = await t.database.db.execute(sql`
      select sensor_id, unit_id, month::text, company_id, property_id, building_id, appliance_type_id,
             volume_mgal::text, flow_time_s, readings
      from usage_monthly order by sensor_id, unit_id, month`);
    return {
      hourly: (hourly as unknown as { rows: unknown[] }).rows,
      daily: (daily as unknown as { rows: unknown[] }).rows,
      monthly: (monthly as unknown as { rows: unknown[] }).rows,
    };
  };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    await t.database.db.execute(sql`delete from usage_hourly`);
    await t.database.db.execute(sql`delete from usage_daily`);
    await t.database.db.execute(sql`delete from usage_monthly`);
    await t.database.db.execute(sql`delete from submissions`);
    const portfolio = generateDemoPortfolio();
    const installed = portfolio.sensors.filter(
      (s) => s.sensorStateId === SensorState.Installed && s.placement,
    );
    // A slice of the fleet across every property (and so every time zone), legacy firmware
    // included, plus one MAC the server does not know.
    const macs = installed.filter((_, index) => index % 40 === 0).map((s) => s.macAddress);
    const legacy = installed.find((s) => s.firmwareVersion.startsWith('1.'));
    if (legacy) macs.push(legacy.macAddress);
    const simulation = createFleetSimulation({ seed: DEMO_SEED, portfolio, anchor: to, macs });
    const bands = [{ maxAgeS: null, reportIntervalS: 900, keepaliveIntervalS: 3_600 }];
    for (const slice of backfill(simulation, { from, to, bands })) {
      await t.app.ingest.ingest(slice.uplinks);
    }
    await t.app.ingest.ingest(
      [...backfill(simulation, { from: new Date(to.getTime() - 3_600_000), to, bands })]
        .flatMap((slice) => slice.uplinks)
        .slice(0, 3)
        .map((uplink) => ({ ...uplink, mac: 'FFFFFFFFFFFF0001' })),
    );
  }, 120_000);
  afterAll(() => t.close());

  it('equals what ingest maintained, rebuilt wholesale and for one day', async () => {
    const maintained = await snapshot();
    expect(maintained.hourly.length).toBeGreaterThan(500);
    expect(maintained.daily.length).toBeGreaterThan(20);
    expect(maintained.monthly.length).toBeGreaterThan(10);

    const indexes = async () =>
      (
        (await t.database.db.execute(sql`
          select indexdef from pg_indexes
          where tablename in ('usage_hourly', 'usage_daily', 'usage_monthly') order by indexname`)) as unknown as {
          rows: { indexdef: string }[];
        }
      ).rows.map((row) => row.indexdef);
    const before = await indexes();
    expect(before.length).toBe(15);

    await rebuildUsageRollups(t.database.db);
    expect(await snapshot()).toEqual(maintained);
    // The secondary indexes set aside for the wholesale rebuild are back.
    expect(await indexes()).toEqual(before);

    // A partial rebuild touches only the buckets of its readings.
    await t.database.db.execute(sql`update usage_hourly set volume_mgal = 0`);
    await t.database.db.execute(sql`update usage_daily set volume_mgal = 0`);
    await t.database.db.execute(sql`update usage_monthly set volume_mgal = 0`);
    await rebuildUsageRollups(t.database.db, { from, to: new Date(to.getTime() + DAY) });
    expect(await snapshot()).toEqual(maintained);
    // The per-company logs followed every one of those statements.
    expect(await companyLogDrift(t.database.db)).toEqual([]);
  });

  it('keeps the per-company logs equal to the rollups through ingest, compaction and rebuilds', async () => {
    const db = t.database.db;
    const logs = [
      ['usage_company_daily', 'day'],
      ['usage_company_hourly', 'hour'],
    ] as const;
    /** Rows and distinct company buckets of each log. */
    const count = async () => {
      const counts: { n: number; buckets: number }[] = [];
      for (const [table, time] of logs) {
        const { rows } = (await db.execute(sql`
          select count(*)::int as n, count(distinct (company_id, property_id, building_id, ${sql.identifier(time)}))::int as buckets
          from ${sql.identifier(table)}`)) as unknown as { rows: { n: number; buckets: number }[] };
        counts.push(rows[0] ?? { n: 0, buckets: 0 });
      }
      const [daily = { n: 0, buckets: 0 }, hourly = { n: 0, buckets: 0 }] = counts;
      return { daily, hourly };
    };
    const sums = async () =>
      (
        (await db.execute(sql`
          select 'd' as log, company_id, day::text as bucket, sum(volume_mgal)::text as volume,
                 0::text as readings from usage_company_daily group by 1, 2, 3
          union all
          select 'h', company_id, hour::text, sum(volume_mgal)::text, sum(readings)::text
          from usage_company_hourly group by 1, 2, 3
          order by 1, 2, 3`)) as unknown as { rows: unknown[] }
      ).rows;
    await rebuildUsageRollups(db);
    expect(await companyLogDrift(db)).toEqual([]);
    const rebuilt = await count();
    expect(rebuilt.daily.buckets).toBeGreaterThan(3);
    expect(rebuilt.hourly.buckets).toBeGreaterThan(48);
    // A rebuild writes each rollup in one statement: one row per company bucket already.
    expect(rebuilt.daily.n).toBe(rebuilt.daily.buckets);
    expect(rebuilt.hourly.n).toBe(rebuilt.hourly.buckets);

    // More traffic, in many batches, one of them redelivered: each adds rows of differences.
    const portfolio = generateDemoPortfolio();
    const macs = portfolio.sensors
      .filter((s) => s.sensorStateId === SensorState.Installed && s.placement)
      .filter((_, index) => index % 40 === 0)
      .map((s) => s.macAddress);
    const later = new Date(to.getTime() + DAY / 2);
    const simulation = createFleetSimulation({
      seed: DEMO_SEED + 1,
      portfolio,
      anchor: later,
      macs,
    });
    const bands = [{ maxAgeS: null, reportIntervalS: 900, keepaliveIntervalS: 3_600 }];
    const slices = [...backfill(simulation, { from: to, to: later, bands })];
    for (const slice of slices) await t.app.ingest.ingest(slice.uplinks);
    await t.app.ingest.ingest(slices[0]?.uplinks ?? []);
    expect(await companyLogDrift(db)).toEqual([]);
    const logged = await count();
    expect(logged.daily.n).toBeGreaterThan(logged.daily.buckets);
    expect(logged.hourly.n).toBeGreaterThan(logged.hourly.buckets);

    const before = await sums();
    expect(await compactCompanyLogs(db)).toEqual({
      daily: logged.daily.n - logged.daily.buckets,
      hourly: logged.hourly.n - logged.hourly.buckets,
    });
    expect(await count()).toEqual({
      daily: { n: logged.daily.buckets, buckets: logged.daily.buckets },
      hourly: { n: logged.hourly.buckets, buckets: logged.hourly.buckets },
    });
    expect(await sums()).toEqual(before);
    expect(await compactCompanyLogs(db)).toEqual({ daily: 0, hourly: 0 });
    for (const [table] of logs) {
      const { rows } = (await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where not folded`,
      )) as unknown as { rows: { n: number }[] };
      expect([table, rows[0]?.n]).toEqual([table, 0]);
    }

    // Deleting usage rows (a sensor's history) writes negative differences.
    for (const table of ['usage_daily', 'usage_hourly']) {
      await db.execute(sql`delete from ${sql.identifier(table)}
        where sensor_id = (select min(sensor_id) from ${sql.identifier(table)})`);
    }
    expect(await companyLogDrift(db)).toEqual([]);
    await db.execute(sql`truncate usage_daily, usage_hourly`);
    expect(await count()).toEqual({ daily: { n: 0, buckets: 0 }, hourly: { n: 0, buckets: 0 } });
    await rebuildUsageRollups(db);
    expect(await companyLogDrift(db)).toEqual([]);
  });
});

// Retention of raw readings end to end: readings of six months ingested through the ingest
// service, the charts, fixture totals, gallons report and company reports of the old months read
// through the API, then retention drops the old monthly partitions — their raw rows are gone, the
// newer months' are all there, and every answer is byte for byte what it was, also after a full
// rollup rebuild. Without RETENTION_MONTHS the job drops nothing.
import { encodeUplink } from '@flowsight/domain/device-protocol';
import { Granularity } from '@flowsight/domain/granularity';
import { ApplianceType, SensorStatus } from '@flowsight/domain/lookups';
import { ReportType } from '@flowsight/domain/reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { rowsOf } from '../../db/client.ts';
import { rebuildUsageRollups } from '../../db/rollups.ts';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import { handBuiltCompany } from '../../testing/hand-built-company.ts';
import type { Uplink } from '../ingest/ingest.service.ts';
import { applyRetention, createRetentionJob, retentionBoundary } from './retention.ts';

const DAY = 86_400_000;
const MONTHS_OF_READINGS = 6;
const KEPT_MONTHS = 2;
const monthOf = (date: Date) => date.toISOString().slice(0, 7);
/** The 10th, 12:00 UTC, `back` months before `now`'s month. */
const tenthOf = (now: Date, back: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 10, 12));

/**
 * The instant the test stands at: noon UTC on the 20th of the month before the wall clock's. Every
 * reading of the last six months (days 10–14) lies before it on any day of the month, and before
 * the wall clock, whose time the server's ingest and default chart windows still read.
 */
const standingAt = (wallClock: Date) =>
  new Date(Date.UTC(wallClock.getUTCFullYear(), wallClock.getUTCMonth() - 1, 20, 12));

describe('retention of raw readings', () => {
  let t: TestApp;
  let admin: AuthorizedRequest;
  const now = standingAt(new Date());
  const ids = { company: 0, property: 0, building: 0, units: [] as number[] };
  const readingsByMonth = async () =>
    Object.fromEntries(
      (
        await rowsOf<{ month: string; readings: number }>(
          t.database.db,
          sql`select to_char(measured_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as readings
              from submissions where company_id = ${ids.company} group by 1 order by 1`,
        )
      ).map((row) => [row.month, row.readings]),
    );
  const partitions = async () =>
    (
      await rowsOf<{ name: string }>(
        t.database.db,
        sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
            where i.inhparent = 'submissions'::regclass order by 1`,
      )
    ).map((row) => row.name);
  /** The company's rollup rows, every column, in one order. */
  const rollups = async () =>
    Promise.all(
      ['usage_hourly', 'usage_daily', 'usage_monthly'].map(async (table) =>
        (
          await rowsOf<Record<string, unknown>>(
            t.database.db,
            sql`select * from ${sql.identifier(table)} where company_id = ${ids.company}`,
          )
        )
          .map((row) => JSON.stringify(row))
          .sort(),
      ),
    );
  /** Every answer of the old months a person can ask for, as the bytes the API sent. */
  const oldAnswers = async () => {
    const from = tenthOf(now, MONTHS_OF_READINGS).toISOString().slice(0, 8).concat('01');
    const to = new Date(retentionBoundary(now, KEPT_MONTHS).getTime() - DAY)
      .toISOString()
      .slice(0, 10);
    const keptFrom = retentionBoundary(now, KEPT_MONTHS).getTime();
    const [edgeFrom, edgeTo] = [keptFrom - 3 * DAY, keptFrom + 3 * DAY].map((at) =>
      new Date(at).toISOString().slice(0, 10),
    );
    const urls = [
      `/api/buildings/${ids.building}/gallons/report?from=${edgeFrom}&to=${edgeTo}&granularity=${Granularity.Daily}`,
      `/api/properties/${ids.property}/gallons?granularity=${Granularity.Monthly}`,
      `/api/buildings/${ids.building}/gallons?granularity=${Granularity.Monthly}`,
      `/api/companies/${ids.company}/gallons?granularity=${Granularity.Monthly}`,
      `/api/units/${ids.units[0]}/gallons?granularity=${Granularity.Monthly}`,
      `/api/properties/${ids.property}/appliance-gallons?from=${from}&to=${to}`,
      `/api/buildings/${ids.building}/gallons/report?from=${from}&to=${to}&granularity=${Granularity.Monthly}`,
      `/api/buildings/${ids.building}/gallons/report?from=${from}&to=${to}&granularity=${Granularity.Daily}&format=csv`,
      ...Object.values(ReportType).map(
        (report) => `/api/companies/${ids.company}/report-overview/${report}?from=${from}&to=${to}`,
      ),
    ];
    const answers: Record<string, string> = {};
    for (const url of urls) {
      const response = await admin(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      answers[url] = response.body;
    }
    return answers;
  };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    admin = await t.as('admin@flowsight.test');
    const company = await handBuiltCompany(t, 'America/Chicago');
    ids.company = company.company;
    ids.property = await company.property('Retention Court', 9.5);
    ids.building = await company.building(ids.property, 'Retention Hall');
    const fixtures = [
      ApplianceType.MainToilet,
      ApplianceType.KitchenCold,
      ApplianceType.MainShower,
    ];
    const uplinks: Uplink[] = [];
    for (const [index, appliance] of fixtures.entries()) {
      const unit = await company.unit(ids.building, `R${index + 1}`, 1);
      ids.units.push(unit);
      const mac = `AB0D00000000000${index + 1}`;
      await t.database.db.execute(sql`
        insert into sensors (mac_address, sensor_state_id, sensor_status_id, company_id,
          property_id, building_id, unit_id, appliance_type_id, battery)
        select ${mac}, 4, ${SensorStatus.Transmitting}, u.company_id, u.property_id,
          u.building_id, u.id, ${appliance}, 90
        from units u where u.id = ${unit}`);
      // Three reports a day on days 10–14 of each of the last months (`now`'s too).
      for (let back = 0; back < MONTHS_OF_READINGS; back++) {
        for (let day = 0; day < 5; day++) {
          for (let report = 0; report < 3; report++) {
            const receivedAt = new Date(
              tenthOf(now, back).getTime() + day * DAY + report * 3_600_000,
            );
            const seq = back * 100 + day * 10 + report;
            const { bytes } = encodeUplink({
              kind: 'usage',
              version: 2,
              seq,
              volumeMgal: 1000 * (index + 1) + seq,
              intervalS: 900,
              flowTimeS: 60,
              peakFlowMgpm: 2000,
              battery: 90,
            });
            uplinks.push({ mac, port: 1, payload: bytes, receivedAt, transport: 'http' });
          }
        }
      }
      // Around the boundary: hours and Chicago's local days that hold readings of both sides.
      for (const [k, minutes] of [-180, -30, 20, 120, 420, 1500].entries()) {
        const receivedAt = new Date(
          retentionBoundary(now, KEPT_MONTHS).getTime() + minutes * 60_000,
        );
        const { bytes } = encodeUplink({
          kind: 'usage',
          version: 2,
          seq: 900 + k,
          volumeMgal: 700 * (index + 1) + k,
          intervalS: 3600,
          flowTimeS: 60,
          peakFlowMgpm: 2000,
          battery: 90,
        });
        uplinks.push({ mac, port: 1, payload: bytes, receivedAt, transport: 'http' });
      }
    }
    await t.app.ingest.ingest(uplinks);
  });
  afterAll(() => t?.close());

  it('reads RETENTION_MONTHS as whole months of at least one, unset by default', () => {
    const base = { DATA_DIR: '/tmp/flowsight-config-test', JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base).retentionMonths).toBeUndefined();
    expect(loadConfig({ ...base, RETENTION_MONTHS: '13' }).retentionMonths).toBe(13);
    for (const bad of ['0', '1.5', 'six', '-3']) {
      expect(() => loadConfig({ ...base, RETENTION_MONTHS: bad })).toThrow(
        /^Invalid RETENTION_MONTHS: /,
      );
    }
  });

  it('drops nothing without RETENTION_MONTHS', async () => {
    const before = { readings: await readingsByMonth(), partitions: await partitions() };
    expect(Object.keys(before.readings)).toHaveLength(MONTHS_OF_READINGS);
    const job = createRetentionJob({
      db: t.database.db,
      months: undefined,
      log: { info: () => {}, warn: () => {} },
      intervalMs: 10,
      now: () => now,
    });
    await job.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await job.stop();
    expect(await readingsByMonth()).toEqual(before.readings);
    expect(await partitions()).toEqual(before.partitions);
  });

  it('drops the old months by partition and the old months answer as before, also after a rebuild', async () => {
    const before = await oldAnswers();
    const rollupsBefore = await rollups();
    const byMonth = await readingsByMonth();
    const keptFrom = retentionBoundary(now, KEPT_MONTHS);
    const oldMonths = Object.keys(byMonth).filter((month) => month < monthOf(keptFrom));
    expect(oldMonths).toHaveLength(MONTHS_OF_READINGS - KEPT_MONTHS - 1);
    // The old months' answers hold water (an empty chart would pass trivially).
    const chart = JSON.parse(
      before[`/api/properties/${ids.property}/gallons?granularity=${Granularity.Monthly}`] ?? '{}',
    ) as {
      data: { period: string; gallons: number }[];
    };
    for (const month of oldMonths) {
      expect(chart.data.find((bucket) => bucket.period === month)?.gallons).toBeGreaterThan(0);
    }

    const logged: string[] = [];
    const job = createRetentionJob({
      db: t.database.db,
      months: KEPT_MONTHS,
      log: { info: (message) => logged.push(message), warn: (error) => logged.push(String(error)) },
      now: () => now,
    });
    await job.start();
    await job.stop();

    const after = await readingsByMonth();
    expect(Object.keys(after)).toEqual(Object.keys(byMonth).filter((m) => !oldMonths.includes(m)));
    for (const month of Object.keys(after)) expect(after[month]).toBe(byMonth[month]);
    const names = await partitions();
    expect(names.every((name) => name.slice(12) >= monthOf(keptFrom).replace('-', ''))).toBe(true);
    expect(names).toContain(`submissions_${monthOf(now).replace('-', '')}`);
    const droppedReadings = oldMonths.reduce((sum, m) => sum + (byMonth[m] ?? 0), 0);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(
      `dropped ${droppedReadings} raw readings before ${keptFrom.toISOString().slice(0, 10)}`,
    );

    expect(await oldAnswers()).toEqual(before);
    expect(await rollups()).toEqual(rollupsBefore);
    // A full rebuild recomputes only what the kept readings hold; a range reaching back before
    // the boundary keeps the buckets of dropped readings too.
    await rebuildUsageRollups(t.database.db);
    expect(await rollups()).toEqual(rollupsBefore);
    await rebuildUsageRollups(t.database.db, { from: new Date(keptFrom.getTime() - 40 * DAY) });
    expect(await rollups()).toEqual(rollupsBefore);
    expect(await oldAnswers()).toEqual(before);
    // A late reading of a dropped month (whose partition this process had seen) is stored, and
    // the next run drops it again.
    const late = tenthOf(now, MONTHS_OF_READINGS - 1);
    const { bytes } = encodeUplink({
      kind: 'usage',
      version: 2,
      seq: 999,
      volumeMgal: 4321,
      intervalS: 900,
      flowTimeS: 60,
      peakFlowMgpm: 2000,
      battery: 90,
    });
    const stored = await t.app.ingest.ingest([
      { mac: 'AB0D000000000001', port: 1, payload: bytes, receivedAt: late, transport: 'http' },
    ]);
    expect(stored.stored).toBe(1);
    expect((await readingsByMonth())[monthOf(late)]).toBe(1);
    const again = await applyRetention(t.database.db, KEPT_MONTHS, now);
    expect(again?.dropped.filter((p) => p.readings > 0)).toEqual([
      { month: monthOf(late), readings: 1 },
    ]);
    // A further run has nothing left to drop.
    expect(
      (await applyRetention(t.database.db, KEPT_MONTHS, now))?.dropped.every(
        (p) => p.readings === 0,
      ),
    ).toBe(true);
  });
});

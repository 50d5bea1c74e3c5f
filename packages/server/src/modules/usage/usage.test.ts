// Usage analytics end to end: readings in through the ingest service for a property in New York
// (across the 23-hour 8 March and the 25-hour 1 November 2026) and one in Kolkata (a half-hour
// zone); every chart granularity at every level compared with a recomputation from the raw
// `submissions` rows (the midpoint rule: a report counts at measured_at − interval/2, on the local
// date of its property's zone); fixture, unit, category and top totals; gallon counts; refusals;
// another company's records; the month-end projection's shape and a backtest.
import { encodeUplink } from '@flowsight/domain/device-protocol';
import { RoleType } from '@flowsight/domain/lookups';
import { usageInstant } from '@flowsight/domain/usage';
import { localDate } from '@flowsight/domain/wall-clock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Scope, systemScope } from '../../lib/tenant-scope.ts';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import { insertSitePerson } from '../../testing/site-staff.ts';
import type { Uplink } from '../ingest/ingest.service.ts';
import { createUsageRepository } from './usage.repository.ts';
import { createUsageService } from './usage.service.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const NY = 'America/New_York';
const KOLKATA = 'Asia/Kolkata';
type Call = AuthorizedRequest;

/** Deterministic, uneven volumes (thousandths of a gallon) so every bucket differs. */
const uneven = (ms: number, salt: number) =>
  ((Math.floor(ms / MINUTE) * 7919 + salt * 31) % 113) * 37 + 5;

/**
 * Usage reports every `stepS` seconds, each covering the `stepS` before it, ending at `phase`
 * past each step boundary, from `fromIso` to `toIso`.
 */
function reports(
  mac: string,
  fromIso: string,
  toIso: string,
  stepS: number,
  phaseMs: number,
  volume: (endMs: number) => number,
): Uplink[] {
  const list: Uplink[] = [];
  for (let end = Date.parse(fromIso) + phaseMs; end <= Date.parse(toIso); end += stepS * 1000) {
    const volumeMgal = Math.round(volume(end));
    const { bytes } = encodeUplink({
      kind: 'usage',
      version: 2,
      seq: Math.floor(end / 60_000) % 65_536,
      volumeMgal,
      intervalS: stepS,
      flowTimeS: volumeMgal === 0 ? 0 : Math.min(stepS, 60),
      peakFlowMgpm: 1500,
      battery: 90,
    });
    list.push({ mac, port: 1, payload: bytes, receivedAt: new Date(end), transport: 'http' });
  }
  return list;
}

type RawRow = {
  instant: Date;
  day: string;
  mgal: number;
  company_id: number;
  property_id: number;
  building_id: number;
  unit_id: number;
  appliance_type_id: number;
  sensor_id: number;
};
type Level = 'company' | 'property' | 'building' | 'unit';
const paths: Record<Level, string> = {
  company: 'companies',
  property: 'properties',
  building: 'buildings',
  unit: 'units',
};
const columnOf: Record<Level, keyof RawRow> = {
  company: 'company_id',
  property: 'property_id',
  building: 'building_id',
  unit: 'unit_id',
};
type Chart = {
  granularity: number;
  time_zone: string;
  from: string;
  to: string;
  data: { period: string; start: string; end: string; gallons: number }[];
};
const gallons = (mgal: number) => Math.round(mgal) / 1000;

describe('usage analytics', () => {
  let t: TestApp;
  let admin: Call;
  let manager: Call;
  let other: Call;
  const ids = {
    company: 0,
    propertyNy: 0,
    propertyIn: 0,
    building: 0,
    buildingIn: 0,
    unit1A: 0,
    unit1B: 0,
    shop: 0,
    empty: 0,
    steady: 0,
    unitIn: 0,
  };
  const macs = {
    kitchen1A: 'F1A0000000000001',
    toilet1A: 'F1A0000000000002',
    shower1B: 'F1A0000000000003',
    kitchenShop: 'F1A0000000000004',
    toiletIn: 'F1A0000000000005',
    toiletSteady: 'F1A0000000000006',
    stock: 'F1A0000000000007',
  };
  let raw: RawRow[] = [];
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const one = async (query: ReturnType<typeof sql>) => {
    const [row] = await rows<{ id: number }>(query);
    if (!row) throw new Error('nothing inserted');
    return row.id;
  };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    admin = await t.as('admin@flowsight.test');
    manager = await t.as('manager@flowsight.test');
    other = await t.as('other.admin@flowsight.test');
    const zone = (name: string) => sql`(select id from timezones where name = ${name})`;
    ids.company = await one(sql`
      insert into companies (name, company_type_id, timezone_id)
      values ('Usage Test Co', 1, ${zone(NY)}) returning id`);
    ids.propertyNy = await one(sql`
      insert into properties (company_id, name, timezone_id, water_price_per_kgal)
      values (${ids.company}, 'Elm Court', ${zone(NY)}, 12.5) returning id`);
    ids.propertyIn = await one(sql`
      insert into properties (company_id, name, timezone_id)
      values (${ids.company}, 'Lotus Court', ${zone(KOLKATA)}) returning id`);
    const building = (property: number, name: string) =>
      one(sql`insert into buildings (company_id, property_id, name)
              values (${ids.company}, ${property}, ${name}) returning id`);
    ids.building = await building(ids.propertyNy, 'Hall');
    ids.buildingIn = await building(ids.propertyIn, 'Tower');
    const unit = (buildingId: number, property: number, name: string, category: number) =>
      one(sql`insert into units (company_id, property_id, building_id, name, unit_category_id)
              values (${ids.company}, ${property}, ${buildingId}, ${name}, ${category}) returning id`);
    ids.unit1A = await unit(ids.building, ids.propertyNy, '1A', 1);
    ids.unit1B = await unit(ids.building, ids.propertyNy, '1B', 1);
    ids.shop = await unit(ids.building, ids.propertyNy, 'Corner Shop', 3);
    ids.empty = await unit(ids.building, ids.propertyNy, 'Empty', 1);
    ids.steady = await unit(ids.building, ids.propertyNy, 'Steady', 1);
    ids.unitIn = await unit(ids.buildingIn, ids.propertyIn, 'K-101', 1);
    const sensor = (mac: string, unitId: number | null, appliance: number | null) =>
      t.database.db.execute(sql`
        insert into sensors (mac_address, sensor_state_id, sensor_status_id, company_id, property_id,
          building_id, unit_id, appliance_type_id)
        select ${mac}, ${unitId === null ? 1 : 4}, 1, u.company_id, u.property_id, u.building_id, u.id,
               ${appliance}::smallint
        from (select ${unitId}::int as id) x left join units u on u.id = x.id`);
    await sensor(macs.kitchen1A, ids.unit1A, 1);
    await sensor(macs.toilet1A, ids.unit1A, 5);
    await sensor(macs.shower1B, ids.unit1B, 6);
    await sensor(macs.kitchenShop, ids.shop, 1);
    await sensor(macs.toiletIn, ids.unitIn, 5);
    await sensor(macs.toiletSteady, ids.steady, 5);
    await sensor(macs.stock, null, null);

    // New York: 15-minute reports ending 5 minutes past each quarter (their midpoints sit
    // 2.5 minutes before a quarter, so the hh:05 report belongs to the hour before), around
    // both DST changes; the shop reports hourly, ending 20 past (midpoint 10 to the hour).
    const ny: [string, string][] = [
      ['2026-02-26T00:00:00Z', '2026-03-12T00:00:00Z'],
      ['2026-10-24T00:00:00Z', '2026-11-05T00:00:00Z'],
    ];
    const uplinks: Uplink[] = [];
    for (const [from, to] of ny) {
      uplinks.push(...reports(macs.kitchen1A, from, to, 900, 5 * MINUTE, (ms) => uneven(ms, 1)));
      uplinks.push(...reports(macs.toilet1A, from, to, 900, 5 * MINUTE, (ms) => uneven(ms, 2)));
      uplinks.push(...reports(macs.shower1B, from, to, 900, 5 * MINUTE, (ms) => uneven(ms, 3) * 2));
      uplinks.push(
        ...reports(macs.kitchenShop, from, to, 3600, 20 * MINUTE, (ms) => uneven(ms, 4) * 4),
      );
    }
    // Kolkata: local days start at 18:30 UTC; reports end on the quarter hours.
    uplinks.push(
      ...reports(macs.toiletIn, '2026-05-30T00:00:00Z', '2026-06-05T00:00:00Z', 900, 0, (ms) =>
        uneven(ms, 5),
      ),
    );
    // A steady household for the projection: hourly reports, weekends busier than weekdays.
    uplinks.push(
      ...reports(
        macs.toiletSteady,
        '2026-07-01T00:00:00Z',
        '2026-10-01T05:00:00Z',
        3600,
        0,
        (ms) => {
          const weekday = new Date(ms - 4 * HOUR).getUTCDay();
          const perDay = weekday === 0 || weekday === 6 ? 150 : 90;
          const noise = 0.75 + ((Math.floor(ms / 86_400_000) * 7919) % 101) / 200;
          return (perDay / 24) * noise * 1000;
        },
      ),
    );
    for (let i = 0; i < uplinks.length; i += 2000) {
      await t.app.ingest.ingest(uplinks.slice(i, i + 2000));
    }

    const found = await rows<
      Omit<RawRow, 'instant' | 'day'> & {
        measured_at: Date | string;
        interval_s: number | null;
        zone: string;
      }
    >(sql`
      select s.measured_at, s.interval_s, s.volume_mgal::float8 as mgal, s.company_id, s.property_id,
             s.building_id, s.unit_id, s.appliance_type_id, s.sensor_id, z.name as zone
      from submissions s join properties p on p.id = s.property_id
      join timezones z on z.id = p.timezone_id
      where s.company_id = ${ids.company} and s.kind in ('usage', 'usage_v1') and s.unit_id is not null`);
    raw = found.map(({ measured_at, interval_s, zone, ...row }) => {
      const instant = usageInstant(new Date(measured_at), interval_s ?? 0);
      return { ...row, mgal: Number(row.mgal), instant, day: localDate(instant, zone) };
    });
    expect(raw.length).toBe(uplinks.length);
  }, 240_000);
  afterAll(() => t.close());

  const sumRaw = (keep: (row: RawRow) => boolean) =>
    raw.filter(keep).reduce((sum, row) => sum + row.mgal, 0);

  /** The chart recomputed from raw readings, bucket by bucket, for the bounds the answer gives. */
  function recompute(level: Level, id: number, chart: Chart) {
    return chart.data.map((bucket) => {
      const start = Date.parse(bucket.start);
      const end = Date.parse(bucket.end);
      // Days, weeks and months hold local dates of the record's zone; each reading counts on
      // its own property's local date (what a company sums).
      const firstDay = localDate(new Date(start), chart.time_zone);
      const lastDay = localDate(new Date(end - 1), chart.time_zone);
      const inBucket =
        chart.granularity === 4
          ? (row: RawRow) => row.instant.getTime() >= start && row.instant.getTime() < end
          : (row: RawRow) => row.day >= firstDay && row.day <= lastDay;
      return {
        period: bucket.period,
        gallons: gallons(sumRaw((row) => row[columnOf[level]] === id && inBucket(row))),
      };
    });
  }

  it('answers every granularity at every level as the raw readings add up, across DST and in a half-hour zone', async () => {
    const places: [Level, number, string][] = [
      ['company', ids.company, NY],
      ['property', ids.propertyNy, NY],
      ['property', ids.propertyIn, KOLKATA],
      ['building', ids.building, NY],
      ['unit', ids.unit1A, NY],
      ['unit', ids.unitIn, KOLKATA],
    ];
    const queries: [number, string | undefined][] = [
      [4, '2026-11-01'],
      [4, '2026-03-08'],
      [4, '2026-06-02'],
      [3, '2026-11-03'],
      [3, '2026-03-10'],
      [3, '2026-06-03'],
      [2, '2026-11-01'],
      [2, '2026-03-08'],
      [2, '2026-06-07'],
      [1, '2026-11-01'],
      [1, undefined],
    ];
    let nonZero = 0;
    for (const [level, id, zone] of places) {
      for (const [granularity, end] of queries) {
        const url = `/api/${paths[level]}/${id}/gallons?granularity=${granularity}${end ? `&end=${end}` : ''}`;
        const response = await admin(url);
        expect(response.statusCode, url).toBe(200);
        const chart = response.json() as Chart;
        expect(chart.granularity).toBe(granularity);
        expect(chart.time_zone).toBe(zone);
        expect(chart.data).toHaveLength(granularity === 4 ? 24 : 12);
        expect(chart.from).toBe(chart.data[0]?.start);
        expect(chart.to).toBe(chart.data.at(-1)?.end);
        for (const [i, bucket] of chart.data.entries()) {
          expect(bucket.end).toBe(chart.data[i + 1]?.start ?? chart.to);
        }
        expect(
          chart.data.map(({ period, gallons }) => ({ period, gallons })),
          url,
        ).toEqual(recompute(level, id, chart));
        nonZero += chart.data.filter((b) => b.gallons > 0).length;
      }
    }
    expect(nonZero).toBeGreaterThan(300);
  });

  it('shows the DST days and hours as the contract says', async () => {
    const daily = (
      await admin(`/api/properties/${ids.propertyNy}/gallons?granularity=3&end=2026-11-03`)
    ).json() as Chart;
    const fallBack = daily.data.find((b) => b.period === '2026-11-01');
    expect(fallBack).toMatchObject({
      start: '2026-11-01T04:00:00.000Z',
      end: '2026-11-02T05:00:00.000Z',
    });
    // 25 hours of four sensors' reports: more than any 24-hour neighbour's readings would give.
    expect(fallBack?.gallons).toBeGreaterThan(0);
    const hourly = (
      await admin(`/api/properties/${ids.propertyNy}/gallons?granularity=4&end=2026-11-01`)
    ).json() as Chart;
    expect(hourly.data.slice(0, 3).map((b) => b.period)).toEqual([
      '2026-11-01 01',
      '2026-11-01 01',
      '2026-11-01 02',
    ]);
    expect(hourly.data[0]?.gallons).toBeGreaterThan(0);
    expect(hourly.data[1]?.gallons).toBeGreaterThan(0);
    const spring = (
      await admin(`/api/units/${ids.unit1A}/gallons?granularity=4&end=2026-03-08`)
    ).json() as Chart;
    expect(spring.data.map((b) => b.period)).not.toContain('2026-03-08 02');
    const weekly = (
      await admin(`/api/buildings/${ids.building}/gallons?granularity=2&end=2026-03-08`)
    ).json() as Chart;
    expect(weekly.data.at(-1)).toMatchObject({
      period: '2026-W10',
      start: '2026-03-02T05:00:00.000Z',
      end: '2026-03-09T04:00:00.000Z',
    });
    const kolkata = (
      await admin(`/api/units/${ids.unitIn}/gallons?granularity=4&end=2026-06-02`)
    ).json() as Chart;
    expect(kolkata.data[0]).toMatchObject({
      period: '2026-06-02 00:30',
      start: '2026-06-01T19:00:00.000Z',
    });
    expect(kolkata.data.every((b) => b.gallons > 0)).toBe(true);
    // The default granularity is daily, ending today.
    const fallback = (await admin(`/api/units/${ids.unit1A}/gallons`)).json() as Chart;
    expect(fallback.granularity).toBe(3);
    expect(fallback.data.at(-1)?.period).toBe(localDate(new Date(), NY));
  });

  it('totals per fixture type with the micrometers on each', async () => {
    const range = 'from=2026-10-01&to=2026-11-30';
    const response = await admin(`/api/buildings/${ids.building}/appliance-gallons?${range}`);
    expect(response.statusCode).toBe(200);
    const inRange = (row: RawRow) => row.day >= '2026-10-01' && row.day <= '2026-11-30';
    const of = (type: number) =>
      gallons(
        sumRaw((r) => r.building_id === ids.building && r.appliance_type_id === type && inRange(r)),
      );
    const expected = [
      { appliance_type_id: 1, gallons: of(1), sensors: 2 },
      { appliance_type_id: 6, gallons: of(6), sensors: 1 },
      { appliance_type_id: 5, gallons: of(5), sensors: 2 },
    ].sort((a, b) => b.gallons - a.gallons || a.appliance_type_id - b.appliance_type_id);
    // This building has no main line: its use is its fixture micrometers', and says so.
    const total = gallons(sumRaw((r) => r.building_id === ids.building && inRange(r)));
    expect(response.json()).toEqual({
      from: '2026-10-01',
      to: '2026-11-30',
      time_zone: NY,
      total_gallons: total,
      fixture_gallons: total,
      unaccounted_gallons: 0,
      unaccounted_share: 0,
      source: 'fixture-meters-only',
      data: expected,
    });
    // A fixture type with a micrometer but no use in the range still shows, at 0.
    const quiet = (
      await admin(`/api/units/${ids.unit1A}/appliance-gallons?from=2026-12-01&to=2026-12-02`)
    ).json();
    expect(quiet).toMatchObject({
      total_gallons: 0,
      data: [
        { appliance_type_id: 1, gallons: 0, sensors: 1 },
        { appliance_type_id: 5, gallons: 0, sensors: 1 },
      ],
    });
    // The company sums each property's local days.
    const company = (
      await admin(`/api/companies/${ids.company}/appliance-gallons?from=2026-05-01&to=2026-06-30`)
    ).json() as {
      data: { appliance_type_id: number; gallons: number }[];
    };
    expect(company.data.find((a) => a.appliance_type_id === 5)?.gallons).toBe(
      gallons(
        sumRaw((r) => r.appliance_type_id === 5 && r.day >= '2026-05-01' && r.day <= '2026-06-30'),
      ),
    );
  });

  it('totals ranges that cut months (monthly rollup plus or minus days) as the raw readings add up', async () => {
    // Whole months come from the monthly rollup, the days around them are added or subtracted
    // from the daily one: ranges that start and end mid-month, a short one inside a month (days
    // only) and one across the March DST change and a month end.
    const ranges: [string, string][] = [
      ['2026-03-05', '2026-04-20'],
      ['2026-03-07', '2026-03-09'],
      ['2026-02-20', '2026-03-31'],
      ['2026-05-02', '2026-06-29'],
    ];
    for (const [from, to] of ranges) {
      const query = `from=${from}&to=${to}`;
      const within = (row: RawRow) => row.day >= from && row.day <= to;
      const byKey = (key: (row: RawRow) => number, keep: (row: RawRow) => boolean) => {
        const sums = new Map<number, number>();
        for (const row of raw) {
          if (within(row) && keep(row)) sums.set(key(row), (sums.get(key(row)) ?? 0) + row.mgal);
        }
        return sums;
      };
      const fixtures = byKey(
        (r) => r.appliance_type_id,
        (r) => r.company_id === ids.company,
      );
      const company = (
        await admin(`/api/companies/${ids.company}/appliance-gallons?${query}`)
      ).json() as { data: { appliance_type_id: number; gallons: number }[] };
      for (const [type, mgal] of fixtures) {
        expect([
          query,
          type,
          company.data.find((a) => a.appliance_type_id === type)?.gallons,
        ]).toEqual([query, type, gallons(mgal)]);
      }
      const units = (
        await admin(`/api/buildings/${ids.building}/units-gallons?${query}`)
      ).json() as {
        data: { unit_id: number; gallons: number }[];
      };
      const unitSums = byKey(
        (r) => r.unit_id,
        (r) => r.building_id === ids.building,
      );
      for (const unit of units.data) {
        expect([query, unit.unit_id, unit.gallons]).toEqual([
          query,
          unit.unit_id,
          gallons(unitSums.get(unit.unit_id) ?? 0),
        ]);
      }
      const top = (
        await admin(`/api/companies/${ids.company}/top-gallons-units?${query}&limit=50`)
      ).json() as { data: { unit_id: number; gallons: number }[] };
      const companyUnits = byKey(
        (r) => r.unit_id,
        (r) => r.company_id === ids.company,
      );
      expect(
        top.data.map((u) => [u.unit_id, u.gallons]).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
        query,
      ).toEqual(
        // Residential units only by default: the corner shop is ranked apart.
        [...companyUnits]
          .filter(([id, mgal]) => mgal !== 0 && id !== ids.shop)
          .map(([id, mgal]) => [id, gallons(mgal)])
          .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
      );
      const properties = (
        await admin(`/api/companies/${ids.company}/top-gallons-properties?${query}`)
      ).json() as { data: { property_id: number; gallons: number }[] };
      const propertySums = byKey(
        (r) => r.property_id,
        (r) => r.company_id === ids.company,
      );
      for (const property of properties.data) {
        expect([query, property.property_id, property.gallons]).toEqual([
          query,
          property.property_id,
          gallons(propertySums.get(property.property_id) ?? 0),
        ]);
      }
      expect(fixtures.size, query).toBeGreaterThan(0);
    }
  });

  it('lists every unit of a building and its unit categories', async () => {
    const range = 'from=2026-02-01&to=2026-03-31';
    const inRange = (row: RawRow) => row.day >= '2026-02-01' && row.day <= '2026-03-31';
    const unitGallons = (id: number) => gallons(sumRaw((r) => r.unit_id === id && inRange(r)));
    const units = (await admin(`/api/buildings/${ids.building}/units-gallons?${range}`)).json() as {
      data: { unit_id: number; unit_name: string; unit_category_id: number; gallons: number }[];
    };
    const expected = [
      {
        unit_id: ids.unit1A,
        unit_name: '1A',
        unit_category_id: 1,
        gallons: unitGallons(ids.unit1A),
      },
      {
        unit_id: ids.unit1B,
        unit_name: '1B',
        unit_category_id: 1,
        gallons: unitGallons(ids.unit1B),
      },
      {
        unit_id: ids.shop,
        unit_name: 'Corner Shop',
        unit_category_id: 3,
        gallons: unitGallons(ids.shop),
      },
      { unit_id: ids.empty, unit_name: 'Empty', unit_category_id: 1, gallons: 0 },
      { unit_id: ids.steady, unit_name: 'Steady', unit_category_id: 1, gallons: 0 },
    ].sort((a, b) => b.gallons - a.gallons || a.unit_name.localeCompare(b.unit_name));
    // No main line here: the building's use is its units' fixture micrometers.
    const building = gallons(sumRaw((r) => r.building_id === ids.building && inRange(r)));
    const figures = {
      building_gallons: building,
      unaccounted_gallons: 0,
      source: 'fixture-meters-only',
    };
    expect(units).toEqual({ from: '2026-02-01', to: '2026-03-31', ...figures, data: expected });

    const grouped = (
      await admin(`/api/buildings/${ids.building}/units-gallons/grouped-by-category?${range}`)
    ).json();
    const residential = sumRaw(
      (r) => (r.unit_id === ids.unit1A || r.unit_id === ids.unit1B) && inRange(r),
    );
    expect(grouped).toEqual({
      from: '2026-02-01',
      to: '2026-03-31',
      ...figures,
      data: [
        {
          unit_category_id: 1,
          units: 4,
          gallons: gallons(residential),
          gallons_per_unit: Math.round((residential / 1000 / 4) * 1000) / 1000,
        },
        {
          unit_category_id: 3,
          units: 1,
          gallons: unitGallons(ids.shop),
          gallons_per_unit: unitGallons(ids.shop),
        },
      ],
    });
  });

  it("ranks the company's units and properties", async () => {
    const range = 'from=2026-03-01&to=2026-09-30';
    const inRange = (row: RawRow) => row.day >= '2026-03-01' && row.day <= '2026-09-30';
    const byUnit = new Map<number, number>();
    for (const row of raw.filter(inRange))
      byUnit.set(row.unit_id, (byUnit.get(row.unit_id) ?? 0) + row.mgal);
    const ranked = [...byUnit].sort((a, b) => b[1] - a[1]);
    const top = (
      await admin(
        `/api/companies/${ids.company}/top-gallons-units?${range}&limit=3&timeZone=${KOLKATA}`,
      )
    ).json() as {
      from: string;
      data: { unit_id: number; gallons: number; company_id: number; property_name: string }[];
    };
    expect(top.from).toBe('2026-03-01');
    expect(top.data.map((u) => [u.unit_id, u.gallons])).toEqual(
      ranked.slice(0, 3).map(([id, mgal]) => [id, gallons(mgal)]),
    );
    const first = top.data[0];
    // Ids, never a web address: the web builds the unit's page from them.
    expect(first?.company_id).toBe(ids.company);
    expect(first).not.toHaveProperty('link');
    // Default range: this month in the zone asked for.
    const current = (
      await admin(`/api/companies/${ids.company}/top-gallons-units?timeZone=${KOLKATA}`)
    ).json() as {
      from: string;
      to: string;
    };
    expect(current).toMatchObject({
      from: `${localDate(new Date(), KOLKATA).slice(0, 7)}-01`,
      to: localDate(new Date(), KOLKATA),
    });

    const propertyGallons = (id: number) =>
      gallons(
        sumRaw((r) => r.property_id === id && r.day >= '2026-05-01' && r.day <= '2026-06-30'),
      );
    const properties = (
      await admin(
        `/api/companies/${ids.company}/top-gallons-properties?from=2026-05-01&to=2026-06-30`,
      )
    ).json();
    expect(properties).toEqual({
      from: '2026-05-01',
      to: '2026-06-30',
      data: [
        {
          property_id: ids.propertyIn,
          property_name: 'Lotus Court',
          units: 1,
          gallons: propertyGallons(ids.propertyIn),
        },
        // Only the steady household's first report (ending 1 July 00:00 UTC) falls in June.
        {
          property_id: ids.propertyNy,
          property_name: 'Elm Court',
          units: 5,
          gallons: propertyGallons(ids.propertyNy),
        },
      ],
    });
    expect(propertyGallons(ids.propertyNy)).toBeGreaterThan(0);
    expect(propertyGallons(ids.propertyNy)).toBeLessThan(propertyGallons(ids.propertyIn));
    // A property without use in the range still shows, at 0, after those with use.
    const empty = (
      await admin(
        `/api/companies/${ids.company}/top-gallons-properties?from=2026-12-01&to=2026-12-31`,
      )
    ).json() as { data: { gallons: number; property_name: string }[] };
    expect(empty.data.map((p) => [p.property_name, p.gallons])).toEqual([
      ['Elm Court', 0],
      ['Lotus Court', 0],
    ]);
  });

  it("ranks a building role's part only: its property, with its own units", async () => {
    // A second building of Elm Court with one unit: the role sits on it.
    const [building] = await rows<{ id: number; units: number }>(sql`
      with b as (
        insert into buildings (company_id, property_id, name)
        values (${ids.company}, ${ids.propertyNy}, 'Elm Annex') returning id, company_id, property_id)
      insert into units (company_id, property_id, building_id, name, unit_category_id)
      select company_id, property_id, id, 'Annex 1', 1 from b returning building_id as id, 1 as units`);
    if (!building) throw new Error('no annex');
    await insertSitePerson(t, 'usage.site@flowsight.test', RoleType.CompanyManager, {
      companyId: ids.company,
      propertyId: ids.propertyNy,
      buildingId: building.id,
    });
    const site = await t.as('usage.site@flowsight.test');
    const ranked = (
      await site(
        `/api/companies/${ids.company}/top-gallons-properties?from=2026-12-01&to=2026-12-31`,
      )
    ).json() as { data: { property_name: string; units: number }[] };
    expect(ranked.data).toEqual([
      expect.objectContaining({ property_name: 'Elm Court', units: building.units }),
    ]);
  });

  it("counts a unit's gallons, of a fixture type, of one micrometer", async () => {
    const query = 'start_date=2026-03-01&end_date=2026-03-09';
    const inRange = (row: RawRow) => row.day >= '2026-03-01' && row.day <= '2026-03-09';
    const count = (keep: (row: RawRow) => boolean) => {
      const kept = raw.filter((r) => r.unit_id === ids.unit1A && inRange(r) && keep(r));
      return { gallons: gallons(kept.reduce((s, r) => s + r.mgal, 0)), readings: kept.length };
    };
    expect((await admin(`/api/units/${ids.unit1A}/gallons-count?${query}`)).json()).toEqual(
      count(() => true),
    );
    expect((await admin(`/api/units/${ids.unit1A}/gallons-count/5?${query}`)).json()).toEqual(
      count((r) => r.appliance_type_id === 5),
    );
    const [kitchen] = await rows<{ id: number }>(
      sql`select id from sensors where mac_address = ${macs.kitchen1A}`,
    );
    expect(
      (
        await admin(
          `/api/units/${ids.unit1A}/gallons-count/1/${macs.kitchen1A.toLowerCase().replace(/(..)(?!$)/g, '$1:')}?${query}`,
        )
      ).json(),
    ).toEqual(count((r) => r.sensor_id === kitchen?.id));
    // All time without dates; a fixture type with no micrometer counts nothing.
    expect((await admin(`/api/units/${ids.unit1A}/gallons-count`)).json()).toMatchObject({
      readings: raw.filter((r) => r.unit_id === ids.unit1A).length,
    });
    expect((await admin(`/api/units/${ids.unit1A}/gallons-count/6`)).json()).toEqual({
      gallons: 0,
      readings: 0,
    });
  });

  it('refuses bad input and hides other companies’ records', async () => {
    const refusal = async (url: string, status: number, message: string) => {
      const response = await admin(url);
      expect(response.statusCode, url).toBe(status);
      expect(JSON.stringify(response.json().message), url).toContain(message);
    };
    await refusal(`/api/units/${ids.unit1A}/gallons?granularity=5`, 400, 'granularity must be 1');
    await refusal(
      `/api/units/${ids.unit1A}/gallons?granularity=3&end=2026-13-01`,
      400,
      'YYYY-MM-DD',
    );
    await refusal(
      `/api/units/${ids.unit1A}/appliance-gallons?from=2026-11-02&to=2026-11-01`,
      400,
      'from must be on or before to',
    );
    await refusal(
      `/api/buildings/${ids.building}/units-gallons?from=2025-01-01&to=2026-01-02`,
      400,
      'at most 366 days',
    );
    await refusal(
      `/api/companies/${ids.company}/top-gallons-units?timeZone=Mars/Base`,
      400,
      'Unknown time zone',
    );
    await refusal(`/api/companies/${ids.company}/top-gallons-properties?limit=51`, 400, 'limit');
    await refusal(`/api/units/${ids.unit1A}/gallons-count/99`, 400, 'Unknown fixture type');
    await refusal(
      `/api/units/${ids.unit1A}/gallons-count/6/${macs.shower1B}`,
      404,
      'Micrometer not found on this fixture',
    );
    await refusal(
      `/api/units/${ids.unit1A}/gallons-count/1/${macs.stock}`,
      404,
      'Micrometer not found on this fixture',
    );
    await refusal(`/api/units/${ids.unit1A}/gallons-count/1/not-a-mac`, 400, 'MAC');
    await refusal(
      `/api/units/${ids.unit1A}/gallons-count?start_date=2026-03-02&end_date=2026-03-01`,
      400,
      'from must be on or before to',
    );
    await refusal('/api/units/999999/gallons-predictions', 404, 'Unit not found');

    // The demo's company manager does not see this company at all.
    for (const url of [
      `/api/companies/${ids.company}/gallons`,
      `/api/properties/${ids.propertyNy}/appliance-gallons`,
      `/api/buildings/${ids.building}/units-gallons`,
      `/api/units/${ids.unit1A}/gallons-count/1/${macs.kitchen1A}`,
      `/api/units/${ids.unit1A}/gallons-predictions`,
      `/api/companies/${ids.company}/top-gallons-units`,
    ]) {
      const response = await manager(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('Elm Court');
    }
    const [foreignUnit] = await rows<{ id: number }>(sql`
      select min(u.id)::int as id from units u join user_roles r on r.company_id = u.company_id
      join users x on x.id = r.user_id where x.email = 'manager@flowsight.test'`);
    const foreign = await other(`/api/units/${foreignUnit?.id}/gallons?granularity=1`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Unit not found');
    expect((await manager(`/api/units/${foreignUnit?.id}/gallons?granularity=1`)).statusCode).toBe(
      200,
    );
  });

  it('answers company, property and building charts for narrowed roles from their part only', async () => {
    // Charts above a unit read the per-building logs, which have no unit column: a role narrowed
    // to a property or building may use them, one narrowed to a unit must not.
    const repository = createUsageRepository(t.database.db);
    const range = { from: '2026-01-01', to: '2026-12-31' };
    const hours = [new Date('2026-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z')] as const;
    const byDay = (found: { day: string; mgal: number }[]) =>
      found.map(({ day, mgal }) => ({ day, mgal })).sort((a, b) => a.day.localeCompare(b.day));
    const byHour = (found: { hour: Date; mgal: number }[]) =>
      found.map((r) => [r.hour.toISOString(), r.mgal]).sort();
    const total = (found: { mgal: number }[]) => found.reduce((sum, row) => sum + row.mgal, 0);
    const company: Scope = {
      ...systemScope,
      roleTypeId: RoleType.CompanyManager,
      companyId: ids.company,
    };
    const property: Scope = {
      ...company,
      roleTypeId: RoleType.PropertyManager,
      propertyId: ids.propertyNy,
    };
    const building: Scope = { ...property, buildingId: ids.building };
    const unit: Scope = { ...building, unitId: ids.unit1A };

    const whole = await repository.daily(systemScope, 'company', ids.company, range);
    expect(total(whole)).toBeGreaterThan(0);
    expect(byDay(await repository.daily(company, 'company', ids.company, range))).toEqual(
      byDay(whole),
    );
    for (const [scope, level, id, expected] of [
      [property, 'company', ids.company, ['property', ids.propertyNy]],
      [property, 'property', ids.propertyNy, ['property', ids.propertyNy]],
      [building, 'company', ids.company, ['building', ids.building]],
      [building, 'building', ids.building, ['building', ids.building]],
      [unit, 'company', ids.company, ['unit', ids.unit1A]],
      [unit, 'property', ids.propertyNy, ['unit', ids.unit1A]],
      [unit, 'building', ids.building, ['unit', ids.unit1A]],
    ] as const) {
      const [expectedLevel, expectedId] = expected;
      const days = await repository.daily(scope, level, id, range);
      expect(byDay(days)).toEqual(
        byDay(await repository.daily(systemScope, expectedLevel, expectedId, range)),
      );
      expect(total(days)).toBeLessThan(total(whole));
      expect(byHour(await repository.hourly(scope, level, id, ...hours))).toEqual(
        byHour(await repository.hourly(systemScope, expectedLevel, expectedId, ...hours)),
      );
    }
    // The unit holds less than its property.
    expect(total(await repository.daily(unit, 'property', ids.propertyNy, range))).toBeLessThan(
      total(await repository.daily(property, 'property', ids.propertyNy, range)),
    );
    // The hourly log adds up to the daily one over a whole year.
    expect(total(await repository.hourly(systemScope, 'company', ids.company, ...hours))).toBe(
      total(whole),
    );
  });

  it('projects the month: every day, actual before today, and a band around the projection', async () => {
    const response = await admin(`/api/units/${ids.unit1A}/gallons-predictions`);
    expect(response.statusCode).toBe(200);
    const answer = response.json() as {
      month: string;
      days_in_month: number;
      days_elapsed: number;
      data: { day: string; projected: boolean }[];
      water_price_per_kgal: number;
      time_zone: string;
    };
    const today = localDate(new Date(), NY);
    expect(answer.month).toBe(today.slice(0, 7));
    expect(answer.time_zone).toBe(NY);
    expect(answer.water_price_per_kgal).toBe(12.5);
    expect(answer.data).toHaveLength(answer.days_in_month);
    expect(answer.data.filter((d) => !d.projected)).toHaveLength(answer.days_elapsed);
    expect(answer.data[answer.days_elapsed]).toMatchObject({ day: today, projected: true });
  });

  it('backtest: projects a steady household within 10 % of its actual month', async () => {
    const repository = createUsageRepository(t.database.db);
    const monthActual = gallons(
      sumRaw((r) => r.unit_id === ids.steady && r.day.startsWith('2026-09')),
    );
    const augustActual = gallons(
      sumRaw((r) => r.unit_id === ids.steady && r.day.startsWith('2026-08')),
    );
    const errors: number[] = [];
    for (const day of ['2026-09-05', '2026-09-12', '2026-09-19', '2026-09-26']) {
      // 10:00 local; today's use so far is part of the answer.
      const service = createUsageService({ repository, now: () => new Date(`${day}T14:00:00Z`) });
      const p = await service.predictions(systemScope, ids.steady);
      expect(p).toMatchObject({ month: '2026-09', days_in_month: 30, method: 'weekday-profile' });
      expect(p.last_month_gallons).toBe(augustActual);
      const todayIndex = Number(day.slice(8)) - 1;
      expect(p.days_elapsed).toBe(todayIndex);
      expect(p.low_gallons).toBeLessThanOrEqual(p.projected_gallons);
      expect(p.high_gallons).toBeGreaterThanOrEqual(p.projected_gallons);
      expect(Math.abs(p.projected_cost - (p.projected_gallons * 12.5) / 1000)).toBeLessThanOrEqual(
        0.006,
      );
      errors.push(Math.abs(p.projected_gallons - monthActual) / monthActual);
    }
    console.log(
      `usage backtest (steady household): errors ${errors.map((e) => `${(e * 100).toFixed(1)} %`).join(', ')}`,
    );
    expect(Math.max(...errors)).toBeLessThan(0.1);
  });
});

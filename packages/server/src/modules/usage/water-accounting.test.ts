// Water accounting on a portfolio small enough to check by hand (docs/usage.md, "Water
// accounting"). Company "Ledger Homes" in New York, the DST week of 26 October – 1 November 2026:
//
//   Property North, building Alder — a main line in its Mechanical Room (unit category 4):
//     day         main   Apt 101 kitchen  Apt 102 toilet  Lobby water line  Mech. sink  fixtures
//     Oct 30       400        120              100               60             40         320
//     Oct 31       300         90               75               45             30         240
//     Nov 1        300         90               75               45             30         240
//     week        1000        300              250              150            100         800
//   → building use 1,000 gal, unaccounted 200 gal (20 %).
//   Before the week: Oct 24 the main line reads 95 beside 100 on the kitchen (meter tolerance:
//   the day counts 100, nothing unaccounted); Oct 25 the main line is silent and the kitchen
//   reads 50 (the day counts the fixtures: 50).
//
//   Property South, building Birch — no main line: Apt 201 300 gal, Apt 202 500 gal → 800 gal,
//   "fixture meters only".
//
// Each sensor reports once a day, a 15-minute interval ending 10:15 local (Nov 1: 01:15 EST, in
// the repeated hour of the fall-back day), so each day's water sits in one hour.
import { ApplianceType } from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import { usageReport } from '../../testing/uplinks.ts';
import type { Uplink } from '../ingest/ingest.service.ts';

const NY = 'America/New_York';
type Call = AuthorizedRequest;

/** Report end instants (UTC) per local day: 10:15 EDT, and 01:15 EST on 1 November. */
const endOf: Record<string, string> = {
  '2026-10-24': '2026-10-24T14:15:00Z',
  '2026-10-25': '2026-10-25T14:15:00Z',
  '2026-10-30': '2026-10-30T14:15:00Z',
  '2026-10-31': '2026-10-31T14:15:00Z',
  '2026-11-01': '2026-11-01T06:15:00Z',
};

const report = (mac: string, day: string, gallons: number): Uplink => {
  const end = endOf[day];
  if (!end) throw new Error(`no report time for ${day}`);
  return usageReport(mac, new Date(end), { gallons });
};

type Figures = {
  total_gallons: number;
  fixture_gallons: number;
  unaccounted_gallons: number | null;
  unaccounted_share: number | null;
  source: string | null;
  data: { appliance_type_id: number; gallons: number }[];
};
type Chart = {
  source: string | null;
  data: {
    period: string;
    start: string;
    end: string;
    gallons: number;
    fixture_gallons: number;
    unaccounted_gallons: number | null;
  }[];
};

describe('water accounting: every gallon counted once', () => {
  let t: TestApp;
  let admin: Call;
  const ids = {
    company: 0,
    north: 0,
    south: 0,
    alder: 0,
    birch: 0,
    apt101: 0,
    apt102: 0,
    lobby: 0,
    mechanical: 0,
    apt201: 0,
    apt202: 0,
  };
  const week = 'from=2026-10-26&to=2026-11-01';

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    admin = await t.as('admin@flowsight.test');
    const one = async (query: ReturnType<typeof sql>) => {
      const result = (await t.database.db.execute(query)) as unknown as { rows: { id: number }[] };
      const id = result.rows[0]?.id;
      if (id === undefined) throw new Error('nothing inserted');
      return id;
    };
    const zone = sql`(select id from timezones where name = ${NY})`;
    ids.company = await one(sql`
      insert into companies (name, company_type_id, timezone_id)
      values ('Ledger Homes', 1, ${zone}) returning id`);
    const property = (name: string) =>
      one(sql`insert into properties (company_id, name, timezone_id, water_price_per_kgal)
              values (${ids.company}, ${name}, ${zone}, 10) returning id`);
    ids.north = await property('North');
    ids.south = await property('South');
    const building = (propertyId: number, name: string) =>
      one(sql`insert into buildings (company_id, property_id, name)
              values (${ids.company}, ${propertyId}, ${name}) returning id`);
    ids.alder = await building(ids.north, 'Alder');
    ids.birch = await building(ids.south, 'Birch');
    const unit = (buildingId: number, propertyId: number, name: string, category: number) =>
      one(sql`insert into units (company_id, property_id, building_id, name, unit_category_id)
              values (${ids.company}, ${propertyId}, ${buildingId}, ${name}, ${category}) returning id`);
    ids.apt101 = await unit(ids.alder, ids.north, '101', 1);
    ids.apt102 = await unit(ids.alder, ids.north, '102', 1);
    ids.lobby = await unit(ids.alder, ids.north, 'Lobby', 2);
    ids.mechanical = await unit(ids.alder, ids.north, 'Mechanical Room', 4);
    ids.apt201 = await unit(ids.birch, ids.south, '201', 1);
    ids.apt202 = await unit(ids.birch, ids.south, '202', 1);
    const sensor = (mac: string, unitId: number, appliance: number) =>
      t.database.db.execute(sql`
        insert into sensors (mac_address, sensor_state_id, sensor_status_id, company_id, property_id,
          building_id, unit_id, appliance_type_id)
        select ${mac}, 4, 1, u.company_id, u.property_id, u.building_id, u.id, ${appliance}::smallint
        from units u where u.id = ${unitId}`);
    const macs = {
      main: 'ACC0000000000001',
      kitchen101: 'ACC0000000000002',
      toilet102: 'ACC0000000000003',
      lobby: 'ACC0000000000004',
      sink: 'ACC0000000000005',
      kitchen201: 'ACC0000000000006',
      shower202: 'ACC0000000000007',
    };
    await sensor(macs.main, ids.mechanical, ApplianceType.MainLine);
    await sensor(macs.kitchen101, ids.apt101, ApplianceType.KitchenCold);
    await sensor(macs.toilet102, ids.apt102, ApplianceType.MainToilet);
    await sensor(macs.lobby, ids.lobby, ApplianceType.WaterLine);
    await sensor(macs.sink, ids.mechanical, ApplianceType.KitchenCold);
    await sensor(macs.kitchen201, ids.apt201, ApplianceType.KitchenCold);
    await sensor(macs.shower202, ids.apt202, ApplianceType.MainShower);
    const days: [string, Record<keyof typeof macs, number | null>][] = [
      [
        '2026-10-24',
        {
          main: 95,
          kitchen101: 100,
          toilet102: null,
          lobby: null,
          sink: null,
          kitchen201: null,
          shower202: null,
        },
      ],
      [
        '2026-10-25',
        {
          main: null,
          kitchen101: 50,
          toilet102: null,
          lobby: null,
          sink: null,
          kitchen201: null,
          shower202: null,
        },
      ],
      [
        '2026-10-30',
        {
          main: 400,
          kitchen101: 120,
          toilet102: 100,
          lobby: 60,
          sink: 40,
          kitchen201: 100,
          shower202: 200,
        },
      ],
      [
        '2026-10-31',
        {
          main: 300,
          kitchen101: 90,
          toilet102: 75,
          lobby: 45,
          sink: 30,
          kitchen201: 100,
          shower202: 150,
        },
      ],
      [
        '2026-11-01',
        {
          main: 300,
          kitchen101: 90,
          toilet102: 75,
          lobby: 45,
          sink: 30,
          kitchen201: 100,
          shower202: 150,
        },
      ],
    ];
    const uplinks: Uplink[] = [];
    for (const [day, volumes] of days) {
      for (const [key, gallons] of Object.entries(volumes)) {
        if (gallons !== null) uplinks.push(report(macs[key as keyof typeof macs], day, gallons));
      }
    }
    await t.app.ingest.ingest(uplinks);
  }, 240_000);
  afterAll(() => t.close());

  const figures = async (path: string) => {
    const response = await admin(path);
    expect(response.statusCode, path).toBe(200);
    return response.json() as Figures;
  };

  it("counts a building's main line, not its main line and its fixtures", async () => {
    const alder = await figures(`/api/buildings/${ids.alder}/appliance-gallons?${week}`);
    expect(alder).toMatchObject({
      total_gallons: 1000,
      fixture_gallons: 800,
      unaccounted_gallons: 200,
      unaccounted_share: 0.2,
      source: 'main-line',
    });
    // The main line is the building's, not a fixture beside the others; the water line is one.
    expect(alder.data.map((row) => [row.appliance_type_id, row.gallons])).toEqual([
      [ApplianceType.KitchenCold, 400],
      [ApplianceType.MainToilet, 250],
      [ApplianceType.WaterLine, 150],
    ]);
    const birch = await figures(`/api/buildings/${ids.birch}/appliance-gallons?${week}`);
    expect(birch).toMatchObject({
      total_gallons: 800,
      fixture_gallons: 800,
      unaccounted_gallons: 0,
      unaccounted_share: 0,
      source: 'fixture-meters-only',
    });
  });

  it('sums buildings into properties and the company', async () => {
    expect(await figures(`/api/properties/${ids.north}/appliance-gallons?${week}`)).toMatchObject({
      total_gallons: 1000,
      unaccounted_gallons: 200,
      source: 'main-line',
    });
    expect(await figures(`/api/properties/${ids.south}/appliance-gallons?${week}`)).toMatchObject({
      total_gallons: 800,
      source: 'fixture-meters-only',
    });
    const company = await figures(`/api/companies/${ids.company}/appliance-gallons?${week}`);
    expect(company).toMatchObject({
      total_gallons: 1800,
      fixture_gallons: 1600,
      unaccounted_gallons: 200,
      unaccounted_share: 0.1111,
      source: 'mixed',
    });
    const top = (
      await admin(`/api/companies/${ids.company}/top-gallons-properties?${week}`)
    ).json() as { data: { property_name: string; gallons: number }[] };
    expect(top.data.map((row) => [row.property_name, row.gallons])).toEqual([
      ['North', 1000],
      ['South', 800],
    ]);
  });

  it("totals a place's readings with the buildings' use, not every micrometer's gallons", async () => {
    const count = async (path: string) => {
      const response = await admin(`${path}?start_date=2026-10-26&end_date=2026-11-01`);
      expect(response.statusCode).toBe(200);
      return response.json() as { gallons: number; readings: number };
    };
    // 5 micrometers × 3 days in Alder, 2 × 3 in Birch; the gallons are use, not 1,000 + 800.
    expect(await count(`/api/buildings/${ids.alder}/submissions-gallons-count`)).toEqual({
      gallons: 1000,
      readings: 15,
    });
    expect(await count(`/api/companies/${ids.company}/submissions-gallons-count`)).toEqual({
      gallons: 1800,
      readings: 21,
    });
    // A unit's are its micrometers' readings: the Mechanical Room holds the main line too.
    expect(await count(`/api/units/${ids.mechanical}/submissions-gallons-count`)).toEqual({
      gallons: 1100,
      readings: 6,
    });
  });

  it('counts a silent main line day by its fixtures and a low main line day by the larger', async () => {
    // Oct 24: main 95 beside 100 on the fixtures → 100, nothing unaccounted. Oct 25: no main
    // line → the fixtures' 50. Never a gallon twice, none invented.
    const before = await figures(
      `/api/buildings/${ids.alder}/appliance-gallons?from=2026-10-24&to=2026-10-25`,
    );
    expect(before).toMatchObject({
      total_gallons: 150,
      fixture_gallons: 150,
      unaccounted_gallons: 0,
      source: 'mixed',
    });
    const both = await figures(
      `/api/buildings/${ids.alder}/appliance-gallons?from=2026-10-24&to=2026-11-01`,
    );
    expect(both).toMatchObject({
      total_gallons: 1150,
      fixture_gallons: 950,
      unaccounted_gallons: 200,
    });
  });

  it('charts every granularity under the rule, across the fall-back week', async () => {
    const chart = async (level: string, id: number, granularity: number) => {
      const response = await admin(
        `/api/${level}/${id}/gallons?granularity=${granularity}&end=2026-11-01`,
      );
      expect(response.statusCode).toBe(200);
      return response.json() as Chart;
    };
    const withWater = (c: Chart) =>
      c.data
        .filter((b) => b.gallons !== 0)
        .map((b) => [b.period, b.gallons, b.fixture_gallons, b.unaccounted_gallons]);

    const daily = await chart('buildings', ids.alder, 3);
    expect(withWater(daily)).toEqual([
      ['2026-10-24', 100, 100, 0],
      ['2026-10-25', 50, 50, 0],
      ['2026-10-30', 400, 320, 80],
      ['2026-10-31', 300, 240, 60],
      ['2026-11-01', 300, 240, 60],
    ]);
    expect(daily.source).toBe('mixed');

    const weekly = await chart('buildings', ids.alder, 2);
    const fallBack = weekly.data.find((b) => b.period === '2026-W44');
    expect(fallBack).toMatchObject({
      gallons: 1000,
      fixture_gallons: 800,
      unaccounted_gallons: 200,
    });
    // The week holding the 25-hour 1 November is 169 hours long.
    expect(fallBack ? (Date.parse(fallBack.end) - Date.parse(fallBack.start)) / 3_600_000 : 0).toBe(
      169,
    );

    const monthly = await chart('buildings', ids.alder, 1);
    expect(withWater(monthly)).toEqual([
      ['2026-10', 850, 710, 140],
      ['2026-11', 300, 240, 60],
    ]);

    // The hourly chart of the fall-back day: 01:15 EST sits in the second 01 hour.
    const hourly = await chart('buildings', ids.alder, 4);
    expect(withWater(hourly)).toEqual([['2026-11-01 01', 300, 240, 60]]);
    const ones = hourly.data.filter((b) => b.period === '2026-11-01 01');
    expect(ones.map((b) => b.gallons)).toEqual([0, 300]);

    const company = await chart('companies', ids.company, 3);
    expect(withWater(company)).toEqual([
      ['2026-10-24', 100, 100, 0],
      ['2026-10-25', 50, 50, 0],
      ['2026-10-30', 700, 620, 80],
      ['2026-10-31', 550, 490, 60],
      ['2026-11-01', 550, 490, 60],
    ]);
    const property = await chart('properties', ids.south, 2);
    expect(property.source).toBe('fixture-meters-only');
    expect(property.data.find((b) => b.period === '2026-W44')?.gallons).toBe(800);

    // A unit's chart is its fixture micrometers: the Mechanical Room's sink, not the main line.
    const mechanical = await chart('units', ids.mechanical, 2);
    expect(mechanical.source).toBeNull();
    expect(mechanical.data.find((b) => b.period === '2026-W44')).toMatchObject({
      gallons: 100,
      unaccounted_gallons: null,
    });
  });

  it('ranks residential units only, and other categories apart', async () => {
    type Top = { data: { unit_name: string; unit_category_id: number; gallons: number }[] };
    const top = async (query: string) => {
      const response = await admin(
        `/api/companies/${ids.company}/top-gallons-units?${week}&limit=10${query}`,
      );
      expect(response.statusCode).toBe(200);
      return (response.json() as Top).data.map((u) => [u.unit_name, u.unit_category_id, u.gallons]);
    };
    expect(await top('')).toEqual([
      ['202', 1, 500],
      ['101', 1, 300],
      ['201', 1, 300],
      ['102', 1, 250],
    ]);
    expect(await top('&unit_category_id=4')).toEqual([['Mechanical Room', 4, 100]]);
    expect(await top('&unit_category_id=2')).toEqual([['Lobby', 2, 150]]);
    const bad = await admin(`/api/companies/${ids.company}/top-gallons-units?unit_category_id=9`);
    expect(bad.statusCode).toBe(400);

    const units = (await admin(`/api/buildings/${ids.alder}/units-gallons?${week}`)).json() as {
      building_gallons: number;
      unaccounted_gallons: number;
      source: string;
      data: { unit_name: string; gallons: number }[];
    };
    expect(units).toMatchObject({
      building_gallons: 1000,
      unaccounted_gallons: 200,
      source: 'main-line',
    });
    expect(units.data.map((u) => [u.unit_name, u.gallons])).toEqual([
      ['101', 300],
      ['102', 250],
      ['Lobby', 150],
      ['Mechanical Room', 100],
    ]);
  });
});

// Water accounting in the statistics, every report (JSON and CSV) and the system overview, on a
// company built by hand so that every figure can be checked on paper. Readings go in through the
// ingest service; statistics and the overview run on a fixed clock (10 Nov 2026, 13:00 in New
// York), the reports over explicit dates.
//
//   Ledger Court (New York, $10 per 1,000 gal)
//     Alder: main line 1,000 gal (in its Mechanical Room); fixtures 800 gal =
//            1A toilet 300 + 1A shower 200 + Laundry (common area) water line 200
//            + Mechanical Room (building services) utility sink 100
//            → use 1,000, unaccounted 200 (20 %), measured by its main line
//     Birch: no main line; 2A toilet 500 + 2B kitchen 300 → use 800, fixture meters only
//   Ledger Lofts (New York, $12.50)
//     Cedar: main line 180 gal, 3A toilet 200 gal: the fixtures read more than the main line
//            (meter tolerance) → use 200, unaccounted 0, never negative
//   Property sums: Court 1,800 (mixed), Lofts 200 (main line); company 2,000 (mixed),
//   fixtures 1,800, unaccounted 200 (10 %).
//   Last month (20 Oct) Alder's main line was silent and 1A's toilet read 400 gal: that day's use
//   is the fixtures' 400, so no gallon is invented.
import { monthlyCost } from '@flowsight/domain/detection';
import { Granularity } from '@flowsight/domain/granularity';
import {
  ApplianceType,
  NotificationCategory,
  NotificationStatus,
  NotificationType,
  UnitCategory,
} from '@flowsight/domain/lookups';
import { csvHeading, reportDefinitions, waterCost } from '@flowsight/domain/reports';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemScope } from '../../lib/tenant-scope.ts';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import {
  handBuiltCompany,
  installMeteredSensors,
  openAlert,
} from '../../testing/hand-built-company.ts';
import { createReportsRepository } from './reports.repository.ts';
import { createReportsService, type ReportsService } from './reports.service.ts';

const NEW_YORK = 'America/New_York';
/** 13:00 on 10 Nov 2026 in New York: "today" for the statistics and the overview. */
const NOW = new Date('2026-11-10T18:00:00Z');
/** A reading received here covers 15:55–15:10 UTC: 10 Nov in New York, the UTC hour 15:00. */
const TODAY_READING = new Date('2026-11-10T15:10:00Z');
const LAST_MONTH_READING = new Date('2026-10-20T15:10:00Z');
const DAY = '2026-11-10';
type Call = AuthorizedRequest;

const records = (body: string) =>
  parse(body, { bom: true, columns: true }) as Record<string, string>[];
const lines = (body: string) => parse(body, { bom: true }) as string[][];

describe('water accounting in statistics, reports and the overview', () => {
  let t: TestApp;
  let admin: Call;
  let service: ReportsService;
  const ids = {
    company: 0,
    court: 0,
    lofts: 0,
    alder: 0,
    birch: 0,
    cedar: 0,
    units: {} as Record<string, number>,
  };
  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    admin = await t.as('admin@flowsight.test');
    service = createReportsService({
      repository: createReportsRepository(t.database.db),
      now: () => NOW,
    });
    const ledger = await handBuiltCompany(t, NEW_YORK);
    ids.company = ledger.company;
    ids.court = await ledger.property('Ledger Court', 10);
    ids.lofts = await ledger.property('Ledger Lofts', 12.5);
    ids.alder = await ledger.building(ids.court, 'Alder');
    ids.birch = await ledger.building(ids.court, 'Birch');
    ids.cedar = await ledger.building(ids.lofts, 'Cedar');
    const units: [key: string, building: number, name: string, category: number][] = [
      ['1A', ids.alder, '1A', UnitCategory.Internal],
      ['laundry', ids.alder, 'Laundry', UnitCategory.CommonArea],
      ['mechA', ids.alder, 'Mechanical Room', UnitCategory.Building],
      ['2A', ids.birch, '2A', UnitCategory.Internal],
      ['2B', ids.birch, '2B', UnitCategory.Internal],
      ['3A', ids.cedar, '3A', UnitCategory.Internal],
      ['mechC', ids.cedar, 'Mechanical Room', UnitCategory.Building],
    ];
    for (const [key, buildingId, name, category] of units) {
      ids.units[key] = await ledger.unit(buildingId, name, category);
    }
    // [MAC, unit, fixture, gallons on 10 Nov, gallons on 20 Oct]
    const sensors: [string, string, number, number, number][] = [
      ['AC0A000000000001', 'mechA', ApplianceType.MainLine, 1000, 0],
      ['AC0A000000000002', '1A', ApplianceType.MainToilet, 300, 400],
      ['AC0A000000000003', '1A', ApplianceType.MainShower, 200, 0],
      ['AC0A000000000004', 'laundry', ApplianceType.WaterLine, 200, 0],
      ['AC0A000000000005', 'mechA', ApplianceType.MainBathroomCold, 100, 0],
      ['AC0A000000000006', '2A', ApplianceType.MainToilet, 500, 0],
      ['AC0A000000000007', '2B', ApplianceType.KitchenCold, 300, 0],
      ['AC0A000000000008', 'mechC', ApplianceType.MainLine, 180, 0],
      ['AC0A000000000009', '3A', ApplianceType.MainToilet, 200, 0],
    ];
    await installMeteredSensors(t, ids.units, sensors, {
      today: TODAY_READING,
      lastMonth: LAST_MONTH_READING,
      intervalS: 900,
      flowTimeS: 600,
    });
    // One open leak on the laundry's water line, 100 gal a month.
    await openAlert(t, 'AC0A000000000004', {
      type: NotificationType.ContinuousFlow,
      category: NotificationCategory.Leak,
      status: NotificationStatus.New,
      rate: 100,
      at: TODAY_READING,
    });
  }, 120_000);
  afterAll(() => t.close());

  it('gives each place its use under the rule, and each unit its fixture micrometers', async () => {
    const statistics = async (level: 'company' | 'property' | 'building' | 'unit', id: number) => {
      const answer = await service.statistics(systemScope, level, id);
      return {
        today: answer.today_gallons,
        month: answer.this_month_gallons,
        lastMonth: answer.last_month_gallons,
        average: answer.daily_average_gallons,
        source: answer.source,
      };
    };
    // The 30 complete days before 10 Nov hold 20 Oct: 400 gal over 30 days.
    const average = Math.round((400 / 30) * 1000) / 1000;
    expect(await statistics('company', ids.company)).toEqual({
      today: 2000,
      month: 2000,
      lastMonth: 400,
      average,
      source: 'mixed',
    });
    expect(await statistics('property', ids.court)).toEqual({
      today: 1800,
      month: 1800,
      lastMonth: 400,
      average,
      source: 'mixed',
    });
    expect(await statistics('property', ids.lofts)).toEqual({
      today: 200,
      month: 200,
      lastMonth: 0,
      average: 0,
      source: 'main-line',
    });
    // Alder: its main line's 1,000 this month; last month the fixtures' 400 (main line silent).
    expect(await statistics('building', ids.alder)).toEqual({
      today: 1000,
      month: 1000,
      lastMonth: 400,
      average,
      source: 'main-line',
    });
    expect(await statistics('building', ids.birch)).toMatchObject({
      today: 800,
      month: 800,
      source: 'fixture-meters-only',
    });
    // Cedar's fixtures read 200 against its main line's 180: the use is 200.
    expect(await statistics('building', ids.cedar)).toMatchObject({
      today: 200,
      month: 200,
      source: 'main-line',
    });
    // The Mechanical Room holds Alder's main line: the unit counts only its utility sink.
    expect(await statistics('unit', ids.units.mechA ?? 0)).toEqual({
      today: 100,
      month: 100,
      lastMonth: 0,
      average: 0,
      source: null,
    });
    expect(await statistics('unit', ids.units['1A'] ?? 0)).toMatchObject({
      today: 500,
      lastMonth: 400,
      source: null,
    });
    const status = await service.unitStatus(systemScope, ids.units.mechA ?? 0);
    expect(status.today_gallons).toBe(100);
    expect((await service.statistics(systemScope, 'company', ids.company)).sensors).toBe(9);
  });

  const report = async (type: number, from = DAY, to = DAY) => {
    const url = `/api/companies/${ids.company}/report-overview/${type}?from=${from}&to=${to}`;
    const json = await admin(url);
    expect(json.statusCode, json.body).toBe(200);
    const csv = await admin(`${url}&format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = records(csv.body);
    expect(Object.keys(rows[0] ?? {})).toEqual(
      reportDefinitions[type as 1].columns.map((column) => csvHeading(column.label, column.kind)),
    );
    return { body: json.json(), csv: rows };
  };

  it('reports each unit’s fixture micrometers, residential units first, each labelled', async () => {
    const { body, csv } = await report(1);
    const expected = [
      ['Ledger Court', 'Alder', '1A', 'Internal units', 500, 10],
      ['Ledger Court', 'Birch', '2A', 'Internal units', 500, 10],
      ['Ledger Court', 'Birch', '2B', 'Internal units', 300, 10],
      ['Ledger Lofts', 'Cedar', '3A', 'Internal units', 200, 12.5],
      ['Ledger Court', 'Alder', 'Laundry', 'Common areas', 200, 10],
      ['Ledger Court', 'Alder', 'Mechanical Room', 'Building services', 100, 10],
      ['Ledger Lofts', 'Cedar', 'Mechanical Room', 'Building services', 0, 12.5],
    ] as const;
    expect(body.rows).toEqual(
      expected.map(([property, building, unit, category, gallons, price]) => ({
        property_name: property,
        building_name: building,
        unit_name: unit,
        unit_category: category,
        gallons,
        cost: waterCost(gallons, price),
      })),
    );
    // No main line in any unit's figure: the units add up to the fixtures' 1,800, not 2,980.
    expect(body.totals.gallons).toBe(1800);
    expect(body.source).toBeNull();
    expect(csv.map((row) => [row.Unit, row['Unit category'], Number(row.Gallons)])).toEqual(
      expected.map(([, , unit, category, gallons]) => [unit, category, gallons]),
    );
  });

  it('lists fixtures without the main line, and the unaccounted water as its own row', async () => {
    const { body, csv } = await report(2);
    expect(
      body.rows.map((row: Record<string, unknown>) => [
        row.appliance_type_id,
        row.fixture,
        row.sensors,
        row.gallons,
        row.share_percent,
      ]),
    ).toEqual([
      [ApplianceType.MainToilet, 'main toilet', 3, 1000, 50],
      [ApplianceType.KitchenCold, 'kitchen cold', 1, 300, 15],
      [ApplianceType.MainShower, 'main shower', 1, 200, 10],
      [ApplianceType.WaterLine, 'water line', 1, 200, 10],
      [ApplianceType.MainBathroomCold, 'main bathroom cold', 1, 100, 5],
      [null, 'Unaccounted water', null, 200, 10],
    ]);
    // The rows add up to the company's use: 1,800 gal of fixtures and 200 unaccounted.
    expect(body.totals).toEqual({ sensors: 7, gallons: 2000 });
    expect(body.source).toBe('mixed');
    expect(csv.at(-1)).toEqual({
      Fixture: 'Unaccounted water',
      Micrometers: '',
      Gallons: '200',
      'Share (%)': '10',
    });
    expect(csv.map((row) => row.Fixture?.toLowerCase())).not.toContain('main line');

    // From 20 Oct: 400 more gal of fixtures on a day the main line was silent, none unaccounted.
    const longer = (await report(2, '2026-10-20', DAY)).body;
    expect(longer.totals.gallons).toBe(2400);
    expect(longer.rows[0]).toMatchObject({ fixture: 'main toilet', gallons: 1400 });
    expect(longer.rows.at(-1)).toMatchObject({ fixture: 'Unaccounted water', gallons: 200 });
  });

  it('lists the leak alerts and every micrometer, main lines included', async () => {
    const leaks = await report(3);
    expect(leaks.body.rows).toHaveLength(1);
    expect(leaks.body.rows[0]).toMatchObject({
      unit_name: 'Laundry',
      fixture: 'water line',
      rate: 100,
      monthly_cost: monthlyCost(100, 10),
    });
    expect(leaks.csv[0]?.Unit).toBe('Laundry');
    const health = await report(4);
    expect(health.body.rows).toHaveLength(9);
    expect(
      health.body.rows.filter((row: { fixture: string }) => row.fixture === 'main line'),
    ).toHaveLength(2);
    expect(health.csv).toHaveLength(9);
  });

  it('prices each property’s use, and says what measured it', async () => {
    const { body, csv } = await report(5);
    expect(body.rows).toEqual([
      {
        property_name: 'Ledger Court',
        gallons: 1800,
        source: 'Main line where it reported, else fixture meters',
        water_price: 10,
        cost: 18,
        open_leaks_monthly_cost: monthlyCost(100, 10),
      },
      {
        property_name: 'Ledger Lofts',
        gallons: 200,
        source: 'Main line',
        water_price: 12.5,
        cost: 2.5,
        open_leaks_monthly_cost: 0,
      },
    ]);
    expect(body.totals).toMatchObject({ gallons: 2000, cost: 20.5 });
    expect(body.source).toBe('mixed');
    expect(csv.map((row) => [row.Property, Number(row.Gallons), row['Measured by']])).toEqual([
      ['Ledger Court', 1800, 'Main line where it reported, else fixture meters'],
      ['Ledger Lofts', 200, 'Main line'],
    ]);
  });

  it('reports each unit of a property, then the unaccounted water and the buildings’ use', async () => {
    const url = `/api/properties/${ids.court}/gallons/report?from=${DAY}&to=${DAY}`;
    const json = await admin(url);
    expect(json.statusCode, json.body).toBe(200);
    const answer = json.json();
    expect(
      answer.data.map((unit: Record<string, unknown>) => [
        unit.building_name,
        unit.unit_name,
        unit.unit_category_id,
        unit.total_gallons,
      ]),
    ).toEqual([
      ['Alder', '1A', UnitCategory.Internal, 500],
      ['Alder', 'Laundry', UnitCategory.CommonArea, 200],
      ['Alder', 'Mechanical Room', UnitCategory.Building, 100],
      ['Birch', '2A', UnitCategory.Internal, 500],
      ['Birch', '2B', UnitCategory.Internal, 300],
    ]);
    expect(answer).toMatchObject({
      totals: [1600],
      total_gallons: 1600,
      unaccounted: [200],
      unaccounted_gallons: 200,
      building_use: [1800],
      building_gallons: 1800,
      source: 'mixed',
    });
    const csv = lines((await admin(`${url}&format=csv`)).body);
    expect(csv[0]).toEqual(['Building', 'Unit', 'Unit category', DAY, 'Total']);
    expect(csv[3]).toEqual(['Alder', 'Mechanical Room', 'Building services', '100', '100']);
    expect(csv.slice(-3)).toEqual([
      ['Total', '', '', '1600', '1600'],
      ['Unaccounted water', '', '', '200', '200'],
      ['Building use', '', '', '1800', '1800'],
    ]);

    // Alder by month from 20 Oct: October is the fixtures' 400 (main line silent), November the
    // main line's 1,000 with 200 unaccounted.
    const alder = (
      await admin(
        `/api/buildings/${ids.alder}/gallons/report?from=2026-10-20&to=${DAY}&granularity=${Granularity.Monthly}`,
      )
    ).json();
    expect(alder).toMatchObject({
      periods: ['2026-10', '2026-11'],
      totals: [400, 800],
      unaccounted: [0, 200],
      building_use: [400, 1000],
      building_gallons: 1400,
      source: 'mixed',
    });
  });

  it('shows the system overview as the buildings’ use on the properties’ local days', async () => {
    const overview = await service.overview(systemScope);
    expect(overview.usage_by_day).toHaveLength(14);
    expect(overview.usage_by_day.at(-1)).toEqual({ day: DAY, gallons: 2000 });
    expect(overview.usage_by_day[0]?.day).toBe('2026-10-28');
    expect(overview.usage_by_day.slice(0, -1).every((day) => day.gallons === 0)).toBe(true);
    expect(overview.gallons_last_24h).toBe(2000);
    const ledger = overview.companies_list.find((row) => row.company_id === ids.company);
    expect(ledger).toMatchObject({ name: 'Ledger Co', sensors: 9, gallons_this_month: 2000 });
  });
});

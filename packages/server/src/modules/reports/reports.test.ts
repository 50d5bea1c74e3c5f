// Statistics and reports end to end on a database: a fresh company with two properties in two time
// zones, known readings ingested over the last 66 days and known alerts, then every call —
// statistics at each level against the readings (and against a recomputation from the raw
// readings), each unit status, the gallons report as JSON and CSV, every company report and the
// system overview — and the refusals: bad ranges, unknown reports, another company's records,
// company roles on the overview.
import { monthlyCost } from '@flowsight/domain/detection';
import { encodeUplink } from '@flowsight/domain/device-protocol';
import { Granularity } from '@flowsight/domain/granularity';
import {
  ApplianceType,
  NotificationCategory,
  NotificationStatus,
  NotificationType,
  RoleType,
  SensorStatus,
} from '@flowsight/domain/lookups';
import {
  addDays,
  changePercent,
  csvHeading,
  type DateRange,
  monthEnd,
  monthStart,
  reportDefinitions,
  reportMessages,
  statisticsDays,
  waterCost,
} from '@flowsight/domain/reports';
import { usageInstant } from '@flowsight/domain/usage';
import { localDate } from '@flowsight/domain/wall-clock';
import { DEFAULT_WATER_PRICE_PER_KGAL } from '@flowsight/domain/water-cost';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemScope } from '../../lib/tenant-scope.ts';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import type { Uplink } from '../ingest/ingest.service.ts';
import { createReportsRepository } from './reports.repository.ts';
import { createReportsService } from './reports.service.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
const NEW_YORK = 'America/New_York';
const KOLKATA = 'Asia/Kolkata';
const HISTORY_DAYS = 66;
type Call = AuthorizedRequest;
type Sensor = {
  key: string;
  mac: string;
  unit: string;
  appliance: number;
  id: number;
  /** Gallons of each daily report: base + 0.01 × days ago (0 when the sensor never reports). */
  base: number;
};
type Reading = {
  sensor: string;
  unit: string;
  property: 'court' | 'tower';
  appliance: number;
  mgal: number;
  day: string;
};

const records = (body: string) =>
  parse(body, { bom: true, columns: true }) as Record<string, string>[];
const rowsOfCsv = (body: string) => parse(body, { bom: true }) as string[][];

describe('statistics and reports', () => {
  let t: TestApp;
  let admin: Call;
  let manager: Call;
  let other: Call;
  const ids = {
    company: 0,
    court: 0,
    tower: 0,
    hall: 0,
    annex: 0,
    units: {} as Record<string, number>,
  };
  const sensors: Sensor[] = [
    {
      key: 'A1',
      mac: 'AB0C000000000A01',
      unit: 'A',
      appliance: ApplianceType.MainToilet,
      id: 0,
      base: 1.25,
    },
    {
      key: 'A2',
      mac: 'AB0C000000000A02',
      unit: 'A',
      appliance: ApplianceType.KitchenCold,
      id: 0,
      base: 2.5,
    },
    {
      key: 'B1',
      mac: 'AB0C000000000B01',
      unit: 'B',
      appliance: ApplianceType.MainToilet,
      id: 0,
      base: 3.75,
    },
    {
      key: 'D1',
      mac: 'AB0C000000000D01',
      unit: 'D',
      appliance: ApplianceType.MainToilet,
      id: 0,
      base: 0,
    },
    {
      key: 'E1',
      mac: 'AB0C000000000E01',
      unit: 'E',
      appliance: ApplianceType.MainShower,
      id: 0,
      base: 5.125,
    },
    {
      key: 'F1',
      mac: 'AB0C000000000F01',
      unit: 'F',
      appliance: ApplianceType.MainToilet,
      id: 0,
      base: 0.875,
    },
  ];
  const unitNames: Record<string, string> = {
    A: '1A',
    B: '1B',
    C: '=cmd|calc',
    D: '2A',
    E: '2B',
    F: 'T1',
  };
  const readings: Reading[] = [];
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const one = async <T>(query: ReturnType<typeof sql>) => {
    const [row] = await rows<T>(query);
    if (!row) throw new Error('no row');
    return row;
  };
  const zoneOf = (property: Reading['property']) => (property === 'court' ? NEW_YORK : KOLKATA);
  const today = (zone = NEW_YORK) => localDate(new Date(), zone);
  /** Known gallons of the readings that match, on local days from..to. */
  const gallons = (match: (r: Reading) => boolean, from: string, to: string) =>
    readings
      .filter((r) => match(r) && r.day >= from && r.day <= to)
      .reduce((s, r) => s + r.mgal, 0) / 1000;
  const round3 = (n: number) => Math.round(n * 1000) / 1000;

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    admin = await t.as('admin@flowsight.test');
    manager = await t.as('manager@flowsight.test');
    other = await t.as('other.admin@flowsight.test');

    const zone = (name: string) => sql`(select id from timezones where name = ${name})`;
    ids.company = (
      await one<{ id: number }>(sql`
        insert into companies (name, company_type_id, timezone_id) values ('Reports Co', 1, ${zone(NEW_YORK)})
        returning id`)
    ).id;
    ids.court = (
      await one<{ id: number }>(sql`
        insert into properties (company_id, name, timezone_id, water_price_per_kgal)
        values (${ids.company}, 'Reports Court', ${zone(NEW_YORK)}, 12.5) returning id`)
    ).id;
    ids.tower = (
      await one<{ id: number }>(sql`
        insert into properties (company_id, name, timezone_id) values (${ids.company}, 'Reports Tower', ${zone(KOLKATA)})
        returning id`)
    ).id;
    ids.hall = (
      await one<{ id: number }>(sql`
        insert into buildings (company_id, property_id, name) values (${ids.company}, ${ids.court}, 'Hall')
        returning id`)
    ).id;
    ids.annex = (
      await one<{ id: number }>(sql`
        insert into buildings (company_id, property_id, name) values (${ids.company}, ${ids.tower}, 'Annex')
        returning id`)
    ).id;
    for (const [key, name] of Object.entries(unitNames)) {
      const [property, building] = key === 'F' ? [ids.tower, ids.annex] : [ids.court, ids.hall];
      ids.units[key] = (
        await one<{ id: number }>(sql`
          insert into units (company_id, property_id, building_id, name, unit_category_id)
          values (${ids.company}, ${property}, ${building}, ${name}, 1) returning id`)
      ).id;
    }
    for (const sensor of sensors) {
      const [property, building] =
        sensor.unit === 'F' ? [ids.tower, ids.annex] : [ids.court, ids.hall];
      sensor.id = (
        await one<{ id: number }>(sql`
          insert into sensors (mac_address, sensor_state_id, company_id, property_id, building_id, unit_id, appliance_type_id, battery)
          values (${sensor.mac}, 4, ${ids.company}, ${property}, ${building}, ${ids.units[sensor.unit]},
                  ${sensor.appliance}, 80) returning id`)
      ).id;
    }

    // One report a day per sensor, 66 days back, each a little later in the past than "now".
    const now = Date.now();
    const uplinks: Uplink[] = [];
    for (const [index, sensor] of sensors.entries()) {
      if (sensor.base === 0) continue;
      const property = sensor.unit === 'F' ? 'tower' : 'court';
      for (let k = 0; k < HISTORY_DAYS; k++) {
        const receivedAt = new Date(now - k * DAY - (20 + index) * MINUTE);
        const mgal = Math.round((sensor.base + k * 0.01) * 1000);
        const { bytes } = encodeUplink({
          kind: 'usage',
          version: 2,
          seq: (k * 7 + index) % 65_536,
          volumeMgal: mgal,
          intervalS: 900,
          flowTimeS: 120,
          peakFlowMgpm: 900,
          battery: 80,
        });
        uplinks.push({
          mac: sensor.mac,
          port: 1,
          payload: bytes,
          receivedAt,
          fCnt: k * 7 + index,
          transport: 'http',
        });
        readings.push({
          sensor: sensor.key,
          unit: sensor.unit,
          property,
          appliance: sensor.appliance,
          mgal,
          day: localDate(usageInstant(receivedAt, 900), zoneOf(property)),
        });
      }
    }
    await t.app.ingest.ingest(uplinks);
    await t.database.db.execute(sql`
      update sensors set sensor_status_id = case when mac_address = 'AB0C000000000D01'
        then ${SensorStatus.NotTransmitting}::smallint else ${SensorStatus.Transmitting}::smallint end
      where company_id = ${ids.company}`);

    const sensorId = (key: string) => sensors.find((s) => s.key === key)?.id ?? 0;
    const alert = (
      key: string,
      unit: string,
      type: number,
      category: number,
      status: number,
      rate: number,
      detectedMsAgo: number,
    ) => {
      const [property, building] = unit === 'F' ? [ids.tower, ids.annex] : [ids.court, ids.hall];
      const at = new Date(now - detectedMsAgo).toISOString();
      return t.database.db.execute(sql`
        insert into notifications (company_id, property_id, building_id, unit_id, sensor_id, appliance_type_id,
          notification_type_id, notification_category_id, notification_status_id, rate, first_detected_at, last_detected_at)
        values (${ids.company}, ${property}, ${building}, ${ids.units[unit]}, ${sensorId(key)},
          ${sensors.find((s) => s.key === key)?.appliance ?? null}, ${type}, ${category}, ${status}, ${rate},
          ${at}::timestamptz, ${at}::timestamptz)`);
    };
    const { ContinuousFlow, HighUsage, NightFlow } = NotificationType;
    const { Leak, Usage } = NotificationCategory;
    const { New, Acknowledged, Closed } = NotificationStatus;
    await alert('A1', 'A', ContinuousFlow, Leak, New, 1000, 2 * 3_600_000);
    await alert('A2', 'A', ContinuousFlow, Leak, Acknowledged, 432, 3 * 3_600_000);
    await alert('B1', 'B', HighUsage, Usage, New, 100, 3_600_000);
    await alert('E1', 'E', ContinuousFlow, Leak, Closed, 5000, 3_600_000);
    await alert('A1', 'A', NightFlow, Leak, Closed, 700, 100 * DAY);
    await alert('F1', 'F', ContinuousFlow, Leak, New, 300, 4 * 3_600_000);
  }, 120_000);
  afterAll(() => t.close());

  const inCompany = () => true;
  const inCourt = (r: Reading) => r.property === 'court';
  const inUnitA = (r: Reading) => r.unit === 'A';

  it('answers each level’s statistics from the rollups, exactly as the known readings add up', async () => {
    const courtLeakCost = monthlyCost(1000, 12.5) + monthlyCost(432, 12.5);
    const cases = [
      {
        url: `/api/companies/${ids.company}/statistics`,
        match: inCompany,
        expected: {
          units: 6,
          sensors: 6,
          sensors_transmitting: 5,
          open_alerts: 4,
          open_leaks: 3,
          // Each a fixture's leak of its own: as many leaks as alerts.
          open_leak_incidents: 3,
          open_leaks_monthly_cost: Math.round((courtLeakCost + monthlyCost(300, 10)) * 100) / 100,
          // The price most of its properties use; a tie goes to the lower.
          water_price_per_kgal: DEFAULT_WATER_PRICE_PER_KGAL,
          // No main line: the buildings' use is their fixture micrometers.
          source: 'fixture-meters-only',
        },
      },
      {
        url: `/api/properties/${ids.court}/statistics`,
        match: inCourt,
        expected: {
          units: 5,
          sensors: 5,
          sensors_transmitting: 4,
          open_alerts: 3,
          open_leaks: 2,
          // Each a fixture's leak of its own: as many leaks as alerts.
          open_leak_incidents: 2,
          open_leaks_monthly_cost: 17.9,
          water_price_per_kgal: 12.5,
          source: 'fixture-meters-only',
        },
      },
      {
        url: `/api/buildings/${ids.hall}/statistics`,
        match: inCourt,
        expected: {
          units: 5,
          sensors: 5,
          sensors_transmitting: 4,
          open_alerts: 3,
          open_leaks: 2,
          // Each a fixture's leak of its own: as many leaks as alerts.
          open_leak_incidents: 2,
          open_leaks_monthly_cost: 17.9,
          water_price_per_kgal: 12.5,
          source: 'fixture-meters-only',
        },
      },
      {
        url: `/api/units/${ids.units.A}/statistics`,
        match: inUnitA,
        expected: {
          units: 1,
          sensors: 2,
          sensors_transmitting: 2,
          open_alerts: 2,
          open_leaks: 2,
          // Each a fixture's leak of its own: as many leaks as alerts.
          open_leak_incidents: 2,
          open_leaks_monthly_cost: 17.9,
          water_price_per_kgal: 12.5,
          // A unit counts its fixture micrometers; no building use, no source.
          source: null,
        },
      },
    ];
    for (const { url, match, expected } of cases) {
      const days = statisticsDays(today());
      const response = await admin(url);
      expect(response.statusCode, response.body).toBe(200);
      const thisMonth = round3(gallons(match, days.monthStart, days.today));
      // Whole days only, the same count on each side (none on the 1st).
      const compared =
        days.comparedTo === null ? 0 : round3(gallons(match, days.monthStart, days.comparedTo));
      const sameDays = round3(gallons(match, days.lastMonthStart, days.lastMonthSameEnd));
      expect(response.json(), url).toEqual({
        time_zone: NEW_YORK,
        today_gallons: round3(gallons(match, days.today, days.today)),
        this_month_gallons: thisMonth,
        last_month_gallons: round3(gallons(match, days.lastMonthStart, days.lastMonthEnd)),
        compared_days: days.comparedDays,
        compared_to: days.comparedTo,
        compared_gallons: compared,
        last_month_same_period_gallons: sameDays,
        change_percent: days.comparedDays === 0 ? null : changePercent(compared, sameDays),
        daily_average_gallons: round3(gallons(match, days.averageFrom, days.averageTo) / 30),
        ...expected,
      });
    }
    const tower = (await admin(`/api/properties/${ids.tower}/statistics`)).json();
    expect(tower).toMatchObject({ time_zone: KOLKATA, open_leaks: 1, open_leaks_monthly_cost: 3 });
    expect(tower.today_gallons).toBe(
      round3(gallons((r) => r.property === 'tower', today(KOLKATA), today(KOLKATA))),
    );
  });

  it('agrees with a recomputation from the raw readings for today, this month and last month', async () => {
    const days = statisticsDays(today());
    const raw = async (from: string, to: string) =>
      (
        await one<{ gallons: number }>(sql`
          select coalesce(sum(s.volume_mgal), 0)::float8 / 1000 as gallons
          from submissions s join properties p on p.id = s.property_id
          join timezones z on z.id = p.timezone_id
          where s.property_id = ${ids.court} and s.kind = 'usage'
            and ((s.measured_at - make_interval(secs => s.interval_s / 2.0)) at time zone z.name)::date
                between ${from}::date and ${to}::date`)
      ).gallons;
    const statistics = (await admin(`/api/properties/${ids.court}/statistics`)).json();
    expect(statistics.today_gallons).toBeCloseTo(await raw(days.today, days.today), 6);
    expect(statistics.this_month_gallons).toBeCloseTo(await raw(days.monthStart, days.today), 6);
    expect(statistics.last_month_gallons).toBeCloseTo(
      await raw(days.lastMonthStart, days.lastMonthEnd),
      6,
    );
    expect(statistics.this_month_gallons).toBeGreaterThan(0);
  });

  it('gives each unit its status: leak, attention, no-sensors, silent, ok', async () => {
    const expected: Record<string, string> = {
      A: 'leak',
      B: 'attention',
      C: 'no-sensors',
      D: 'silent',
      E: 'ok',
      F: 'leak',
    };
    for (const [key, status] of Object.entries(expected)) {
      const response = await admin(`/api/units/${ids.units[key]}/status`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.status, key).toBe(status);
      expect(body.unit_id).toBe(ids.units[key]);
    }
    const a = (await admin(`/api/units/${ids.units.A}/status`)).json();
    expect(a).toMatchObject({ open_alerts: 2, open_leaks: 2, sensors: 2, sensors_transmitting: 2 });
    expect(a.today_gallons).toBe(round3(gallons(inUnitA, today(), today())));
    expect(new Date(a.last_submission).getTime()).toBeGreaterThan(Date.now() - 30 * MINUTE);
    const c = (await admin(`/api/units/${ids.units.C}/status`)).json();
    expect(c).toMatchObject({ sensors: 0, last_submission: null, today_gallons: 0 });
  });

  it('reports every unit’s gallons per period; JSON and CSV agree and add up to the statistics', async () => {
    const statistics = (await admin(`/api/properties/${ids.court}/statistics`)).json();
    const json = await admin(`/api/properties/${ids.court}/gallons/report`);
    expect(json.statusCode, json.body).toBe(200);
    const report = json.json();
    const days = statisticsDays(today());
    expect(report).toMatchObject({
      from: days.monthStart,
      to: days.today,
      granularity: Granularity.Daily,
      time_zone: NEW_YORK,
    });
    expect(report.periods[0]).toBe(days.monthStart);
    expect(report.periods.at(-1)).toBe(days.today);
    expect(report.data.map((u: { unit_name: string }) => u.unit_name)).toEqual([
      '1A',
      '1B',
      '2A',
      '2B',
      '=cmd|calc',
    ]);
    // The buildings' use is the statistics' figure; with no main line nothing is unaccounted.
    expect(report.building_gallons).toBe(statistics.this_month_gallons);
    expect(report.total_gallons).toBe(report.building_gallons);
    expect(report.unaccounted_gallons).toBe(0);
    expect(report.source).toBe('fixture-meters-only');
    for (const unit of report.data) {
      const key = Object.keys(ids.units).find((k) => ids.units[k] === unit.unit_id) ?? '';
      expect(unit.total_gallons, key).toBe(
        round3(gallons((r) => r.unit === key, days.monthStart, days.today)),
      );
      expect(unit.gallons).toHaveLength(report.periods.length);
    }
    const todayColumn = report.periods.length - 1;
    expect(report.totals[todayColumn]).toBe(statistics.today_gallons);

    const csv = await admin(`/api/properties/${ids.court}/gallons/report?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="gallons-report-${today()}.csv"`,
    );
    const lines = rowsOfCsv(csv.body);
    const csvText = (value: number) => String(Math.round(value * 10) / 10);
    expect(lines[0]).toEqual(['Building', 'Unit', 'Unit category', ...report.periods, 'Total']);
    for (const [i, unit] of report.data.entries()) {
      const line = lines[i + 1] ?? [];
      expect(line.slice(0, 3)).toEqual([
        'Hall',
        unit.unit_name.startsWith('=') ? `'${unit.unit_name}` : unit.unit_name,
        'Internal units',
      ]);
      const oneDecimal = (value: number) => Math.round(value * 10) / 10;
      expect(line.slice(3).map(Number)).toEqual(
        [...unit.gallons, unit.total_gallons].map(oneDecimal),
      );
    }
    expect(lines.slice(-3)).toEqual([
      ['Total', '', '', ...report.totals.map(csvText), csvText(report.total_gallons)],
      ['Unaccounted water', '', '', ...report.periods.map(() => '0'), '0'],
      ['Building use', '', '', ...report.totals.map(csvText), csvText(report.total_gallons)],
    ]);

    // Weeks and months over the last 60 days: the same total, labelled the ISO and calendar way.
    const range: DateRange = { from: addDays(today(), -60), to: today() };
    const expectedTotal = round3(gallons(inCourt, range.from, range.to));
    for (const granularity of [Granularity.Weekly, Granularity.Monthly]) {
      const longer = (
        await admin(
          `/api/buildings/${ids.hall}/gallons/report?from=${range.from}&to=${range.to}&granularity=${granularity}`,
        )
      ).json();
      expect(longer.total_gallons, String(granularity)).toBe(expectedTotal);
      expect(longer.periods[0]).toMatch(
        granularity === Granularity.Weekly ? /^\d{4}-W\d{2}$/ : /^\d{4}-\d{2}$/,
      );
      expect(round3(longer.totals.reduce((a: number, b: number) => a + b, 0))).toBe(expectedTotal);
    }
  });

  it('builds every company report with its columns, rows and totals, as JSON and CSV', async () => {
    const range: DateRange = { from: addDays(today(), -2), to: today() };
    const query = `from=${range.from}&to=${range.to}`;
    const get = async (report: number) => {
      const response = await admin(
        `/api/companies/${ids.company}/report-overview/${report}?${query}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        report,
        name: reportDefinitions[report as 1].name,
        from: range.from,
        to: range.to,
        columns: reportDefinitions[report as 1].columns,
      });
      const csv = await admin(
        `/api/companies/${ids.company}/report-overview/${report}?${query}&format=csv`,
      );
      expect(csv.headers['content-disposition']).toBe(
        `attachment; filename="${reportDefinitions[report as 1].fileName}-${today()}.csv"`,
      );
      const lines = records(csv.body);
      expect(Object.keys(lines[0] ?? {})).toEqual(
        reportDefinitions[report as 1].columns.map((c) => csvHeading(c.label, c.kind)),
      );
      expect(lines).toHaveLength(body.rows.length);
      return { body, lines };
    };
    const unitGallons = (key: string) =>
      round3(gallons((r) => r.unit === key, range.from, range.to));

    const byUnit = await get(1);
    expect(byUnit.body.rows.map((r: { unit_name: string }) => r.unit_name)).toEqual([
      '1A',
      '1B',
      '2A',
      '2B',
      '=cmd|calc',
      'T1',
    ]);
    const a = byUnit.body.rows[0];
    expect(a).toEqual({
      property_name: 'Reports Court',
      building_name: 'Hall',
      unit_name: '1A',
      unit_category: 'Internal units',
      gallons: unitGallons('A'),
      cost: waterCost(unitGallons('A'), 12.5),
    });
    expect(byUnit.body.rows[5].cost).toBe(waterCost(unitGallons('F'), 10));
    expect(byUnit.body.totals.gallons).toBe(round3(gallons(inCompany, range.from, range.to)));
    expect(byUnit.lines[4]?.Unit).toBe("'=cmd|calc");
    // CSV figures are plain numbers rounded as people read them; the currency is in the heading.
    expect(Number(byUnit.lines[0]?.Gallons)).toBe(Math.round(unitGallons('A') * 10) / 10);
    expect(byUnit.lines[0]?.['Cost (USD)']).toBe(String(a.cost));
    expect(byUnit.lines[0]?.['Cost (USD)']).not.toContain('$');

    const byFixture = await get(2);
    const toilets = byFixture.body.rows.find(
      (r: { appliance_type_id: number }) => r.appliance_type_id === ApplianceType.MainToilet,
    );
    expect(toilets).toMatchObject({
      fixture: 'main toilet',
      sensors: 4,
      gallons: round3(
        gallons((r) => r.appliance === ApplianceType.MainToilet, range.from, range.to),
      ),
    });
    expect(
      byFixture.body.rows.map((r: { appliance_type_id: number }) => r.appliance_type_id),
    ).toEqual(expect.arrayContaining([ApplianceType.KitchenCold, ApplianceType.MainShower]));
    const shares = byFixture.body.rows.reduce(
      (sum: number, r: { share_percent: number }) => sum + r.share_percent,
      0,
    );
    expect(shares).toBeGreaterThan(99.8);
    expect(shares).toBeLessThan(100.2);
    // The CSV names fixtures as names and has no id column: people read it, not programs.
    expect(Object.keys(byFixture.lines[0] ?? {})).toEqual([
      'Fixture',
      'Micrometers',
      'Gallons',
      'Share (%)',
    ]);
    const toiletLine = byFixture.lines.find((line) => line.Fixture === 'Main toilet');
    expect(Number(toiletLine?.Gallons)).toBe(Math.round((toilets?.gallons ?? 0) * 10) / 10);

    const leaks = await get(3);
    // Open leaks, and the one closed within the range; not the one closed 100 days ago.
    expect(
      leaks.body.rows.map((r: { rate: number }) => r.rate).sort((x: number, y: number) => x - y),
    ).toEqual([300, 432, 1000, 5000]);
    const closed = leaks.body.rows.find((r: { rate: number }) => r.rate === 5000);
    expect(closed).toMatchObject({
      unit_name: '2B',
      fixture: 'main shower',
      type: 'Continuous flow',
      status: 'Closed',
      monthly_cost: monthlyCost(5000, 12.5),
    });
    expect(new Date(closed.first_detected).toISOString()).toBe(closed.first_detected);
    // Three fixtures' leaks of their own: each its own incident; the closed alert has none.
    for (const row of leaks.body.rows as { id: number; rate: number; incident: number | null }[]) {
      expect(row.incident).toBe(row.rate === 5000 ? null : row.id);
    }
    expect(leaks.body.totals).toEqual({
      monthly_cost: monthlyCost(5000, 12.5) + monthlyCost(1000, 12.5) + monthlyCost(432, 12.5) + 3,
    });
    expect(leaks.lines[0]?.['First detected']).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{2}:\d{2}$/,
    );

    const health = await get(4);
    expect(health.body.rows.map((r: { mac_address: string }) => r.mac_address).sort()).toEqual(
      sensors.map((s) => s.mac).sort(),
    );
    const silent = health.body.rows.find(
      (r: { mac_address: string }) => r.mac_address === 'AB0C000000000D01',
    );
    expect(silent).toMatchObject({
      unit_name: '2A',
      state: 'Installed',
      status: 'Not transmitting',
      battery: 80,
      last_submission: null,
    });
    expect(health.body.totals).toEqual({});

    const cost = await get(5);
    expect(cost.body.rows).toEqual([
      {
        property_name: 'Reports Court',
        gallons: round3(gallons(inCourt, range.from, range.to)),
        source: 'Fixture meters only',
        water_price: 12.5,
        cost: waterCost(round3(gallons(inCourt, range.from, range.to)), 12.5),
        open_leaks_monthly_cost: 17.9,
      },
      {
        property_name: 'Reports Tower',
        gallons: unitGallons('F'),
        source: 'Fixture meters only',
        water_price: 10,
        cost: waterCost(unitGallons('F'), 10),
        open_leaks_monthly_cost: 3,
      },
    ]);
    expect(cost.body.totals.open_leaks_monthly_cost).toBe(20.9);
    expect(cost.lines[1]?.['Water price (USD per 1,000 gal)']).toBe('10');
  });

  it('adds up long ranges from whole months and edge days, as the readings do', async () => {
    for (const from of [
      addDays(today(), -50),
      monthStart(addDays(today(), -40)),
      addDays(today(), -65),
    ]) {
      const query = `from=${from}&to=${today()}`;
      const byUnit = (
        await admin(`/api/companies/${ids.company}/report-overview/1?${query}`)
      ).json();
      for (const row of byUnit.rows) {
        const key = Object.keys(unitNames).find((k) => unitNames[k] === row.unit_name) ?? '';
        expect(row.gallons, `${from} ${key}`).toBe(
          round3(gallons((r) => r.unit === key, from, today())),
        );
      }
      const byFixture = (
        await admin(`/api/companies/${ids.company}/report-overview/2?${query}`)
      ).json();
      expect(byFixture.totals.gallons, from).toBe(round3(gallons(inCompany, from, today())));
      const cost = (await admin(`/api/companies/${ids.company}/report-overview/5?${query}`)).json();
      expect(cost.rows[0].gallons, from).toBe(round3(gallons(inCourt, from, today())));
      const monthly = (
        await admin(`/api/properties/${ids.court}/gallons/report?${query}&granularity=1`)
      ).json();
      const daily = (
        await admin(`/api/properties/${ids.court}/gallons/report?${query}&granularity=3`)
      ).json();
      expect(monthly.total_gallons, from).toBe(round3(gallons(inCourt, from, today())));
      expect(daily.total_gallons, from).toBe(monthly.total_gallons);
      for (const [i, unit] of monthly.data.entries()) {
        expect(unit.total_gallons).toBe(daily.data[i].total_gallons);
      }
    }
  });

  it('reads `to` alone as its month up to that day', async () => {
    const lastMonthEnd = addDays(monthStart(today()), -1);
    const report = (
      await admin(`/api/properties/${ids.court}/gallons/report?to=${lastMonthEnd}`)
    ).json();
    expect([report.from, report.to]).toEqual([monthStart(lastMonthEnd), lastMonthEnd]);
    expect(report.total_gallons).toBe(
      round3(gallons(inCourt, monthStart(lastMonthEnd), lastMonthEnd)),
    );
  });

  it('refuses bad ranges and unknown reports, and keeps other companies’ records out of reach', async () => {
    const base = `/api/companies/${ids.company}/report-overview`;
    const refusals: [string, number, string | undefined][] = [
      [`${base}/9`, 400, reportMessages.unknownReport],
      [`${base}/abc`, 400, reportMessages.unknownReport],
      [`${base}/1?from=2026-11-10&to=2026-11-09`, 400, reportMessages.order],
      [`${base}/1?from=2025-01-01&to=2026-11-09`, 400, reportMessages.span],
      [`${base}/1?from=2026-02-30`, 400, undefined],
      [`/api/properties/${ids.court}/gallons/report?granularity=4`, 400, undefined],
      [
        `/api/properties/${ids.court}/gallons/report?from=2026-11-10&to=2026-11-01`,
        400,
        reportMessages.order,
      ],
    ];
    for (const [url, status, message] of refusals) {
      const response = await admin(url);
      expect(response.statusCode, url).toBe(status);
      if (message) expect(response.json().message, url).toBe(message);
    }
    // The fresh company is not the manager's: every call about it is "not found".
    const foreign: [string, string][] = [
      [`/api/companies/${ids.company}/statistics`, 'Company not found'],
      [`/api/properties/${ids.court}/statistics`, 'Property not found'],
      [`/api/buildings/${ids.hall}/statistics`, 'Building not found'],
      [`/api/units/${ids.units.A}/statistics`, 'Unit not found'],
      [`/api/units/${ids.units.A}/status`, 'Unit not found'],
      [`/api/properties/${ids.court}/gallons/report?format=csv`, 'Property not found'],
      [`/api/buildings/${ids.hall}/gallons/report`, 'Building not found'],
      [`${base}/1`, 'Company not found'],
    ];
    for (const [url, message] of foreign) {
      const response = await manager(url);
      expect([response.statusCode, response.json().message], url).toEqual([404, message]);
    }
    // Their own company answers; the other demo company does not.
    const own = await one<{ company_id: number }>(sql`
      select r.company_id from user_roles r join users u on u.id = r.user_id
      where u.email = 'manager@flowsight.test' order by r.id limit 1`);
    expect((await manager(`/api/companies/${own.company_id}/statistics`)).statusCode).toBe(200);
    expect((await manager(`/api/companies/${own.company_id}/report-overview/5`)).statusCode).toBe(
      200,
    );
    expect((await other(`/api/companies/${own.company_id}/statistics`)).statusCode).toBe(404);
    expect((await manager('/api/overview')).statusCode).toBe(403);
  });

  it('gives system roles the overview, counted as the tables count', async () => {
    const response = await admin('/api/overview');
    expect(response.statusCode, response.body).toBe(200);
    const overview = response.json();
    const counts = await one<Record<string, number>>(sql`
      select (select count(*) from companies)::int as companies,
             (select count(*) from properties)::int as properties,
             (select count(*) from buildings)::int as buildings,
             (select count(*) from units)::int as units,
             (select count(*) from sensors)::int as sensors,
             (select count(*) from sensors where company_id is not null)::int as assigned,
             (select count(*) from sensors where company_id is not null and sensor_status_id = 1)::int as transmitting,
             (select count(*) from gateways)::int as gateways,
             (select count(*) from gateways where gateway_status_id = 1)::int as online,
             (select count(*) from notifications where notification_status_id = 1)::int as new,
             (select count(*) from notifications where notification_status_id = 2)::int as acknowledged,
             (select count(*) from notifications where notification_status_id in (1, 2)
                and notification_category_id = 1)::int as open_leaks,
             (select coalesce(sum(readings), 0) from usage_hourly
                where hour >= date_trunc('hour', now()) - interval '23 hours')::int as readings`);
    expect(overview).toMatchObject({
      companies: counts.companies,
      properties: counts.properties,
      buildings: counts.buildings,
      units: counts.units,
      sensors: {
        total: counts.sensors,
        assigned: counts.assigned,
        stock: (counts.sensors ?? 0) - (counts.assigned ?? 0),
        transmitting: counts.transmitting,
        not_transmitting: (counts.assigned ?? 0) - (counts.transmitting ?? 0),
      },
      gateways: { total: counts.gateways, online: counts.online },
      alerts: {
        open: (counts.new ?? 0) + (counts.acknowledged ?? 0),
        new: counts.new,
        acknowledged: counts.acknowledged,
        open_leaks: counts.open_leaks,
      },
      readings_last_24h: counts.readings,
    });
    expect(overview.alerts.open_leaks_monthly_cost).toBeGreaterThanOrEqual(20.9);
    expect(overview.usage_by_day).toHaveLength(14);
    // The chart's days are the properties' local days, ending on the latest one begun: never a
    // UTC date no property has reached.
    const { last_day: lastDay } = await one<{ last_day: string }>(sql`
      select to_char(max((now() at time zone z.name)::date), 'YYYY-MM-DD') as last_day
      from properties p join timezones z on z.id = p.timezone_id`);
    expect(overview.usage_by_day.at(-1).day).toBe(lastDay);
    // Each day recomputed from the per-sensor daily rollup with the rule: per building and day,
    // the main line where it reported (or the fixtures, if more), else the fixtures.
    const byDay = await rows<{ day: string; gallons: number }>(sql`
      select to_char(day::timestamp, 'YYYY-MM-DD') as day,
             sum(case when main_readings > 0 then greatest(main, fixtures) else fixtures end)::float8 / 1000 as gallons
      from (
        select building_id, day,
               coalesce(sum(volume_mgal) filter (where appliance_type_id = 19), 0) as main,
               coalesce(sum(readings) filter (where appliance_type_id = 19), 0) as main_readings,
               coalesce(sum(volume_mgal) filter (where appliance_type_id is distinct from 19), 0) as fixtures
        from usage_daily where day >= ${overview.usage_by_day[0].day}::date group by 1, 2
      ) b group by 1`);
    for (const { day, gallons: expected } of overview.usage_by_day) {
      expect(expected, day).toBeCloseTo(byDay.find((d) => d.day === day)?.gallons ?? 0, 6);
    }
    const mine = overview.companies_list.find(
      (c: { company_id: number }) => c.company_id === ids.company,
    );
    expect(mine).toEqual({
      company_id: ids.company,
      name: 'Reports Co',
      sensors: 6,
      transmitting: 5,
      open_alerts: 4,
      // The properties' local days of the month holding the chart's last day.
      gallons_this_month: round3(gallons(inCompany, monthStart(lastDay), monthEnd(lastDay))),
    });
    expect(overview.companies_list).toHaveLength(counts.companies ?? 0);
  });

  it('computes the overview once for requests that overlap, and afresh after', async () => {
    const repository = createReportsRepository(t.database.db);
    let computed = 0;
    const service = createReportsService({
      repository: {
        ...repository,
        overviewCounts: (...args: Parameters<typeof repository.overviewCounts>) => {
          computed += 1;
          return repository.overviewCounts(...args);
        },
      },
    });
    const overlapping = await Promise.all([1, 2, 3, 4].map(() => service.overview(systemScope)));
    expect(computed).toBe(1);
    for (const answer of overlapping) expect(answer).toEqual(overlapping[0]);
    // Nothing is kept once the shared run settled: a change is in the next answer.
    const [alert] = await rows<{ id: number }>(
      sql`select id from notifications where notification_status_id = ${NotificationStatus.New} limit 1`,
    );
    await t.database.db.execute(
      sql`update notifications set notification_status_id = ${NotificationStatus.Acknowledged} where id = ${alert?.id}`,
    );
    const after = await service.overview(systemScope);
    expect(computed).toBe(2);
    const before = overlapping[0]?.alerts;
    expect(after.alerts.new).toBe((before?.new ?? 0) - 1);
    expect(after.alerts.acknowledged).toBe((before?.acknowledged ?? 0) + 1);
    await t.database.db.execute(
      sql`update notifications set notification_status_id = ${NotificationStatus.New} where id = ${alert?.id}`,
    );
    await expect(
      service.overview({
        ...systemScope,
        roleTypeId: RoleType.CompanyManager,
        companyId: ids.company,
      }),
    ).rejects.toThrow('The overview is for system roles');
  });
});

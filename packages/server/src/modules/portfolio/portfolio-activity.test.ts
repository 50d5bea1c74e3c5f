// The lists that say where to act, through the HTTP layer on a company built by hand so
// that every figure can be checked on paper. The figures are read at a fixed instant, noon on
// 15 Nov 2026 in New York; readings go in through the ingest service: "this month's" the day
// before (a whole day, so compared), last month's on its 1st (within the same days of last month).
//
//   Ledger Co (New York)
//     Court ($10 per 1,000 gal) / Alder:
//       1A   toilet 300 gal this month, 400 gal last month → 300 gal, $3.00, −25 %; a leak of 250 gal a
//            month ($2.50) and a low-battery alert open, one closed alert
//       1B   shower 120 gal this month, none last month → 120 gal, $1.20, no change; a second
//            micrometer installed but not transmitting; a micrometer-offline alert open
//       Mech main line 500 gal this month (a main line: no unit figure) → 0 gal
//       Alder's use: max(500 main, 420 fixtures) = 500; last month the main line was silent:
//       the fixtures' 400 → +25 %
//     Lofts ($12.50) / Cedar:
//       3A   toilet 200 gal this month; a leak of 1,000 gal a month ($12.50)
//   A manager limited to Court sees Court, Alder and its units only.
import {
  ApplianceType,
  NotificationCategory,
  NotificationStatus,
  NotificationType,
  RoleType,
  SensorStatus,
  UnitCategory,
} from '@flowsight/domain/lookups';
import { statisticsDays } from '@flowsight/domain/reports';
import { localDate } from '@flowsight/domain/wall-clock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import {
  type HandBuiltCompany,
  handBuiltCompany,
  installMeteredSensors,
  openAlert,
} from '../../testing/hand-built-company.ts';

const NEW_YORK = 'America/New_York';
type Row = Record<string, unknown> & { id: number; name: string };

describe('lists that say where to act', () => {
  let t: TestApp;
  let admin: AuthorizedRequest;
  let manager: AuthorizedRequest;
  const ids = {
    company: 0,
    court: 0,
    lofts: 0,
    alder: 0,
    cedar: 0,
    units: {} as Record<string, number>,
  };
  let one: HandBuiltCompany['one'];

  beforeAll(async () => {
    const now = new Date('2026-11-15T17:00:00Z');
    t = await buildTestApp({ demo: true, figuresClock: () => now });
    // This month's reading lands on 14 Nov in New York; last month's on its 1st at 10:10.
    const thisMonthReading = new Date(now.getTime() - 24 * 3_600_000);
    const { lastMonthStart } = statisticsDays(localDate(now, NEW_YORK));
    const lastMonthReading = new Date(`${lastMonthStart}T15:10:00Z`);

    const ledger = await handBuiltCompany(t, NEW_YORK);
    one = ledger.one;
    ids.company = ledger.company;
    ids.court = await ledger.property('Court', 10);
    ids.lofts = await ledger.property('Lofts', 12.5);
    ids.alder = await ledger.building(ids.court, 'Alder');
    ids.cedar = await ledger.building(ids.lofts, 'Cedar');
    for (const [key, buildingId, category] of [
      ['1A', ids.alder, UnitCategory.Internal],
      ['1B', ids.alder, UnitCategory.Internal],
      ['Mech', ids.alder, UnitCategory.Building],
      ['3A', ids.cedar, UnitCategory.Internal],
    ] as const) {
      ids.units[key] = await ledger.unit(buildingId, key, category);
    }
    // [MAC, unit, fixture, gallons this month, gallons last month, status, last reading minutes ago]
    const sensors: [string, string, number, number, number, number, number][] = [
      ['AC0B000000000001', '1A', ApplianceType.MainToilet, 300, 400, 1, 30],
      ['AC0B000000000002', '1B', ApplianceType.MainShower, 120, 0, 1, 10],
      ['AC0B000000000003', 'Mech', ApplianceType.MainLine, 500, 0, 1, 20],
      ['AC0B000000000004', '3A', ApplianceType.MainToilet, 200, 0, 1, 40],
      ['AC0B000000000005', '1B', ApplianceType.KitchenCold, 0, 0, SensorStatus.NotTransmitting, 0],
    ];
    await installMeteredSensors(t, ids.units, sensors, {
      today: thisMonthReading,
      lastMonth: lastMonthReading,
      intervalS: 60,
      flowTimeS: 50,
    });
    for (const [mac, , , , , , minutes] of sensors) {
      await t.database.db.execute(sql`
        update sensors set last_submission = ${
          minutes === 0 ? null : new Date(now.getTime() - minutes * 60_000).toISOString()
        }::timestamptz where mac_address = ${mac}`);
    }
    const alert = (
      mac: string,
      type: number,
      category: number,
      status: number,
      rate: number | null,
    ) => openAlert(t, mac, { type, category, status, rate, at: thisMonthReading });
    const { Leak, DeviceHealth } = NotificationCategory;
    const { New, Acknowledged, Closed } = NotificationStatus;
    await alert('AC0B000000000001', NotificationType.ContinuousFlow, Leak, New, 250);
    await alert('AC0B000000000001', NotificationType.LowBattery, DeviceHealth, Acknowledged, null);
    await alert('AC0B000000000001', NotificationType.NightFlow, Leak, Closed, 90);
    await alert('AC0B000000000005', NotificationType.SensorOffline, DeviceHealth, New, null);
    await alert('AC0B000000000004', NotificationType.ContinuousFlow, Leak, Acknowledged, 1000);

    admin = await t.as('admin@flowsight.test');
    // The demo's manager, limited here to Court of Ledger Co.
    await t.database.db.execute(sql`
      update user_roles set company_id = ${ids.company}, property_id = ${ids.court},
        user_role_type_id = ${RoleType.CompanyManager}
      where user_id = (select id from users where email = 'manager@flowsight.test')`);
    manager = await t.as('manager@flowsight.test');
  }, 120_000);
  afterAll(() => t.close());

  const list = async (call: AuthorizedRequest, url: string) => {
    const response = await call(url);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: Row[] }).data;
  };
  const byName = (rows: Row[]) => Object.fromEntries(rows.map((row) => [row.name, row]));

  it('gives each unit its open alerts, gallons, cost, change and last reading', async () => {
    const rows = byName(await list(admin, `/api/buildings/${ids.alder}/units`));
    expect(rows['1A']).toMatchObject({
      open_alerts: 2,
      month_gallons: 300,
      month_cost: 3,
      last_month_same_gallons: 400,
      month_change_percent: -25,
      last_reading: expect.any(String),
    });
    expect(rows['1B']).toMatchObject({
      open_alerts: 1,
      month_gallons: 120,
      month_cost: 1.2,
      last_month_same_gallons: 0,
      month_change_percent: null,
    });
    // A main line is the building's supply, never a unit's water.
    expect(rows.Mech).toMatchObject({ open_alerts: 0, month_gallons: 0, month_cost: 0 });
  });

  it('sorts units by each new column on the server', async () => {
    const names = async (sort: string) =>
      (await list(admin, `/api/buildings/${ids.alder}/units?sortBy=${sort}`)).map((r) => r.name);
    expect(await names('open_alerts:DESC')).toEqual(['1A', '1B', 'Mech']);
    expect(await names('month_gallons:DESC')).toEqual(['1A', '1B', 'Mech']);
    expect(await names('month_gallons:ASC')).toEqual(['Mech', '1B', '1A']);
    expect(await names('month_cost:DESC')).toEqual(['1A', '1B', 'Mech']);
    // Units with nothing to compare with come last either way.
    expect(await names('month_change:DESC')).toEqual(['1A', '1B', 'Mech']);
    expect(await names('month_change:ASC')).toEqual(['1A', '1B', 'Mech']);
    expect(await names('last_reading:DESC')).toEqual(['1B', 'Mech', '1A']);
    expect(await names('last_reading:ASC')).toEqual(['1A', 'Mech', '1B']);
  });

  it('gives properties and buildings their open leaks, their cost, the use and silent micrometers', async () => {
    const properties = byName(await list(admin, `/api/companies/${ids.company}/properties`));
    // Court: Alder's use 500 (main line) against the fixtures' 400 on the 1st last month.
    expect(properties.Court).toMatchObject({
      open_leaks: 1,
      open_leaks_monthly_cost: 2.5,
      month_gallons: 500,
      last_month_same_gallons: 400,
      month_change_percent: 25,
      sensors_not_transmitting: 1,
    });
    expect(properties.Lofts).toMatchObject({
      open_leaks: 1,
      open_leaks_monthly_cost: 12.5,
      month_gallons: 200,
      last_month_same_gallons: 0,
      month_change_percent: null,
      sensors_not_transmitting: 0,
    });
    const buildings = byName(await list(admin, `/api/properties/${ids.court}/buildings`));
    expect(buildings.Alder).toMatchObject({
      open_leaks: 1,
      open_leaks_monthly_cost: 2.5,
      month_gallons: 500,
      month_change_percent: 25,
      sensors_not_transmitting: 1,
    });
    const sorted = await list(
      admin,
      `/api/companies/${ids.company}/properties?sortBy=open_leaks_monthly_cost:DESC`,
    );
    expect(sorted.map((r) => r.name)).toEqual(['Lofts', 'Court']);
    const bySilent = await list(
      admin,
      `/api/companies/${ids.company}/properties?sortBy=sensors_not_transmitting:DESC`,
    );
    expect(bySilent.map((r) => r.name)).toEqual(['Court', 'Lofts']);
  });

  it('refuses a sort field the lists do not know', async () => {
    const response = await admin(`/api/buildings/${ids.alder}/units?sortBy=month_galons:DESC`);
    expect(response.statusCode).toBe(400);
  });

  it('shows a manager limited to some places only theirs', async () => {
    const properties = await list(manager, `/api/companies/${ids.company}/properties`);
    expect(properties.map((r) => r.name)).toEqual(['Court']);
    expect(properties[0]).toMatchObject({ open_leaks: 1, open_leaks_monthly_cost: 2.5 });
    const buildings = await list(manager, '/api/buildings');
    expect(buildings.map((r) => r.name)).toEqual(['Alder']);
    expect((await manager(`/api/buildings/${ids.cedar}/units`)).statusCode).toBe(404);
    const attention = (await manager(`/api/companies/${ids.company}/needs-attention`)).json();
    // Lofts' costlier leak is outside Court.
    expect(attention.leaks.count).toBe(1);
    expect(attention.leaks.data.map((l: { unit_id: number }) => l.unit_id)).toEqual([
      ids.units['1A'],
    ]);
  });

  it('lists what needs attention: leaks by monthly cost, silent micrometers, gateways offline', async () => {
    const gateway = await one(sql`
      insert into gateways (serial_number, company_id, property_id, building_id, gateway_status_id,
        last_seen_at)
      values ('FSGW-TEST-0001', ${ids.company}, ${ids.lofts}, ${ids.cedar}, 2, now() - interval '3 hours')
      returning id`);
    const response = await admin(`/api/companies/${ids.company}/needs-attention`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.leaks).toMatchObject({ count: 2, monthly_cost: 15 });
    expect(
      body.leaks.data.map((l: { unit_name: string; monthly_cost: number }) => [
        l.unit_name,
        l.monthly_cost,
      ]),
    ).toEqual([
      ['3A', 12.5],
      ['1A', 2.5],
    ]);
    expect(body.silent_micrometers.count).toBe(1);
    expect(body.silent_micrometers.data[0]).toMatchObject({
      mac_address: 'AC0B000000000005',
      unit_id: ids.units['1B'],
      building_id: ids.alder,
    });
    expect(body.gateways_offline).toMatchObject({
      count: 1,
      data: [{ id: gateway, serial_number: 'FSGW-TEST-0001', building_id: ids.cedar }],
    });
    expect((await admin('/api/companies/999999/needs-attention')).statusCode).toBe(404);
  });
});

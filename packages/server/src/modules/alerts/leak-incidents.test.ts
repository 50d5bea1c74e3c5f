// One leak, one cost, through the HTTP layer: every figure that costs open leaks counts each
// gallon once (docs/detection.md, "Incidents"), on a company built by hand:
//
//   Ledger Co (New York)
//     Court ($10 per 1,000 gal) / Alder
//       unaccounted water             22,545 gal/month  $225.45   ┐ one incident, led by the
//       Mech main line, continuous    21,592 gal/month  $215.92   │ unaccounted water: the main
//       Mech main line, night flow     1,800 gal/month   $18.00   │ line sees all of it; its parts
//       1A toilet, continuous          3,000 gal/month   $30.00   ┘ add up to 25,545 → $255.45
//     Lofts ($12.50) / Cedar
//       3A toilet, continuous         24,000 gal/month  $300.00   — an incident of its own
//   Each alert's own cost adds up to $789.37; the water costs $255.45 + $300.00 = $555.45. Court
//   costs more than Lofts by its alerts' own costs, less by its water: the properties list sorts by
//   the water.
import {
  ApplianceType,
  NotificationCategory,
  NotificationStatus,
  NotificationType,
  UnitCategory,
} from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import {
  handBuiltCompany,
  installMeteredSensors,
  openAlert,
} from '../../testing/hand-built-company.ts';

const NEW_YORK = 'America/New_York';
const { ContinuousFlow, NightFlow, UnaccountedWater } = NotificationType;
const { Leak } = NotificationCategory;
const { New, Acknowledged, Closed } = NotificationStatus;

describe('one leak, one cost', () => {
  let t: TestApp;
  let admin: AuthorizedRequest;
  const ids = { company: 0, court: 0, lofts: 0, alder: 0, cedar: 0 };
  const alert = { toilet: 0, main: 0, night: 0, cedar: 0, closed: 0, unaccounted: 0 };

  beforeAll(async () => {
    const now = new Date('2026-11-15T17:00:00Z');
    t = await buildTestApp({ demo: true, figuresClock: () => now });
    const ledger = await handBuiltCompany(t, NEW_YORK);
    ids.company = ledger.company;
    ids.court = await ledger.property('Court', 10);
    ids.lofts = await ledger.property('Lofts', 12.5);
    ids.alder = await ledger.building(ids.court, 'Alder');
    ids.cedar = await ledger.building(ids.lofts, 'Cedar');
    const units = {
      '1A': await ledger.unit(ids.alder, '1A', UnitCategory.Internal),
      Mech: await ledger.unit(ids.alder, 'Mech', UnitCategory.Building),
      '3A': await ledger.unit(ids.cedar, '3A', UnitCategory.Internal),
    };
    const day = new Date(now.getTime() - 24 * 3_600_000);
    await installMeteredSensors(
      t,
      units,
      [
        ['AD0C000000000001', '1A', ApplianceType.MainToilet, 10, 0],
        ['AD0C000000000002', 'Mech', ApplianceType.MainLine, 10, 0],
        ['AD0C000000000003', '3A', ApplianceType.MainToilet, 10, 0],
      ],
      { today: day, lastMonth: day, intervalS: 60, flowTimeS: 50 },
    );
    const open = async (
      key: keyof typeof alert,
      mac: string,
      type: number,
      rate: number,
      status: number = New,
    ) => {
      await openAlert(t, mac, { type, category: Leak, status, rate, at: day });
      alert[key] = await ledger.one(sql`select max(id) as id from notifications`);
    };
    await open('toilet', 'AD0C000000000001', ContinuousFlow, 3_000);
    await open('main', 'AD0C000000000002', ContinuousFlow, 21_592, Acknowledged);
    await open('night', 'AD0C000000000002', NightFlow, 1_800);
    await open('cedar', 'AD0C000000000003', ContinuousFlow, 24_000);
    // A closed leak is no incident.
    await open('closed', 'AD0C000000000003', NightFlow, 9_000, Closed);
    alert.unaccounted = await ledger.one(sql`
      insert into notifications (company_id, property_id, building_id, notification_type_id,
        notification_category_id, notification_status_id, rate, first_detected_at, last_detected_at)
      values (${ids.company}, ${ids.court}, ${ids.alder}, ${UnaccountedWater}, ${Leak}, ${New},
        22545, ${day.toISOString()}::timestamptz, ${day.toISOString()}::timestamptz)
      returning id`);
    admin = await t.as('admin@flowsight.test');
  }, 120_000);
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await admin(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const alderIncident = () => ({
    id: alert.unaccounted,
    alert_ids: [alert.unaccounted, alert.toilet, alert.main, alert.night],
    rate: 25_545,
    monthly_cost: 255.45,
  });

  it('costs the company’s open leaks once per incident', async () => {
    const leaks = await get(`/api/companies/${ids.company}/open-leaks`);
    expect(leaks).toMatchObject({ count: 5, incidents: 2, rate: 49_545, monthly_cost: 555.45 });
    const byId = new Map(
      (leaks.data as { id: number; monthly_cost: number; incident: unknown }[]).map((a) => [
        a.id,
        a,
      ]),
    );
    // Each alert keeps its own measure and names the incident that holds its water.
    expect(byId.get(alert.main)).toMatchObject({ monthly_cost: 215.92, incident: alderIncident() });
    expect(byId.get(alert.toilet)).toMatchObject({ monthly_cost: 30, incident: alderIncident() });
    expect(byId.get(alert.cedar)?.incident).toEqual({
      id: alert.cedar,
      alert_ids: [alert.cedar],
      rate: 24_000,
      monthly_cost: 300,
    });

    const one = await get(`/api/notifications/${alert.night}`);
    expect(one.incident).toEqual(alderIncident());
    const closed = await get(`/api/notifications/${alert.closed}`);
    expect(closed.incident).toBeNull();
    const bell = (await get('/api/notifications/active-leaks')) as {
      id: number;
      incident: unknown;
    }[];
    expect(bell.find((a) => a.id === alert.toilet)?.incident).toEqual(alderIncident());
  });

  it('lists one line per incident under Needs attention', async () => {
    const { leaks } = await get(`/api/companies/${ids.company}/needs-attention`);
    expect(leaks).toMatchObject({ count: 2, alerts: 5, monthly_cost: 555.45 });
    expect(
      leaks.data.map((l: { id: number; alerts: number; monthly_cost: number; rate: number }) => [
        l.id,
        l.alerts,
        l.rate,
        l.monthly_cost,
      ]),
    ).toEqual([
      [alert.cedar, 1, 24_000, 300],
      [alert.unaccounted, 4, 25_545, 255.45],
    ]);
  });

  it('gives the same sum to the overview, the statistics and the cost estimate', async () => {
    const overview = await get(`/api/companies/${ids.company}/alerts-overview`);
    const leak = overview.categories.find(
      (c: { notification_category_id: number }) => c.notification_category_id === Leak,
    );
    expect(leak).toMatchObject({
      new: 4,
      acknowledged: 1,
      open_rate: 49_545,
      open_monthly_cost: 555.45,
    });

    const company = await get(`/api/companies/${ids.company}/statistics`);
    expect(company).toMatchObject({
      open_leaks: 5,
      open_leak_incidents: 2,
      open_leaks_monthly_cost: 555.45,
    });
    const building = await get(`/api/buildings/${ids.alder}/statistics`);
    expect(building).toMatchObject({
      open_leaks: 4,
      open_leak_incidents: 1,
      open_leaks_monthly_cost: 255.45,
    });

    const estimate = await get(
      `/api/companies/${ids.company}/report-overview/5?from=2026-11-01&to=2026-11-14`,
    );
    expect(
      estimate.rows.map((r: { property_name: string; open_leaks_monthly_cost: number }) => [
        r.property_name,
        r.open_leaks_monthly_cost,
      ]),
    ).toEqual([
      ['Court', 255.45],
      ['Lofts', 300],
    ]);
    expect(estimate.totals.open_leaks_monthly_cost).toBe(555.45);
  });

  it('puts each incident’s cost on its lead’s row of the leak alerts report', async () => {
    const report = await get(
      `/api/companies/${ids.company}/report-overview/3?from=2026-11-01&to=2026-11-14`,
    );
    const rows = new Map(
      (report.rows as { id: number; incident: number | null; monthly_cost: number | null }[]).map(
        (r) => [r.id, [r.incident, r.monthly_cost]],
      ),
    );
    expect(rows.get(alert.unaccounted)).toEqual([alert.unaccounted, 255.45]);
    expect(rows.get(alert.main)).toEqual([alert.unaccounted, null]);
    expect(rows.get(alert.night)).toEqual([alert.unaccounted, null]);
    expect(rows.get(alert.toilet)).toEqual([alert.unaccounted, null]);
    expect(rows.get(alert.cedar)).toEqual([alert.cedar, 300]);
    // A closed alert is costed as it was last seen, on its own.
    expect(rows.get(alert.closed)).toEqual([null, 112.5]);
    expect(report.totals).toEqual({ monthly_cost: 667.95 });
  });

  it('shows and sorts the properties by their water, in SQL as in the domain', async () => {
    const { data } = await get(
      `/api/companies/${ids.company}/properties?sortBy=open_leaks_monthly_cost:DESC`,
    );
    expect(
      data.map((p: { name: string; open_leaks: number; open_leaks_monthly_cost: number }) => [
        p.name,
        p.open_leaks,
        p.open_leaks_monthly_cost,
      ]),
    ).toEqual([
      // Lofts' closed alert is no open leak.
      ['Lofts', 1, 300],
      ['Court', 4, 255.45],
    ]);
    // Every building in scope (the demo's too, without leaks), the costliest water first.
    const buildings = await get('/api/buildings?sortBy=open_leaks_monthly_cost:DESC&limit=100');
    expect(
      buildings.data
        .filter((b: { open_leaks: number }) => b.open_leaks > 0)
        .map((b: { name: string; open_leaks_monthly_cost: number }) => [
          b.name,
          b.open_leaks_monthly_cost,
        ])
        .slice(0, 2),
    ).toEqual(expect.arrayContaining([['Cedar', 300]]));
    const ranked = buildings.data.map((b: { name: string }) => b.name);
    expect(ranked.indexOf('Cedar')).toBeLessThan(ranked.indexOf('Alder'));
  });
});

// Unaccounted water end to end (docs/detection.md): readings in through the ingest service, the
// engine's sweep reconciles each building's main line against its fixtures per local day and
// raises one building-level leak alert, mailed, listed in the bell, and closed by "Fixed it".
// Company "Hidden Pipe Homes" in New York, 6–8 March 2026 (8 March is the 23-hour day clocks
// spring forward), one report per sensor and day:
//
//   building   installation    main line   fixtures            unaccounted
//   Alder      every fixture   1,000       400 + 300 = 700     300 (30 %)  → alert, 300 × 30 gal/month
//   Birch      not set         1,000       500 + 460 = 960      40 (4 %)   → healthy
//   Cedar      every fixture   —           700                 no main line: nothing to reconcile
//   Dogwood    pilot units     1,000       300                 700 (70 %), unmetered by design
import {
  ApplianceType,
  InstallationType,
  NotificationCategory,
  NotificationMethod,
  NotificationStatus,
  NotificationType,
} from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import { usageReport } from '../../testing/uplinks.ts';
import type { Uplink } from '../ingest/ingest.service.ts';
import { type AlertChange, createAlertEngine } from './alerts.engine.ts';

const NY = 'America/New_York';
type Call = AuthorizedRequest;

/** A report ending 10:15 local on the day (EST before 8 March, EDT from it). */
function report(mac: string, day: string, gallons: number): Uplink {
  const offset = day < '2026-03-08' ? 5 : 4;
  return usageReport(mac, new Date(`${day}T${String(10 + offset).padStart(2, '0')}:15:00Z`), {
    gallons,
  });
}

type AlertRow = {
  id: number;
  building_id: number;
  unit_id: number | null;
  sensor_id: number | null;
  category: number;
  status: number;
  rate: number;
};

describe('unaccounted water', () => {
  let t: TestApp;
  let admin: Call;
  const ids = { company: 0, property: 0, alder: 0, birch: 0, cedar: 0, dogwood: 0, user: 0 };
  const macs = {
    alderMain: 'ACE0000000000001',
    alderKitchen: 'ACE0000000000002',
    alderToilet: 'ACE0000000000003',
    birchMain: 'ACE0000000000004',
    birchKitchen: 'ACE0000000000005',
    birchToilet: 'ACE0000000000006',
    cedarKitchen: 'ACE0000000000007',
    dogwoodMain: 'ACE0000000000008',
    dogwoodKitchen: 'ACE0000000000009',
  };
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const alerts = () =>
    rows<AlertRow>(sql`
      select id, building_id, unit_id, sensor_id, notification_category_id as category,
             notification_status_id as status, rate::float8 as rate
      from notifications
      where company_id = ${ids.company} and notification_type_id = ${NotificationType.UnaccountedWater}
      order by id`);
  /** The engine's sweep at an instant, its changes also told to the alert emails. */
  const sweepAt = async (iso: string) => {
    const engine = createAlertEngine(t.database.db, () => new Date(iso));
    engine.onChange(t.app.alertMail.alertsChanged);
    const changes = (await engine.sweep()) ?? [];
    await t.app.alertMail.idle();
    return changes.filter((c: AlertChange) => c.companyId === ids.company);
  };
  const days = (list: readonly string[], gallons: Record<string, number>) =>
    list.flatMap((day) => Object.entries(gallons).map(([mac, value]) => report(mac, day, value)));
  /** The four buildings' days as the table above says. */
  const week = (list: readonly string[]) =>
    days(list, {
      [macs.alderMain]: 1000,
      [macs.alderKitchen]: 400,
      [macs.alderToilet]: 300,
      [macs.birchMain]: 1000,
      [macs.birchKitchen]: 500,
      [macs.birchToilet]: 460,
      [macs.cedarKitchen]: 700,
      [macs.dogwoodMain]: 1000,
      [macs.dogwoodKitchen]: 300,
    });
  // 01:30 EDT on 9 March: 6–8 March are the three newest complete days.
  const march9 = '2026-03-09T05:30:00Z';

  beforeAll(async () => {
    t = await buildTestApp({ demo: true, mailbox: true });
    admin = await t.as('admin@flowsight.test');
    const one = async (query: ReturnType<typeof sql>) => {
      const [row] = await rows<{ id: number }>(query);
      if (row === undefined) throw new Error('nothing inserted');
      return row.id;
    };
    const zone = sql`(select id from timezones where name = ${NY})`;
    ids.company = await one(sql`
      insert into companies (name, company_type_id, timezone_id)
      values ('Hidden Pipe Homes', 1, ${zone}) returning id`);
    ids.property = await one(sql`
      insert into properties (company_id, name, timezone_id, water_price_per_kgal)
      values (${ids.company}, 'Riverside', ${zone}, 10) returning id`);
    const building = (name: string, installation: number | null) =>
      one(sql`insert into buildings (company_id, property_id, name, street, installation_type_id)
              values (${ids.company}, ${ids.property}, ${name}, ${`${name} Street 1`}, ${installation})
              returning id`);
    ids.alder = await building('Alder', InstallationType.EveryFixture);
    ids.birch = await building('Birch', null);
    ids.cedar = await building('Cedar', InstallationType.EveryFixture);
    ids.dogwood = await building('Dogwood', InstallationType.PilotUnits);
    const unit = (buildingId: number, name: string, category: number) =>
      one(sql`insert into units (company_id, property_id, building_id, name, unit_category_id)
              values (${ids.company}, ${ids.property}, ${buildingId}, ${name}, ${category}) returning id`);
    const sensor = (mac: string, unitId: number, appliance: number) =>
      t.database.db.execute(sql`
        insert into sensors (mac_address, sensor_state_id, sensor_status_id, company_id, property_id,
          building_id, unit_id, appliance_type_id)
        select ${mac}, 4, 1, u.company_id, u.property_id, u.building_id, u.id, ${appliance}::smallint
        from units u where u.id = ${unitId}`);
    for (const [buildingId, main, kitchen, toilet] of [
      [ids.alder, macs.alderMain, macs.alderKitchen, macs.alderToilet],
      [ids.birch, macs.birchMain, macs.birchKitchen, macs.birchToilet],
      [ids.cedar, null, macs.cedarKitchen, null],
      [ids.dogwood, macs.dogwoodMain, macs.dogwoodKitchen, null],
    ] as const) {
      const apartment = await unit(buildingId, '101', 1);
      await sensor(kitchen, apartment, ApplianceType.KitchenCold);
      if (toilet) await sensor(toilet, apartment, ApplianceType.MainToilet);
      if (main)
        await sensor(main, await unit(buildingId, 'Mechanical Room', 4), ApplianceType.MainLine);
    }
    const [user] = await rows<{ id: number }>(
      sql`select id from users where email = 'admin@flowsight.test'`,
    );
    ids.user = user?.id ?? 0;
    await t.database.db.execute(sql`
      insert into notification_contacts (user_id, company_id, notification_method_id, destination, enabled)
      values (${ids.user}, ${ids.company}, ${NotificationMethod.Email}, 'pipes@contacts.test', true)`);
    await t.app.ingest.ingest(week(['2026-03-06', '2026-03-07', '2026-03-08']));
  });
  afterAll(() => t.close());

  it('follows the company threshold: nothing at 35 %, the building alert at the default', async () => {
    const strict = await admin(
      `/api/companies/${ids.company}/appliances-thresholds/unaccounted-water`,
      { method: 'PUT', payload: { share_percent: 35, min_gallons_per_day: null } },
    );
    expect(strict.statusCode).toBe(200);
    expect(await sweepAt(march9)).toEqual([]);
    expect(await alerts()).toEqual([]);

    await admin(`/api/companies/${ids.company}/appliances-thresholds/unaccounted-water`, {
      method: 'PUT',
      payload: { share_percent: null, min_gallons_per_day: null },
    });
    const before = t.mailbox?.messages.length ?? 0;
    const changes = await sweepAt(march9);
    expect(changes.map((c) => [c.kind, c.buildingId, c.unitId])).toEqual([
      ['opened', ids.alder, null],
    ]);
    // One alert, for Alder only: not the healthy building, not the one without a main line, not
    // the pilot building.
    expect(await alerts()).toEqual([
      {
        id: expect.any(Number),
        building_id: ids.alder,
        unit_id: null,
        sensor_id: null,
        category: NotificationCategory.Leak,
        status: NotificationStatus.New,
        rate: 300 * 30,
      },
    ]);
    const [alert] = await alerts();
    const events = await rows<{ action: string }>(sql`
      select action from events where entity_type = 'alert' and entity_id = ${alert?.id ?? 0}`);
    expect(events).toEqual([{ action: 'opened' }]);

    const mails = (t.mailbox?.messages.slice(before) ?? []).filter((m) =>
      m.to.includes('pipes@contacts.test'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Flowsight alert: Unaccounted water at Alder Street 1');
    expect(mails[0]?.text).toContain('Rate: 9,000 gal/month');
    expect(mails[0]?.text).toContain('Fixture: Whole building (main line against fixtures)');
    expect(mails[0]?.text).toContain(
      `See it in Flowsight: http://flowsight.test/companies/${ids.company}/properties/${ids.property}/buildings/${ids.alder}/alerts`,
    );
  });

  it('is in the bell and the building’s alerts, readable without a unit or a fixture', async () => {
    const [alert] = await alerts();
    const bell = (await admin('/api/notifications/active-leaks')).json() as {
      id: number;
      address: string;
      link: string;
      unit_name: string | null;
      building_name: string | null;
      monthly_cost: number | null;
    }[];
    expect(bell.find((a) => a.id === alert?.id)).toMatchObject({
      address: 'Alder Street 1',
      link: `/companies/${ids.company}/properties/${ids.property}/buildings/${ids.alder}/alerts`,
      unit_name: null,
      building_name: 'Alder',
      monthly_cost: 90,
    });
    const listed = (await admin(`/api/buildings/${ids.alder}/alerts`)).json() as {
      data: { id: number }[];
    };
    expect(listed.data.map((a) => a.id)).toContain(alert?.id);
  });

  it('is not duplicated by the next sweep: the open alert is updated', async () => {
    const changes = await sweepAt('2026-03-09T06:30:00Z');
    expect(changes.map((c) => [c.kind, c.buildingId])).toEqual([['updated', ids.alder]]);
    expect(await alerts()).toHaveLength(1);
  });

  it('after "Fixed it", needs three new days above the threshold to open again', async () => {
    const [alert] = await alerts();
    const fixed = await admin(`/api/notifications/${alert?.id}/status/3`, {
      method: 'PUT',
      payload: { note: 'Found a leaking pipe in the basement wall' },
    });
    expect(fixed.statusCode).toBe(200);
    // The engine runs on this test's clock (March 2026): the closure moves there too, 02:30 EDT.
    await t.database.db.execute(sql`
      update notifications set closed_at = '2026-03-09T06:30:00Z' where id = ${alert?.id ?? 0}`);
    // The days that raised it do not raise it again.
    expect(await sweepAt('2026-03-09T07:30:00Z')).toEqual([]);
    expect((await alerts()).map((a) => a.status)).toEqual([NotificationStatus.Closed]);

    // The water keeps disappearing. The day of the closure does not count, so 10 and 11 March
    // are not enough; with 12 March there are three new days: a new alert.
    await t.app.ingest.ingest(week(['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12']));
    expect(await sweepAt('2026-03-12T05:30:00Z')).toEqual([]);
    const changes = await sweepAt('2026-03-13T05:30:00Z');
    expect(changes.map((c) => [c.kind, c.buildingId])).toEqual([['opened', ids.alder]]);
    expect((await alerts()).map((a) => a.status)).toEqual([
      NotificationStatus.Closed,
      NotificationStatus.New,
    ]);
  });
});

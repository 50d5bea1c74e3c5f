// The appliance-threshold calls end to end through the HTTP layer, on the demo portfolio: the 22
// fixture types with the company's value and the type's default, setting and removing a value
// with its event, every refusal (bad value, unknown type, another company, roles without the
// right), and that a refusal changes nothing; the same for the unaccounted-water threshold.
import { ApplianceType, applianceTypes, RoleType } from '@flowsight/domain/lookups';
import {
  applianceThresholdMessages as m,
  unaccountedThresholdMessages as u,
} from '@flowsight/domain/thresholds';
import { UNACCOUNTED_WINDOW_DAYS, unaccountedWaterDefaults } from '@flowsight/domain/unaccounted';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import { demoParts, insertSitePerson } from '../../testing/site-staff.ts';

type Row = {
  appliance_type_id: number;
  name: string;
  threshold: number | null;
  default_threshold: number | null;
};
type EventRow = {
  action: string;
  entity_id: number;
  company_id: number | null;
  actor_user_id: number | null;
  from_value: unknown;
  to_value: unknown;
  note: string | null;
};

describe('company appliance thresholds API', () => {
  let t: TestApp;
  let own: number;
  let foreign: number;
  let admin: AuthorizedRequest;
  let support: AuthorizedRequest;
  let technician: AuthorizedRequest;
  let companyAdmin: AuthorizedRequest;
  let manager: AuthorizedRequest;
  let installer: AuthorizedRequest;
  let companyAdminId: number;

  const query = async <T>(text: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(text)) as unknown as { rows: T[] }).rows;
  const stored = () =>
    query<{ company_id: number; appliance_type_id: number; threshold: string }>(
      sql`select company_id, appliance_type_id, threshold::text as threshold
          from company_appliance_thresholds order by company_id, appliance_type_id`,
    );
  const eventsOf = (company: number) =>
    query<EventRow>(sql`select action, entity_id, company_id, actor_user_id, from_value, to_value, note
      from events where entity_type = 'company_appliance_threshold' and company_id = ${company}
      order by id`);
  const url = (company: number, type: number | string, value: string) =>
    `/api/companies/${company}/appliances-thresholds/${type}/${value}`;

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    const companyOf = async (email: string) => {
      const [row] = await query<{ company_id: number; user_id: number }>(sql`
        select r.company_id, u.id as user_id from user_roles r join users u on u.id = r.user_id
        where u.email = ${email} order by r.id limit 1`);
      if (!row) throw new Error(`no company for ${email}`);
      return row;
    };
    own = (await companyOf('manager@flowsight.test')).company_id;
    foreign = (await companyOf('other.admin@flowsight.test')).company_id;
    companyAdminId = (await companyOf('company.admin@flowsight.test')).user_id;
    admin = await t.as('admin@flowsight.test');
    support = await t.as('support@flowsight.test');
    technician = await t.as('technician@flowsight.test');
    companyAdmin = await t.as('company.admin@flowsight.test');
    manager = await t.as('manager@flowsight.test');
    installer = await t.as('installer@flowsight.test');
  });
  afterAll(() => t.close());

  describe('GET /companies/:id/appliances-thresholds', () => {
    it('lists all 22 fixture types in id order with the company value and the type default', async () => {
      const response = await manager(`/api/companies/${own}/appliances-thresholds`);
      expect(response.statusCode).toBe(200);
      const rows = response.json() as Row[];
      expect(rows.map((r) => r.appliance_type_id)).toEqual(applianceTypes.map((a) => a.id));
      expect(rows.map((r) => r.name)).toEqual(applianceTypes.map((a) => a.name));

      const defaults = await query<{ id: number; daily_high_gal: number | null }>(
        sql`select id, daily_high_gal::float8 as daily_high_gal from appliance_types order by id`,
      );
      expect(rows.map((r) => r.default_threshold)).toEqual(
        defaults.map((d) => (d.daily_high_gal === null ? null : Number(d.daily_high_gal))),
      );
      const mine = (await stored()).filter((s) => s.company_id === own);
      for (const row of rows) {
        const value = mine.find((s) => s.appliance_type_id === row.appliance_type_id);
        expect(row.threshold, row.name).toBe(value ? Number(value.threshold) : null);
      }
    });

    it('is open to staff and company roles, 404 for another company, 403 for the installer', async () => {
      for (const caller of [admin, support, technician]) {
        expect((await caller(`/api/companies/${foreign}/appliances-thresholds`)).statusCode).toBe(
          200,
        );
      }
      expect((await companyAdmin(`/api/companies/${own}/appliances-thresholds`)).statusCode).toBe(
        200,
      );
      const theirs = await manager(`/api/companies/${foreign}/appliances-thresholds`);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().message).toBe(m.companyNotFound);
      expect((await admin('/api/companies/999999/appliances-thresholds')).statusCode).toBe(404);
      expect((await installer(`/api/companies/${own}/appliances-thresholds`)).statusCode).toBe(403);
    });
  });

  describe('PUT /companies/:id/appliances-thresholds/:applianceTypeId/:threshold', () => {
    it('sets, changes and removes (none) a threshold, recording who did it each time', async () => {
      const type = ApplianceType.WashingMachine;
      await companyAdmin(url(own, type, 'none'), { method: 'PUT' });
      const before = (await eventsOf(own)).length;

      const set = await companyAdmin(url(own, type, '175.5'), { method: 'PUT' });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toMatchObject({
        appliance_type_id: type,
        name: 'washing machine',
        threshold: 175.5,
      });
      const listed = (await manager(`/api/companies/${own}/appliances-thresholds`)).json() as Row[];
      expect(listed.find((r) => r.appliance_type_id === type)?.threshold).toBe(175.5);

      const changed = await admin(url(own, type, '200'), { method: 'PUT' });
      expect(changed.json().threshold).toBe(200);
      const removed = await companyAdmin(url(own, type, 'none'), { method: 'PUT' });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().threshold).toBeNull();
      expect(
        (await stored()).some((s) => s.company_id === own && s.appliance_type_id === type),
      ).toBe(false);

      const events = (await eventsOf(own)).slice(before);
      expect(events).toEqual([
        {
          action: 'set',
          entity_id: type,
          company_id: own,
          actor_user_id: companyAdminId,
          from_value: { threshold: null },
          to_value: { threshold: 175.5 },
          note: 'washing machine',
        },
        expect.objectContaining({ action: 'set', to_value: { threshold: 200 } }),
        expect.objectContaining({
          action: 'removed',
          actor_user_id: companyAdminId,
          from_value: { threshold: 200 },
          to_value: { threshold: null },
        }),
      ]);
    });

    it('records nothing when the value is already the stored one', async () => {
      await admin(url(own, ApplianceType.Dishwasher, '90'), { method: 'PUT' });
      const count = (await eventsOf(own)).length;
      const again = await admin(url(own, ApplianceType.Dishwasher, '90.000'), { method: 'PUT' });
      expect(again.statusCode).toBe(200);
      expect(again.json().threshold).toBe(90);
      expect(await eventsOf(own)).toHaveLength(count);
    });

    it('lets system support set any company’s threshold', async () => {
      const response = await support(url(foreign, ApplianceType.MainShower, '60'), {
        method: 'PUT',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().threshold).toBe(60);
    });

    it('refuses a value outside 0–100,000 gallons or with more than 3 decimals, changing nothing', async () => {
      const before = await stored();
      for (const [value, message] of [
        ['0', m.range],
        ['-5', m.range],
        ['100000.5', m.range],
        ['abc', m.range],
        ['1e3', m.range],
        ['1.2345', m.decimals],
      ] as const) {
        const response = await companyAdmin(url(own, ApplianceType.WashingMachine, value), {
          method: 'PUT',
        });
        expect(response.statusCode, value).toBe(400);
        expect(response.json().message).toEqual([message]);
      }
      const upper = await companyAdmin(url(own, ApplianceType.WashingMachine, '100000'), {
        method: 'PUT',
      });
      expect(upper.statusCode).toBe(200);
      await companyAdmin(url(own, ApplianceType.WashingMachine, 'none'), { method: 'PUT' });
      expect(await stored()).toEqual(before);
    });

    it('refuses an unknown fixture type with 400', async () => {
      for (const type of ['0', '23', '999']) {
        const response = await admin(url(own, type, '50'), { method: 'PUT' });
        expect(response.statusCode, type).toBe(400);
        expect(response.json().message).toEqual([m.unknownType]);
      }
      expect((await admin(url(own, 'washer', '50'), { method: 'PUT' })).statusCode).toBe(400);
    });

    it('answers 404 for another company or an unknown one, and changes nothing', async () => {
      const before = await stored();
      const foreignEvents = (await eventsOf(foreign)).length;
      const theirs = await companyAdmin(url(foreign, ApplianceType.WashingMachine, '50'), {
        method: 'PUT',
      });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().message).toBe(m.companyNotFound);
      expect(
        (await admin(url(999999, ApplianceType.WashingMachine, '50'), { method: 'PUT' }))
          .statusCode,
      ).toBe(404);
      expect(await stored()).toEqual(before);
      expect(await eventsOf(foreign)).toHaveLength(foreignEvents);
    });

    it('is refused (403) for the technician, the manager and the installer', async () => {
      const before = await stored();
      for (const caller of [technician, manager, installer]) {
        const response = await caller(url(own, ApplianceType.WashingMachine, '50'), {
          method: 'PUT',
        });
        expect(response.statusCode).toBe(403);
      }
      expect(await stored()).toEqual(before);
    });
  });

  describe('the unaccounted-water threshold', () => {
    const path = (company: number) =>
      `/api/companies/${company}/appliances-thresholds/unaccounted-water`;
    const put = (caller: AuthorizedRequest, company: number, payload: object) =>
      caller(path(company), { method: 'PUT', payload });
    const storedUnaccounted = () =>
      query<{
        company_id: number;
        share_percent: string | null;
        min_gallons_per_day: string | null;
      }>(
        sql`select company_id, share_percent::text as share_percent,
              min_gallons_per_day::text as min_gallons_per_day
            from company_unaccounted_thresholds order by company_id`,
      );
    const unaccountedEvents = (company: number) =>
      query<EventRow>(sql`select action, entity_id, company_id, actor_user_id, from_value, to_value, note
        from events where entity_type = 'company_unaccounted_threshold' and company_id = ${company}
        order by id`);
    const defaults = {
      default_share_percent: unaccountedWaterDefaults.sharePercent,
      default_min_gallons_per_day: unaccountedWaterDefaults.minGallonsPerDay,
      window_days: UNACCOUNTED_WINDOW_DAYS,
    };

    it('reads the defaults until the company sets its own, for staff and company roles', async () => {
      await put(admin, own, { share_percent: null, min_gallons_per_day: null });
      for (const caller of [manager, companyAdmin]) {
        const response = await caller(path(own));
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          share_percent: null,
          min_gallons_per_day: null,
          ...defaults,
        });
      }
      for (const caller of [admin, support, technician]) {
        expect((await caller(path(foreign))).statusCode).toBe(200);
      }
      expect((await manager(path(foreign))).statusCode).toBe(404);
      expect((await installer(path(own))).statusCode).toBe(403);
    });

    it('sets both values, changes one back to its default, and records each change', async () => {
      const before = (await unaccountedEvents(own)).length;
      const set = await put(companyAdmin, own, { share_percent: 22.5, min_gallons_per_day: 80 });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ share_percent: 22.5, min_gallons_per_day: 80, ...defaults });
      expect((await manager(path(own))).json()).toMatchObject({
        share_percent: 22.5,
        min_gallons_per_day: 80,
      });
      const back = await put(admin, own, { share_percent: null, min_gallons_per_day: 80 });
      expect(back.json()).toMatchObject({ share_percent: null, min_gallons_per_day: 80 });
      // The same values again change nothing and record nothing.
      await put(admin, own, { share_percent: null, min_gallons_per_day: 80.0 });
      const cleared = await put(companyAdmin, own, {
        share_percent: null,
        min_gallons_per_day: null,
      });
      expect(cleared.json()).toMatchObject({ share_percent: null, min_gallons_per_day: null });
      expect((await storedUnaccounted()).some((r) => r.company_id === own)).toBe(false);

      expect((await unaccountedEvents(own)).slice(before)).toEqual([
        {
          action: 'set',
          entity_id: own,
          company_id: own,
          actor_user_id: companyAdminId,
          from_value: { share_percent: null, min_gallons_per_day: null },
          to_value: { share_percent: 22.5, min_gallons_per_day: 80 },
          note: null,
        },
        expect.objectContaining({
          from_value: { share_percent: 22.5, min_gallons_per_day: 80 },
          to_value: { share_percent: null, min_gallons_per_day: 80 },
        }),
        expect.objectContaining({
          actor_user_id: companyAdminId,
          to_value: { share_percent: null, min_gallons_per_day: null },
        }),
      ]);
    });

    it('refuses bad values with one message each, and a malformed body, changing nothing', async () => {
      const before = await storedUnaccounted();
      for (const [payload, messages] of [
        [{ share_percent: 0, min_gallons_per_day: 50 }, [u.share]],
        [{ share_percent: 100.5, min_gallons_per_day: 50 }, [u.share]],
        [{ share_percent: 12.25, min_gallons_per_day: 50 }, [u.share]],
        [{ share_percent: 20, min_gallons_per_day: -1 }, [u.gallons]],
        [{ share_percent: 20, min_gallons_per_day: 1.0005 }, [u.gallons]],
        [{ share_percent: -3, min_gallons_per_day: 200_000 }, [u.share, u.gallons]],
      ] as const) {
        const response = await put(companyAdmin, own, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().message).toEqual(messages);
      }
      for (const payload of [{ share_percent: '20' }, { min_gallons_per_day: 50 }, {}]) {
        expect((await put(companyAdmin, own, payload)).statusCode, JSON.stringify(payload)).toBe(
          400,
        );
      }
      expect(await storedUnaccounted()).toEqual(before);
    });

    it('answers 404 for another company and 403 for roles that may not edit, changing nothing', async () => {
      const before = await storedUnaccounted();
      const payload = { share_percent: 20, min_gallons_per_day: 60 };
      const theirs = await put(companyAdmin, foreign, payload);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().message).toBe(m.companyNotFound);
      expect((await put(admin, 999999, payload)).statusCode).toBe(404);
      for (const caller of [technician, manager, installer]) {
        expect((await put(caller, own, payload)).statusCode).toBe(403);
      }
      expect(await storedUnaccounted()).toEqual(before);
    });
  });
  it('refuses both company thresholds to an admin of one property, writing nothing', async () => {
    const parts = await demoParts(t);
    await insertSitePerson(t, 'thresholds.site@flowsight.test', RoleType.CompanyAdmin, {
      companyId: parts.company.id,
      propertyId: parts.a.id,
    });
    const siteAdmin = await t.as('thresholds.site@flowsight.test');
    const [unaccountedBefore] = await query<{ n: number }>(
      sql`select count(*)::int as n from company_unaccounted_thresholds`,
    );
    const before = await stored();
    const set = await siteAdmin(url(parts.company.id, ApplianceType.WashingMachine, '150'), {
      method: 'PUT',
    });
    expect(set.statusCode, set.body).toBe(403);
    expect(set.json().message).toBe(
      'This needs a role over the whole company; yours covers one property',
    );
    const unaccounted = await siteAdmin(
      `/api/companies/${parts.company.id}/appliances-thresholds/unaccounted-water`,
      { method: 'PUT', payload: { share_percent: 20, min_gallons_per_day: 80 } },
    );
    expect(unaccounted.statusCode, unaccounted.body).toBe(403);
    expect(await stored()).toEqual(before);
    const [unaccountedAfter] = await query<{ n: number }>(
      sql`select count(*)::int as n from company_unaccounted_thresholds`,
    );
    expect(unaccountedAfter).toEqual(unaccountedBefore);
    // Reading them stays open: they decide the alerts of the property too.
    expect(
      (await siteAdmin(`/api/companies/${parts.company.id}/appliances-thresholds`)).statusCode,
    ).toBe(200);
  });
});

// The event log end to end through the HTTP layer, on the demo portfolio: newest first with the
// actor's name and email and the company's name, each filter, search, sorting, paging, the
// refusals of the list language, and that only system roles may read it.
import { ApplianceType } from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';

type EventRow = {
  id: number;
  occurred_at: string;
  actor_user_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  actor_role_type_id: number | null;
  company_id: number | null;
  company_name: string | null;
  entity_type: string;
  entity_id: number;
  action: string;
  from_value: unknown;
  to_value: unknown;
  note: string | null;
};

describe('events API', () => {
  let t: TestApp;
  let own: { id: number; name: string };
  let admin: AuthorizedRequest;
  let support: AuthorizedRequest;
  let technician: AuthorizedRequest;
  let companyAdmin: AuthorizedRequest;
  let manager: AuthorizedRequest;
  let tester: AuthorizedRequest;
  let installer: AuthorizedRequest;
  let companyAdminUser: { id: number; name: string };

  const query = async <T>(text: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(text)) as unknown as { rows: T[] }).rows;
  const list = async (caller: AuthorizedRequest, search: string) => {
    const response = await caller(`/api/events${search}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: EventRow[]; meta: { totalItems: number } };
  };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    const [company] = await query<{ id: number; name: string }>(sql`
      select c.id, c.name from companies c join user_roles r on r.company_id = c.id
      join users u on u.id = r.user_id where u.email = 'company.admin@flowsight.test'
      order by r.id limit 1`);
    const [user] = await query<{ id: number; name: string }>(sql`
      select id, first_name || ' ' || last_name as name from users
      where email = 'company.admin@flowsight.test'`);
    if (!company || !user) throw new Error('demo company admin missing');
    own = company;
    companyAdminUser = user;
    admin = await t.as('admin@flowsight.test');
    support = await t.as('support@flowsight.test');
    technician = await t.as('technician@flowsight.test');
    companyAdmin = await t.as('company.admin@flowsight.test');
    manager = await t.as('manager@flowsight.test');
    tester = await t.as('tester@flowsight.test');
    installer = await t.as('installer@flowsight.test');

    // Two changes by the company admin, then a system event without an actor.
    const put = (value: string) =>
      companyAdmin(
        `/api/companies/${own.id}/appliances-thresholds/${ApplianceType.WashingMachine}/${value}`,
        { method: 'PUT' },
      );
    expect((await put('140')).statusCode).toBe(200);
    expect((await put('160')).statusCode).toBe(200);
    await t.database.db.execute(sql`
      insert into events (occurred_at, company_id, entity_type, entity_id, action, note)
      values ('2020-01-15T12:00:00Z', ${own.id}, 'sensor', 1, 'status', 'Quiet for 3 intervals')`);
  });
  afterAll(() => t.close());

  it('lists events newest first with actor, company, from/to values and note', async () => {
    const body = await list(admin, '?limit=2');
    expect(body.meta.totalItems).toBeGreaterThanOrEqual(3);
    const [latest, previous] = body.data;
    expect(latest).toMatchObject({
      entity_type: 'company_appliance_threshold',
      entity_id: ApplianceType.WashingMachine,
      action: 'set',
      actor_user_id: companyAdminUser.id,
      actor_name: companyAdminUser.name,
      actor_email: 'company.admin@flowsight.test',
      actor_role_type_id: 4,
      company_id: own.id,
      company_name: own.name,
      from_value: { threshold: 140 },
      to_value: { threshold: 160 },
      note: 'washing machine',
    });
    expect(previous).toMatchObject({ to_value: { threshold: 140 } });
    const all = await list(admin, '?limit=500');
    const times = all.data.map((e) => Date.parse(e.occurred_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('shows system events without an actor', async () => {
    const body = await list(admin, '?filter.entity_type=$eq:sensor&filter.action=status');
    const quiet = body.data.find((e) => e.note === 'Quiet for 3 intervals');
    expect(quiet).toMatchObject({
      actor_user_id: null,
      actor_name: null,
      actor_email: null,
      company_name: own.name,
    });
  });

  it('filters by entity type, entity id, action, company, actor and time', async () => {
    const byType = await list(admin, '?filter.entity_type=company_appliance_threshold');
    expect(byType.data.length).toBe(2);
    expect(byType.data.every((e) => e.entity_type === 'company_appliance_threshold')).toBe(true);

    const byEntity = await list(
      admin,
      `?filter.entity_type=company_appliance_threshold&filter.entity_id=${ApplianceType.Dishwasher}`,
    );
    expect(byEntity.data).toEqual([]);

    // The demo's alert history holds the company admin's older changes too.
    const byActor = await list(admin, `?filter.actor_user_id=$eq:${companyAdminUser.id}&limit=500`);
    expect(byActor.data.every((e) => e.actor_user_id === companyAdminUser.id)).toBe(true);
    expect(
      byActor.data.filter((e) => e.entity_type === 'company_appliance_threshold'),
    ).toHaveLength(2);
    const byCompany = await list(admin, `?filter.company_id=${own.id}&limit=500`);
    expect(byCompany.data.every((e) => e.company_id === own.id)).toBe(true);
    expect(byCompany.data.length).toBeGreaterThanOrEqual(3);
    const byAction = await list(admin, '?filter.action=$in:set,removed');
    expect(byAction.data.every((e) => ['set', 'removed'].includes(e.action))).toBe(true);

    const old = await list(
      admin,
      '?filter.occurred_at=$btw:2020-01-01T00:00:00Z,2020-01-31T23:59:59Z',
    );
    expect(old.data.map((e) => e.note)).toEqual(['Quiet for 3 intervals']);
    const recent = await list(admin, '?filter.occurred_at=$gte:2021-01-01&limit=500');
    expect(recent.data.some((e) => e.note === 'Quiet for 3 intervals')).toBe(false);
  });

  it('searches action, note and entity type, case-insensitively', async () => {
    // Alert notes of the demo's history mention washing machines too.
    const washing = await list(admin, '?search=WASHING&limit=500');
    expect(
      washing.data.every((e) => /washing/i.test(`${e.action} ${e.note} ${e.entity_type}`)),
    ).toBe(true);
    expect(
      washing.data.filter((e) => e.entity_type === 'company_appliance_threshold'),
    ).toHaveLength(2);
    expect((await list(admin, '?search=quiet')).data.map((e) => e.action)).toEqual(['status']);
    const byType = await list(admin, '?search=appliance_thr');
    expect(byType.data.every((e) => e.entity_type === 'company_appliance_threshold')).toBe(true);
    expect((await list(admin, '?search=nothing-like-this')).data).toEqual([]);
  });

  it('sorts and pages without overlap', async () => {
    const oldest = await list(admin, '?sortBy=occurred_at:ASC&limit=1');
    expect(oldest.data[0]?.note).toBe('Quiet for 3 intervals');
    const first = await list(admin, '?limit=1&page=1');
    const second = await list(admin, '?limit=1&page=2');
    expect(first.data[0]?.id).not.toBe(second.data[0]?.id);
    expect((await list(admin, '?sortBy=actor_name:ASC')).data.length).toBeGreaterThan(0);
  });

  it('refuses unknown fields and malformed values with 400', async () => {
    const unknown = await admin('/api/events?filter.note=x');
    expect(unknown.statusCode).toBe(400);
    const badSort = await admin('/api/events?sortBy=note:ASC');
    expect(badSort.json().message).toEqual(["sortBy: unknown field 'note'"]);
    expect((await admin('/api/events?filter.occurred_at=$gte:yesterday')).statusCode).toBe(400);
    expect((await admin('/api/events?filter.entity_id=$eq:x')).statusCode).toBe(400);
    expect((await admin('/api/events?limit=501')).statusCode).toBe(400);
  });

  it('is for system roles only', async () => {
    for (const caller of [support, technician]) {
      expect((await caller('/api/events')).statusCode).toBe(200);
    }
    for (const caller of [companyAdmin, manager, tester, installer]) {
      expect((await caller('/api/events')).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/events' })).statusCode).toBe(401);
  });
});

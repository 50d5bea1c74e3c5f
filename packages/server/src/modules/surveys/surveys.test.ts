// The survey, installer and shipping calls end to end through the HTTP layer on the demo
// portfolio, mail read from a real SMTP server: every survey transition (0 → 1 on the first
// answer, send, the customer's approval 1 → 2 through the emailed link, DX 2 → 3, reopen → 1) and
// every refusal (409 naming the status), each transition an event; the approval link works once,
// reading it changes nothing, a reused or another building's link is refused; installers,
// shipments, the shipping contact and a property's shipping date; another company's building is
// 404 and a manager's writes 403.
import {
  ApplianceType,
  NotificationMethod,
  SurveyStatus,
  UserStatus,
} from '@flowsight/domain/lookups';
import type { BuildingSurvey } from '@flowsight/domain/survey';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import type { ReceivedMail } from '../../testing/mailbox.ts';

const CUSTOMER = 'survey.customer@flowsight.test';

/** The approval link of a survey email. */
function approvalLinkIn(mail: ReceivedMail) {
  const match = /http:\/\/flowsight\.test\/survey-approval\/(\d+)\/([A-Za-z0-9_-]+)/.exec(
    mail.text,
  );
  if (!match) throw new Error(`no approval link in ${mail.text}`);
  return { buildingId: Number(match[1]), token: match[2] ?? '' };
}

describe('building survey, installers and shipping API', () => {
  let t: TestApp;
  let admin: AuthorizedRequest;
  let technician: AuthorizedRequest;
  let companyAdmin: AuthorizedRequest;
  let manager: AuthorizedRequest;
  let installer: AuthorizedRequest;
  let own: { company: number; property: number; building: number; units: number[] };
  let foreignBuilding: number;
  let installerUserId: number;

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const surveyEvents = (building: number) =>
    rows<{
      action: string;
      from_value: number;
      to_value: number;
      actor_user_id: number | null;
      note: string | null;
    }>(
      sql`select action, from_value, to_value, actor_user_id, note from events
          where entity_type = 'building_survey' and entity_id = ${building} order by id`,
    );
  const statusOf = async (building: number) =>
    (
      await rows<{ s: number }>(
        sql`select survey_status as s from buildings where id = ${building}`,
      )
    )[0]?.s;
  const answer = (unit: number, applianceTypeId: number, item: string, value: string) => ({
    unit_id: unit,
    appliance_type_id: applianceTypeId,
    item,
    value,
  });
  const put = (who: AuthorizedRequest, path: string, payload: object = {}) =>
    who(`/api/buildings/${own.building}${path}`, { method: 'PUT', payload });
  const publicCall = (method: 'GET' | 'POST', buildingId: number, token: string) =>
    t.app.inject({ method, url: `/api/survey-approval/${buildingId}/${token}` });

  beforeAll(async () => {
    t = await buildTestApp({ demo: true, mailbox: true });
    [admin, technician, companyAdmin, manager, installer] = await Promise.all([
      t.as('admin@flowsight.test'),
      t.as('technician@flowsight.test'),
      t.as('company.admin@flowsight.test'),
      t.as('manager@flowsight.test'),
      t.as('installer@flowsight.test'),
    ]);
    const [company] = await rows<{ company: number; user: number }>(sql`
      select r.company_id as company, u.id as user from user_roles r join users u on u.id = r.user_id
      where u.email = 'company.admin@flowsight.test' and r.company_id is not null order by r.id limit 1`);
    if (!company) throw new Error('no company of the company admin');
    // A fresh building of two units, so the demo's surveys stay untouched.
    const [property] = await rows<{ id: number }>(
      sql`select id from properties where company_id = ${company.company} order by id limit 1`,
    );
    const [building] = await rows<{ id: number }>(sql`
      insert into buildings (company_id, property_id, name) values (${company.company}, ${property?.id}, 'Survey House')
      returning id`);
    if (!property || !building) throw new Error('no property');
    const units = await rows<{ id: number }>(sql`
      insert into units (company_id, property_id, building_id, name, unit_category_id)
      values (${company.company}, ${property.id}, ${building.id}, 'A1', 1),
             (${company.company}, ${property.id}, ${building.id}, 'A2', 1)
      returning id`);
    own = {
      company: company.company,
      property: property.id,
      building: building.id,
      units: units.map((u) => u.id),
    };
    const [foreign] = await rows<{ id: number }>(
      sql`select id from buildings where company_id <> ${company.company} order by id limit 1`,
    );
    if (!foreign) throw new Error('no foreign building');
    foreignBuilding = foreign.id;
    await t.database.db.execute(sql`
      insert into notification_contacts (user_id, company_id, building_id, notification_method_id, destination)
      values (${company.user}, ${company.company}, ${building.id}, ${NotificationMethod.Email}, ${CUSTOMER})`);
    const [inst] = await rows<{ id: number }>(
      sql`select id from users where email = 'installer@flowsight.test'`,
    );
    installerUserId = inst?.id ?? 0;
  });
  afterAll(() => t?.close());

  it('serves every survey, installer and shipping call of the specification in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const specified = [
      'put /buildings/{id}/survey',
      'put /buildings/{id}/approve-send-survey',
      'put /buildings/{id}/approve-survey-dx',
      'put /buildings/{id}/reopen-survey',
      'get /buildings/{id}/installer',
      'post /buildings/{id}/installers',
      'put /buildings/installers/{id}',
      'post /buildings/{id}/shipping',
      'get /buildings/{id}/shipping-contact',
      'post /buildings/{id}/shipping-contact',
      'get /properties/{id}/shipping-date',
    ];
    const missing = specified.filter((call) => {
      const [method = '', path = ''] = call.split(' ');
      return document.paths[path]?.[method] === undefined;
    });
    expect(missing).toEqual([]);
  });

  describe('survey', () => {
    it('starts at none with no answers, each unit unsurveyed', async () => {
      const res = await manager(`/api/buildings/${own.building}/survey`);
      expect(res.statusCode).toBe(200);
      const body = res.json<BuildingSurvey>();
      expect(body).toMatchObject({
        status: 0,
        status_name: 'None',
        actions: ['answer'],
        progress: { surveyed: 0, units: 2 },
        answers: [],
        history: [],
        dx_plan: null,
      });
    });

    it('refuses to send, approve or reopen a survey not begun, naming its status', async () => {
      for (const [path, payload] of [
        ['/approve-send-survey', {}],
        ['/approve-survey-dx', { micrometers: {} }],
        ['/reopen-survey', { reason: 'why' }],
      ] as const) {
        const res = await put(admin, path, payload);
        expect(res.statusCode, path).toBe(409);
        expect(res.json().message).toContain('The survey is None');
      }
      expect(await surveyEvents(own.building)).toEqual([]);
    });

    it('moves 0 → 1 on the first answer, once, and saves answers idempotently', async () => {
      const [a1, a2] = own.units as [number, number];
      const first = await put(
        technician,
        '/survey',
        answer(a1, ApplianceType.KitchenCold, 'supply_size', '1/2'),
      );
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ status: 1, status_name: 'In Survey' });
      await put(technician, '/survey', answer(a1, ApplianceType.KitchenCold, 'supply_size', '3/8'));
      await put(technician, '/survey', answer(a1, ApplianceType.KitchenCold, 'supply_size', '1/2'));
      await put(companyAdmin, '/survey', answer(a1, ApplianceType.KitchenCold, 'access', 'Yes'));
      const last = await put(
        technician,
        '/survey',
        answer(a2, ApplianceType.MainShower, 'outlet_size', '3/8'),
      );
      const body = last.json<BuildingSurvey>();
      expect(body.answers).toHaveLength(3);
      expect(body.progress).toEqual({ surveyed: 1, units: 2 });
      expect(body.units.map((u) => u.surveyed)).toEqual([true, false]);
      expect(body.micrometers_needed).toEqual({ '1/2': 1, '3/8': 1 });
      const events = await surveyEvents(own.building);
      expect(events).toMatchObject([{ action: 'answer', from_value: 0, to_value: 1 }]);
    });

    it('refuses an answer the fixture is not asked, an unlisted value or a unit of another building', async () => {
      const [a1] = own.units as [number];
      const notAsked = await put(
        technician,
        '/survey',
        answer(a1, ApplianceType.KitchenCold, 'main_size', '1'),
      );
      expect(notAsked.statusCode).toBe(400);
      const unlisted = await put(
        technician,
        '/survey',
        answer(a1, ApplianceType.KitchenCold, 'supply_size', '7/8'),
      );
      expect(unlisted.statusCode).toBe(400);
      const [otherUnit] = await rows<{ id: number }>(
        sql`select id from units where building_id <> ${own.building} and company_id = ${own.company} limit 1`,
      );
      const elsewhere = await put(
        technician,
        '/survey',
        answer(otherUnit?.id ?? 0, ApplianceType.KitchenCold, 'access', 'No'),
      );
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().message).toContain('not in this building');
    });

    it('lets a manager read but not write; another company’s building is 404; the installer may not survey', async () => {
      expect(
        (await put(manager, '/survey', answer(own.units[0] ?? 0, 1, 'access', 'Yes'))).statusCode,
      ).toBe(403);
      expect((await put(manager, '/reopen-survey', { reason: 'x' })).statusCode).toBe(403);
      expect(
        (await put(installer, '/survey', answer(own.units[0] ?? 0, 1, 'access', 'Yes'))).statusCode,
      ).toBe(403);
      expect((await put(companyAdmin, '/approve-survey-dx', { micrometers: {} })).statusCode).toBe(
        403,
      );
      const foreign = await companyAdmin(`/api/buildings/${foreignBuilding}/survey`, {
        method: 'PUT',
        payload: answer(own.units[0] ?? 0, 1, 'access', 'Yes'),
      });
      expect(foreign.statusCode).toBe(404);
      expect((await companyAdmin(`/api/buildings/${foreignBuilding}/survey`)).statusCode).toBe(404);
    });

    it('refuses DX approval and reopening while in progress', async () => {
      const dx = await put(admin, '/approve-survey-dx', { micrometers: { '1/2': 1 } });
      expect(dx.statusCode).toBe(409);
      expect(dx.json().message).toContain('The survey is In Survey');
      expect((await put(admin, '/reopen-survey', { reason: 'why' })).statusCode).toBe(409);
    });

    let link: { buildingId: number; token: string };

    it('emails the customer’s contacts a summary and a single-use approval link; the status stays 1', async () => {
      const before = t.mailbox?.messages.length ?? 0;
      const res = await put(companyAdmin, '/approve-send-survey', {
        message: 'Please approve by Friday',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 1, sent_to: [CUSTOMER] });
      const mail = t.mailbox?.latestTo(CUSTOMER);
      if (!mail) throw new Error('no mail');
      expect(t.mailbox?.messages.length).toBeGreaterThan(before);
      expect(mail.subject).toContain('Survey House');
      expect(mail.text).toContain('Units surveyed: 1 of 2');
      expect(mail.text).toContain('Micrometers needed: 2 (3/8 in: 1, 1/2 in: 1)');
      expect(mail.text).toContain('Please approve by Friday');
      link = approvalLinkIn(mail);
      expect(link.buildingId).toBe(own.building);
      expect((await surveyEvents(own.building)).at(-1)).toMatchObject({
        action: 'send',
        note: `Sent to ${CUSTOMER}`,
      });
    });

    it('shows what the link is about on GET and changes nothing', async () => {
      for (let i = 0; i < 2; i += 1) {
        const res = await publicCall('GET', link.buildingId, link.token);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          valid: true,
          reason: null,
          survey: { building_name: 'Survey House', status: 1, progress: { surveyed: 1, units: 2 } },
        });
      }
      expect(await statusOf(own.building)).toBe(SurveyStatus.InProgress);
    });

    it('refuses another building’s link and an unknown token', async () => {
      const foreign = await publicCall('POST', foreignBuilding, link.token);
      expect(foreign.statusCode).toBe(400);
      const unknown = await publicCall('POST', link.buildingId, 'a-token-nobody-was-given');
      expect(unknown.statusCode).toBe(400);
      expect((await publicCall('GET', foreignBuilding, link.token)).json()).toMatchObject({
        valid: false,
        reason: 'invalid',
        survey: null,
      });
      expect(await statusOf(own.building)).toBe(SurveyStatus.InProgress);
    });

    it('approves 1 → 2 once through the link, as its recipient; the link is then refused', async () => {
      const res = await publicCall('POST', link.buildingId, link.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        building_id: own.building,
        status: 2,
        status_name: 'Survey approved by customer',
      });
      const again = await publicCall('POST', link.buildingId, link.token);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This approval link has already been used');
      expect((await publicCall('GET', link.buildingId, link.token)).json()).toMatchObject({
        valid: false,
        reason: 'used',
        survey: null,
      });
      const [event] = (await surveyEvents(own.building)).slice(-1);
      expect(event).toMatchObject({ action: 'customer_approve', from_value: 1, to_value: 2 });
      expect(event?.actor_user_id).not.toBeNull();
    });

    it('refuses answers and sending once approved, naming the status', async () => {
      const res = await put(
        technician,
        '/survey',
        answer(own.units[1] ?? 0, ApplianceType.MainShower, 'access', 'Yes'),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('The survey is Survey approved by customer');
      expect((await put(admin, '/approve-send-survey')).statusCode).toBe(409);
    });

    it('records DX’s plan 2 → 3 with who and when; then refuses DX again', async () => {
      const plan = {
        micrometers: { '1/2': 1, '3/8': 1 },
        notes: 'Two fittings',
        planned_installation_date: '2026-12-15',
      };
      const res = await put(technician, '/approve-survey-dx', plan);
      expect(res.statusCode).toBe(200);
      const body = res.json<BuildingSurvey>();
      expect(body).toMatchObject({ status: 3, status_name: 'Completed', actions: ['reopen'] });
      expect(body.dx_plan).toMatchObject({ ...plan, approved_by: expect.any(Number) });
      expect(body.dx_plan?.approved_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect((await put(technician, '/approve-survey-dx', plan)).statusCode).toBe(409);
    });

    it('reopens 3 → 1 with a reason, clearing the plan; refuses a blank reason', async () => {
      expect((await put(admin, '/reopen-survey', { reason: ' ' })).statusCode).toBe(400);
      const res = await put(companyAdmin, '/reopen-survey', { reason: 'Unit A2 was missed' });
      expect(res.statusCode).toBe(200);
      const body = res.json<BuildingSurvey>();
      expect(body).toMatchObject({ status: 1, dx_plan: null });
      expect(body.history.map((h) => [h.action, h.from_status, h.to_status])).toEqual([
        ['answer', 0, 1],
        ['send', 1, 1],
        ['customer_approve', 1, 2],
        ['dx_approve', 2, 3],
        ['reopen', 3, 1],
      ]);
      expect(body.history.at(-1)?.detail).toBe('Unit A2 was missed');
      // The used link does not come back to life with the reopened survey.
      expect((await publicCall('POST', link.buildingId, link.token)).statusCode).toBe(409);
    });

    it('reopens 2 → 1 too', async () => {
      await put(admin, '/approve-send-survey');
      const fresh = approvalLinkIn(t.mailbox?.latestTo(CUSTOMER) as ReceivedMail);
      expect((await publicCall('POST', fresh.buildingId, fresh.token)).statusCode).toBe(200);
      const res = await put(admin, '/reopen-survey', { reason: 'Customer asked' });
      expect(res.json()).toMatchObject({ status: 1 });
    });

    // The specification gives reopen-survey no body (only approve-survey-dx has one).
    it('reopens without a body or with an empty one; a reason that is not text is 400', async () => {
      const bare = (path: string) =>
        admin(`/api/buildings/${own.building}${path}`, { method: 'PUT' });
      const approveByCustomer = async () => {
        // Sending has no body in the specification either.
        expect((await bare('/approve-send-survey')).statusCode).toBe(200);
        const fresh = approvalLinkIn(t.mailbox?.latestTo(CUSTOMER) as ReceivedMail);
        expect((await publicCall('POST', fresh.buildingId, fresh.token)).statusCode).toBe(200);
        expect(await statusOf(own.building)).toBe(SurveyStatus.ApprovedByCustomer);
      };
      await approveByCustomer();
      for (const body of [{ reason: 5 }, { reason: null }, { reason: ['x'] }, { why: 'x' }]) {
        const refused = await put(admin, '/reopen-survey', body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(refused.json().message).toEqual([expect.stringMatching(/^body(\.reason)?: /)]);
      }
      expect(await statusOf(own.building)).toBe(SurveyStatus.ApprovedByCustomer);

      const reopened = await bare('/reopen-survey');
      expect(reopened.statusCode, reopened.body).toBe(200);
      expect(reopened.json<BuildingSurvey>()).toMatchObject({ status: 1, dx_plan: null });
      expect(reopened.json<BuildingSurvey>().history.at(-1)).toMatchObject({
        action: 'reopen',
        from_status: 2,
        to_status: 1,
        detail: null,
      });
      expect(await statusOf(own.building)).toBe(SurveyStatus.InProgress);
      expect((await surveyEvents(own.building)).at(-1)).toMatchObject({
        action: 'reopen',
        note: null,
      });

      await approveByCustomer();
      const empty = await put(admin, '/reopen-survey', {});
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json<BuildingSurvey>().history.at(-1)).toMatchObject({
        action: 'reopen',
        detail: null,
      });
      expect(await statusOf(own.building)).toBe(SurveyStatus.InProgress);

      const document = (await t.app.inject({ url: '/api/openapi.json' })).json<{
        paths: Record<string, { put: { requestBody: { required: boolean } } }>;
      }>();
      expect(document.paths['/buildings/{id}/reopen-survey']?.put.requestBody.required).toBe(false);
    });

    it('refuses sending when the customer has no contacts', async () => {
      await t.database.db.execute(
        sql`update notification_contacts set enabled = false where destination = ${CUSTOMER}`,
      );
      const res = await put(admin, '/approve-send-survey');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('no notification contacts');
      await t.database.db.execute(
        sql`update notification_contacts set enabled = true where destination = ${CUSTOMER}`,
      );
    });
    it('refuses an expired link with 410 and shows why', async () => {
      expect((await put(admin, '/approve-send-survey')).statusCode).toBe(200);
      const expiring = approvalLinkIn(t.mailbox?.latestTo(CUSTOMER) as ReceivedMail);
      await t.database.db.execute(sql`
        update building_survey_approval_tokens set expires_at = now() - interval '1 second'
        where building_id = ${own.building} and used_at is null`);
      expect((await publicCall('GET', expiring.buildingId, expiring.token)).json()).toMatchObject({
        valid: false,
        reason: 'expired',
        survey: null,
      });
      const res = await publicCall('POST', expiring.buildingId, expiring.token);
      expect(res.statusCode).toBe(410);
      expect(await statusOf(own.building)).toBe(SurveyStatus.InProgress);
    });

    const sendLink = async () => {
      expect((await put(admin, '/approve-send-survey')).statusCode).toBe(200);
      return approvalLinkIn(t.mailbox?.latestTo(CUSTOMER) as ReceivedMail);
    };

    it('voids the earlier link on a re-send: 410, and its page shows nothing of the survey', async () => {
      const earlier = await sendLink();
      const later = await sendLink();
      expect((await publicCall('GET', earlier.buildingId, earlier.token)).json()).toMatchObject({
        valid: false,
        reason: 'replaced',
        message: expect.stringContaining('newer survey email'),
        survey: null,
      });
      const refused = await publicCall('POST', earlier.buildingId, earlier.token);
      expect(refused.statusCode).toBe(410);
      expect(await statusOf(own.building)).toBe(SurveyStatus.InProgress);
      expect((await publicCall('GET', later.buildingId, later.token)).json()).toMatchObject({
        valid: true,
        survey: { building_name: 'Survey House' },
      });
    });

    it('approves nothing for a disabled recipient or one no longer a contact of the building’s company: 403, nothing shown', async () => {
      const fresh = await sendLink();
      const noAccess = async () => {
        expect((await publicCall('GET', fresh.buildingId, fresh.token)).json()).toMatchObject({
          valid: false,
          reason: 'no-access',
          message: expect.stringContaining('no longer a contact'),
          survey: null,
        });
        const refused = await publicCall('POST', fresh.buildingId, fresh.token);
        expect(refused.statusCode, refused.body).toBe(403);
        expect(await statusOf(own.building)).toBe(SurveyStatus.InProgress);
      };
      const recipient = sql`(select user_id from notification_contacts where destination = ${CUSTOMER})`;
      const [before] = await rows<{ status: number }>(
        sql`select user_status_id as status from users where id = ${recipient}`,
      );
      await t.database.db.execute(
        sql`update users set user_status_id = ${UserStatus.Disabled} where id = ${recipient}`,
      );
      await noAccess();
      await t.database.db.execute(
        sql`update users set user_status_id = ${before?.status ?? UserStatus.Active} where id = ${recipient}`,
      );
      expect((await publicCall('GET', fresh.buildingId, fresh.token)).json()).toMatchObject({
        valid: true,
      });
      // The company switched the contact off: the survey would not go to them any more.
      await t.database.db.execute(
        sql`update notification_contacts set enabled = false where destination = ${CUSTOMER}`,
      );
      await noAccess();
      await t.database.db.execute(
        sql`update notification_contacts set enabled = true where destination = ${CUSTOMER}`,
      );
      expect((await publicCall('POST', fresh.buildingId, fresh.token)).statusCode).toBe(200);
    });
  });

  describe('installers', () => {
    let outsideId: number;

    it('assigns a company installer of the building’s company, or an outside installer', async () => {
      const company = await companyAdmin(`/api/buildings/${own.building}/installers`, {
        method: 'POST',
        payload: { user_id: installerUserId, scheduled_date: '2026-12-16' },
      });
      expect(company.statusCode).toBe(201);
      expect(company.json()).toMatchObject({ user_id: installerUserId, status: 'scheduled' });
      const outside = await admin(`/api/buildings/${own.building}/installers`, {
        method: 'POST',
        payload: { name: 'Pipe & Co', phone: '555-0100', scheduled_date: '2026-12-20' },
      });
      expect(outside.statusCode).toBe(201);
      outsideId = outside.json().id;
      const list = await manager(`/api/buildings/${own.building}/installer`);
      expect(list.json().map((i: { name: string }) => i.name)).toContain('Pipe & Co');
    });

    it('refuses a person who is no installer of that company, and a name without a phone', async () => {
      const [adminUser] = await rows<{ id: number }>(
        sql`select id from users where email = 'admin@flowsight.test'`,
      );
      const notInstaller = await admin(`/api/buildings/${own.building}/installers`, {
        method: 'POST',
        payload: { user_id: adminUser?.id },
      });
      expect(notInstaller.statusCode).toBe(400);
      const noPhone = await admin(`/api/buildings/${own.building}/installers`, {
        method: 'POST',
        payload: { name: 'Solo' },
      });
      expect(noPhone.statusCode).toBe(400);
    });

    it('updates an installer; another company’s admin gets 404, a manager 403', async () => {
      const res = await companyAdmin(`/api/buildings/installers/${outsideId}`, {
        method: 'PUT',
        payload: { scheduled_date: '2026-12-21', status: 'in_progress' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ scheduled_date: '2026-12-21', status: 'in_progress' });
      const other = await t.as('other.admin@flowsight.test');
      expect(
        (
          await other(`/api/buildings/installers/${outsideId}`, {
            method: 'PUT',
            payload: { status: 'done' },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await manager(`/api/buildings/installers/${outsideId}`, {
            method: 'PUT',
            payload: { status: 'done' },
          })
        ).statusCode,
      ).toBe(403);
      expect((await other(`/api/buildings/${own.building}/installer`)).statusCode).toBe(404);
    });

    it('lists the installer’s own assignments first for the installation page', async () => {
      const res = await installer('/api/buildings/installations/mine');
      expect(res.statusCode).toBe(200);
      expect(res.json()[0]).toMatchObject({
        building_id: own.building,
        building_name: 'Survey House',
        scheduled_date: '2026-12-16',
      });
    });
  });

  describe('shipping', () => {
    it('records shipments with sizes and MACs; the property’s shipping date is the next planned one', async () => {
      const past = await admin(`/api/buildings/${own.building}/shipping`, {
        method: 'POST',
        payload: { shipped_on: '2026-01-10', carrier: 'UPS', micrometers: { '1/2': 2 } },
      });
      expect(past.statusCode).toBe(201);
      const next = await companyAdmin(`/api/buildings/${own.building}/shipping`, {
        method: 'POST',
        payload: {
          shipped_on: '2099-12-01',
          carrier: 'FedEx',
          tracking_number: '7777',
          micrometers: { '1/2': 1, '3/8': 1 },
          macs: ['00:11:22:33:44:55:66:77'],
        },
      });
      expect(next.statusCode).toBe(201);
      expect(next.json()).toMatchObject({ micrometers_count: 2, macs: ['0011223344556677'] });
      const list = await manager(`/api/buildings/${own.building}/shipping`);
      expect(list.json()).toHaveLength(2);
      const date = await manager(`/api/properties/${own.property}/shipping-date`);
      expect(date.statusCode).toBe(200);
      expect(date.json()).toMatchObject({ shipping_date: '2099-12-01', planned: true });
      expect(
        (
          await manager(`/api/buildings/${own.building}/shipping`, {
            method: 'POST',
            payload: { shipped_on: '2026-01-01', micrometers: {} },
          })
        ).statusCode,
      ).toBe(403);
    });

    it('keeps one shipping contact per building', async () => {
      expect((await manager(`/api/buildings/${own.building}/shipping-contact`)).json()).toBeNull();
      const contact = {
        name: 'Site Office',
        phone: '555-0199',
        email: 'site@flowsight.test',
        street: '1 Main St',
      };
      const saved = await companyAdmin(`/api/buildings/${own.building}/shipping-contact`, {
        method: 'POST',
        payload: contact,
      });
      expect(saved.statusCode).toBe(200);
      await companyAdmin(`/api/buildings/${own.building}/shipping-contact`, {
        method: 'POST',
        payload: { ...contact, phone: '555-0200' },
      });
      const read = await manager(`/api/buildings/${own.building}/shipping-contact`);
      expect(read.json()).toMatchObject({ name: 'Site Office', phone: '555-0200' });
      const bad = await companyAdmin(`/api/buildings/${own.building}/shipping-contact`, {
        method: 'POST',
        payload: { ...contact, email: 'not-an-address' },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('answers 404 for another company’s building or property', async () => {
      const [foreignProperty] = await rows<{ id: number }>(
        sql`select property_id as id from buildings where id = ${foreignBuilding}`,
      );
      expect(
        (await companyAdmin(`/api/buildings/${foreignBuilding}/shipping-contact`)).statusCode,
      ).toBe(404);
      expect(
        (
          await companyAdmin(`/api/buildings/${foreignBuilding}/shipping`, {
            method: 'POST',
            payload: { shipped_on: '2026-01-01', micrometers: {} },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await companyAdmin(`/api/properties/${foreignProperty?.id}/shipping-date`)).statusCode,
      ).toBe(404);
    });
  });
});

import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildings } from '../../db/schema/portfolio.ts';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';

type Contact = {
  id: number;
  user_id: number;
  company_id: number;
  property_id: number | null;
  building_id: number | null;
  unit_id: number | null;
  company_name: string | null;
  building_name: string | null;
  notification_method_id: number;
  destination: string;
  enabled: boolean;
};
type Role = {
  company_id: number | null;
  property_id: number | null;
  building_id: number | null;
  unit_id: number | null;
};

describe('notification contacts', () => {
  let t: TestApp;
  let admin: AuthorizedRequest;
  let companyAdmin: AuthorizedRequest;
  let manager: AuthorizedRequest;
  const idOf: Record<string, number> = {};
  let firstCompany: number;
  let secondCompany: number;
  let residentPlace: Role;

  const addContact = (as: AuthorizedRequest, userId: number, payload: object) =>
    as(`/api/users/${userId}/notification-contacts`, { method: 'POST', payload });

  beforeAll(async () => {
    t = await buildTestApp({ demo: true, mailbox: true });
    admin = await t.as('admin@flowsight.test');
    companyAdmin = await t.as('company.admin@flowsight.test');
    manager = await t.as('manager@flowsight.test');
    const users = (await admin('/api/users?limit=500')).json() as {
      data: { id: number; email: string }[];
    };
    for (const user of users.data) idOf[user.email] = user.id;
    const firstRole = async (email: string) =>
      ((await admin(`/api/users/${idOf[email]}/roles`)).json() as Role[])[0] as Role;
    firstCompany = (await firstRole('company.admin@flowsight.test')).company_id ?? 0;
    secondCompany = (await firstRole('other.admin@flowsight.test')).company_id ?? 0;
    residentPlace = await firstRole('resident@flowsight.test');
  });
  afterAll(() => t.close());

  it('adds, lists, reads, changes and removes a contact', async () => {
    const managerId = idOf['manager@flowsight.test'] ?? 0;
    const created = await addContact(companyAdmin, managerId, {
      company_id: firstCompany,
      notification_method_id: 1,
      destination: ' Ops.Team@Example.COM ',
    });
    expect(created.statusCode, created.body).toBe(201);
    const contact = created.json() as Contact;
    expect(contact).toMatchObject({
      user_id: managerId,
      company_id: firstCompany,
      property_id: null,
      destination: 'ops.team@example.com',
      enabled: true,
    });
    expect(contact.company_name).toEqual(expect.any(String));

    const listed = await companyAdmin(`/api/users/${managerId}/notification-contacts`);
    expect((listed.json() as Contact[]).map((c) => c.id)).toEqual([contact.id]);
    expect((await manager(`/api/notifications/contacts/${contact.id}`)).json()).toEqual(contact);

    const changed = await companyAdmin(`/api/notifications/contacts/${contact.id}`, {
      method: 'PUT',
      payload: { enabled: false, building_id: residentPlace.building_id },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      enabled: false,
      company_id: firstCompany,
      property_id: residentPlace.property_id,
      building_id: residentPlace.building_id,
      unit_id: null,
      destination: 'ops.team@example.com',
    });

    const removed = await companyAdmin(`/api/notifications/contacts/${contact.id}`, {
      method: 'DELETE',
    });
    expect(removed.json()).toEqual({ message: 'Deleted successfully' });
    expect((await admin(`/api/notifications/contacts/${contact.id}`)).statusCode).toBe(404);
  });

  it('checks the destination against the method and refuses unknown fields', async () => {
    const managerId = idOf['manager@flowsight.test'] ?? 0;
    const base = { company_id: firstCompany, notification_method_id: 1 };
    const email = await addContact(admin, managerId, { ...base, destination: 'not-an-email' });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toBe('destination must be an email address for the Email method');
    const sms = await addContact(admin, managerId, {
      ...base,
      notification_method_id: 2,
      destination: '+1 (617) 555-0100',
    });
    expect(sms.statusCode, sms.body).toBe(201);
    // Kept in E.164, as the SMS provider takes it; no text has gone to it yet.
    expect(sms.json()).toMatchObject({ destination: '+16175550100', last_text: null });
    const phoneHint =
      'destination must be a phone number in international form, with + and the country code (e.g. +1 617 555 0100) for the SMS method';
    for (const destination of ['call me', '617 555 0100', '+1 555']) {
      const badSms = await admin(`/api/notifications/contacts/${sms.json().id}`, {
        method: 'PUT',
        payload: { destination },
      });
      expect(badSms.statusCode, destination).toBe(400);
      expect(badSms.json().message).toBe(phoneHint);
    }
    const noCountryCode = await addContact(admin, managerId, {
      ...base,
      notification_method_id: 2,
      destination: '(617) 555-0100',
    });
    expect(noCountryCode.statusCode).toBe(400);
    expect(noCountryCode.json().message).toBe(phoneHint);
    const switchToEmail = await admin(`/api/notifications/contacts/${sms.json().id}`, {
      method: 'PUT',
      payload: { notification_method_id: 1 },
    });
    expect(switchToEmail.statusCode).toBe(400);
    expect(
      (await addContact(admin, managerId, { ...base, destination: 'a@b.co', user_id: 1 }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await addContact(admin, managerId, {
          ...base,
          destination: 'a@b.co',
          notification_method_id: 9,
        })
      ).statusCode,
    ).toBe(400);
    const [otherBuilding] = await t.database.db
      .select({ id: buildings.id })
      .from(buildings)
      .where(
        and(
          eq(buildings.companyId, firstCompany),
          ne(buildings.id, residentPlace.building_id ?? 0),
        ),
      )
      .limit(1);
    const mismatch = await addContact(admin, managerId, {
      ...base,
      destination: 'a@b.co',
      building_id: otherBuilding?.id,
      unit_id: residentPlace.unit_id,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(
      `Unit ${residentPlace.unit_id} is not in building ${otherBuilding?.id}`,
    );
  });

  it('keeps other companies’ contacts and people out of reach: 404, and nothing changes', async () => {
    const otherAdminId = idOf['other.admin@flowsight.test'] ?? 0;
    const foreign = await addContact(admin, otherAdminId, {
      company_id: secondCompany,
      notification_method_id: 1,
      destination: 'second@example.com',
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
    const contact = foreign.json() as Contact;
    const url = `/api/notifications/contacts/${contact.id}`;

    expect((await companyAdmin(url)).statusCode).toBe(404);
    const put = await companyAdmin(url, {
      method: 'PUT',
      payload: { destination: 'hijack@example.com', company_id: firstCompany },
    });
    expect(put.statusCode).toBe(404);
    expect((await companyAdmin(url, { method: 'DELETE' })).statusCode).toBe(404);
    expect((await admin(url)).json()).toEqual(contact);

    expect(
      (await companyAdmin(`/api/users/${otherAdminId}/notification-contacts`)).statusCode,
    ).toBe(404);
    const forOther = await addContact(companyAdmin, otherAdminId, {
      company_id: firstCompany,
      notification_method_id: 1,
      destination: 'x@example.com',
    });
    expect(forOther.statusCode).toBe(404);
    // Own person, but a place in another company.
    const elsewhere = await addContact(companyAdmin, idOf['manager@flowsight.test'] ?? 0, {
      company_id: secondCompany,
      notification_method_id: 1,
      destination: 'x@example.com',
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(`Company ${secondCompany} not found`);
    expect(
      (await admin(`/api/users/${otherAdminId}/notification-contacts`)).json() as Contact[],
    ).toEqual([contact]);

    // multi is visible to both companies; each sees only the contacts of its own company.
    const multi = idOf['multi@flowsight.test'] ?? 0;
    for (const [companyId, destination] of [
      [firstCompany, 'multi.first@example.com'],
      [secondCompany, 'multi.second@example.com'],
    ] as const) {
      const added = await addContact(admin, multi, {
        company_id: companyId,
        notification_method_id: 1,
        destination,
      });
      expect(added.statusCode).toBe(201);
    }
    const seen = (await companyAdmin(`/api/users/${multi}/notification-contacts`)).json();
    expect(seen.map((c: Contact) => c.destination)).toEqual(['multi.first@example.com']);
  });

  it('lets staff and company roles read contacts but only managers change them', async () => {
    const managerId = idOf['manager@flowsight.test'] ?? 0;
    const technician = await t.as('technician@flowsight.test');
    expect((await technician(`/api/users/${managerId}/notification-contacts`)).statusCode).toBe(
      200,
    );
    const refused = await addContact(technician, managerId, {
      company_id: firstCompany,
      notification_method_id: 1,
      destination: 'tech@example.com',
    });
    expect(refused.statusCode).toBe(403);
    const byManager = await addContact(manager, managerId, {
      company_id: firstCompany,
      notification_method_id: 1,
      destination: 'me@example.com',
    });
    expect(byManager.statusCode).toBe(201);
  });
});

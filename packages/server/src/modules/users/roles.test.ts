import { RoleType } from '@flowsight/domain/lookups';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildings, units } from '../../db/schema/portfolio.ts';
import {
  type AuthorizedRequest,
  authorized,
  buildTestApp,
  type TestApp,
} from '../../testing/app.ts';
import { demoParts, insertSitePerson } from '../../testing/site-staff.ts';

type Role = {
  id: number;
  user_id: number;
  user_role_type_id: number;
  company_id: number | null;
  property_id: number | null;
  building_id: number | null;
  unit_id: number | null;
  company_name: string | null;
  unit_name: string | null;
  description: string;
};

const NEW_PASSWORD = 'Newpass1!';

describe('user roles', () => {
  let t: TestApp;
  let admin: AuthorizedRequest;
  let companyAdmin: AuthorizedRequest;
  const idOf: Record<string, number> = {};
  let firstCompany: number;
  let firstCompanyName: string;
  let secondCompany: number;
  let resident: Role;

  const rolesOf = async (userId: number, as: AuthorizedRequest = admin) => {
    const response = await as(`/api/users/${userId}/roles`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Role[];
  };
  const grant = (as: AuthorizedRequest, userId: number, payload: object) =>
    as(`/api/users/${userId}/role`, { method: 'POST', payload });
  const removeRole = (as: AuthorizedRequest, roleId: number) =>
    as(`/api/users/roles/${roleId}`, { method: 'DELETE' });

  /** A new person with these roles, registered and signed in (first role active). */
  const person = async (email: string, roles: object[]) => {
    const created = await admin('/api/users', {
      method: 'POST',
      payload: { email, first_name: 'Role', last_name: 'Holder', roles },
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = /register\?token=([\w-]+)/.exec(t.mailbox?.latestTo(email).text ?? '')?.[1];
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { token, first_name: 'Role', last_name: 'Holder', password: NEW_PASSWORD },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const id = (created.json() as { id: number }).id;
    return { id, token: await t.signIn(email, NEW_PASSWORD), roles: await rolesOf(id) };
  };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true, mailbox: true });
    admin = await t.as('admin@flowsight.test');
    companyAdmin = await t.as('company.admin@flowsight.test');
    const users = (await admin('/api/users?limit=500')).json() as {
      data: { id: number; email: string }[];
    };
    for (const user of users.data) idOf[user.email] = user.id;
    const [own] = await rolesOf(idOf['company.admin@flowsight.test'] ?? 0);
    firstCompany = own?.company_id ?? 0;
    firstCompanyName = own?.company_name ?? '';
    secondCompany = (await rolesOf(idOf['other.admin@flowsight.test'] ?? 0))[0]?.company_id ?? 0;
    [resident] = (await rolesOf(idOf['resident@flowsight.test'] ?? 0)) as [Role];
  });
  afterAll(() => t.close());

  it('lists roles with names and descriptions, only those inside a company caller’s scope', async () => {
    const multi = idOf['multi@flowsight.test'] ?? 0;
    const all = await rolesOf(multi);
    expect(all.map((r) => r.user_role_type_id)).toEqual([4, 5]);
    expect(all[0]?.description).toBe(`Company Admin of ${firstCompanyName}`);
    expect(all[1]?.company_id).toBe(secondCompany);
    const seenByCompanyAdmin = await rolesOf(multi, companyAdmin);
    expect(seenByCompanyAdmin.map((r) => r.id)).toEqual([all[0]?.id]);

    expect(resident.unit_id).not.toBeNull();
    expect(resident.description).toContain(`Resident of ${firstCompanyName}, `);
    expect(resident.description).toContain(resident.unit_name ?? '?');
    const system = await rolesOf(idOf['admin@flowsight.test'] ?? 0);
    expect(system.map((r) => [r.company_id, r.description])).toEqual([[null, 'System Admin']]);
  });

  it('grants roles by the rules of their type', async () => {
    const subject = await person('grant.rules@flowsight.test', [{ user_role_type_id: 12 }]);
    const expectInvalid = async (payload: object, message: string) => {
      const response = await grant(admin, subject.id, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(message);
    };
    await expectInvalid({ user_role_type_id: 4 }, 'A Company Admin role needs company_id');
    await expectInvalid(
      { user_role_type_id: 1, company_id: firstCompany },
      'A System Admin role belongs to no company; leave out company_id, property_id, building_id and unit_id',
    );
    await expectInvalid(
      { user_role_type_id: 5, company_id: firstCompany, unit_id: resident.unit_id },
      'A Company Manager role sits at a company, a property or a building; leave out unit_id',
    );
    await expectInvalid(
      { user_role_type_id: 8, building_id: resident.building_id },
      'A Resident role needs unit_id',
    );
    const [otherBuilding] = await t.database.db
      .select({ id: buildings.id })
      .from(buildings)
      .where(
        and(eq(buildings.companyId, firstCompany), ne(buildings.id, resident.building_id ?? 0)),
      )
      .limit(1);
    await expectInvalid(
      { user_role_type_id: 8, unit_id: resident.unit_id, building_id: otherBuilding?.id },
      `Unit ${resident.unit_id} is not in building ${otherBuilding?.id}`,
    );
    await expectInvalid(
      { user_role_type_id: 8, unit_id: resident.unit_id, company_id: secondCompany },
      `Unit ${resident.unit_id} is not in company ${secondCompany}`,
    );
    expect((await grant(admin, subject.id, { user_role_type_id: 99 })).statusCode).toBe(400);
    expect(
      (await grant(admin, subject.id, { user_role_type_id: 5, company_id: 999_999 })).statusCode,
    ).toBe(404);

    // A unit role fills in its building, property and company.
    const unitRole = await grant(admin, subject.id, {
      user_role_type_id: 8,
      unit_id: resident.unit_id,
    });
    expect(unitRole.statusCode, unitRole.body).toBe(201);
    expect(unitRole.json()).toMatchObject({
      user_id: subject.id,
      company_id: firstCompany,
      property_id: resident.property_id,
      building_id: resident.building_id,
      unit_id: resident.unit_id,
      description: resident.description,
    });
    const again = await grant(admin, subject.id, {
      user_role_type_id: 8,
      unit_id: resident.unit_id,
      company_id: firstCompany,
    });
    expect(again.statusCode).toBe(409);
    // System staff may grant anything, system roles included.
    expect((await grant(admin, subject.id, { user_role_type_id: 2 })).statusCode).toBe(201);
    expect((await rolesOf(subject.id)).map((r) => r.user_role_type_id)).toEqual([12, 8, 2]);
  });

  it('narrows a company role to a property or a building, and no one grants wider than they hold', async () => {
    const parts = await demoParts(t);
    const partA = { companyId: parts.company.id, propertyId: parts.a.id };
    await insertSitePerson(t, 'grant.site.admin@flowsight.test', RoleType.CompanyAdmin, partA);
    const siteAdmin = await t.as('grant.site.admin@flowsight.test');
    const subject = await insertSitePerson(
      t,
      'grant.site.subject@flowsight.test',
      RoleType.CompanyInstaller,
      partA,
    );
    const stored = async () => (await rolesOf(subject.userId)).length;

    // The deepest id decides the level; the ancestors are filled in.
    const onProperty = await grant(admin, subject.userId, {
      user_role_type_id: RoleType.CompanyManager,
      property_id: parts.b.id,
    });
    expect(onProperty.statusCode, onProperty.body).toBe(201);
    expect(onProperty.json()).toMatchObject({
      company_id: parts.company.id,
      property_id: parts.b.id,
      building_id: null,
      unit_id: null,
      description: `Company Manager of ${parts.company.name}, ${parts.b.name}`,
    });
    const onBuilding = await grant(companyAdmin, subject.userId, {
      user_role_type_id: RoleType.CompanyAdmin,
      company_id: parts.company.id,
      building_id: parts.building.id,
    });
    expect(onBuilding.statusCode, onBuilding.body).toBe(201);
    expect(onBuilding.json()).toMatchObject({
      property_id: parts.a.id,
      building_id: parts.building.id,
    });

    // A property's admin grants on that property and its buildings, nothing wider or elsewhere.
    const count = await stored();
    for (const wider of [
      { user_role_type_id: RoleType.CompanyManager, company_id: parts.company.id },
      { user_role_type_id: RoleType.CompanyManager, property_id: parts.b.id },
      { user_role_type_id: RoleType.CompanyAdmin, company_id: secondCompany },
    ]) {
      const refused = await grant(siteAdmin, subject.userId, wider);
      expect(refused.statusCode, refused.body).toBe(404);
    }
    const unitRole = await grant(siteAdmin, subject.userId, {
      user_role_type_id: RoleType.CompanyManager,
      unit_id: resident.unit_id,
    });
    expect(unitRole.statusCode).toBe(400);
    expect(unitRole.json().message).toBe(
      'A Company Manager role sits at a company, a property or a building; leave out unit_id',
    );
    expect(await stored()).toBe(count);
    const within = await grant(siteAdmin, subject.userId, {
      user_role_type_id: RoleType.CompanyManager,
      building_id: parts.building.id,
    });
    expect(within.statusCode, within.body).toBe(201);
    const onA = await grant(siteAdmin, subject.userId, {
      user_role_type_id: RoleType.CompanyManager,
      property_id: parts.a.id,
    });
    expect(onA.statusCode, onA.body).toBe(201);
  });

  it('shows a narrowed admin only the people whose roles lie in their part', async () => {
    const parts = await demoParts(t);
    await insertSitePerson(t, 'list.site.admin@flowsight.test', RoleType.CompanyAdmin, {
      companyId: parts.company.id,
      propertyId: parts.a.id,
    });
    await insertSitePerson(t, 'list.site.b@flowsight.test', RoleType.CompanyManager, {
      companyId: parts.company.id,
      propertyId: parts.b.id,
    });
    const siteAdmin = await t.as('list.site.admin@flowsight.test');
    const listed = (await siteAdmin('/api/users?limit=500')).json() as {
      data: { email: string }[];
    };
    const emails = listed.data.map((u) => u.email);
    expect(emails).toContain('list.site.admin@flowsight.test');
    // Neither a person of property B nor the company-wide colleagues.
    expect(emails).not.toContain('list.site.b@flowsight.test');
    expect(emails).not.toContain('company.admin@flowsight.test');
    expect(emails).not.toContain('manager@flowsight.test');
    const b = idOf['company.admin@flowsight.test'] ?? 0;
    expect((await siteAdmin(`/api/users/${b}`)).statusCode).toBe(404);
  });

  it('lets a company admin grant only company roles, and only in their company', async () => {
    const installer = idOf['installer@flowsight.test'] ?? 0;
    const before = await rolesOf(installer);
    const system = await grant(companyAdmin, installer, { user_role_type_id: 1 });
    expect(system.statusCode).toBe(400);
    expect(system.json().message).toBe(
      'A company admin may grant only these roles: Company Admin, Company Manager, Company Installer',
    );
    expect((await grant(companyAdmin, installer, { user_role_type_id: 12 })).statusCode).toBe(400);
    const elsewhere = await grant(companyAdmin, installer, {
      user_role_type_id: 5,
      company_id: secondCompany,
    });
    expect(elsewhere.statusCode).toBe(404);
    const [foreignUnit] = await t.database.db
      .select({ id: units.id })
      .from(units)
      .where(eq(units.companyId, secondCompany))
      .limit(1);
    expect(
      (await grant(companyAdmin, installer, { user_role_type_id: 8, unit_id: foreignUnit?.id }))
        .statusCode,
    ).toBe(400);
    // Not their user: 404, whatever the role.
    const otherAdmin = idOf['other.admin@flowsight.test'] ?? 0;
    expect(
      (await grant(companyAdmin, otherAdmin, { user_role_type_id: 5, company_id: firstCompany }))
        .statusCode,
    ).toBe(404);
    expect(await rolesOf(installer)).toEqual(before);
    expect((await rolesOf(otherAdmin)).map((r) => r.company_id)).toEqual([secondCompany]);

    const granted = await grant(companyAdmin, installer, {
      user_role_type_id: 5,
      company_id: firstCompany,
    });
    expect(granted.statusCode, granted.body).toBe(201);
    expect(granted.json().description).toBe(`Company Manager of ${firstCompanyName}`);
  });

  it('refuses to delete a user’s last role with the exact message', async () => {
    const response = await removeRole(admin, resident.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'User must have at least one role',
    });
    expect(await rolesOf(idOf['resident@flowsight.test'] ?? 0)).toEqual([resident]);
    const tester = await t.as('tester@flowsight.test');
    const [own] = (await tester('/api/auth/me')).json().roles as Role[];
    expect((await removeRole(tester, own?.id ?? 0)).json().message).toBe(
      'User must have at least one role',
    );
  });

  it('deleting a role ends the owner’s sessions', async () => {
    const owner = await person('loses.role@flowsight.test', [
      { user_role_type_id: 5, company_id: firstCompany },
      { user_role_type_id: 13, company_id: firstCompany },
    ]);
    const theirs = authorized(t.app, owner.token);
    expect((await theirs('/api/auth/me')).statusCode).toBe(200);
    const response = await removeRole(companyAdmin, owner.roles[1]?.id ?? 0);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Deleted successfully' });
    expect((await theirs('/api/auth/me')).statusCode).toBe(401);
    expect((await rolesOf(owner.id)).map((r) => r.user_role_type_id)).toEqual([5]);
  });

  it('keeps callers signed in when they remove another of their own roles', async () => {
    const me = await person('drops.own@flowsight.test', [
      { user_role_type_id: 5, company_id: firstCompany },
      { user_role_type_id: 5, company_id: secondCompany },
    ]);
    const [active, other] = me.roles as [Role, Role];
    const response = await removeRole(authorized(t.app, me.token), other.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { message: string; access_token?: string };
    expect(body.message).toBe('Deleted successfully');
    expect(body.access_token).toEqual(expect.any(String));
    expect((await authorized(t.app, me.token)('/api/auth/me')).statusCode).toBe(401);
    const fresh = await authorized(t.app, body.access_token ?? '')('/api/auth/me');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ active_role_id: active.id });
    expect(fresh.json().roles.map((r: Role) => r.id)).toEqual([active.id]);
  });

  it('signs callers out when they remove their active role', async () => {
    const me = await person('drops.active@flowsight.test', [
      { user_role_type_id: 5, company_id: firstCompany },
      { user_role_type_id: 13, company_id: firstCompany },
    ]);
    const response = await removeRole(authorized(t.app, me.token), me.roles[0]?.id ?? 0);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Deleted successfully' });
    expect((await authorized(t.app, me.token)('/api/auth/me')).statusCode).toBe(401);
    const again = await t.signIn('drops.active@flowsight.test', NEW_PASSWORD);
    const me2 = (await authorized(t.app, again)('/api/auth/me')).json();
    expect(me2.roles.map((r: Role) => r.user_role_type_id)).toEqual([13]);
  });

  it('keeps others’ roles from those who may not manage them', async () => {
    const target = await person('keeps.roles@flowsight.test', [
      { user_role_type_id: 5, company_id: firstCompany },
      { user_role_type_id: 5, company_id: secondCompany },
    ]);
    const [inFirst, inSecond] = target.roles as [Role, Role];
    // Another company's role: not found for the first company's admin.
    expect((await removeRole(companyAdmin, inSecond.id)).statusCode).toBe(404);
    // A manager sees the person but may not change their roles.
    const manager = await t.as('manager@flowsight.test');
    expect((await removeRole(manager, inFirst.id)).statusCode).toBe(403);
    // An installer sees nobody.
    const installer = await t.as('installer@flowsight.test');
    expect((await removeRole(installer, inFirst.id)).statusCode).toBe(404);
    expect((await removeRole(admin, 999_999)).statusCode).toBe(404);
    expect(await rolesOf(target.id)).toEqual(target.roles);
    expect((await authorized(t.app, target.token)('/api/auth/me')).statusCode).toBe(200);
  });
});

// GET /properties/:id/users: the property page's users tab.
import { SITE_MANAGER_PROPERTY } from '@flowsight/simulator/demo-portfolio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';

type Page = { data: { id: number; email: string }[]; meta: { totalItems: number } };
type Role = {
  id: number;
  user_role_type_id: number;
  company_id: number | null;
  property_id: number | null;
};
type Named = { id: number; name: string };

describe('property users', () => {
  let t: TestApp;
  let admin: AuthorizedRequest;
  let companyAdmin: AuthorizedRequest;
  let otherAdmin: AuthorizedRequest;
  let manager: AuthorizedRequest;
  let installer: AuthorizedRequest;
  let residentProperty: number;
  let anotherProperty: number;
  let foreignProperty: number;

  const emails = async (as: AuthorizedRequest, propertyId: number, query = '') => {
    const response = await as(`/api/properties/${propertyId}/users?limit=50${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as Page;
    expect(page.meta.totalItems).toBe(page.data.length);
    return page.data.map((user) => user.email).sort();
  };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true, mailbox: true });
    admin = await t.as('admin@flowsight.test');
    companyAdmin = await t.as('company.admin@flowsight.test');
    otherAdmin = await t.as('other.admin@flowsight.test');
    manager = await t.as('manager@flowsight.test');
    installer = await t.as('installer@flowsight.test');
    const users = (await admin('/api/users?limit=100')).json() as Page;
    const idOf = (email: string) => users.data.find((u) => u.email === email)?.id ?? 0;
    const rolesOf = async (email: string) =>
      (await admin(`/api/users/${idOf(email)}/roles`)).json() as Role[];
    const [resident] = await rolesOf('resident@flowsight.test');
    const [other] = await rolesOf('other.admin@flowsight.test');
    residentProperty = resident?.property_id ?? 0;
    const own = (
      await admin(`/api/companies/${resident?.company_id}/properties?limit=100`)
    ).json() as { data: Named[] };
    // The site manager's property: a role narrowed to it reaches it alone.
    anotherProperty = own.data.find((p) => p.name === SITE_MANAGER_PROPERTY)?.id ?? 0;
    const foreign = (
      await admin(`/api/companies/${other?.company_id}/properties?limit=100`)
    ).json() as { data: Named[] };
    foreignProperty = foreign.data[0]?.id ?? 0;
    expect([residentProperty, anotherProperty, foreignProperty]).not.toContain(0);
    expect(anotherProperty).not.toBe(residentProperty);
  });
  afterAll(() => t.close());

  it('lists company-wide roles of its company and roles placed inside it, no one else', async () => {
    const companyWide = [
      'company.admin@flowsight.test',
      'installer@flowsight.test',
      'manager@flowsight.test',
      'multi@flowsight.test',
    ];
    // The resident's role sits on a unit of this property: it reaches it, not the other one.
    expect(await emails(admin, residentProperty)).toEqual(
      [...companyWide, 'resident@flowsight.test'].sort(),
    );
    expect(await emails(admin, anotherProperty)).toEqual(
      [...companyWide, 'site.manager@flowsight.test'].sort(),
    );
    expect(await emails(admin, foreignProperty)).toEqual(
      ['multi@flowsight.test', 'other.admin@flowsight.test'].sort(),
    );
  });

  it('scopes company roles to their company and answers 404 for another tenant’s property', async () => {
    expect(await emails(companyAdmin, residentProperty)).toContain('resident@flowsight.test');
    expect(await emails(manager, anotherProperty)).not.toContain('resident@flowsight.test');
    const foreign = await companyAdmin(`/api/properties/${foreignProperty}/users`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('other.admin');
    expect((await otherAdmin(`/api/properties/${residentProperty}/users`)).statusCode).toBe(404);
    expect((await admin('/api/properties/999999/users')).statusCode).toBe(404);
  });

  it('takes the users list’s search, filters and paging', async () => {
    expect(await emails(companyAdmin, residentProperty, '&search=resident')).toEqual([
      'resident@flowsight.test',
    ]);
    // Role filters apply to the role that reaches the property.
    expect(await emails(admin, residentProperty, '&filter.user_role_type_id=$eq:4')).toEqual([
      'company.admin@flowsight.test',
      'multi@flowsight.test',
    ]);
    const page = (await (
      await admin(`/api/properties/${residentProperty}/users?limit=2`)
    ).json()) as Page;
    expect(page.data).toHaveLength(2);
    expect(page.meta.totalItems).toBe(5);
  });

  it('refuses roles the access table leaves out, and restricted companies', async () => {
    expect((await installer(`/api/properties/${residentProperty}/users`)).statusCode).toBe(403);
    // Users are closed to restricted (type 3) companies, even on their own properties.
    const restricted = await t.as('restricted.admin@flowsight.test');
    const own = (await restricted('/api/properties?limit=1')).json() as { data: Named[] };
    expect(own.data[0]).toBeDefined();
    expect((await restricted(`/api/properties/${own.data[0]?.id}/users`)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ url: `/api/properties/${residentProperty}/users` });
    expect(anonymous.statusCode).toBe(401);
  });
});

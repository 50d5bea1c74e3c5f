// Site staff for the tests: a person of the demo whose one company role is narrowed to a property
// or a building (as a granted role would be), signed in with the demo password.
import type { RoleTypeId } from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import { userRoles } from '../db/schema/identity.ts';
import type { TestApp } from './app.ts';

export type SitePlace = {
  readonly companyId: number;
  readonly propertyId: number;
  readonly buildingId?: number;
};

/** A new person holding `roleTypeId` on the place (password: the demo's); its user and role ids. */
export async function insertSitePerson(
  t: TestApp,
  email: string,
  roleTypeId: RoleTypeId,
  place: SitePlace,
) {
  const { rows } = (await t.database.db.execute(sql`
    insert into users (email, first_name, last_name, password_hash, user_status_id)
    select ${email}, 'Site', 'Staff', password_hash, user_status_id from users
    where email = 'manager@flowsight.test' returning id`)) as unknown as { rows: { id: number }[] };
  const user = rows[0];
  if (!user) throw new Error(`${email} not created`);
  const [role] = await t.database.db
    .insert(userRoles)
    .values({ userId: user.id, userRoleTypeId: roleTypeId, buildingId: null, ...place })
    .returning({ id: userRoles.id });
  return { userId: user.id, roleId: role?.id ?? 0 };
}

/** The first company of the demo (the manager's), its first two properties and A's first building. */
export async function demoParts(t: TestApp) {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const [company] = await rows<{ id: number; name: string }>(sql`
    select c.id, c.name from users u join user_roles r on r.user_id = u.id
    join companies c on c.id = r.company_id
    where u.email = 'manager@flowsight.test' order by r.id limit 1`);
  if (!company) throw new Error('no demo company');
  const [a, b] = await rows<{ id: number; name: string }>(
    sql`select id, name from properties where company_id = ${company.id} order by id limit 2`,
  );
  if (!a || !b) throw new Error('the first company needs two properties');
  const [building] = await rows<{ id: number; name: string }>(
    sql`select id, name from buildings where property_id = ${a.id} order by id limit 1`,
  );
  if (!building) throw new Error(`property ${a.id} has no building`);
  return { company, a, b, building };
}
export type DemoParts = Awaited<ReturnType<typeof demoParts>>;

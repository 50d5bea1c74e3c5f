import { RoleType } from '@flowsight/domain/lookups';
import { demoPassword, demoUsers } from '@flowsight/simulator/demo-portfolio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import {
  type AuthorizedRequest,
  authorized,
  buildTestApp,
  type TestApp,
  testConfig,
} from '../../testing/app.ts';
import { createTestDatabase } from '../../testing/database.ts';
import { demoParts, insertSitePerson } from '../../testing/site-staff.ts';

type User = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  mfa: number;
  user_status_id: number;
  last_login_at: string | null;
  created_at: string;
  /** In lists only. */
  roles: { user_role_type_id: number; company_id: number | null; company_name: string | null }[];
};
type Role = { id: number; user_role_type_id: number; company_id: number | null };
type Page = {
  data: User[];
  meta: { totalItems: number; totalPages: number; currentPage: number; sortBy: string[][] };
  links: { next?: string; previous?: string };
};

const NEW_PASSWORD = 'Newpass1!';
const emailsOf = (users: User[]) => users.map((u) => u.email).sort();

describe('users', () => {
  let t: TestApp;
  let admin: AuthorizedRequest;
  let companyAdmin: AuthorizedRequest;
  let otherAdmin: AuthorizedRequest;
  let manager: AuthorizedRequest;
  const idOf: Record<string, number> = {};
  let firstCompany: number;
  let secondCompany: number;

  const list = async (as: AuthorizedRequest, query = '') => {
    const response = await as(`/api/users?limit=500${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };

  /** Creates a user as the system admin, completes the invitation and signs them in. */
  const invite = async (email: string, roles: object[]) => {
    const created = await admin('/api/users', {
      method: 'POST',
      payload: { email, first_name: 'New', last_name: 'Person', roles },
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = /\/register\?token=([\w-]+)/.exec(t.mailbox?.latestTo(email).text ?? '');
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { token: link?.[1], first_name: 'New', last_name: 'Person', password: NEW_PASSWORD },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const user = created.json() as User;
    return { id: user.id, token: await t.signIn(email, NEW_PASSWORD) };
  };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true, mailbox: true });
    admin = await t.as('admin@flowsight.test');
    companyAdmin = await t.as('company.admin@flowsight.test');
    otherAdmin = await t.as('other.admin@flowsight.test');
    manager = await t.as('manager@flowsight.test');
    for (const user of (await list(admin)).data) idOf[user.email] = user.id;
    const rolesOf = async (email: string) =>
      (await admin(`/api/users/${idOf[email]}/roles`)).json() as Role[];
    firstCompany = (await rolesOf('company.admin@flowsight.test'))[0]?.company_id ?? 0;
    secondCompany = (await rolesOf('other.admin@flowsight.test'))[0]?.company_id ?? 0;
  });
  afterAll(() => t.close());

  describe('list', () => {
    it('shows system roles every user, by last name, with the row fields', async () => {
      const page = await list(admin);
      expect(emailsOf(page.data)).toEqual(demoUsers.map((u) => u.email).sort());
      const lastNames = page.data.map((u) => u.last_name);
      expect(lastNames).toEqual([...lastNames].sort());
      const row = page.data.find((u) => u.email === 'admin@flowsight.test');
      expect(Object.keys(row ?? {}).sort()).toEqual(
        [
          'created_at',
          'email',
          'first_name',
          'id',
          'last_login_at',
          'last_name',
          'mfa',
          'phone',
          'roles',
          'user_status_id',
        ].sort(),
      );
      expect(row).toMatchObject({ first_name: 'Avery', last_name: 'Collins', user_status_id: 2 });
      // The roles say who does what, and for which company (none for a system role).
      expect(row?.roles).toEqual([{ user_role_type_id: 1, company_id: null, company_name: null }]);
      expect(new Date(row?.created_at ?? '').toISOString()).toBe(row?.created_at);
      // Signing in recorded the time.
      expect(row?.last_login_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const technician = await t.as('technician@flowsight.test');
      expect((await list(technician)).meta.totalItems).toBe(demoUsers.length);
    });

    it('pages and sorts', async () => {
      const response = await admin('/api/users?limit=4&page=2&sortBy=email:DESC');
      const page = response.json() as Page;
      const all = demoUsers.map((u) => u.email).sort((a, b) => (a < b ? 1 : -1));
      expect(page.data.map((u) => u.email)).toEqual(all.slice(4, 8));
      expect(page.meta).toMatchObject({
        totalItems: demoUsers.length,
        totalPages: 3,
        currentPage: 2,
        sortBy: [['email', 'DESC']],
      });
      expect(page.links.next).toContain('page=3');
      expect(page.links.previous).toContain('page=1');
    });

    it('filters by fields, by role type and by company, and searches names and emails', async () => {
      expect(emailsOf((await list(admin, '&filter.email=$ilike:admin@')).data)).toEqual([
        'admin@flowsight.test',
        'company.admin@flowsight.test',
        'other.admin@flowsight.test',
        'restricted.admin@flowsight.test',
      ]);
      expect(emailsOf((await list(admin, '&filter.user_role_type_id=4')).data)).toEqual([
        'company.admin@flowsight.test',
        'multi@flowsight.test',
        'other.admin@flowsight.test',
        'restricted.admin@flowsight.test',
      ]);
      expect(emailsOf((await list(admin, `&filter.company_id=${secondCompany}`)).data)).toEqual([
        'multi@flowsight.test',
        'other.admin@flowsight.test',
      ]);
      // Role filters hold for one role: multi is a manager in the second company only.
      const managerInFirst = await list(
        admin,
        `&filter.company_id=${firstCompany}&filter.user_role_type_id=5`,
      );
      expect(emailsOf(managerInFirst.data)).toEqual([
        'manager@flowsight.test',
        'site.manager@flowsight.test',
      ]);
      expect(emailsOf((await list(admin, '&search=okafor')).data)).toEqual([
        'manager@flowsight.test',
      ]);
      expect(emailsOf((await list(admin, '&search=Olivia%20Hart')).data)).toEqual([
        'company.admin@flowsight.test',
      ]);
      expect(
        (await list(admin, `&filter.id=$in:${idOf['admin@flowsight.test']}`)).meta.totalItems,
      ).toBe(1);
    });

    it('refuses fields that are not sortable or filterable', async () => {
      expect((await admin('/api/users?sortBy=password_hash:ASC')).statusCode).toBe(400);
      expect((await admin('/api/users?filter.password_hash=x')).statusCode).toBe(400);
      expect((await admin('/api/users?filter.mfa=$ilike:1')).statusCode).toBe(400);
    });

    it('shows company roles only the people of their company', async () => {
      const ofFirstCompany = [
        'company.admin@flowsight.test',
        'installer@flowsight.test',
        'manager@flowsight.test',
        'multi@flowsight.test',
        'resident@flowsight.test',
        'site.manager@flowsight.test',
      ];
      expect(emailsOf((await list(companyAdmin)).data)).toEqual(ofFirstCompany);
      expect(emailsOf((await list(manager)).data)).toEqual(ofFirstCompany);
      expect(emailsOf((await list(otherAdmin)).data)).toEqual([
        'multi@flowsight.test',
        'other.admin@flowsight.test',
      ]);
      // A user with roles in two companies shows each company only the roles held there.
      const multi = (await list(otherAdmin)).data.find((u) => u.email === 'multi@flowsight.test');
      expect(multi?.roles.length).toBeGreaterThan(0);
      expect(multi?.roles.every((role) => role.company_id === secondCompany)).toBe(true);
      // Only roles inside the caller's company take part in role filters.
      expect(
        (await list(companyAdmin, `&filter.company_id=${secondCompany}`)).meta.totalItems,
      ).toBe(0);
    });
  });

  describe('search-top', () => {
    it('answers at most 5 visible users, prefix matches first, then by name', async () => {
      const response = await admin('/api/users/search-top/a/5');
      expect(response.statusCode).toBe(200);
      const found = response.json() as User[];
      expect(found).toHaveLength(5);
      // Luis Alvarez and Avery Collins (admin@) start with "a"; the rest only contain it.
      expect(found.slice(0, 2).map((u) => u.email)).toEqual([
        'installer@flowsight.test',
        'admin@flowsight.test',
      ]);
      const rest = found.slice(2).map((u) => u.last_name);
      expect(rest).toEqual([...rest].sort());
      const hasPrefix = (u: User) =>
        [u.email, u.first_name, u.last_name].some((v) => v.toLowerCase().startsWith('a'));
      expect(found.slice(2).some(hasPrefix)).toBe(false);
    });

    it('matches case-insensitively and only among visible users', async () => {
      const manager = (await admin('/api/users/search-top/OKAFOR/5')).json() as User[];
      expect(manager.map((u) => u.email)).toEqual(['manager@flowsight.test']);
      expect((await companyAdmin('/api/users/search-top/kowalski/5')).json()).toEqual([]);
      expect(
        ((await otherAdmin('/api/users/search-top/kowalski/5')).json() as User[]).map(
          (u) => u.email,
        ),
      ).toEqual(['other.admin@flowsight.test']);
    });
  });

  describe('invitation', () => {
    it('creates an invited user, emails a register link, and registering lets them sign in', async () => {
      const response = await admin('/api/users', {
        method: 'POST',
        payload: {
          email: 'Invited.Person@Flowsight.test',
          first_name: 'Ivy',
          last_name: 'Invited',
          phone: '(617) 555-0199',
          roles: [{ user_role_type_id: 5, company_id: firstCompany }],
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      const user = response.json() as User;
      expect(user).toMatchObject({
        email: 'invited.person@flowsight.test',
        first_name: 'Ivy',
        user_status_id: 1,
        last_login_at: null,
      });

      const mail = t.mailbox?.latestTo('invited.person@flowsight.test');
      expect(mail?.subject).toBe('You are invited to Flowsight');
      expect(mail?.text).toContain('Avery Collins invited you');
      const token = /http:\/\/flowsight\.test\/register\?token=([\w-]+)/.exec(
        mail?.text ?? '',
      )?.[1];
      expect(token).toBeDefined();

      // Not usable before registering: no password yet.
      const early = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'invited.person@flowsight.test', password: NEW_PASSWORD },
      });
      expect(early.statusCode).toBe(401);

      const register = (password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { token, first_name: 'Ivy', last_name: 'Invited', password },
        });
      expect((await register(NEW_PASSWORD)).statusCode).toBe(200);
      expect((await register(NEW_PASSWORD)).statusCode).toBe(404);
      await t.signIn('invited.person@flowsight.test', NEW_PASSWORD);
      expect((await admin(`/api/users/${user.id}`)).json()).toMatchObject({ user_status_id: 2 });
      // The company admin of that company sees the new manager.
      expect((await companyAdmin(`/api/users/${user.id}`)).statusCode).toBe(200);
    });

    it('refuses a duplicate email with 409 and unknown fields with 400', async () => {
      const create = (payload: object) => admin('/api/users', { method: 'POST', payload });
      const base = {
        email: 'Manager@FLOWSIGHT.test',
        first_name: 'Dup',
        last_name: 'Licate',
        roles: [{ user_role_type_id: 5, company_id: firstCompany }],
      };
      const duplicate = await create(base);
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().message).toBe('A user with this email already exists');

      const fresh = { ...base, email: 'someone.new@flowsight.test' };
      expect((await create({ ...fresh, user_status_id: 2 })).statusCode).toBe(400);
      expect((await create({ ...fresh, password_hash: 'x' })).statusCode).toBe(400);
      const sneaky = {
        ...fresh,
        roles: [{ user_role_type_id: 5, company_id: firstCompany, user_id: 1 }],
      };
      expect((await create(sneaky)).statusCode).toBe(400);
      expect((await create({ ...fresh, roles: [] })).statusCode).toBe(400);
      expect((await create({ ...fresh, email: 'not-an-email' })).statusCode).toBe(400);
      expect(
        (await admin('/api/users?filter.email=someone.new@flowsight.test')).json(),
      ).toMatchObject({ meta: { totalItems: 0 } });
    });
  });

  describe('changing and removing', () => {
    it('hides other companies’ users from a company admin: 404, and nothing changes', async () => {
      const foreign = idOf['other.admin@flowsight.test'];
      const before = (await admin(`/api/users/${foreign}`)).json() as User;
      expect((await companyAdmin(`/api/users/${foreign}`)).statusCode).toBe(404);
      expect((await companyAdmin(`/api/users/${foreign}/roles`)).statusCode).toBe(404);
      const put = await companyAdmin(`/api/users/${foreign}`, {
        method: 'PUT',
        payload: { first_name: 'Hijacked', user_status_id: 3 },
      });
      expect(put.statusCode).toBe(404);
      expect((await companyAdmin(`/api/users/${foreign}`, { method: 'DELETE' })).statusCode).toBe(
        404,
      );
      expect((await admin(`/api/users/${foreign}`)).json()).toEqual(before);
      // System users are nobody's company's either.
      expect((await companyAdmin(`/api/users/${idOf['admin@flowsight.test']}`)).statusCode).toBe(
        404,
      );
    });

    it('lets a company admin change a person of their company, with strict bodies', async () => {
      const id = idOf['installer@flowsight.test'];
      const response = await companyAdmin(`/api/users/${id}`, {
        method: 'PUT',
        payload: { first_name: 'Luís', phone: '+1 617 555 0177' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ first_name: 'Luís', phone: '+1 617 555 0177' });
      const raise = await companyAdmin(`/api/users/${id}`, {
        method: 'PUT',
        payload: { user_role_type_id: 1 },
      });
      expect(raise.statusCode).toBe(400);
      const taken = await companyAdmin(`/api/users/${id}`, {
        method: 'PUT',
        payload: { email: 'manager@flowsight.test' },
      });
      expect(taken.statusCode).toBe(409);
      // A company manager reads but does not change people.
      expect(
        (await manager(`/api/users/${id}`, { method: 'PUT', payload: { first_name: 'X' } }))
          .statusCode,
      ).toBe(403);
    });

    it('disabling ends the person’s sessions at once; enabling needs a new sign-in', async () => {
      const person = await invite('disable.me@flowsight.test', [
        { user_role_type_id: 5, company_id: firstCompany },
      ]);
      const theirs = authorized(t.app, person.token);
      expect((await theirs('/api/auth/me')).statusCode).toBe(200);
      const disabled = await companyAdmin(`/api/users/${person.id}`, {
        method: 'PUT',
        payload: { user_status_id: 3 },
      });
      expect(disabled.json()).toMatchObject({ user_status_id: 3 });
      expect((await theirs('/api/auth/me')).statusCode).toBe(401);
      const signIn = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'disable.me@flowsight.test', password: NEW_PASSWORD },
        });
      expect((await signIn()).statusCode).toBe(401);
      const enabled = await companyAdmin(`/api/users/${person.id}`, {
        method: 'PUT',
        payload: { user_status_id: 2 },
      });
      expect(enabled.json()).toMatchObject({ user_status_id: 2 });
      expect((await theirs('/api/auth/me')).statusCode).toBe(401);
      expect((await signIn()).statusCode).toBe(200);
    });

    it('disabling voids an outstanding invitation; enabled again, the person is invited afresh', async () => {
      const email = 'disabled.invitee@flowsight.test';
      const created = await companyAdmin('/api/users', {
        method: 'POST',
        payload: {
          email,
          first_name: 'Dana',
          last_name: 'Invitee',
          roles: [{ user_role_type_id: 5, company_id: firstCompany }],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json() as User;
      const tokenIn = (text: string | undefined) =>
        /\/register\?token=([\w-]+)/.exec(text ?? '')?.[1];
      const first = tokenIn(t.mailbox?.latestTo(email).text);
      expect(first).toBeDefined();
      const setStatus = (status: number) =>
        companyAdmin(`/api/users/${id}`, { method: 'PUT', payload: { user_status_id: status } });
      expect((await setStatus(3)).json()).toMatchObject({ user_status_id: 3 });

      const register = (token: string | undefined) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { token, first_name: 'Dana', last_name: 'Invitee', password: NEW_PASSWORD },
        });
      const opened = (token: string | undefined) =>
        t.app.inject({ method: 'GET', url: `/api/auth/invitation/${token}` });
      // The link they kept neither opens nor registers, and they stay disabled and signed out.
      expect((await opened(first)).statusCode).toBe(404);
      expect((await register(first)).statusCode).toBe(404);
      expect((await admin(`/api/users/${id}`)).json()).toMatchObject({ user_status_id: 3 });
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: NEW_PASSWORD },
      });
      expect(signIn.statusCode).toBe(401);

      // Enabled before registering: invited again, with a new link; the old one stays void.
      expect((await setStatus(2)).json()).toMatchObject({ user_status_id: 1 });
      const second = tokenIn(t.mailbox?.latestTo(email).text);
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      expect((await register(first)).statusCode).toBe(404);
      expect((await register(second)).statusCode).toBe(200);
      await t.signIn(email, NEW_PASSWORD);
    });

    it('disabling voids an outstanding password reset', async () => {
      const person = await invite('reset.then.disabled@flowsight.test', [
        { user_role_type_id: 5, company_id: firstCompany },
      ]);
      const forgot = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password-email',
        payload: { email: 'reset.then.disabled@flowsight.test' },
      });
      expect(forgot.statusCode, forgot.body).toBe(200);
      const mail = t.mailbox?.latestTo('reset.then.disabled@flowsight.test');
      const token = /token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
      expect(token).toBeDefined();
      await companyAdmin(`/api/users/${person.id}`, {
        method: 'PUT',
        payload: { user_status_id: 3 },
      });
      await companyAdmin(`/api/users/${person.id}`, {
        method: 'PUT',
        payload: { user_status_id: 2 },
      });
      // Enabled again, the link sent before they were disabled no longer sets a password.
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password-reset',
        payload: {
          email: 'reset.then.disabled@flowsight.test',
          token,
          newPassword: 'Another1!pass',
        },
      });
      expect(reset.statusCode).toBe(400);
      // A link asked for now does.
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password-email',
        payload: { email: 'reset.then.disabled@flowsight.test' },
      });
      const fresh = /token=([\w-]+)/.exec(
        t.mailbox?.latestTo('reset.then.disabled@flowsight.test').text ?? '',
      )?.[1];
      expect(fresh).not.toBe(token);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password-reset',
        payload: {
          email: 'reset.then.disabled@flowsight.test',
          token: fresh,
          newPassword: 'Another1!pass',
        },
      });
      expect(again.statusCode, again.body).toBe(200);
    });

    it('refuses to disable or delete oneself', async () => {
      for (const [as, email] of [
        [admin, 'admin@flowsight.test'],
        [companyAdmin, 'company.admin@flowsight.test'],
      ] as const) {
        const id = idOf[email];
        const disable = await as(`/api/users/${id}`, {
          method: 'PUT',
          payload: { user_status_id: 3 },
        });
        expect(disable.statusCode).toBe(400);
        expect(disable.json().message).toBe('You cannot disable your own account');
        const remove = await as(`/api/users/${id}`, { method: 'DELETE' });
        expect(remove.statusCode).toBe(400);
        expect(remove.json().message).toBe('You cannot delete your own account');
        expect((await admin(`/api/users/${id}`)).json()).toMatchObject({ user_status_id: 2 });
      }
    });

    it('leaves a person who also works for another company to system staff', async () => {
      const multi = idOf['multi@flowsight.test'];
      const remove = await companyAdmin(`/api/users/${multi}`, { method: 'DELETE' });
      expect(remove.statusCode).toBe(409);
      expect(remove.json().message).toBe(
        'This user also holds roles outside your company; only Flowsight staff can delete them',
      );
      const disable = await companyAdmin(`/api/users/${multi}`, {
        method: 'PUT',
        payload: { user_status_id: 3 },
      });
      expect(disable.statusCode).toBe(409);
      expect((await admin(`/api/users/${multi}`)).json()).toMatchObject({ user_status_id: 2 });
    });

    it('leaves a person who also works elsewhere in the company to a role over all of it', async () => {
      const { company, a, b } = await demoParts(t);
      await insertSitePerson(t, 'site.admin.a@flowsight.test', RoleType.CompanyAdmin, {
        companyId: company.id,
        propertyId: a.id,
      });
      const siteAdmin = await t.as('site.admin.a@flowsight.test');
      const person = await invite('two.sites@flowsight.test', [
        { user_role_type_id: RoleType.CompanyManager, company_id: company.id, property_id: a.id },
        { user_role_type_id: RoleType.CompanyManager, company_id: company.id, property_id: b.id },
      ]);
      const remove = await siteAdmin(`/api/users/${person.id}`, { method: 'DELETE' });
      expect(remove.statusCode, remove.body).toBe(409);
      expect(remove.json().message).toBe(
        'This user also holds roles outside your property; only someone whose role covers all of them can delete them',
      );
      expect((await admin(`/api/users/${person.id}`)).statusCode).toBe(200);
    });

    it('deletes a user, who then cannot sign in', async () => {
      const person = await invite('delete.me@flowsight.test', [
        { user_role_type_id: 13, company_id: firstCompany },
      ]);
      const removed = await companyAdmin(`/api/users/${person.id}`, { method: 'DELETE' });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toEqual({ message: 'Deleted successfully' });
      expect((await admin(`/api/users/${person.id}`)).statusCode).toBe(404);
      expect((await authorized(t.app, person.token)('/api/auth/me')).statusCode).toBe(401);
      // System staff may delete anyone but themselves.
      const support = await t.as('support@flowsight.test');
      const technician = idOf['technician@flowsight.test'];
      expect((await support(`/api/users/${technician}`, { method: 'DELETE' })).statusCode).toBe(
        200,
      );
    });
  });
});

describe('an invitation that cannot be sent', () => {
  it('leaves no user behind, so it can simply be retried', async () => {
    const database = await createTestDatabase({ demo: true });
    const app = await buildApp({
      config: testConfig(),
      database,
      logger: false,
      mailer: { send: () => Promise.reject(new Error('SMTP is down')) },
    });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@flowsight.test', password: demoPassword },
      });
      const admin = authorized(app, login.json().access_token);
      const create = () =>
        admin('/api/users', {
          method: 'POST',
          payload: {
            email: 'unlucky@flowsight.test',
            first_name: 'Un',
            last_name: 'Lucky',
            roles: [{ user_role_type_id: 2 }],
          },
        });
      const response = await create();
      expect(response.statusCode).toBe(500);
      expect(response.json().message).toBe('Internal Server Error');
      const found = await admin('/api/users?filter.email=unlucky@flowsight.test');
      expect(found.json().meta.totalItems).toBe(0);
      // Not a 409 the second time: nothing was left half-made.
      expect((await create()).statusCode).toBe(500);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

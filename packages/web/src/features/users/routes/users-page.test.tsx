import { LAST_ROLE_MESSAGE } from '@flowsight/domain/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { type MockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { roleFixture } from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

const companyAdmin = roleFixture({ id: 31, user_role_type_id: 4, company_id: 1 });
const manager = roleFixture({ id: 32, user_role_type_id: 5, company_id: 1 });

type RoleSummary = {
  user_role_type_id: number;
  company_id: number | null;
  company_name: string | null;
};
const dana = {
  id: 41,
  email: 'dana.ortiz@flowsight.test',
  first_name: 'Dana',
  last_name: 'Ortiz',
  phone: '(617) 555-0100',
  mfa: 0,
  user_status_id: 2,
  last_login_at: null,
  created_at: '2026-01-05T10:00:00.000Z',
  roles: [
    { user_role_type_id: 4, company_id: 1, company_name: 'Harbor Homes' },
    { user_role_type_id: 5, company_id: 1, company_name: 'Harbor Homes' },
  ] as RoleSummary[],
};
const sam = {
  ...dana,
  id: 42,
  email: 'sam.lee@flowsight.test',
  first_name: 'Sam',
  last_name: 'Lee',
  roles: [{ user_role_type_id: 1, company_id: null, company_name: null }],
};

function page(rows: (typeof dana)[], totalItems = rows.length) {
  return {
    data: rows,
    meta: { itemsPerPage: 10, totalItems, currentPage: 1, totalPages: 1, sortBy: [] },
    links: { current: '/api/users' },
  };
}

function signedInAs(role = companyAdmin) {
  return signedInApi(role, { 'GET /users': () => reply(200, page([dana, sam])) });
}

function lastUsersQuery(api: MockApi): URLSearchParams {
  const request = api.requests.filter((r) => new URL(r.url).pathname === '/api/users').at(-1);
  return new URL(request?.url ?? 'http://x/').searchParams;
}

async function openRowMenu(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  return screen.findByRole('menu');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('users page', () => {
  it('lists the users the server pages, with "Never" for one who never signed in', async () => {
    signedInAs();
    renderRoutes(appRoutes, { path: '/users' });
    const rows = await screen.findAllByTestId('user-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Dana Ortiz');
    expect(rows[0]?.textContent).toContain('dana.ortiz@flowsight.test');
    expect(rows[0]?.textContent).toContain('Active');
    expect(rows[0]?.textContent).toContain('Never');
    expect(rows[0]?.textContent).not.toContain('N/A');
  });

  it('says what each user does and, to those who see several companies, for which one', async () => {
    const systemAdmin = roleFixture({
      id: 33,
      user_role_type_id: 1,
      company_id: null,
      company_type_id: null,
      company_name: null,
    });
    signedInAs(systemAdmin);
    renderRoutes(appRoutes, { path: '/users', settings: { language: 'fr' } });
    const rows = await screen.findAllByTestId('user-row');
    const headings = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headings).toEqual(expect.arrayContaining(['Rôle', 'Société']));
    const [dana, sam] = rows as [HTMLElement, HTMLElement];
    expect(within(dana).getByTestId('user-roles').textContent).toBe(
      'Company Admin, Company Manager',
    );
    expect(within(dana).getByTestId('user-companies').textContent).toBe('Harbor Homes');
    expect(within(sam).getByTestId('user-roles').textContent).toBe('System Admin');
    expect(within(sam).getByTestId('user-companies').textContent).toBe('—');
  });

  it('leaves the company column out for a company’s own admin', async () => {
    signedInAs();
    renderRoutes(appRoutes, { path: '/users' });
    const [dana] = await screen.findAllByTestId('user-row');
    expect(within(dana as HTMLElement).getByTestId('user-roles').textContent).toContain(
      'Company Admin',
    );
    expect(screen.queryByTestId('user-companies')).toBeNull();
  });

  it('keeps page, sort, search and filters in the address and sends them to the server', async () => {
    const api = signedInAs();
    const { router } = renderRoutes(appRoutes, {
      path: '/users?page=2&sort=email:ASC&search=dana&role=5&status=3',
    });
    await screen.findAllByTestId('user-row');
    const query = lastUsersQuery(api);
    expect(query.get('page')).toBe('2');
    expect(query.get('sortBy')).toBe('email:ASC');
    expect(query.get('search')).toBe('dana');
    expect(query.get('filter.user_role_type_id')).toBe('$eq:5');
    expect(query.get('filter.user_status_id')).toBe('$eq:3');

    fireEvent.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=email%3ADESC'));
    // A new sort starts again on the first page.
    expect(router.state.location.search).not.toContain('page=');
    await waitFor(() => expect(lastUsersQuery(api).get('sortBy')).toBe('email:DESC'));
  });

  it('shows the empty state when nothing matches', async () => {
    const api = signedInAs();
    api.on('GET /users', () => reply(200, page([])));
    renderRoutes(appRoutes, { path: '/users' });
    expect((await screen.findByTestId('users-empty')).textContent).toBe(
      'No users match this search or these filters.',
    );
  });

  it('shows the server’s message when the list cannot be loaded, with a retry', async () => {
    const api = signedInAs();
    api.on('GET /users', () =>
      reply(400, { statusCode: 400, error: 'Bad Request', message: 'page must be positive' }),
    );
    renderRoutes(appRoutes, { path: '/users' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The users could not be loaded.');
    expect(alert.textContent).toContain('page must be positive');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('invites a user into the company admin’s own company', async () => {
    const api = signedInAs();
    let body: unknown = null;
    api.on('POST /users', async (request) => {
      body = await request.json();
      return reply(201, { ...dana, id: 50, email: 'new.person@flowsight.test' });
    });
    renderRoutes(appRoutes, { path: '/users' });
    fireEvent.click(await screen.findByTestId('invite-user'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Email/), {
      target: { value: 'new.person@flowsight.test' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^First name/), { target: { value: 'New' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last name/), { target: { value: 'Person' } });
    // The company is fixed: no company field for a company admin.
    expect(within(dialog).queryByLabelText(/Company ID/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new.person@flowsight.test')).toBeTruthy();
    expect(body).toEqual({
      email: 'new.person@flowsight.test',
      first_name: 'New',
      last_name: 'Person',
      roles: [{ user_role_type_id: 4, company_id: 1 }],
    });
  });

  it('explains what is missing before inviting', async () => {
    const api = signedInAs();
    renderRoutes(appRoutes, { path: '/users' });
    fireEvent.click(await screen.findByTestId('invite-user'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Email is required')).toBeTruthy();
    expect(within(dialog).getByText('First name is required')).toBeTruthy();
    expect(api.calls()).not.toContain('POST /users');
  });

  it('deletes a user only after the confirmation', async () => {
    const api = signedInAs();
    api.on('DELETE /users/42', () => reply(200, { message: 'Deleted successfully' }));
    renderRoutes(appRoutes, { path: '/users' });
    const menu = await openRowMenu('Sam Lee');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Confirmation')).toBeTruthy();
    expect(confirm.textContent).toContain('Delete Sam Lee (sam.lee@flowsight.test)? Are you sure?');
    expect(api.calls()).not.toContain('DELETE /users/42');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Deleted successfully')).toBeTruthy();
    expect(api.calls()).toContain('DELETE /users/42');
  });

  it('disables a user after the confirmation', async () => {
    const api = signedInAs();
    let body: unknown = null;
    api.on('PUT /users/41', async (request) => {
      body = await request.json();
      return reply(200, { ...dana, user_status_id: 3 });
    });
    renderRoutes(appRoutes, { path: '/users' });
    const menu = await openRowMenu('Dana Ortiz');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Disable' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Dana Ortiz was disabled')).toBeTruthy();
    expect(body).toEqual({ user_status_id: 3 });
  });

  it('refuses to delete the last role with the specification’s message', async () => {
    const api = signedInAs();
    api.on('GET /users/41/roles', () =>
      reply(200, [
        {
          id: 90,
          user_id: 41,
          user_role_type_id: 5,
          company_id: 1,
          property_id: null,
          building_id: null,
          unit_id: null,
          company_name: 'Harbor Homes',
          property_name: null,
          building_name: null,
          unit_name: null,
          description: 'Company Manager of Harbor Homes',
        },
      ]),
    );
    api.on('DELETE /users/roles/90', () =>
      reply(400, { statusCode: 400, error: 'Bad Request', message: LAST_ROLE_MESSAGE }),
    );
    renderRoutes(appRoutes, { path: '/users' });
    const menu = await openRowMenu('Dana Ortiz');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Roles' }));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete Company Manager of Harbor Homes' }),
    );
    const dialogs = await screen.findAllByRole('dialog');
    const confirm = dialogs.at(-1);
    expect(confirm?.textContent).toContain(
      'Delete the role “Company Manager of Harbor Homes”? Are you sure?',
    );
    if (confirm === undefined) throw new Error('no confirmation');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('User must have at least one role')).toBeTruthy();
  });

  it('gives a company manager the list without any write action', async () => {
    signedInAs(manager);
    const { queryClient } = renderRoutes(appRoutes, { path: '/users' });
    // As in the app (`lib/query-client.ts`): the page opens on the list its route loader read,
    // without reading it again under the menu about to open.
    queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000 } });
    await screen.findAllByTestId('user-row');
    expect(screen.queryByTestId('invite-user')).toBeNull();
    expect(
      screen.getByText(
        'You can see the users of your company; only administrators can change them.',
      ),
    ).toBeTruthy();
    const menu = await openRowMenu('Dana Ortiz');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Roles', 'Notification contacts']);
  });
});

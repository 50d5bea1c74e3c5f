import { LAST_ROLE_MESSAGE } from '@flowsight/domain/auth';
import {
  activeRoleContext,
  headerControls,
  type MenuItem,
  sideMenu,
} from '@flowsight/domain/web-access';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { getServiceToken } from '@/lib/session-storage';
import { answer, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { roleFixture } from '@/testing/session-fixtures';
import { signedInApi, signedInWith } from '@/testing/signed-in';

// jsdom has no matchMedia: the shell renders its small-screen form (temporary drawer, header
// controls in the pop-up menu), which holds every control the wide form shows.

function flatIds(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => [item.id, ...flatIds(item.children ?? [])]);
}

async function openMoreMenu() {
  fireEvent.click(await screen.findByTestId('header-more'));
  return screen.findByRole('menu');
}

const manager = roleFixture({ id: 21, user_role_type_id: 5 });
// A page of the shell every company role may open that asks the API nothing (a company tab that
// does not exist), so these tests hear only the shell's own calls and messages.
const quietPage = '/companies/1/no-such-tab';
const admin = roleFixture({
  id: 22,
  user_role_type_id: 1,
  company_id: null,
  company_type_id: null,
});
const installer = roleFixture({ id: 23, user_role_type_id: 13 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('app shell', () => {
  it('shows exactly the side menu of the role, groups expandable', async () => {
    signedInApi(admin);
    renderRoutes(appRoutes, { path: '/companies' });
    fireEvent.click(await screen.findByTestId('drawer-toggle'));
    const menu = await screen.findByTestId('side-menu');
    fireEvent.click(within(menu).getByTestId('menu-submissions'));
    fireEvent.click(within(menu).getByTestId('menu-micrometers'));
    const expected = flatIds(sideMenu(activeRoleContext(admin, 1)));
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByTestId(/^menu-/)
          .map((element) => element.dataset.testid?.replace('menu-', '')),
      ).toEqual(expected),
    );
    expect(within(menu).getByTestId('menu-appliances').textContent).toBe('Fixtures');
  });

  it('sends a role outside a route’s list to its default path', async () => {
    signedInApi(manager);
    const { router } = renderRoutes(appRoutes, { path: '/events' });
    await screen.findByTestId('company-dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('has no drawer at all for the company installer', async () => {
    signedInApi(installer);
    const { router } = renderRoutes(appRoutes, { path: '/installation' });
    await screen.findByTestId('installation-page');
    expect(router.state.location.pathname).toBe('/installation');
    expect(screen.queryByTestId('drawer-toggle')).toBeNull();
    expect(screen.queryByTestId('side-drawer')).toBeNull();
  });

  it('offers the header controls of the role', async () => {
    signedInApi(admin);
    renderRoutes(appRoutes, { path: '/companies' });
    const menu = await openMoreMenu();
    const controls = headerControls(activeRoleContext(admin, 1));
    expect(controls.mfaToggle).toBe(false);
    expect(within(menu).queryByTestId('header-mfa')).toBeNull();
    expect(within(menu).queryByTestId('header-switch-role')).toBeNull();
    expect(within(menu).getByTestId('header-change-password')).toBeTruthy();
    expect(within(menu).getByTestId('header-language')).toBeTruthy();
  });

  it('gives a system role the search and Export All, which opens its dialog', async () => {
    signedInApi(admin);
    renderRoutes(appRoutes, { path: '/companies' });
    expect(await screen.findByTestId('header-search')).toBeTruthy();
    const menu = await openMoreMenu();
    fireEvent.click(within(menu).getByTestId('header-export-all'));
    expect(await screen.findByRole('dialog', { name: 'Export all to CSV' })).toBeTruthy();
  });

  it('gives a company manager the search without Export All, a type-3 company neither', async () => {
    signedInApi(manager);
    const first = renderRoutes(appRoutes, { path: quietPage });
    expect(await screen.findByTestId('header-search')).toBeTruthy();
    expect(within(await openMoreMenu()).queryByTestId('header-export-all')).toBeNull();
    first.unmount();

    const restricted = roleFixture({ id: 24, user_role_type_id: 4, company_type_id: 3 });
    signedInApi(restricted);
    renderRoutes(appRoutes, { path: '/companies/1' });
    await openMoreMenu();
    expect(screen.queryByTestId('header-search')).toBeNull();
    expect(screen.queryByTestId('header-export-all')).toBeNull();
  });

  it('turns MFA on and says so', async () => {
    const api = signedInApi(manager);
    api.on(
      'PUT /users/update-mfa-status/1',
      answer('/users/update-mfa-status/{status}', 'put', {
        message: 'MFA status enabled successfully',
      }),
    );
    renderRoutes(appRoutes, { path: quietPage });
    const menu = await openMoreMenu();
    fireEvent.click(within(menu).getByTestId('header-mfa'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'MFA status enabled successfully',
    );
  });

  it("undoes the MFA switch from its snackbar's UNDO button", async () => {
    const api = signedInApi(manager);
    const asked: number[] = [];
    for (const status of [1, 0]) {
      api.on(`PUT /users/update-mfa-status/${status}`, () => {
        asked.push(status);
        return reply(200, {
          message: `MFA status ${status === 1 ? 'enabled' : 'disabled'} successfully`,
        });
      });
    }
    renderRoutes(appRoutes, { path: quietPage });
    const menu = await openMoreMenu();
    fireEvent.click(within(menu).getByTestId('header-mfa'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'MFA status enabled successfully',
    );
    fireEvent.click(screen.getByRole('button', { name: 'UNDO' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('MFA status disabled successfully'),
    );
    expect(asked).toEqual([1, 0]);
    // Undoing is not itself undone.
    expect(screen.queryByRole('button', { name: 'UNDO' })).toBeNull();
  });

  it('shows a breadcrumb per path segment, ids as their portfolio level', async () => {
    signedInApi(admin);
    renderRoutes(appRoutes, { path: '/companies/12/properties/7' });
    const trail = await screen.findByTestId('breadcrumbs');
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Companies', 'Company 12', 'Properties', 'Property 7']);
  });
});

describe('switch role', () => {
  const first = roleFixture({ id: 41, company_name: 'Harbor Homes' });
  const second = roleFixture({
    id: 42,
    user_role_type_id: 5,
    company_id: 2,
    company_name: 'Lakeside Living',
  });
  const third = roleFixture({
    id: 43,
    user_role_type_id: 5,
    company_id: 3,
    company_name: 'Riverside',
  });

  async function openRoles() {
    const menu = await openMoreMenu();
    fireEvent.click(within(menu).getByTestId('header-switch-role'));
    // The pop-up menu hides the rest of the page from assistive technology until it has closed.
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    return screen.findByTestId('role-list-dialog');
  }

  it('lists every role, marks the active one and highlights the search match', async () => {
    signedInWith({ roles: [first, second, third], activeRoleId: 41 }).api;
    renderRoutes(appRoutes, { path: quietPage });
    const dialog = await openRoles();
    expect(within(dialog).getAllByTestId('role-option')).toHaveLength(3);
    expect(within(dialog).getByRole('button', { current: true }).textContent).toContain(
      first.description,
    );

    const search = within(dialog).getByPlaceholderText('Type to search...');
    fireEvent.change(search, { target: { value: 'LAKE' } });
    const options = within(dialog).getAllByTestId('role-option');
    expect(options).toHaveLength(1);
    expect(options[0]?.querySelector('mark')?.textContent).toBe('Lake');
  });

  it('deletes a role after confirmation', async () => {
    const api = signedInWith({ roles: [first, second, third], activeRoleId: 41 }).api;
    api.on(
      'DELETE /users/roles/42',
      answer('/users/roles/{roleId}', 'delete', {
        message: 'Deleted successfully',
        access_token: 'after-delete',
      }),
    );
    renderRoutes(appRoutes, { path: quietPage });
    const dialog = await openRoles();
    fireEvent.click(within(dialog).getByRole('button', { name: `Delete ${second.description}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmation' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ok' }));

    // The open role list keeps the rest of the page, the snackbar too, aria-hidden.
    expect((await screen.findByRole('alert', { hidden: true })).textContent).toContain(
      'Deleted successfully',
    );
    await waitFor(() => expect(within(dialog).getAllByTestId('role-option')).toHaveLength(2));
    expect(getServiceToken()).toBe('after-delete');
  });

  it('says a user must keep one role when the server refuses', async () => {
    const api = signedInWith({ roles: [first, second], activeRoleId: 41 }).api;
    api.on('DELETE /users/roles/42', () =>
      reply(400, { statusCode: 400, error: 'Bad Request', message: LAST_ROLE_MESSAGE }),
    );
    renderRoutes(appRoutes, { path: quietPage });
    const dialog = await openRoles();
    fireEvent.click(within(dialog).getByRole('button', { name: `Delete ${second.description}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmation' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ok' }));
    expect((await screen.findByRole('alert', { hidden: true })).textContent).toContain(
      LAST_ROLE_MESSAGE,
    );
  });

  it('answers any other failure with the generic text', async () => {
    const api = signedInWith({ roles: [first, second], activeRoleId: 41 }).api;
    api.on('DELETE /users/roles/42', () => reply(500, {}));
    renderRoutes(appRoutes, { path: quietPage });
    const dialog = await openRoles();
    fireEvent.click(within(dialog).getByRole('button', { name: `Delete ${second.description}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmation' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ok' }));
    expect((await screen.findByRole('alert', { hidden: true })).textContent).toContain(
      'An error occurred',
    );
  });
});

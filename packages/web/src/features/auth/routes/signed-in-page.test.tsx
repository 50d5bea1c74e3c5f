import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { setServiceToken } from '@/lib/session-storage';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { meOf, roleFixture, sessionFixture } from '@/testing/session-fixtures';
import { rememberRoleSwitch } from '../utils/role-switch-notice';

function signedInAs(session = sessionFixture()) {
  setServiceToken('stored-token');
  const api = mockApi({
    'GET /auth/me': () => reply(200, meOf(session)),
    [`GET /auth/new-token/${session.active_role_id}`]: () => reply(200, session),
  });
  return api;
}

describe('signed-in page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows who is signed in and the active role, with no switch for a single role', async () => {
    signedInAs();
    renderRoutes(appRoutes, { path: '/dashboard' });

    const page = await screen.findByTestId('signed-in-page');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Dana');
    expect(page.textContent).toContain('dana.ortiz@flowsight.test');
    expect(screen.getByTestId('active-role').textContent).toBe('Company Admin of Harbor Homes');
    expect(screen.queryByRole('button', { name: 'Switch role' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe(
      '/change-password',
    );
  });

  it('lists every role under "Switch role" when the user has several', async () => {
    signedInAs(
      sessionFixture({
        roles: [
          roleFixture({ id: 1 }),
          roleFixture({ id: 2, user_role_type_id: 5, company_name: 'Second Co' }),
        ],
      }),
    );
    renderRoutes(appRoutes, { path: '/dashboard' });
    await screen.findByTestId('signed-in-page');

    fireEvent.click(screen.getByRole('button', { name: 'Switch role' }));

    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Company Admin of Harbor Homes',
      'Company Manager of Second Co',
    ]);
  });

  it('shows "<role> was selected" once after the reload of a role switch', async () => {
    signedInAs();
    rememberRoleSwitch('Company Admin of Harbor Homes');
    renderRoutes(appRoutes, { path: '/dashboard' });

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Company Admin of Harbor Homes was selected',
    );
    expect(window.sessionStorage.length).toBe(0);
  });

  it('turns MFA on with the server’s message, and offers to turn it off again', async () => {
    const api = signedInAs();
    api.on('PUT /users/update-mfa-status/1', () =>
      reply(200, { message: 'MFA status enabled successfully' }),
    );
    renderRoutes(appRoutes, { path: '/dashboard' });
    await screen.findByTestId('signed-in-page');

    fireEvent.click(screen.getByRole('button', { name: 'Enable MFA' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'MFA status enabled successfully',
    );
    expect(await screen.findByRole('button', { name: 'Disable MFA' })).toBeTruthy();
  });

  it('offers no MFA switch to system roles', async () => {
    signedInAs(
      sessionFixture({
        roles: [roleFixture({ user_role_type_id: 1, company_id: null, company_name: null })],
      }),
    );
    renderRoutes(appRoutes, { path: '/companies' });
    await screen.findByTestId('signed-in-page');

    expect(screen.getByTestId('active-role').textContent).toBe('System Admin');
    expect(screen.queryByRole('button', { name: 'Enable MFA' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Change password' })).toBeTruthy();
  });
});

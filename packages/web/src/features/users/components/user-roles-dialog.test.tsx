// "Add role" presets nothing: the role type is a deliberate choice.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { setServiceToken, setUserActiveRole } from '@/lib/session-storage';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { meOf, roleFixture, sessionFixture } from '@/testing/session-fixtures';

const systemAdmin = roleFixture({
  id: 21,
  user_role_type_id: 1,
  company_id: null,
  company_type_id: null,
  company_name: null,
});
const dana = {
  id: 41,
  email: 'dana.ortiz@flowsight.test',
  first_name: 'Dana',
  last_name: 'Ortiz',
  phone: null,
  mfa: 0,
  user_status_id: 2,
  last_login_at: null,
  created_at: '2026-01-05T10:00:00.000Z',
  roles: [{ user_role_type_id: 5, company_id: 1, company_name: 'Harbor Homes' }],
};

function signedIn() {
  const session = sessionFixture({ roles: [systemAdmin], active_role_id: systemAdmin.id });
  setServiceToken('stored-token');
  setUserActiveRole(String(systemAdmin.id));
  return mockApi({
    'GET /auth/me': () => reply(200, meOf(session)),
    [`GET /auth/new-token/${systemAdmin.id}`]: () => reply(200, session),
    'GET /users': () =>
      reply(200, {
        data: [dana],
        meta: { itemsPerPage: 10, totalItems: 1, currentPage: 1, totalPages: 1, sortBy: [] },
        links: { current: '/api/users' },
      }),
    'GET /users/41/roles': () => reply(200, []),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('adding a role', () => {
  it('presets no role type and asks for one before sending anything', async () => {
    const api = signedIn();
    renderRoutes(appRoutes, { path: '/users' });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Dana Ortiz' }));
    fireEvent.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Roles' }),
    );
    const dialog = await screen.findByRole('dialog');
    const type = within(dialog).getByRole('combobox', { name: /Role/ });
    expect(type.textContent).not.toContain('System Admin');
    expect(type.textContent?.replace(/\u200B/g, '').trim()).toBe('');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add role' }));
    expect(await within(dialog).findByText('Choose a role')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    let body: unknown = null;
    api.on('POST /users/41/role', async (request) => {
      body = await request.json();
      return reply(201, { id: 95, user_id: 41, user_role_type_id: 3, description: 'x' });
    });
    fireEvent.mouseDown(type);
    fireEvent.click(await screen.findByRole('option', { name: 'System Technician' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add role' }));
    await waitFor(() => expect(body).toEqual({ user_role_type_id: 3 }));
  });
});

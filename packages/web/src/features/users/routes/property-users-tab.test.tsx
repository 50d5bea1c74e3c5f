import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { answer, listPage, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import {
  companyAdminRole as companyAdmin,
  harborAddress,
  harborCompany,
  managerRole as manager,
  roleFixture,
} from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

const restricted = roleFixture({
  id: 33,
  user_role_type_id: 4,
  company_id: 1,
  company_type_id: 3,
});

const point = {
  id: 7,
  name: 'Harbor Point',
  company_id: 1,
  company_name: 'Harbor Homes',
  timezone_id: 3,
  timezone_name: 'America/New_York',
  property_type_id: 1,
  water_price_per_kgal: 12.5,
  ...harborAddress,
  buildings_count: 2,
  units_count: 20,
  created_at: '2026-01-05T10:00:00.000Z',
};
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
  roles: [{ user_role_type_id: 4, company_id: 1, company_name: 'Harbor Homes' }],
};

const page = (rows: (typeof dana)[]) => listPage(rows, '/api/properties/7/users');

/** What the property's users tab reads. */
const propertyPages = {
  'GET /companies/1': answer('/companies/{id}', 'get', harborCompany),
  'GET /properties/7': answer('/properties/{id}', 'get', point),
  'GET /properties/7/users': answer('/properties/{id}/users', 'get', page([dana])),
  'GET /properties/7/buildings': () => reply(200, { ...page([]), links: {} }),
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the property users tab', () => {
  it('lists the people the property’s users call returns, with the users list’s actions', async () => {
    const api = signedInApi(companyAdmin, propertyPages);
    renderRoutes(appRoutes, { path: '/companies/1/properties/7/users?search=dana' });
    const tabs = await screen.findByRole('tablist');
    const tab = within(tabs).getByRole('tab', { name: 'Users' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const rows = await screen.findAllByTestId('user-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.textContent).toContain('Dana Ortiz');
    expect(
      screen.getByRole('heading', { name: 'People with access to this property' }),
    ).toBeTruthy();
    // The list's search and paging go to the property's call, never to the whole /users list.
    const calls = api.requests.map((r) => new URL(r.url));
    const call = calls.find((url) => url.pathname === '/api/properties/7/users');
    expect(call?.searchParams.get('search')).toBe('dana');
    expect(calls.some((url) => url.pathname === '/api/users')).toBe(false);

    expect(screen.getByTestId('invite-user')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Dana Ortiz' }));
    const menu = await screen.findByRole('menu');
    for (const action of ['Edit', 'Roles', 'Disable', 'Delete']) {
      expect(within(menu).getByRole('menuitem', { name: action })).toBeTruthy();
    }
  });

  it('reads only for a manager and says so when nobody matches', async () => {
    const api = signedInApi(manager, propertyPages);
    api.on('GET /properties/7/users', answer('/properties/{id}/users', 'get', page([])));
    renderRoutes(appRoutes, { path: '/companies/1/properties/7/users' });
    expect((await screen.findByTestId('users-empty')).textContent).toBe(
      'No one with access to this property matches this search or these filters.',
    );
    expect(screen.queryByTestId('invite-user')).toBeNull();
  });

  it('is closed to a restricted (type 3) company, whose allow-list leaves users out', async () => {
    const api = signedInApi(restricted, propertyPages);
    api.on(
      'GET /companies/1',
      answer('/companies/{id}', 'get', { ...harborCompany, company_type_id: 3 }),
    );
    const { router } = renderRoutes(appRoutes, { path: '/companies/1/properties/7/users' });
    // The address of a tab not shown leads to the page's default tab.
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/companies/1/properties/7/buildings'),
    );
    const tabs = await screen.findByRole('tablist');
    expect(within(tabs).queryByRole('tab', { name: 'Users' })).toBeNull();
    expect(api.requests.some((r) => r.url.includes('/users'))).toBe(false);
  });
});

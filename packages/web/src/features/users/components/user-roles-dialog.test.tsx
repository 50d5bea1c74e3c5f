// The Roles dialog: "Add role" presets nothing, offers only the role types that can sign in, and
// places a company role by names (company, then optionally a property and a building), never by
// typed ids; a caller narrowed to a property grants inside it alone.
import type { SessionRole } from '@flowsight/domain/auth';
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
/** A company admin of Harbor Homes narrowed to its property Maple Court (site staff). */
const siteAdmin = roleFixture({
  id: 22,
  user_role_type_id: 4,
  company_id: 1,
  property_id: 7,
  property_name: 'Maple Court',
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

function signedIn(role: SessionRole = systemAdmin) {
  const session = sessionFixture({ roles: [role], active_role_id: role.id });
  setServiceToken('stored-token');
  setUserActiveRole(String(role.id));
  return mockApi({
    'GET /auth/me': () => reply(200, meOf(session)),
    [`GET /auth/new-token/${role.id}`]: () => reply(200, session),
    'GET /users': () =>
      reply(200, {
        data: [dana],
        meta: { itemsPerPage: 10, totalItems: 1, currentPage: 1, totalPages: 1, sortBy: [] },
        links: { current: '/api/users' },
      }),
    'GET /users/41/roles': () => reply(200, []),
    'GET /companies/names': () =>
      reply(200, [
        { id: 1, name: 'Harbor Homes' },
        { id: 2, name: 'Birch Living' },
      ]),
    'GET /companies/1/properties-names': () =>
      reply(200, [
        { id: 7, name: 'Maple Court' },
        { id: 8, name: 'Elm Row' },
      ]),
    'GET /properties/7/buildings-names': () =>
      reply(200, [
        { id: 30, name: 'North Tower' },
        { id: 31, name: 'South Tower' },
      ]),
  });
}

async function openRoles() {
  renderRoutes(appRoutes, { path: '/users' });
  fireEvent.click(await screen.findByRole('button', { name: 'Actions for Dana Ortiz' }));
  fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Roles' }));
  return screen.findByRole('dialog');
}

async function chooseType(dialog: HTMLElement, name: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Role/ }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

/** Types into a place list and picks `name` with the keyboard. */
async function pick(dialog: HTMLElement, label: string, name: string) {
  const input = within(dialog).getByRole('combobox', { name: new RegExp(`^${label}`) });
  await waitFor(() => expect(input.hasAttribute('disabled')).toBe(false));
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: name.slice(0, 3) } });
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  const option = await screen.findByRole('option', { name });
  fireEvent.click(option);
  await waitFor(() => expect((input as HTMLInputElement).value).toBe(name));
}

function recordPost(api: ReturnType<typeof mockApi>) {
  const sent: { body: unknown } = { body: null };
  api.on('POST /users/41/role', async (request) => {
    sent.body = await request.json();
    return reply(201, { id: 95, user_id: 41, user_role_type_id: 5, description: 'x' });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('adding a role', () => {
  it('presets no role type and asks for one before sending anything', async () => {
    const api = signedIn();
    const dialog = await openRoles();
    const type = within(dialog).getByRole('combobox', { name: /Role/ });
    expect(type.textContent).not.toContain('System Admin');
    expect(type.textContent?.replace(/\u200B/g, '').trim()).toBe('');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add role' }));
    expect(await within(dialog).findByText('Choose a role')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    const sent = recordPost(api);
    await chooseType(dialog, 'System Technician');
    // A system role sits nowhere: no place to choose.
    expect(within(dialog).queryByRole('combobox', { name: /^Company/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add role' }));
    await waitFor(() => expect(sent.body).toEqual({ user_role_type_id: 3 }));
  });

  it('offers only the role types that can sign in', async () => {
    signedIn();
    const dialog = await openRoles();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Role/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      'System Admin',
      'System Support',
      'System Technician',
      'Company Admin',
      'Company Manager',
      'Sensor Tester',
      'Company Installer',
    ]);
  });

  it('lets system staff place a company role by names, down to a property', async () => {
    const api = signedIn();
    const dialog = await openRoles();
    await chooseType(dialog, 'Company Manager');
    // No typed ids anywhere.
    expect(within(dialog).queryByRole('textbox', { name: /ID/ })).toBeNull();
    const property = within(dialog).getByRole('combobox', { name: /^Property/ });
    expect(property.hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add role' }));
    expect(await within(dialog).findByText('Choose a company')).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    await pick(dialog, 'Company', 'Harbor Homes');
    expect(within(dialog).getByText('Empty: the whole company')).toBeTruthy();
    await pick(dialog, 'Property', 'Maple Court');
    expect(within(dialog).getByText('Empty: the whole property')).toBeTruthy();

    const sent = recordPost(api);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add role' }));
    await waitFor(() =>
      expect(sent.body).toEqual({ user_role_type_id: 5, company_id: 1, property_id: 7 }),
    );
  });

  it('clears the property and building when the company changes', async () => {
    const api = signedIn();
    api.on('GET /companies/2/properties-names', () => reply(200, []));
    const dialog = await openRoles();
    await chooseType(dialog, 'Company Admin');
    await pick(dialog, 'Company', 'Harbor Homes');
    await pick(dialog, 'Property', 'Maple Court');
    await pick(dialog, 'Building', 'North Tower');
    await pick(dialog, 'Company', 'Birch Living');
    const property = within(dialog).getByRole('combobox', { name: /^Property/ });
    expect((property as HTMLInputElement).value).toBe('');
    // Birch Living has no properties: the list says so.
    fireEvent.mouseDown(property);
    expect(await screen.findByText('No matches')).toBeTruthy();

    const sent = recordPost(api);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add role' }));
    await waitFor(() => expect(sent.body).toEqual({ user_role_type_id: 4, company_id: 2 }));
  });

  it('keeps a narrowed admin inside their own property', async () => {
    const api = signedIn(siteAdmin);
    const dialog = await openRoles();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Role/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Company Admin', 'Company Manager', 'Company Installer']);
    fireEvent.click(screen.getByRole('option', { name: 'Company Installer' }));

    // Their company and property are shown, not editable; only a building may be chosen.
    const company = within(dialog).getByRole('textbox', { name: 'Company' }) as HTMLInputElement;
    const property = within(dialog).getByRole('textbox', { name: 'Property' }) as HTMLInputElement;
    expect([company.value, company.readOnly]).toEqual(['Harbor Homes', true]);
    expect([property.value, property.readOnly]).toEqual(['Maple Court', true]);
    expect(api.calls()).not.toContain('GET /companies/names');
    expect(api.calls()).not.toContain('GET /companies/1/properties-names');

    const sent = recordPost(api);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add role' }));
    await waitFor(() =>
      expect(sent.body).toEqual({ user_role_type_id: 13, company_id: 1, property_id: 7 }),
    );
    // Added: the form starts again from nothing.
    await waitFor(() =>
      expect(within(dialog).queryByRole('textbox', { name: 'Company' })).toBeNull(),
    );
    sent.body = null;
    await chooseType(dialog, 'Company Installer');
    await pick(dialog, 'Building', 'South Tower');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add role' }));
    await waitFor(() =>
      expect(sent.body).toEqual({
        user_role_type_id: 13,
        company_id: 1,
        property_id: 7,
        building_id: 31,
      }),
    );
  });

  it("shows the server's refusal", async () => {
    const api = signedIn();
    api.on('POST /users/41/role', () =>
      reply(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'A company admin may grant only these roles: Company Admin',
      }),
    );
    const dialog = await openRoles();
    await chooseType(dialog, 'Company Manager');
    await pick(dialog, 'Company', 'Harbor Homes');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add role' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'A company admin may grant only these roles: Company Admin',
    );
  });

  it('says when the names cannot be loaded', async () => {
    const api = signedIn();
    api.on('GET /companies/names', () =>
      reply(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' }),
    );
    const dialog = await openRoles();
    await chooseType(dialog, 'Company Manager');
    expect(
      await within(dialog).findByText('The names could not be loaded.', {}, { timeout: 4000 }),
    ).toBeTruthy();
  });
});

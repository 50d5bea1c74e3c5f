// The Flume accounts page: the accounts with their meters and links, adding one (Flume's
// refusal shown in the dialog), linking and unlinking a meter, syncing now (and Flume's rate
// limit), testing, removing after confirmation, the empty and error states, and who may open it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { answer, listPage, type MockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import {
  companyAdminRole as companyAdmin,
  managerRole as manager,
  systemAdminRole as systemAdmin,
} from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';
import type { FlumeAccount } from '../api/get-flume-accounts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const linkedMeter = {
  id: 11,
  device_id: '6802190987654321',
  name: 'Main line',
  location: 'Basement',
  time_zone: 'America/New_York',
  building_id: 9,
  building_name: 'North Tower',
  last_sync_at: minutesAgo(5),
};
const freeMeter = {
  id: 12,
  device_id: '6802190911112222',
  name: null,
  location: 'Garage',
  time_zone: 'America/New_York',
  building_id: null,
  building_name: null,
  last_sync_at: null,
};
const harborFlume: FlumeAccount = {
  id: 3,
  company_id: 1,
  company_name: 'Harbor Homes',
  name: 'Harbor Flume',
  flume_user_id: '5501',
  client_id: 'client-abc',
  username: 'water@harbor.test',
  connected_at: minutesAgo(60),
  last_sync_at: minutesAgo(5),
  last_error: null,
  last_error_at: null,
  created_at: '2026-11-01T09:00:00.000Z',
  devices: [linkedMeter, freeMeter],
};
const lakesideFlume: FlumeAccount = {
  id: 4,
  company_id: 2,
  company_name: 'Lakeside Rentals',
  name: 'Lakeside Flume',
  flume_user_id: '5502',
  client_id: 'client-def',
  username: 'ops@lakeside.test',
  connected_at: minutesAgo(600),
  last_sync_at: null,
  last_error: 'invalid_grant: Bad username or password',
  last_error_at: minutesAgo(30),
  created_at: '2026-11-02T09:00:00.000Z',
  devices: [],
};

const building = (id: number, name: string) => ({
  id,
  name,
  company_id: 1,
  company_name: 'Harbor Homes',
  property_id: 7,
  property_name: 'Harbor Point',
  city_name: null,
  state_name: null,
  survey_status: 1,
  units_count: 4,
  created_at: '2026-01-05T10:00:00.000Z',
});

function signedIn(accounts: FlumeAccount[] = [harborFlume, lakesideFlume], role = systemAdmin) {
  return signedInApi(role, {
    'GET /flume-accounts': answer('/flume-accounts', 'get', accounts),
    'GET /companies/names': answer('/companies/names', 'get', [
      { id: 1, name: 'Harbor Homes' },
      { id: 2, name: 'Lakeside Rentals' },
    ]),
  });
}

/** The page's row (desktop table) of an account. */
async function rowOf(name: string) {
  const rows = await screen.findAllByTestId('flume-account');
  const row = rows.find((candidate) => candidate.textContent?.includes(name));
  if (row === undefined) throw new Error(`No row for ${name}`);
  return row;
}

/** The body of the last request to `route` ("METHOD /path"). */
async function lastBody(api: MockApi, route: string) {
  const request = api.requests.filter(
    (r) => `${r.method} ${new URL(r.url).pathname.replace(/^\/api/, '')}` === route,
  );
  const last = request.at(-1);
  if (last === undefined) throw new Error(`No request ${route}`);
  return last.clone().json();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Flume accounts page', () => {
  it('lists each account with its company, Flume user, meters and their buildings, last sync and last error', async () => {
    signedIn();
    renderRoutes(appRoutes, { path: '/flume-accounts' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Flume accounts' })).toBeTruthy();
    const harbor = await rowOf('Harbor Flume');
    expect(harbor.textContent).toContain('Harbor Homes');
    expect(harbor.textContent).toContain('water@harbor.test');
    expect(harbor.textContent).toContain('5 minutes ago');
    expect(harbor.textContent).toContain('Connected');
    const meters = within(harbor).getAllByTestId('flume-device');
    expect(meters).toHaveLength(2);
    expect(meters[0]?.textContent).toContain('Main line');
    expect(meters[0]?.textContent).toContain('6802190987654321');
    expect(within(meters[0] as HTMLElement).getByTestId('flume-device-building').textContent).toBe(
      'Linked to North Tower',
    );
    expect(within(meters[0] as HTMLElement).getByRole('button', { name: 'Unlink' })).toBeTruthy();
    // A meter without a name goes by its location; an unlinked one offers the link.
    expect(meters[1]?.textContent).toContain('Garage');
    expect(within(meters[1] as HTMLElement).getByTestId('flume-device-building').textContent).toBe(
      'Not linked',
    );
    expect(
      within(meters[1] as HTMLElement).getByRole('button', { name: 'Link to building' }),
    ).toBeTruthy();
    expect(within(harbor).queryByTestId('flume-last-error')).toBeNull();
    for (const action of ['Test connection', 'Sync now', 'Remove']) {
      expect(within(harbor).getByRole('button', { name: action })).toBeTruthy();
    }

    const lakeside = await rowOf('Lakeside Flume');
    expect(lakeside.textContent).toContain('Lakeside Rentals');
    expect(lakeside.textContent).toContain('No meters found');
    expect(lakeside.textContent).toContain('Never');
    expect(lakeside.textContent).toContain('Error');
    const error = within(lakeside).getByTestId('flume-last-error');
    expect(error.textContent).toBe('Last error: invalid_grant: Bad username or password');
  });

  it('says there is no account yet and offers to add one', async () => {
    signedIn([]);
    renderRoutes(appRoutes, { path: '/flume-accounts' });
    const empty = await screen.findByTestId('flume-empty');
    expect(empty.textContent).toContain('No Flume accounts yet');
    // The one add button is the empty state's.
    expect(screen.getAllByRole('button', { name: 'Add Flume account' })).toHaveLength(1);
    fireEvent.click(within(empty).getByRole('button', { name: 'Add Flume account' }));
    expect(await screen.findByRole('dialog', { name: 'Add Flume account' })).toBeTruthy();
  });

  it('offers no add button while the list loads, so the button never moves under a click', async () => {
    const api = signedIn([]);
    let release: () => void = () => {};
    const loaded = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.on('GET /flume-accounts', async () => {
      await loaded;
      return reply(200, []);
    });
    renderRoutes(appRoutes, { path: '/flume-accounts' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Flume accounts' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Flume account' })).toBeNull();
    release();
    const empty = await screen.findByTestId('flume-empty');
    expect(screen.getAllByRole('button', { name: 'Add Flume account' })).toEqual(
      within(empty).getAllByRole('button', { name: 'Add Flume account' }),
    );
  });

  it('shows why the list could not load, with a retry', async () => {
    const api = signedIn();
    api.on('GET /flume-accounts', () =>
      reply(500, { statusCode: 500, error: 'Internal Server Error', message: 'An error occurred' }),
    );
    renderRoutes(appRoutes, { path: '/flume-accounts' });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('The Flume accounts could not be loaded.');
    api.on('GET /flume-accounts', answer('/flume-accounts', 'get', [harborFlume]));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowOf('Harbor Flume')).toBeTruthy();
  });

  it("adds an account: Flume's refusal shows in the dialog, which stays; then the account is listed", async () => {
    const api = signedIn([lakesideFlume]);
    api.on('POST /flume-accounts', () =>
      reply(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Flume refused the credentials: invalid_client',
      }),
    );
    renderRoutes(appRoutes, { path: '/flume-accounts' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Flume account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Flume account' });
    const company = within(dialog).getByRole('combobox', { name: 'Company' });
    await waitFor(() => expect(within(company).getAllByRole('option')).toHaveLength(3));
    // Nothing is sent while a field is missing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(within(dialog).getAllByText('Required')).toHaveLength(5);
    expect(api.calls()).not.toContain('POST /flume-accounts');

    fireEvent.change(company, { target: { value: '1' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: ' Harbor Flume ' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Client ID' }), {
      target: { value: 'client-abc' },
    });
    const secret = within(dialog).getByLabelText(/^Client secret/);
    const password = within(dialog).getByLabelText(/^Password/);
    expect(secret.getAttribute('type')).toBe('password');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.change(secret, { target: { value: 's3cret' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), {
      target: { value: 'water@harbor.test' },
    });
    fireEvent.change(password, { target: { value: 'pa ss' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add account' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Flume refused the credentials: invalid_client',
    );
    expect(await lastBody(api, 'POST /flume-accounts')).toEqual({
      company_id: 1,
      name: 'Harbor Flume',
      client_id: 'client-abc',
      client_secret: 's3cret',
      username: 'water@harbor.test',
      password: 'pa ss',
    });

    api.on('POST /flume-accounts', answer('/flume-accounts', 'post', harborFlume, 201));
    api.on('GET /flume-accounts', answer('/flume-accounts', 'get', [harborFlume, lakesideFlume]));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add account' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Flume account' })).toBeNull(),
    );
    expect(await rowOf('Harbor Flume')).toBeTruthy();
    expect((await screen.findByText('Harbor Flume added. Meters found: 2.')).textContent).toBe(
      'Harbor Flume added. Meters found: 2.',
    );

    // Opened again, the dialog has forgotten the secrets.
    fireEvent.click(screen.getByRole('button', { name: 'Add Flume account' }));
    const again = await screen.findByRole('dialog', { name: 'Add Flume account' });
    expect((within(again).getByLabelText(/^Client secret/) as HTMLInputElement).value).toBe('');
    expect((within(again).getByLabelText(/^Password/) as HTMLInputElement).value).toBe('');
  });

  it("adds a company admin's account to the admin's company without asking which", async () => {
    const api = signedIn([], companyAdmin);
    api.on('POST /flume-accounts', answer('/flume-accounts', 'post', harborFlume, 201));
    renderRoutes(appRoutes, { path: '/flume-accounts' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Flume account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Flume account' });
    expect(within(dialog).queryByRole('combobox', { name: 'Company' })).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Harbor Flume' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Client ID' }), {
      target: { value: 'client-abc' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Client secret/), {
      target: { value: 's3cret' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), {
      target: { value: 'water@harbor.test' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: 'pw' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(api.calls()).toContain('POST /flume-accounts'));
    expect(await lastBody(api, 'POST /flume-accounts')).toMatchObject({ company_id: 1 });
    expect(api.calls()).not.toContain('GET /companies/names');
  });

  it("links a meter to a building of the account's company, the server's refusal shown in the dialog", async () => {
    const api = signedIn();
    api.on('GET /buildings', (request) => {
      const query = new URL(request.url).searchParams;
      expect(query.get('filter.company_id')).toBe('$eq:1');
      return reply(200, listPage([building(9, 'North Tower'), building(10, 'South Tower')]));
    });
    api.on('PUT /flume-accounts/3/devices/12', () =>
      reply(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'Another Flume meter is already linked to this building',
      }),
    );
    renderRoutes(appRoutes, { path: '/flume-accounts' });
    const harbor = await rowOf('Harbor Flume');
    fireEvent.click(within(harbor).getByRole('button', { name: 'Link to building' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link Garage to a building' });
    const select = within(dialog).getByRole('combobox', { name: 'Building' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    // The building another meter measures is named so and cannot be chosen.
    const north = within(select).getByRole('option', { name: 'North Tower (has a Flume meter)' });
    expect((north as HTMLOptionElement).disabled).toBe(true);
    fireEvent.change(select, { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Another Flume meter is already linked to this building',
    );

    const linked = {
      ...harborFlume,
      devices: [linkedMeter, { ...freeMeter, building_id: 10, building_name: 'South Tower' }],
    };
    api.on(
      'PUT /flume-accounts/3/devices/12',
      answer('/flume-accounts/{id}/devices/{deviceId}', 'put', linked),
    );
    api.on('GET /flume-accounts', answer('/flume-accounts', 'get', [linked, lakesideFlume]));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(screen.queryByTestId('flume-link-dialog')).toBeNull());
    expect(await lastBody(api, 'PUT /flume-accounts/3/devices/12')).toEqual({ building_id: 10 });
    const meters = within(await rowOf('Harbor Flume')).getAllByTestId('flume-device');
    await waitFor(() =>
      expect(
        within(meters[1] as HTMLElement).getByTestId('flume-device-building').textContent,
      ).toBe('Linked to South Tower'),
    );
    expect(await screen.findByText('Garage is linked to South Tower.')).toBeTruthy();
  });

  it('unlinks a meter', async () => {
    const api = signedIn();
    const unlinked = {
      ...harborFlume,
      devices: [{ ...linkedMeter, building_id: null, building_name: null }, freeMeter],
    };
    api.on('PUT /flume-accounts/3/devices/11', () => {
      // The list read again after the change answers the account as it now is.
      api.on('GET /flume-accounts', answer('/flume-accounts', 'get', [unlinked, lakesideFlume]));
      return reply(200, unlinked);
    });
    renderRoutes(appRoutes, { path: '/flume-accounts' });
    const harbor = await rowOf('Harbor Flume');
    fireEvent.click(within(harbor).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('Main line is no longer linked to North Tower.')).toBeTruthy();
    expect(await lastBody(api, 'PUT /flume-accounts/3/devices/11')).toEqual({ building_id: null });
    const meters = within(await rowOf('Harbor Flume')).getAllByTestId('flume-device');
    expect(within(meters[0] as HTMLElement).getByTestId('flume-device-building').textContent).toBe(
      'Not linked',
    );
  });

  it('syncs an account now, shows the new sync, and says when Flume asks to wait', async () => {
    const api = signedIn();
    const synced = {
      ...lakesideFlume,
      last_sync_at: new Date().toISOString(),
      last_error: null,
      last_error_at: null,
    };
    let answerSync: () => void = () => {};
    api.on(
      'POST /flume-accounts/4/sync',
      () =>
        new Promise<Response>((resolve) => {
          answerSync = () => {
            api.on('GET /flume-accounts', answer('/flume-accounts', 'get', [harborFlume, synced]));
            resolve(answer('/flume-accounts/{id}/sync', 'post', synced)(new Request('http://x')));
          };
        }),
    );
    renderRoutes(appRoutes, { path: '/flume-accounts' });
    const lakeside = await rowOf('Lakeside Flume');
    const sync = within(lakeside).getByRole('button', { name: 'Sync now' });
    fireEvent.click(sync);
    // Under way: the button shows it and the other account action waits.
    await waitFor(() => expect((sync as HTMLButtonElement).disabled).toBe(true));
    expect(
      (within(lakeside).getByRole('button', { name: 'Test connection' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    answerSync();
    expect(await screen.findByText('Lakeside Flume is synced.')).toBeTruthy();
    const row = await rowOf('Lakeside Flume');
    await waitFor(() => expect(within(row).queryByTestId('flume-last-error')).toBeNull());
    expect(row.textContent).toContain('now');
    expect(within(row).getByRole('button', { name: 'Sync now' })).toBe(sync);

    api.on(
      'POST /flume-accounts/3/sync',
      () =>
        new Response(
          JSON.stringify({
            statusCode: 429,
            error: 'Too Many Requests',
            message: 'Flume rate limit',
          }),
          { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '30' } },
        ),
    );
    fireEvent.click(within(await rowOf('Harbor Flume')).getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Flume asks to wait. Try again in 30 seconds.')).toBeTruthy();
  });

  it("tests the connection and shows Flume's refusal on the account", async () => {
    const api = signedIn();
    const refused = {
      ...harborFlume,
      last_error: 'invalid_grant: Bad username or password',
      last_error_at: new Date().toISOString(),
    };
    api.on('POST /flume-accounts/3/test', () => {
      api.on('GET /flume-accounts', answer('/flume-accounts', 'get', [refused, lakesideFlume]));
      return reply(200, refused);
    });
    renderRoutes(appRoutes, { path: '/flume-accounts' });
    const harbor = await rowOf('Harbor Flume');
    expect(within(harbor).queryByTestId('flume-last-error')).toBeNull();
    fireEvent.click(within(harbor).getByRole('button', { name: 'Test connection' }));
    expect(
      await screen.findByText(
        'Flume refused Harbor Flume: invalid_grant: Bad username or password',
      ),
    ).toBeTruthy();
    expect(within(await rowOf('Harbor Flume')).getByTestId('flume-last-error').textContent).toBe(
      'Last error: invalid_grant: Bad username or password',
    );
  });

  it('removes an account only after a confirmation naming it', async () => {
    const api = signedIn();
    api.on('DELETE /flume-accounts/3', answer('/flume-accounts/{id}', 'delete', harborFlume));
    renderRoutes(appRoutes, { path: '/flume-accounts' });
    fireEvent.click(within(await rowOf('Harbor Flume')).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Flume account' });
    expect(confirm.textContent).toContain('Remove the Flume account “Harbor Flume”?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Remove Flume account' })).toBeNull(),
    );
    expect(api.calls()).not.toContain('DELETE /flume-accounts/3');

    fireEvent.click(within(await rowOf('Harbor Flume')).getByRole('button', { name: 'Remove' }));
    const again = await screen.findByRole('dialog', { name: 'Remove Flume account' });
    api.on('GET /flume-accounts', answer('/flume-accounts', 'get', [lakesideFlume]));
    fireEvent.click(within(again).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Harbor Flume removed.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('flume-account')).toHaveLength(1));
    expect(api.calls()).toContain('DELETE /flume-accounts/3');
  });

  it('is not open to a company manager, whom the API refuses: the guard sends them home', async () => {
    const api = signedIn([harborFlume], manager);
    const { router } = renderRoutes(appRoutes, { path: '/flume-accounts' });
    await screen.findByTestId('company-dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.calls()).not.toContain('GET /flume-accounts');
  });

  it('is open to a company admin', async () => {
    signedIn([harborFlume], companyAdmin);
    renderRoutes(appRoutes, { path: '/flume-accounts' });
    expect(await rowOf('Harbor Flume')).toBeTruthy();
  });
});

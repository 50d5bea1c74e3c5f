import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { type MockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { roleFixture } from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

const systemAdmin = roleFixture({
  id: 21,
  user_role_type_id: 1,
  company_id: null,
  company_type_id: null,
  company_name: null,
});
const companyManager = roleFixture({ id: 31, user_role_type_id: 5, company_id: 1 });
const systemTechnician = roleFixture({
  id: 22,
  user_role_type_id: 3,
  company_id: null,
  company_type_id: null,
  company_name: null,
});

const MAC = '70B3D50000000001';
const STOCK_MAC = 'F10A5E0000000042';

function micrometer(overrides: Record<string, unknown> = {}) {
  return {
    id: 3,
    mac_address: MAC,
    sensor_state_id: 4,
    sensor_status_id: 1,
    battery: 87,
    firmware_version: '2.4.1',
    size_inch: 0.5,
    install_date: '2026-01-05T10:00:00.000Z',
    last_keepalive: '2026-04-20T14:00:00.000Z',
    last_submission: null,
    report_interval_s: 900,
    keepalive_interval_s: 3600,
    company_id: 1,
    property_id: 7,
    building_id: 9,
    unit_id: 11,
    appliance_type_id: 5,
    room_type_id: 2,
    water_type_id: 1,
    company_name: 'Harbor Homes',
    property_name: 'Harbor Point',
    building_name: 'North Tower',
    unit_name: 'Apt 101',
    unit_category_id: 1,
    notification_excluded: false,
    config: null,
    issue: null,
    office_assignment: null,
    last_test: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

const stock = micrometer({
  id: 40,
  mac_address: STOCK_MAC,
  sensor_state_id: 1,
  sensor_status_id: 3,
  company_id: null,
  property_id: null,
  building_id: null,
  unit_id: null,
  appliance_type_id: null,
  room_type_id: null,
  water_type_id: null,
  company_name: null,
  property_name: null,
  building_name: null,
  unit_name: null,
  unit_category_id: null,
  last_keepalive: null,
});

function reading(overrides: Record<string, unknown> = {}) {
  return {
    id: 1,
    measured_at: '2026-04-20T14:15:00.000Z',
    ingested_at: '2026-04-20T14:15:02.000Z',
    mac_address: MAC,
    seq: 10,
    kind: 'usage',
    port: 1,
    transport: 'http',
    gallons: 1.25,
    interval_s: 900,
    flow_time_s: 42,
    peak_flow_gpm: 2.5,
    battery: 87,
    firmware_version: null,
    flags: null,
    report_interval_s: null,
    gateway_serial: 'GW-1',
    rssi: -97,
    snr: 7.5,
    error: null,
    payload_hex: '02000a',
    sensor_id: 3,
    company_id: 1,
    property_id: 7,
    building_id: 9,
    building_name: 'North Tower',
    unit_id: 11,
    unit_name: 'Apt 101',
    appliance_type_id: 5,
    room_type_id: null,
    water_type_id: null,
    ...overrides,
  };
}

function page<T>(rows: T[]) {
  return {
    data: rows,
    meta: { itemsPerPage: 25, totalItems: rows.length, currentPage: 1, totalPages: 1, sortBy: [] },
    links: { current: '/api/x' },
  };
}

const building = {
  id: 9,
  name: 'North Tower',
  company_id: 1,
  company_name: 'Harbor Homes',
  property_id: 7,
  property_name: 'Harbor Point',
  survey_status: 0,
};

function signedInAs(role = systemAdmin): MockApi {
  return signedInApi(role, {
    'GET /sensors/assigned': () => reply(200, page([micrometer()])),
    'GET /sensors/unassigned': () => reply(200, page([stock])),
    [`GET /sensors/mac/${MAC}`]: () => reply(200, micrometer()),
    [`GET /sensors/mac/${STOCK_MAC}`]: () => reply(200, stock),
    'GET /sensors/3/submissions': () =>
      reply(200, { data: [reading(), reading({ id: 2, kind: 'keepalive', gallons: null })] }),
    'GET /sensors/3/sensor-issue': () =>
      reply(200, { sensor_id: 3, issue: null, reported_at: null, reported_by: null }),
    'GET /sensors/40/submissions': () => reply(200, { data: [] }),
    'GET /sensors/40/sensor-issue': () =>
      reply(200, { sensor_id: 40, issue: null, reported_at: null, reported_by: null }),
    'GET /companies/names': () => reply(200, [{ id: 1, name: 'Harbor Homes' }]),
    'GET /companies/1/properties-names': () => reply(200, [{ id: 7, name: 'Harbor Point' }]),
    'GET /properties/7/buildings-names': () => reply(200, [{ id: 9, name: 'North Tower' }]),
    'GET /buildings/9/units-names': () => reply(200, [{ id: 11, name: 'Apt 101' }]),
    'GET /buildings/9': () => reply(200, building),
    'GET /buildings/9/sensors': () => reply(200, page([micrometer()])),
    'GET /units/11/sensors': () => reply(200, page([micrometer()])),
    'GET /sensors/config-defaults': () =>
      reply(200, [
        {
          id: 1,
          name: 'Report interval',
          unit: 's',
          min_value: 60,
          max_value: 3600,
          value: 600,
          editable: true,
        },
        {
          id: 2,
          name: 'Keep-alive interval',
          unit: 's',
          min_value: 600,
          max_value: 65535,
          value: 3600,
          editable: true,
        },
        {
          id: 3,
          name: 'Flow start threshold',
          unit: 'mgal/min',
          min_value: 1,
          max_value: 1000,
          value: 20,
          editable: true,
        },
        {
          id: 4,
          name: 'Confirmed uplinks',
          unit: 'flag',
          min_value: 0,
          max_value: 1,
          value: 0,
          editable: true,
        },
      ]),
    'GET /sensors/downlink-config-params': () => reply(200, page([])),
  });
}

function lastQuery(api: MockApi, path: string): URLSearchParams {
  const request = api.requests.filter((r) => new URL(r.url).pathname === `/api${path}`).at(-1);
  return new URL(request?.url ?? 'http://x/').searchParams;
}

/** Makes `(max-width: …)` media queries match, as on a phone. */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the assigned micrometers list', () => {
  it('opens with the default filter — internal units, installed, transmitting — in the address', async () => {
    const api = signedInAs();
    const { router } = renderRoutes(appRoutes, { path: '/micrometers/assigned' });
    const rows = await screen.findAllByTestId('micrometer-row');
    expect(rows[0]?.textContent).toContain(MAC);
    expect(rows[0]?.textContent).toContain('Main toilet');
    expect(rows[0]?.textContent).toContain('Installed');
    expect(rows[0]?.textContent).toContain('Transmitting');
    const query = lastQuery(api, '/sensors/assigned');
    expect(query.get('filter.unit_category_id')).toBe('$eq:1');
    expect(query.get('filter.sensor_state_id')).toBe('$eq:4');
    expect(query.get('filter.sensor_status_id')).toBe('$eq:1');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        state: '4',
        status: '1',
        category: '1',
        company: 'all',
        fixture: 'all',
      }),
    );
  });

  it('shows on desktop when each micrometer was last heard, to spot silent sensors', async () => {
    const api = signedInAs();
    const heard = new Date(Date.now() - 3 * 3_600_000).toISOString();
    api.on('GET /sensors/assigned', () =>
      reply(200, page([micrometer({ last_keepalive: heard, last_submission: null })])),
    );
    renderRoutes(appRoutes, { path: '/micrometers/assigned' });
    const [row] = await screen.findAllByTestId('micrometer-row');
    const headings = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headings).toEqual(expect.arrayContaining(['Last keep-alive', 'Last submission']));
    const keepalive = within(row as HTMLElement).getByText('3 hours ago');
    expect(keepalive.tagName).toBe('TIME');
    expect(keepalive.getAttribute('dateTime')).toBe(heard);
    expect(keepalive.getAttribute('title')).toMatch(/\d{4}/);
    // Never heard: the spec's N/A.
    expect(row?.textContent).toContain('N/A');
  });

  it('shows each micrometer’s uplink loss in the list and in its dialog', async () => {
    const api = signedInAs();
    const loss = { received: 508, expected: 520, lost: 12, loss_percent: 2.3, window_days: 7 };
    api.on('GET /sensors/assigned', () =>
      reply(200, page([micrometer({ uplink_loss: loss }), stock])),
    );
    api.on(`GET /sensors/mac/${MAC}`, () => reply(200, micrometer({ uplink_loss: loss })));
    renderRoutes(appRoutes, { path: '/micrometers/assigned' });
    const [row, quiet] = await screen.findAllByTestId('micrometer-row');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toContain(
      'Uplink loss',
    );
    const figure = within(row as HTMLElement).getByText('2.3 %');
    expect(figure.getAttribute('title')).toBe('2.3 % (12 of 520 lost, 7 days)');
    // No v2 report in the window: no figure rather than 0 %.
    expect(within(quiet as HTMLElement).queryByText('0 %')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: `Open micrometer ${MAC}` }));
    const dialog = await screen.findByRole('dialog');
    const health = await within(dialog).findByTestId('dialog-health');
    await waitFor(() =>
      expect(health.textContent).toContain('Uplink loss2.3 % (12 of 520 lost, 7 days)'),
    );
  });

  it('leaves the status out of the default filter on phones', async () => {
    onPhone();
    const api = signedInAs();
    renderRoutes(appRoutes, { path: '/micrometers/assigned' });
    await screen.findAllByTestId('micrometer-row');
    const query = lastQuery(api, '/sensors/assigned');
    expect(query.get('filter.sensor_state_id')).toBe('$eq:4');
    expect(query.get('filter.unit_category_id')).toBe('$eq:1');
    expect(query.has('filter.sensor_status_id')).toBe(false);
  });

  it('titles a numbered unit "Unit 403" in a phone card’s place', async () => {
    onPhone();
    const api = signedInAs();
    api.on('GET /sensors/assigned', () => reply(200, page([micrometer({ unit_name: '403' })])));
    renderRoutes(appRoutes, { path: '/micrometers/assigned' });
    const [card] = await screen.findAllByTestId('micrometer-row');
    expect(card?.textContent).toContain('Unit 403 · North Tower · Harbor Homes');
  });

  it('keeps a filter cleared on purpose, and takes filters and sort from the address', async () => {
    const api = signedInAs();
    const { router } = renderRoutes(appRoutes, {
      path: '/micrometers/assigned?state=all&company=1&sort=battery:DESC',
    });
    await screen.findAllByTestId('micrometer-row');
    const query = lastQuery(api, '/sensors/assigned');
    expect(query.has('filter.sensor_state_id')).toBe(false);
    expect(query.has('filter.sensor_status_id')).toBe(false);
    expect(query.get('filter.company_id')).toBe('$eq:1');
    expect(query.get('sortBy')).toBe('battery:DESC');
    fireEvent.click(screen.getByRole('button', { name: 'MAC' }));
    await waitFor(() =>
      expect(lastQuery(api, '/sensors/assigned').get('sortBy')).toBe('mac_address:ASC'),
    );
    expect(router.state.location.search).toContain('company=1');
  });

  it('opens a micrometer’s dialog with its details and readings; Reassign leads to the assignment page', async () => {
    signedInAs();
    const { router } = renderRoutes(appRoutes, { path: '/micrometers/assigned' });
    fireEvent.click(await screen.findByRole('button', { name: `Open micrometer ${MAC}` }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(router.state.location.search).toContain(`mac=${MAC}`));
    const health = await within(dialog).findByTestId('dialog-health');
    expect(health.textContent).toContain('87 %');
    expect(health.textContent).toContain('2.4.1');
    // An empty date reads 'N/A' (spec section 9).
    expect(health.textContent).toContain('Last submissionN/A');
    const assignment = within(dialog).getByTestId('dialog-assignment');
    expect(assignment.textContent).toContain('Harbor Point');
    expect(assignment.textContent).toContain('Main bathroom');
    expect(assignment.textContent).toContain('Cold');
    const readings = await within(dialog).findAllByTestId('reading-row');
    expect(readings.map((row) => row.textContent)).toEqual([
      expect.stringContaining('1.25 gal'),
      expect.stringContaining('Keep-alive'),
    ]);
    expect(within(dialog).getByTestId('dialog-config').textContent).toBe('Config');

    fireEvent.click(within(dialog).getByTestId('dialog-assign'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/micrometers/assignment'));
    expect(await screen.findByTestId('assignment-form')).toBeTruthy();
    expect((screen.getByTestId('mac-input') as HTMLInputElement).value).toBe(MAC);
    expect(router.state.location.search).toBe(`?mac=${MAC}&reload=1`);
  });

  it('shows the server’s message when the list fails, with a retry', async () => {
    const api = signedInAs();
    api.on('GET /sensors/assigned', () =>
      reply(400, { statusCode: 400, error: 'Bad Request', message: 'sortBy: unknown field' }),
    );
    renderRoutes(appRoutes, { path: '/micrometers/assigned' });
    expect((await screen.findByRole('alert')).textContent).toContain('sortBy: unknown field');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('one micrometer’s changes in its dialog', () => {
  async function openDialog(role = systemAdmin, mac = MAC) {
    const api = signedInAs(role);
    renderRoutes(appRoutes, { path: `/micrometers/assigned?mac=${mac}` });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('dialog-health');
    return { api, dialog };
  }

  it('sets its status after a confirmation that names the micrometer and the new status', async () => {
    const { api, dialog } = await openDialog();
    api.on('PUT /sensors/3/status/2', () => reply(200, micrometer({ sensor_status_id: 2 })));
    const changes = within(dialog).getByTestId('micrometer-changes');
    fireEvent.mouseDown(within(within(changes).getByTestId('change-status')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Not transmitting' }));
    fireEvent.click(within(changes).getByRole('button', { name: 'Set status' }));
    const confirm = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    expect(confirm.textContent).toContain(`Set the status of ${MAC} to “Not transmitting”?`);
    expect(api.calls()).not.toContain('PUT /sensors/3/status/2');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText(`${MAC} updated`)).toBeTruthy();
    expect(api.calls()).toContain('PUT /sensors/3/status/2');
  });

  it('shows the server’s refusal of a state change', async () => {
    const { api, dialog } = await openDialog();
    api.on('PUT /sensors/3/state/6', () =>
      reply(409, { statusCode: 409, error: 'Conflict', message: 'State refused for this test' }),
    );
    const changes = within(dialog).getByTestId('micrometer-changes');
    fireEvent.mouseDown(within(within(changes).getByTestId('change-state')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Defective' }));
    fireEvent.click(within(changes).getByRole('button', { name: 'Set state' }));
    const confirm = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('State refused for this test')).toBeTruthy();
  });

  it('deletes a stock micrometer after a confirmation and closes its dialog', async () => {
    const { api, dialog } = await openDialog(systemAdmin, STOCK_MAC);
    api.on('DELETE /sensors/40', () => new Response(null, { status: 204 }));
    fireEvent.click(within(dialog).getByTestId('dialog-delete'));
    const confirm = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    expect(confirm.textContent).toContain(`Delete micrometer ${STOCK_MAC}?`);
    expect(api.calls()).not.toContain('DELETE /sensors/40');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText(`Micrometer ${STOCK_MAC} deleted`)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('micrometer-dialog')).toBeNull());
    expect(api.calls()).toContain('DELETE /sensors/40');
  });

  it('shows why the server refuses to delete a micrometer that reported', async () => {
    const { api, dialog } = await openDialog();
    api.on('DELETE /sensors/3', () =>
      reply(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'Unassign this micrometer before deleting it',
      }),
    );
    fireEvent.click(within(dialog).getByTestId('dialog-delete'));
    const confirm = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText(/Unassign this micrometer before deleting it/)).toBeTruthy();
    expect(screen.getByTestId('micrometer-dialog')).toBeTruthy();
  });

  it('offers a system technician the state and status but not Delete (System Admin only)', async () => {
    const { dialog } = await openDialog(systemTechnician);
    expect(within(dialog).getByTestId('change-state')).toBeTruthy();
    expect(within(dialog).getByTestId('change-status')).toBeTruthy();
    expect(within(dialog).queryByTestId('dialog-delete')).toBeNull();
  });
});

describe('the unassigned and excluded lists', () => {
  it('fills the search with a ?mac= link and opens that micrometer’s dialog', async () => {
    const api = signedInAs();
    const { router } = renderRoutes(appRoutes, {
      path: `/micrometers/unassigned?mac=${STOCK_MAC.toLowerCase()}`,
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('dialog-mac').textContent).toBe(STOCK_MAC);
    expect((await within(dialog).findByTestId('dialog-assignment')).textContent).toContain(
      'Not assigned (in stock)',
    );
    expect(within(dialog).getByTestId('dialog-assign').textContent).toBe('Assign');
    await waitFor(() =>
      expect(lastQuery(api, '/sensors/unassigned').get('search')).toBe(STOCK_MAC),
    );
    expect(router.state.location.search).toContain(`search=${STOCK_MAC}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('mac='));
    expect(router.state.location.search).toContain(`search=${STOCK_MAC}`);
  });

  it('lists excluded micrometers and includes one again', async () => {
    const api = signedInAs();
    api.on('GET /sensors', () => reply(200, page([micrometer({ notification_excluded: true })])));
    api.on('PUT /sensors/3/notification-excluded/0', () => reply(200, micrometer()));
    renderRoutes(appRoutes, { path: '/micrometers/excluded' });
    fireEvent.click(await screen.findByTestId('include-again'));
    expect(await screen.findByText(`${MAC} is included in alerts again`)).toBeTruthy();
    expect(lastQuery(api, '/sensors').get('filter.notification_excluded')).toBe('$eq:true');
    expect(api.calls()).toContain('PUT /sensors/3/notification-excluded/0');
  });
});

describe('excluding a micrometer by its MAC', () => {
  it('excludes the micrometer the MAC names, written with separators and in lower case', async () => {
    const api = signedInAs();
    api.on('GET /sensors', () => reply(200, page([])));
    api.on(`PUT /sensors/notification-excluded/mac/${MAC}/1`, () =>
      reply(200, micrometer({ notification_excluded: true })),
    );
    renderRoutes(appRoutes, { path: '/micrometers/excluded' });
    const form = await screen.findByTestId('exclude-by-mac');
    const field = within(form).getByTestId('exclude-mac');
    fireEvent.change(field, { target: { value: 'not a mac' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Exclude' }));
    expect(await within(form).findByText('Enter a MAC of 16 hexadecimal digits')).toBeTruthy();
    expect(api.calls().filter((call) => call.startsWith('PUT'))).toEqual([]);

    fireEvent.change(field, { target: { value: '70:b3:d5:00:00:00:00:01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Exclude' }));
    expect(await screen.findByText(`${MAC} is excluded from alerts`)).toBeTruthy();
    expect(api.calls()).toContain(`PUT /sensors/notification-excluded/mac/${MAC}/1`);
    expect((field as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s answer for a MAC it does not know', async () => {
    const api = signedInAs();
    api.on('GET /sensors', () => reply(200, page([])));
    api.on(`PUT /sensors/notification-excluded/mac/${STOCK_MAC}/1`, () =>
      reply(404, { statusCode: 404, error: 'Not Found', message: 'Micrometer not found' }),
    );
    renderRoutes(appRoutes, { path: '/micrometers/excluded' });
    const form = await screen.findByTestId('exclude-by-mac');
    fireEvent.change(within(form).getByTestId('exclude-mac'), { target: { value: STOCK_MAC } });
    fireEvent.click(within(form).getByRole('button', { name: 'Exclude' }));
    expect(await within(form).findByText(/Micrometer not found/)).toBeTruthy();
  });
});

describe('a building’s micrometers tab', () => {
  it('sets the state of all the building’s micrometers after a confirmation', async () => {
    const api = signedInAs();
    api.on('PUT /buildings/9/sensors/state/5', () => reply(200, { updated: 4 }));
    renderRoutes(appRoutes, { path: '/companies/1/properties/7/buildings/9/micrometers' });
    await screen.findAllByTestId('micrometer-row');
    const bulk = screen.getByTestId('building-bulk-actions');
    fireEvent.mouseDown(within(within(bulk).getByTestId('bulk-state')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Uninstalled' }));
    fireEvent.click(within(bulk).getByRole('button', { name: 'Set state' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('“Uninstalled”');
    expect(api.calls()).not.toContain('PUT /buildings/9/sensors/state/5');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Micrometers updated: 4')).toBeTruthy();
  });

  it('offers company roles no bulk actions and no Assign or Config in the dialog', async () => {
    signedInAs(companyManager);
    renderRoutes(appRoutes, {
      path: `/companies/1/properties/7/buildings/9/micrometers?mac=${MAC}`,
    });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('dialog-health');
    expect(within(dialog).queryByTestId('dialog-assign')).toBeNull();
    expect(within(dialog).queryByTestId('dialog-config')).toBeNull();
    expect(within(dialog).queryByTestId('micrometer-changes')).toBeNull();
    expect(within(dialog).queryByTestId('dialog-delete')).toBeNull();
    expect(screen.queryByTestId('building-bulk-actions')).toBeNull();
  });
});

describe('the configuration page', () => {
  it('shows one error per parameter out of range and saves a valid configuration', async () => {
    const api = signedInAs();
    let sent: unknown = null;
    api.on('PUT /sensors/3/config', async (request) => {
      sent = await request.json();
      return reply(200, micrometer({ config: { 1: 300, 2: 3600, 3: 20, 4: 0 } }));
    });
    renderRoutes(appRoutes, { path: `/micrometers/config?mac=${MAC}` });
    const form = await screen.findByTestId('config-form');
    expect(within(form).getByTestId('config-source').textContent).toContain('fleet defaults');
    const interval = within(form).getByTestId('config-param-1') as HTMLInputElement;
    expect(interval.value).toBe('600');
    fireEvent.change(interval, { target: { value: '30' } });
    fireEvent.change(within(form).getByTestId('config-param-3'), { target: { value: '2.5' } });
    fireEvent.click(within(form).getByTestId('config-save'));
    expect(
      await within(form).findByText('Report interval must be between 60 and 3600 s'),
    ).toBeTruthy();
    expect(within(form).getByText('Flow start threshold must be a whole number')).toBeTruthy();
    expect(api.calls()).not.toContain('PUT /sensors/3/config');

    fireEvent.change(interval, { target: { value: '300' } });
    fireEvent.change(within(form).getByTestId('config-param-3'), { target: { value: '20' } });
    fireEvent.click(within(form).getByTestId('config-save'));
    expect(
      await screen.findByText(`Configuration of ${MAC} saved; a downlink is queued`),
    ).toBeTruthy();
    expect(sent).toEqual({ params: { 1: 300, 2: 3600, 3: 20, 4: 0 } });
  });

  it('says so when no micrometer has the MAC', async () => {
    const api = signedInAs();
    api.on('GET /sensors/mac/AABBCCDDEEFF0011', () =>
      reply(404, { statusCode: 404, error: 'Not Found', message: 'Micrometer not found' }),
    );
    renderRoutes(appRoutes, { path: '/micrometers/config' });
    fireEvent.change(await screen.findByTestId('mac-input'), { target: { value: 'aa:bb' } });
    fireEvent.click(screen.getByTestId('mac-find'));
    expect(
      await screen.findByText('Enter the MAC as 16 hexadecimal digits (separators allowed)'),
    ).toBeTruthy();
    fireEvent.change(screen.getByTestId('mac-input'), {
      target: { value: 'aa-bb-cc-dd-ee-ff-00-11' },
    });
    fireEvent.click(screen.getByTestId('mac-find'));
    expect((await screen.findByRole('alert')).textContent).toBe('Micrometer not found');
  });
});

describe('the assignment page', () => {
  it('leaves the company out of a company admin’s office assignment: only their own is possible', async () => {
    const companyAdmin = roleFixture({
      id: 41,
      user_role_type_id: 4,
      company_id: 1,
      allow_assignment: true,
    });
    const api = signedInAs(companyAdmin);
    api.on('GET /buildings/9/office-assignments', () => reply(200, []));
    renderRoutes(appRoutes, { path: '/micrometers/assignment' });
    const panel = await screen.findByTestId('office-assignment');
    expect(within(panel).queryByTestId('office-pick-company')).toBeNull();
    const pick = async (testId: string, name: string) => {
      fireEvent.mouseDown(within(within(panel).getByTestId(testId)).getByRole('combobox'));
      fireEvent.click(await screen.findByRole('option', { name }));
    };
    await pick('office-pick-property', 'Harbor Point');
    await pick('office-pick-building', 'North Tower');
    const calls = api.requests.map((r) => new URL(r.url).pathname);
    expect(calls).toContain('/api/companies/1/properties-names');
    expect(calls).not.toContain('/api/companies/names');
  });

  it('shows taken fixtures and the server’s refusal as it words it', async () => {
    const api = signedInAs();
    api.on('POST /sensors/assign', () =>
      reply(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'This fixture already has a micrometer',
      }),
    );
    renderRoutes(appRoutes, { path: `/micrometers/assignment?mac=${STOCK_MAC}&reload=1` });
    const form = await screen.findByTestId('assignment-form');
    const pick = async (testId: string, name: string) => {
      const field = within(form).getByTestId(testId);
      fireEvent.mouseDown(within(field).getByRole('combobox'));
      fireEvent.click(await screen.findByRole('option', { name }));
    };
    fireEvent.click(within(form).getByTestId('assignment-submit'));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Choose the company, property, building, unit and fixture',
    );
    await pick('pick-company', 'Harbor Homes');
    await pick('pick-property', 'Harbor Point');
    await pick('pick-building', 'North Tower');
    await pick('pick-unit', 'Apt 101');
    fireEvent.mouseDown(within(within(form).getByTestId('pick-fixture')).getByRole('combobox'));
    const taken = await screen.findByRole('option', { name: `Main toilet — taken by ${MAC}` });
    expect(taken.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'Main shower' }));
    fireEvent.click(within(form).getByTestId('assignment-submit'));
    expect((await within(form).findByTestId('assignment-refusal')).textContent).toBe(
      'This fixture already has a micrometer',
    );
    const request = api.requests.find((r) => new URL(r.url).pathname === '/api/sensors/assign');
    const query = new URL(request?.url ?? 'http://x/').searchParams;
    expect([query.get('mac'), query.get('action')]).toEqual([STOCK_MAC, 'assign']);
    expect(await request?.clone().json()).toEqual({
      company_id: 1,
      property_id: 7,
      building_id: 9,
      unit_id: 11,
      appliance_type_id: 6,
      room_type_id: null,
      water_type_id: null,
    });
  });
});

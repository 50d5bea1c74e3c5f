import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { type ApiBody, answer, type MockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { roleFixture } from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

const installer = roleFixture({ id: 51, user_role_type_id: 13, company_id: 1 });
const MAC = '70B3D57ED0051A2B';
const ASSIGNED_AT = '2026-04-20T14:00:00.000Z';
const list = <T,>(rows: T[]) => ({
  data: rows,
  meta: { itemsPerPage: 100, totalItems: rows.length, currentPage: 1, totalPages: 1, sortBy: [] },
  links: { current: '/api/x' },
});
function micrometer(overrides: Record<string, unknown> = {}) {
  return {
    id: 5,
    mac_address: MAC,
    sensor_state_id: 2,
    sensor_status_id: 3,
    battery: 88,
    firmware_version: '2.4.0',
    last_keepalive: null,
    last_submission: null,
    company_id: null,
    appliance_type_id: null,
    unit_id: null,
    updated_at: ASSIGNED_AT,
    ...overrides,
  };
}

function signedIn(): MockApi {
  let heard = false;
  return signedInApi(installer, {
    'GET /buildings/installations/mine': answer('/buildings/installations/mine', 'get', []),
    'GET /companies/1/properties': () =>
      reply(200, list([{ id: 7, name: 'Harbor Point', city_name: 'Boston' }])),
    'GET /properties/7/buildings': () =>
      reply(200, list([{ id: 9, name: 'North Tower', street: '1 Harbor Way' }])),
    'GET /buildings/9/units': () =>
      reply(200, list([{ id: 11, name: 'Apt 101', sensors_count: 1 }])),
    'GET /properties/7': () => reply(200, { id: 7, name: 'Harbor Point' }),
    'GET /buildings/9': () => reply(200, { id: 9, name: 'North Tower' }),
    'GET /units/11': () => reply(200, { id: 11, name: 'Apt 101' }),
    'GET /units/11/sensors': () =>
      reply(
        200,
        list([micrometer({ id: 4, mac_address: 'AABBCCDDEEFF0001', appliance_type_id: 1 })]),
      ),
    [`GET /sensors/mac/${MAC}`]: () => reply(200, micrometer()),
    'POST /sensors/assign': () =>
      reply(200, micrometer({ company_id: 1, unit_id: 11, appliance_type_id: 5 })),
    'GET /sensors/5': () => {
      // The first answer predates the signal; the next one carries the keep-alive.
      const latest = micrometer({
        last_keepalive: heard ? '2026-04-20T14:00:30.000Z' : '2026-04-19T09:00:00.000Z',
        battery: heard ? 97 : 88,
      });
      heard = true;
      return reply(200, latest);
    },
  });
}

const pickRow = async (testId: string, name: string) => {
  const listBox = await screen.findByTestId(testId);
  const row = (await within(listBox).findAllByTestId('pick-item')).find((item) =>
    item.textContent?.includes(name),
  );
  if (!row) throw new Error(`no row ${name}`);
  fireEvent.click(row);
};

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the installation page', () => {
  it('asks for no buildings or units before a property or building is picked', async () => {
    const api = signedIn();
    renderRoutes(appRoutes, { path: '/installation' });
    await pickRow('pick-property', 'Harbor Point');
    await screen.findByRole('heading', { level: 1, name: 'Choose the building' });
    await within(await screen.findByTestId('pick-building')).findAllByTestId('pick-item');
    const paths = api.requests.map((r) => new URL(r.url).pathname);
    expect(paths.filter((p) => /\/(properties|buildings)\/0\//.test(p))).toEqual([]);
    expect(paths).toContain('/api/properties/7/buildings');
    expect(paths.filter((p) => /^\/api\/buildings\/\d+\/units$/.test(p))).toEqual([]);
  });

  it('walks property → building → unit → fixture → MAC, installs and sees the first signal', async () => {
    const api = signedIn();
    const { router } = renderRoutes(appRoutes, { path: '/installation' });
    await screen.findByRole('heading', { level: 1, name: 'Choose the property' });
    await pickRow('pick-property', 'Harbor Point');
    await screen.findByRole('heading', { level: 1, name: 'Choose the building' });
    await pickRow('pick-building', 'North Tower');
    await pickRow('pick-unit', 'Apt 101');
    await screen.findByRole('heading', { level: 1, name: 'Choose the fixture' });

    // A slot that has a micrometer shows it and cannot be chosen.
    const taken = await screen.findByTestId('fixture-1');
    await waitFor(() => expect(taken.textContent).toContain('AABBCCDDEEFF0001'));
    expect((taken as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('fixture-5'));

    const field = await screen.findByRole('textbox', { name: 'MAC' });
    fireEvent.change(field, { target: { value: MAC.toLowerCase() } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('confirm-mac')).textContent).toBe(MAC);
    const confirm = screen.getByTestId('install-confirm');
    await waitFor(() => expect(confirm.textContent).toContain('Apt 101'));
    expect(confirm.textContent).toContain('Main toilet');
    fireEvent.click(screen.getByTestId('install-button'));

    expect(await screen.findByTestId('signal-waiting')).toBeTruthy();
    const assign = api.requests.find((r) => new URL(r.url).pathname === '/api/sensors/assign');
    expect(Object.fromEntries(new URL(assign?.url ?? 'http://x').searchParams)).toEqual({
      mac: MAC,
      action: 'assign',
    });
    expect(await assign?.clone().json()).toEqual({
      company_id: 1,
      property_id: 7,
      building_id: 9,
      unit_id: 11,
      appliance_type_id: 5,
    });
    expect(router.state.location.search).toContain(`since=${encodeURIComponent(ASSIGNED_AT)}`);

    // A keep-alive from before the installation does not count; the next poll brings the signal.
    const arrived = await screen.findByTestId('signal-arrived', {}, { timeout: 6000 });
    expect(arrived.textContent).toContain('First signal received');
    expect(arrived.textContent).toContain('Battery 97 %');

    // The next micrometer starts in the same unit.
    fireEvent.click(screen.getByTestId('next-in-unit'));
    await screen.findByRole('heading', { level: 1, name: 'Choose the fixture' });
    expect(router.state.location.search).toBe('?property=7&building=9&unit=11');
  }, 15_000);

  it('shows the server’s refusal as it is and stays on the confirm step', async () => {
    const api = signedIn();
    api.on('POST /sensors/assign', () =>
      reply(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'This fixture already has a micrometer',
      }),
    );
    renderRoutes(appRoutes, {
      path: `/installation?property=7&building=9&unit=11&fixture=5&mac=${MAC}`,
    });
    await screen.findByTestId('confirm-mac');
    const install = screen.getByTestId('install-button') as HTMLButtonElement;
    await waitFor(() => expect(install.disabled).toBe(false));
    fireEvent.click(install);
    expect((await screen.findByTestId('install-error')).textContent).toBe(
      'This fixture already has a micrometer',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm' })).toBeTruthy();
  });

  it('steps back one choice at a time and remembers the property and building', async () => {
    signedIn();
    const first = renderRoutes(appRoutes, {
      path: '/installation?property=7&building=9&unit=11&fixture=5',
    });
    await screen.findByRole('heading', { level: 1, name: 'Scan the micrometer' });
    fireEvent.click(screen.getByTestId('installation-back'));
    await screen.findByRole('heading', { level: 1, name: 'Choose the fixture' });
    fireEvent.click(screen.getByTestId('installation-back'));
    await screen.findByRole('heading', { level: 1, name: 'Choose the unit' });
    expect(first.router.state.location.search).toBe('?property=7&building=9');
    first.unmount();

    // Opened afresh, the page starts in the building where the last micrometer went.
    const again = renderRoutes(appRoutes, { path: '/installation' });
    await screen.findByRole('heading', { level: 1, name: 'Choose the unit' });
    expect(again.router.state.location.search).toBe('?property=7&building=9');
  });
});

const assignment = (
  overrides: Partial<ApiBody<'/buildings/installations/mine'>[number]>,
): ApiBody<'/buildings/installations/mine'>[number] => ({
  installer_id: 1,
  building_id: 9,
  building_name: 'North Tower',
  property_id: 7,
  property_name: 'Harbor Point',
  company_id: 1,
  scheduled_date: '2026-05-04',
  status: 'scheduled',
  ...overrides,
});

describe('the buildings assigned to the installer', () => {
  it('come first, in the server’s order, with property, date and status', async () => {
    const api = signedIn();
    api.on(
      'GET /buildings/installations/mine',
      answer('/buildings/installations/mine', 'get', [
        assignment({ installer_id: 3, building_id: 12, building_name: 'West Annex' }),
        assignment({ installer_id: 2, scheduled_date: '2026-05-11', status: 'in_progress' }),
        assignment({
          installer_id: 4,
          building_id: 14,
          building_name: 'Annex B',
          property_id: 8,
          property_name: 'Elm Court',
          scheduled_date: null,
        }),
      ]),
    );
    renderRoutes(appRoutes, { path: '/installation' });
    const section = await screen.findByTestId('assigned-buildings');
    const rows = await within(section).findAllByTestId('assigned-building');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'West Annex',
      'North Tower',
      'Annex B',
    ]);
    expect(rows[0]?.textContent).toContain('Harbor Point');
    expect(rows[0]?.textContent).toContain('May 4, 2026');
    expect(rows[0]?.textContent).toContain('Scheduled');
    expect(rows[1]?.textContent).toContain('In progress');
    expect(rows[2]?.textContent).toContain('Elm Court');
    expect(rows[2]?.textContent).toContain('No date set');
    // Above the property choice.
    const properties = await screen.findByTestId('pick-property');
    expect(
      section.compareDocumentPosition(properties) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('one tap preselects the building and goes on to the unit', async () => {
    const api = signedIn();
    api.on(
      'GET /buildings/installations/mine',
      answer('/buildings/installations/mine', 'get', [
        assignment({ installer_id: 3, building_id: 12, building_name: 'West Annex' }),
        assignment({ installer_id: 2 }),
      ]),
    );
    const { router } = renderRoutes(appRoutes, { path: '/installation' });
    const rows = await screen.findAllByTestId('assigned-building');
    fireEvent.click(rows[1] as HTMLElement);
    await screen.findByRole('heading', { level: 1, name: 'Choose the unit' });
    expect(router.state.location.search).toBe('?property=7&building=9');
    const summary = screen.getByTestId('installation-summary');
    await waitFor(() => expect(summary.textContent).toContain('Building: North Tower'));
    await pickRow('pick-unit', 'Apt 101');
    await screen.findByRole('heading', { level: 1, name: 'Choose the fixture' });
  });

  it('says when none is assigned and still offers every property', async () => {
    signedIn();
    renderRoutes(appRoutes, { path: '/installation' });
    expect((await screen.findByTestId('assigned-empty')).textContent).toBe(
      'No building is assigned to you yet. Choose the property below.',
    );
    await pickRow('pick-property', 'Harbor Point');
    await screen.findByRole('heading', { level: 1, name: 'Choose the building' });
  });

  it('shows a refusal with a retry that asks again', async () => {
    const api = signedIn();
    api.on('GET /buildings/installations/mine', () =>
      reply(500, { statusCode: 500, error: 'Internal Server Error', message: 'Try later' }),
    );
    renderRoutes(appRoutes, { path: '/installation' });
    const section = await screen.findByTestId('assigned-buildings');
    await within(section).findByText('Try later', {}, { timeout: 5000 });
    api.on(
      'GET /buildings/installations/mine',
      answer('/buildings/installations/mine', 'get', [assignment({})]),
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findAllByTestId('assigned-building')).toHaveLength(1);
  });
});

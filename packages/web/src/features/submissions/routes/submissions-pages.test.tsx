import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { enterDate } from '@/testing/date-input';
import { type MockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { apt101, roleFixture } from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

const systemAdmin = roleFixture({
  id: 21,
  user_role_type_id: 1,
  company_id: null,
  company_type_id: null,
  company_name: null,
});
const companyAdmin = roleFixture({ id: 31, user_role_type_id: 4, company_id: 1 });

const MAC = '70B3D50000000001';
const unit = apt101;

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

function signedInAs(role = systemAdmin): MockApi {
  return signedInApi(role, {
    'GET /units/11': () => reply(200, unit),
    'GET /units/11/submissions': () => reply(200, page([reading()])),
    'GET /units/11/submissions-gallons-count': () =>
      reply(200, { gallons: 1234.56, readings: 812 }),
    'GET /units/11/submissions/first': () =>
      reply(200, reading({ measured_at: '2026-01-02T08:00:00.000Z' })),
    'GET /units/11/submissions/last': () => reply(200, reading()),
    'GET /submissions/unassigned': () =>
      reply(
        200,
        page([
          reading({ id: 2, mac_address: 'AABBCCDDEEFF0011', unit_id: null, unit_name: null }),
          reading({
            id: 3,
            kind: 'malformed',
            gallons: null,
            error: 'usage v2: truncated, 3 of 14 bytes',
            mac_address: 'AABBCCDDEEFF0012',
          }),
        ]),
      ),
  });
}

function lastQuery(api: MockApi, path: string): URLSearchParams {
  const request = api.requests.filter((r) => new URL(r.url).pathname === `/api${path}`).at(-1);
  return new URL(request?.url ?? 'http://x/').searchParams;
}

const unitPath = '/companies/1/properties/7/buildings/9/units/11';

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:flowsight/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a place’s submissions tab', () => {
  it('prefilters on the MAC of a ?mac= link, visibly, and drops it when removed', async () => {
    const api = signedInAs();
    const { router } = renderRoutes(appRoutes, {
      path: `${unitPath}/submissions?mac=${MAC.toLowerCase()}`,
    });
    const rows = await screen.findAllByTestId('submission-row');
    expect(rows[0]?.textContent).toContain(MAC);
    expect(rows[0]?.textContent).toContain('1.25 gal');
    expect(rows[0]?.textContent).toContain('Main toilet');
    expect(lastQuery(api, '/units/11/submissions').get('filter.mac_address')).toBe(`$eq:${MAC}`);
    const tabs = screen.getByRole('tablist');
    expect(within(tabs).getByRole('tab', { selected: true }).textContent).toBe('Submissions');

    const chip = screen.getByTestId('mac-filter');
    expect(chip.textContent).toBe(`Micrometer ${MAC}`);
    fireEvent.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(router.state.location.search).not.toContain('mac='));
    await waitFor(() =>
      expect(lastQuery(api, '/units/11/submissions').has('filter.mac_address')).toBe(false),
    );
    expect(screen.queryByTestId('mac-filter')).toBeNull();
  });

  it('shows the totals, the first and last reading, and says it covers the last 30 days', async () => {
    const api = signedInAs();
    renderRoutes(appRoutes, { path: `${unitPath}/submissions` });
    await waitFor(() => expect(screen.getByTestId('total-gallons').textContent).toBe('1,234.6'));
    expect(screen.getByTestId('total-readings').textContent).toBe('812');
    // The usage reports are not the list's count: the note says why.
    expect(screen.getByText('Usage reports in these dates')).toBeTruthy();
    expect(screen.getByTestId('submission-totals-note').textContent).toContain(
      'keep-alives and malformed frames too',
    );
    await waitFor(() =>
      expect(screen.getByTestId('first-reading').textContent).toMatch(/Jan 2, 2026/),
    );
    expect(screen.getByTestId('last-reading').textContent).toMatch(/Apr 20, 2026/);
    expect(screen.getByTestId('window-note').textContent).toBe(
      'Showing the last 30 days. Choose dates to see older readings.',
    );
    expect(lastQuery(api, '/units/11/submissions').has('filter.measured_at')).toBe(false);
    expect(lastQuery(api, '/units/11/submissions-gallons-count').get('start_date')).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
  });

  it('says "none yet" when the unit has no readings', async () => {
    const api = signedInAs();
    const none = () =>
      reply(404, { statusCode: 404, error: 'Not Found', message: 'This unit has no readings yet' });
    api.on('GET /units/11/submissions/first', none);
    api.on('GET /units/11/submissions/last', none);
    api.on('GET /units/11/submissions', () => reply(200, page([])));
    renderRoutes(appRoutes, { path: `${unitPath}/submissions` });
    expect((await screen.findByTestId('submissions-empty')).textContent).toBe(
      'No readings match these filters in the shown dates.',
    );
    await waitFor(() => expect(screen.getByTestId('first-reading').textContent).toBe('None yet'));
    expect(screen.getByTestId('last-reading').textContent).toBe('None yet');
  });

  it('filters on a date range, sends it to list and totals, and clears it', async () => {
    const api = signedInAs();
    const { router } = renderRoutes(appRoutes, { path: `${unitPath}/submissions` });
    await screen.findAllByTestId('submission-row');
    enterDate(screen.getByTestId('filter-from'), '2026-03-01');
    enterDate(screen.getByTestId('filter-to'), '2026-03-31');
    await waitFor(() =>
      expect(lastQuery(api, '/units/11/submissions').get('filter.measured_at')).toBe(
        `$btw:${new Date('2026-03-01T00:00:00').toISOString()},${new Date('2026-03-31T23:59:59.999').toISOString()}`,
      ),
    );
    const totals = lastQuery(api, '/units/11/submissions-gallons-count');
    expect([totals.get('start_date'), totals.get('end_date')]).toEqual([
      '2026-03-01',
      '2026-03-31',
    ]);
    expect(screen.getByTestId('window-note').textContent).toBe(
      'Showing readings from Mar 1, 2026 to Mar 31, 2026.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('exports what the list shows as CSV in the viewer’s time zone', async () => {
    const api = signedInAs();
    api.on(
      'GET /units/11/submissions/export',
      () =>
        new Response('Measured at,MAC\n', {
          headers: { 'content-disposition': 'attachment; filename="submissions-unit-11.csv"' },
        }),
    );
    renderRoutes(appRoutes, { path: `${unitPath}/submissions?kind=usage&mac=${MAC}` });
    await screen.findAllByTestId('submission-row');
    fireEvent.click(screen.getByTestId('export-submissions'));
    expect(await screen.findByText('submissions-unit-11.csv was downloaded')).toBeTruthy();
    const query = lastQuery(api, '/units/11/submissions/export');
    expect(query.get('filter.kind')).toBe('$eq:usage');
    expect(query.get('filter.mac_address')).toBe(`$eq:${MAC}`);
    expect(query.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe('the provider’s submissions lists', () => {
  it('lists unassigned readings with their MACs and a malformed uplink’s error', async () => {
    const api = signedInAs();
    const { router } = renderRoutes(appRoutes, { path: '/submissions/unassigned' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unassigned submissions' }),
    ).toBeTruthy();
    const rows = await screen.findAllByTestId('submission-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('AABBCCDDEEFF0011'),
      expect.stringContaining('usage v2: truncated, 3 of 14 bytes'),
    ]);
    expect(rows[1]?.textContent).toContain('Malformed');

    fireEvent.change(screen.getByLabelText('Search MAC or gateway'), {
      target: { value: 'AABB' },
    });
    await waitFor(() => expect(router.state.location.search).toContain('search=AABB'));
    await waitFor(() =>
      expect(lastQuery(api, '/submissions/unassigned').get('search')).toBe('AABB'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Gallons' }));
    await waitFor(() =>
      expect(lastQuery(api, '/submissions/unassigned').get('sortBy')).toBe('volume:DESC'),
    );
  });

  it('reads keep-alive and parsed-old from their own API lists', async () => {
    const api = signedInAs();
    api.on('GET /submissions/keepalive', () => reply(200, page([])));
    const view = renderRoutes(appRoutes, { path: '/submissions/keep-alive' });
    expect((await screen.findByTestId('submissions-empty')).textContent).toBe(
      'No keep-alive messages in the shown dates.',
    );
    view.unmount();
    api.on('GET /submissions/parsed-old', () =>
      reply(400, { statusCode: 400, error: 'Bad Request', message: 'sortBy is not valid' }),
    );
    renderRoutes(appRoutes, { path: '/submissions/parsed-old' });
    expect((await screen.findByRole('alert')).textContent).toContain('sortBy is not valid');
  });

  it('is for system roles only', async () => {
    signedInAs(companyAdmin);
    const { router } = renderRoutes(appRoutes, { path: '/submissions/unassigned' });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/submissions/unassigned'));
  });
});

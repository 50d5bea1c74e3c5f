import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { setServiceToken, setUserActiveRole } from '@/lib/session-storage';
import { enterDate } from '@/testing/date-input';
import { type MockApi, mockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { meOf, roleFixture, sessionFixture } from '@/testing/session-fixtures';

const systemAdmin = roleFixture({
  id: 21,
  user_role_type_id: 1,
  company_id: null,
  company_type_id: null,
  company_name: null,
});
const companyAdmin = roleFixture({ id: 22, user_role_type_id: 4, company_id: 1 });

const usageByUnit = {
  report: 1,
  name: 'Usage by unit',
  from: '2026-11-01',
  to: '2026-11-22',
  time_zone: 'America/New_York',
  columns: [
    { key: 'property_name', label: 'Property', kind: 'text' },
    { key: 'building_name', label: 'Building', kind: 'text' },
    { key: 'unit_name', label: 'Unit', kind: 'text' },
    { key: 'unit_category', label: 'Unit category', kind: 'text' },
    { key: 'gallons', label: 'Gallons', kind: 'number' },
    { key: 'cost', label: 'Cost', kind: 'money' },
  ],
  rows: [
    {
      property_name: 'Harbor Point',
      building_name: 'North',
      unit_name: '4B',
      unit_category: 'Internal units',
      gallons: 1310.25,
      cost: 13.1,
    },
    {
      property_name: 'Harbor Point',
      building_name: 'North',
      unit_name: 'Laundry',
      unit_category: 'Common areas',
      gallons: 0,
      cost: 0,
    },
  ],
  totals: { gallons: 1310.25, cost: 13.1 },
  source: null,
};
const gallonsReport = {
  from: '2026-11-01',
  to: '2026-11-02',
  granularity: 3,
  time_zone: 'America/New_York',
  periods: ['2026-11-01', '2026-11-02'],
  data: [
    {
      unit_id: 9,
      unit_name: '4B',
      unit_category_id: 1,
      unit_category: 'Internal units',
      building_id: 3,
      building_name: 'North',
      gallons: [10.5, 12],
      total_gallons: 22.5,
    },
  ],
  totals: [10.5, 12],
  total_gallons: 22.5,
  // The main line reported on the first day only: 1.5 gal no fixture accounts for.
  unaccounted: [1.5, 0],
  unaccounted_gallons: 1.5,
  building_use: [12, 12],
  building_gallons: 24,
  source: 'mixed',
};

function signedIn(role = systemAdmin): MockApi {
  const session = sessionFixture({ roles: [role], active_role_id: role.id });
  setServiceToken('stored-token');
  setUserActiveRole(String(role.id));
  return mockApi({
    'GET /auth/me': () => reply(200, meOf(session)),
    [`GET /auth/new-token/${role.id}`]: () => reply(200, session),
    'GET /companies/names': () =>
      reply(200, [
        { id: 1, name: 'Harbor Homes' },
        { id: 2, name: 'Birch Living' },
      ]),
    'GET /companies/1/properties-names': () => reply(200, [{ id: 7, name: 'Harbor Point' }]),
    'GET /properties/7/buildings-names': () => reply(200, [{ id: 3, name: 'North' }]),
    'GET /companies/1/report-overview/1': (request) =>
      new URL(request.url).searchParams.get('format') === 'csv'
        ? new Response('\uFEFFProperty,Building,Unit,Gallons,Cost\r\n', {
            headers: {
              'content-type': 'text/csv',
              'content-disposition': 'attachment; filename="usage-by-unit-2026-11-22.csv"',
            },
          })
        : reply(200, usageByUnit),
    'GET /companies/1/report-overview/3': () =>
      reply(200, { ...usageByUnit, report: 3, name: 'Leak alerts', rows: [], totals: {} }),
    'GET /properties/7/gallons/report': () => reply(200, gallonsReport),
    'GET /buildings/3/gallons/report': () => reply(200, gallonsReport),
  });
}

const requestsTo = (api: MockApi, path: string) =>
  api.requests.filter((request) => new URL(request.url).pathname === `/api${path}`);

async function choose(testId: string, option: string) {
  const field = within(screen.getByTestId(testId)).getByRole('combobox');
  fireEvent.mouseDown(field);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:flowsight/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('reports page', () => {
  it('opens on the first report of the first company and previews it for the range', async () => {
    const api = signedIn();
    renderRoutes(appRoutes, { path: '/reports?from=2026-11-01&to=2026-11-22' });
    const rows = await screen.findAllByTestId('report-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Harbor PointNorth4BInternal units1,310.3$13.10',
      'Harbor PointNorthLaundryCommon areas0$0.00',
    ]);
    expect(screen.getAllByTestId('report-note').map((note) => note.textContent)).toEqual([
      'Each unit counts its fixture micrometers, never a main line. Residential units come first, the other categories after them.',
    ]);
    expect(screen.getByTestId('report-totals').textContent).toBe('Total1,310.3$13.10');
    expect(screen.getByTestId('report-heading').textContent).toBe('Usage by unit');
    expect(screen.getByTestId('report-place').textContent).toBe('Harbor Homes');
    expect(screen.getByTestId('report-range-line').textContent).toBe('Nov 1, 2026 – Nov 22, 2026');
    const sent = new URL(requestsTo(api, '/companies/1/report-overview/1')[0]?.url ?? '');
    expect(sent.searchParams.get('from')).toBe('2026-11-01');
    expect(sent.searchParams.get('to')).toBe('2026-11-22');
  });

  it('says which date to fix and sends nothing until it is fixed', async () => {
    const api = signedIn(companyAdmin);
    renderRoutes(appRoutes, { path: '/reports?report=1&from=2026-11-10&to=2026-11-01' });
    expect(await screen.findByText('Must be on or after the start date.')).toBeTruthy();
    expect(screen.getByTestId('report-prompt').textContent).toBe(
      'Correct the dates to see the preview.',
    );
    expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveProperty('disabled', true);
    expect(requestsTo(api, '/companies/1/report-overview/1')).toHaveLength(0);
    enterDate(screen.getByTestId('range-to'), '2026-11-22');
    expect(await screen.findAllByTestId('report-row')).toHaveLength(2);
  });

  it('opens a company role on the first report of its company for this month', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 22, 12), toFake: ['Date'] });
    const api = signedIn(companyAdmin);
    renderRoutes(appRoutes, { path: '/reports' });
    expect(await screen.findAllByTestId('report-row')).toHaveLength(2);
    expect(screen.queryByTestId('report-prompt')).toBeNull();
    expect(screen.getByTestId('report-type').getAttribute('value')).toBe('1');
    const sent = new URL(requestsTo(api, '/companies/1/report-overview/1')[0]?.url ?? '');
    expect(sent.searchParams.get('from')).toBe('2026-11-01');
    expect(sent.searchParams.get('to')).toBe('2026-11-22');
    vi.useRealTimers();
  });

  it('gives a company role its own company without asking', async () => {
    const api = signedIn(companyAdmin);
    renderRoutes(appRoutes, { path: '/reports?report=1&company=2' });
    expect(await screen.findAllByTestId('report-row')).toHaveLength(2);
    expect(screen.queryByTestId('report-company')).toBeNull();
    expect(screen.getByTestId('report-place').textContent).toBe('Harbor Homes');
    expect(api.calls()).not.toContain('GET /companies/2/report-overview/1');
  });

  it('downloads the CSV with the same choices, named by the server', async () => {
    const api = signedIn();
    renderRoutes(appRoutes, {
      path: '/reports?report=1&company=1&from=2026-11-01&to=2026-11-22',
    });
    await screen.findAllByTestId('report-row');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('usage-by-unit-2026-11-22.csv was downloaded.')).toBeTruthy();
    const csv = requestsTo(api, '/companies/1/report-overview/1')
      .map((request) => new URL(request.url).searchParams)
      .find((query) => query.get('format') === 'csv');
    expect(csv?.get('from')).toBe('2026-11-01');
    expect(csv?.get('to')).toBe('2026-11-22');
    // The file's dates follow the company's own zone: the browser's is not sent.
    expect(csv?.has('timeZone')).toBe(false);
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalledTimes(1);
  });

  it('prints the page', async () => {
    signedIn();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderRoutes(appRoutes, { path: '/reports?report=1&company=1' });
    await screen.findAllByTestId('report-row');
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says when a report has no rows', async () => {
    signedIn();
    renderRoutes(appRoutes, { path: '/reports?report=3&company=1' });
    expect((await screen.findByTestId('report-empty')).textContent).toBe(
      'This report has no rows for this range.',
    );
    expect(screen.queryByTestId('report-totals')).toBeNull();
  });

  it('previews the gallons by unit of a property, then of one of its buildings', async () => {
    const api = signedIn();
    const { router } = renderRoutes(appRoutes, {
      path: '/reports?report=gallons&company=1&from=2026-11-01&to=2026-11-02',
    });
    expect((await screen.findByTestId('report-prompt')).textContent).toContain('Choose a property');
    await choose('report-property', 'Harbor Point');
    const row = await screen.findByTestId('report-row');
    expect(row.textContent).toBe('North4BInternal units10.51222.5');
    expect(screen.getByTestId('report-totals').textContent).toBe('Total10.51222.5');
    // Below the units' total: the water no fixture accounts for, and the buildings' use.
    expect(screen.getAllByTestId('report-footer-line').map((line) => line.textContent)).toEqual([
      'Unaccounted water1.501.5',
      'Building use121224',
    ]);
    expect(screen.getAllByTestId('report-note').map((note) => note.textContent)).toEqual([
      "Each unit counts its fixture micrometers. The buildings' use adds the water no fixture accounts for; it is the figure the statistics show.",
      "Some buildings or days had no main line reporting: there the buildings' use is the sum of their fixture micrometers.",
    ]);
    const table = screen.getByTestId('report-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Building', 'Unit', 'Unit category', '2026-11-01', '2026-11-02', 'Total']);
    await choose('report-building', 'North');
    await waitFor(() => expect(router.state.location.search).toContain('building=3'));
    await waitFor(() => expect(requestsTo(api, '/buildings/3/gallons/report')).toHaveLength(1));
    expect(screen.getByTestId('report-place').textContent).toBe(
      'Harbor Homes › Harbor Point › North',
    );
    const sent = new URL(requestsTo(api, '/buildings/3/gallons/report')[0]?.url ?? '');
    expect(sent.searchParams.get('granularity')).toBe('3');
  });

  it('shows the server’s refusal', async () => {
    const api = signedIn();
    api.on('GET /companies/1/report-overview/1', () =>
      reply(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'The date range may span at most 366 days',
      }),
    );
    renderRoutes(appRoutes, { path: '/reports?report=1&company=1' });
    expect((await screen.findByTestId('report-error')).textContent).toContain(
      'The date range may span at most 366 days',
    );
  });

  it('shows figures rounded in the user’s locale, money as money and lookup names translated', async () => {
    const api = signedIn();
    api.on('GET /companies/1/report-overview/2', () =>
      reply(200, {
        report: 2,
        name: 'Usage by fixture',
        from: '2026-11-01',
        to: '2026-11-22',
        time_zone: 'America/New_York',
        columns: [
          { key: 'fixture', label: 'Fixture', kind: 'text' },
          { key: 'sensors', label: 'Micrometers', kind: 'number' },
          { key: 'gallons', label: 'Gallons', kind: 'number' },
          { key: 'share_percent', label: 'Share (%)', kind: 'number' },
        ],
        rows: [
          {
            appliance_type_id: 19,
            fixture: 'main line',
            sensors: 1234,
            gallons: 4661.127,
            share_percent: 0,
          },
          {
            appliance_type_id: null,
            fixture: 'Unaccounted water',
            sensors: null,
            gallons: 12.345,
            share_percent: 12.5,
          },
        ],
        totals: { sensors: 1234, gallons: 4673.472 },
        source: null,
      }),
    );
    api.on('GET /companies/1/report-overview/3', () =>
      reply(200, {
        ...usageByUnit,
        report: 3,
        name: 'Leak alerts',
        columns: [
          { key: 'id', label: 'Alert', kind: 'number' },
          { key: 'type', label: 'Type', kind: 'text' },
          { key: 'status', label: 'Status', kind: 'text' },
          { key: 'monthly_cost', label: 'Monthly cost', kind: 'money' },
        ],
        rows: [{ id: 1042, type: 'Night flow', status: 'Acknowledged', monthly_cost: 1234.5 }],
        totals: {},
      }),
    );
    renderRoutes(appRoutes, {
      path: '/reports?company=1&report=2&from=2026-11-01&to=2026-11-22',
      settings: { language: 'fr' },
    });
    const rows = await screen.findAllByTestId('report-row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/\s/g, ' '));
    // Lookup names from the catalogue, counts whole, gallons to one decimal, shares as percentages.
    expect(cells(rows[0] as HTMLElement)).toEqual([
      'Conduite principale',
      '1 234',
      '4 661,1',
      '0 %',
    ]);
    expect(cells(rows[1] as HTMLElement)).toEqual(['Eau non comptabilisée', '—', '12,3', '12,5 %']);
    const headings = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headings).not.toContain('Fixture id');
    expect(headings).not.toContain('Identifiant de l’appareil');

    cleanup();
    renderRoutes(appRoutes, {
      path: '/reports?company=1&report=3&from=2026-11-01&to=2026-11-22',
      settings: { language: 'fr' },
    });
    await waitFor(() =>
      expect(screen.getAllByTestId('report-row')[0]?.textContent).toContain('Écoulement nocturne'),
    );
    const leak = cells(screen.getAllByTestId('report-row')[0] as HTMLElement);
    // An alert number is a name, not a count; money is money, in the user's locale.
    expect(leak).toEqual(['1042', 'Écoulement nocturne', 'Prise en charge', '1 234,50 $US']);
  });
});

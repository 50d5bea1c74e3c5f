import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
const companyManager = roleFixture({ id: 22, user_role_type_id: 5, company_id: 1 });

const figures = {
  time_zone: 'America/New_York',
  today_gallons: 320.5,
  this_month_gallons: 7000,
  last_month_gallons: 9800,
  compared_days: 14,
  compared_to: '2026-11-14',
  compared_gallons: 6997.2,
  last_month_same_period_gallons: 6800,
  change_percent: 2.9,
  daily_average_gallons: 330.1,
  units: 120,
  sensors: 600,
  sensors_transmitting: 590,
  open_alerts: 4,
  open_leaks: 2,
  open_leak_incidents: 2,
  open_leaks_monthly_cost: 51.84,
  water_price_per_kgal: 10,
};
const trend = {
  granularity: 3,
  time_zone: 'America/New_York',
  from: '2026-11-11T05:00:00.000Z',
  to: '2026-11-13T05:00:00.000Z',
  data: [
    {
      period: '2026-11-11',
      start: '2026-11-11T05:00:00.000Z',
      end: '2026-11-12T05:00:00.000Z',
      gallons: 120.5,
    },
    {
      period: '2026-11-12',
      start: '2026-11-12T05:00:00.000Z',
      end: '2026-11-13T05:00:00.000Z',
      gallons: 98,
    },
  ],
};
const fixtures = {
  from: '2026-11-01',
  to: '2026-11-22',
  time_zone: 'America/New_York',
  total_gallons: 5000,
  data: [
    { appliance_type_id: 5, gallons: 3000, sensors: 14 },
    { appliance_type_id: 1, gallons: 2000, sensors: 9 },
  ],
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
    'GET /companies/2/properties-names': () => reply(200, []),
    'GET /companies/1/statistics': () => reply(200, figures),
    'GET /companies/2/statistics': () =>
      reply(200, { ...figures, units: 40, change_percent: null }),
    'GET /properties/7/statistics': () =>
      reply(200, {
        ...figures,
        units: 12,
        compared_days: 0,
        compared_to: null,
        compared_gallons: 0,
        last_month_same_period_gallons: 0,
        change_percent: null,
      }),
    'GET /companies/1/gallons': () => reply(200, trend),
    'GET /companies/2/gallons': () => reply(200, trend),
    'GET /properties/7/gallons': () => reply(200, trend),
    'GET /companies/1/appliance-gallons': () => reply(200, fixtures),
  });
}

const figure = (testId: string) =>
  screen.getByTestId(testId).querySelector('[data-kpi-value]')?.textContent;
const requestsTo = (api: MockApi, path: string) =>
  api.requests.filter((request) => new URL(request.url).pathname === `/api${path}`);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('statistics pages', () => {
  it('opens /statistics on the usage tab of a company role’s own company', async () => {
    const api = signedIn(companyManager);
    const { router } = renderRoutes(appRoutes, { path: '/statistics' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/statistics/usage'));
    await screen.findByTestId('stat-today');
    expect(figure('stat-today')).toBe('320.5 gal');
    expect(figure('stat-units')).toBe('120');
    // Intl writes a range with thin spaces around its dash.
    expect(screen.getByTestId('stat-this-month').textContent?.replaceAll('\u2009', ' ')).toContain(
      '+2.9%: 6,997.2 gal over Nov 1 – 14 against 6,800 gal over the same days last month',
    );
    expect(screen.getByTestId('stat-transmitting').textContent).toContain('of 600 (98.3%)');
    expect(screen.getByTestId('stat-open-leaks').textContent).toContain('$51.84 a month');
    // No company picker: the manager's company is the only one.
    expect(screen.queryByTestId('statistics-company')).toBeNull();
    expect(api.calls()).not.toContain('GET /companies/names');
    expect(api.calls()).toContain('GET /companies/1/gallons');
    const tab = screen.getByRole('tab', { selected: true });
    expect(tab.textContent).toBe('Usage');
  });

  it('keeps a company role on its own company whatever the address names', async () => {
    const api = signedIn(companyManager);
    renderRoutes(appRoutes, { path: '/statistics/usage?company=2' });
    await screen.findByTestId('stat-today');
    expect(api.calls()).toContain('GET /companies/1/statistics');
    expect(api.calls()).not.toContain('GET /companies/2/statistics');
  });

  it('opens a system role on the first company and keeps another choice in the address', async () => {
    const api = signedIn();
    const { router } = renderRoutes(appRoutes, { path: '/statistics/usage' });
    await screen.findByTestId('stat-units');
    expect(screen.queryByTestId('statistics-choose-company')).toBeNull();
    expect(api.calls()).toContain('GET /companies/1/statistics');
    expect(
      within(screen.getByTestId('statistics-company')).getByRole('combobox').getAttribute('value'),
    ).toBe('Harbor Homes');
    const company = within(screen.getByTestId('statistics-company')).getByRole('combobox');
    fireEvent.mouseDown(company);
    fireEvent.click(await screen.findByRole('option', { name: 'Birch Living' }));
    await waitFor(() => expect(router.state.location.search).toBe('?company=2'));
    await waitFor(() => expect(figure('stat-units')).toBe('40'));
    // Nothing last month to compare with: said in words, not as a dash.
    expect(screen.getByTestId('stat-this-month').textContent).toContain(
      'No usage over the same days last month to compare with.',
    );
    expect(api.calls()).toContain('GET /companies/2/gallons');
  });

  it('narrows to a property and changes the trend’s granularity in the address', async () => {
    const api = signedIn();
    const { router } = renderRoutes(appRoutes, {
      path: '/statistics/usage?company=1&property=7',
    });
    await screen.findByTestId('stat-units');
    expect(figure('stat-units')).toBe('12');
    // Answered as on the 1st: no whole day yet, so no comparison, said in words.
    expect(screen.getByTestId('stat-this-month').textContent).toContain(
      'Compared with last month from tomorrow, once the 1st is a whole day',
    );
    expect(screen.getByTestId('stat-this-month').textContent).not.toContain('%');
    fireEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    await waitFor(() => expect(router.state.location.search).toContain('granularity=1'));
    await waitFor(() =>
      expect(
        requestsTo(api, '/properties/7/gallons').map((request) =>
          new URL(request.url).searchParams.get('granularity'),
        ),
      ).toEqual(['3', '1']),
    );
  });

  it('lists gallons by fixture for the range, and explains a range it cannot send', async () => {
    const api = signedIn();
    const { router } = renderRoutes(appRoutes, {
      path: '/statistics/fixtures?company=1&from=2026-11-01&to=2026-11-22',
    });
    const list = await screen.findByTestId('statistics-fixtures-chart');
    const rows = within(list).getAllByTestId('bar-list-item');
    expect(rows[0]?.textContent).toContain('Main toilet');
    expect(rows[0]?.textContent).toContain('3,000 gal');
    expect(rows[0]?.textContent).toContain('14 micrometers · 60% of the total');
    expect(screen.getByTestId('statistics-fixtures-total').textContent).toBe('Total: 5,000 gal');
    const sent = new URL(requestsTo(api, '/companies/1/appliance-gallons')[0]?.url ?? '')
      .searchParams;
    expect(sent.get('from')).toBe('2026-11-01');
    expect(sent.get('to')).toBe('2026-11-22');

    enterDate(screen.getByTestId('range-to'), '2026-10-01');
    await waitFor(() => expect(router.state.location.search).toContain('to=2026-10-01'));
    expect(await screen.findByText('Must be on or after the start date.')).toBeTruthy();
    expect(requestsTo(api, '/companies/1/appliance-gallons')).toHaveLength(1);

    enterDate(screen.getByTestId('range-to'), '2027-11-22');
    expect(await screen.findByText('The range may span at most 366 days.')).toBeTruthy();
    expect(requestsTo(api, '/companies/1/appliance-gallons')).toHaveLength(1);
  });

  it('names each ranked unit with its building, so two units numbered 204 read apart', async () => {
    const api = signedIn();
    const unit = (id: number, building: string, gallons: number) => ({
      unit_id: id,
      unit_name: '204',
      building_id: id * 10,
      building_name: building,
      property_id: 7,
      property_name: 'Harbor Point',
      gallons,
      link: `/companies/1/properties/7/buildings/${id * 10}/units/${id}`,
    });
    api.on('GET /companies/1/top-gallons-units', () =>
      reply(200, {
        from: '2026-11-01',
        to: '2026-11-22',
        data: [unit(1, 'Harbor Point North', 900), unit(2, 'Harbor Point South', 800)],
      }),
    );
    api.on('GET /companies/1/top-gallons-properties', () =>
      reply(200, { from: '2026-11-01', to: '2026-11-22', data: [] }),
    );
    renderRoutes(appRoutes, { path: '/statistics/units?company=1&from=2026-11-01&to=2026-11-22' });
    const table = await screen.findByTestId('statistics-top-units');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, first, second] = within(table).getAllByRole('row');
    const firstCells = within(first as HTMLElement).getAllByRole('cell');
    expect(firstCells[0]?.textContent).toBe('Unit 204Harbor Point North');
    expect(within(firstCells[0] as HTMLElement).getByRole('link').textContent).toBe('Unit 204');
    expect(firstCells[2]?.textContent).toBe('Harbor Point');
    expect(within(second as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe(
      'Unit 204Harbor Point South',
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Unit', 'Gallons', 'Property']);
  });

  it('titles a building’s numbered units as units', async () => {
    const api = signedIn();
    api.on('GET /properties/7/buildings-names', () => reply(200, [{ id: 70, name: 'North' }]));
    api.on('GET /buildings/70/units-gallons', () =>
      reply(200, {
        from: '2026-11-01',
        to: '2026-11-22',
        building_gallons: 1200,
        unaccounted_gallons: null,
        source: 'units',
        data: [
          { unit_id: 1, unit_name: '603', unit_category_id: 1, gallons: 700 },
          { unit_id: 2, unit_name: 'Laundry Room', unit_category_id: 2, gallons: 500 },
        ],
      }),
    );
    renderRoutes(appRoutes, {
      path: '/statistics/units?company=1&property=7&building=70&from=2026-11-01&to=2026-11-22',
    });
    const table = await screen.findByTestId('statistics-building-units');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(names).toEqual(['Unit 603', 'Laundry Room']);
  });

  it('keeps the record when moving between tabs', async () => {
    signedIn();
    const { router } = renderRoutes(appRoutes, { path: '/statistics/usage?company=1' });
    await screen.findByTestId('stat-today');
    fireEvent.click(screen.getByRole('tab', { name: 'Fixtures' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/statistics/fixtures'));
    expect(router.state.location.search).toBe('?company=1');
  });
});

// The lists that say where to act: a building's units with their open alerts, this
// month's gallons and cost, the change against the same days of last month and the last reading,
// each sorting on the server; a company's properties with their open leaks, what those cost a
// month, the use against last month and the micrometers not transmitting.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { answer, type MockApi, listPage as page, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import {
  harborCompany as harbor,
  harborPoint,
  managerRole as manager,
  northTower,
} from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

const activity = {
  open_leaks: 2,
  open_leaks_monthly_cost: 15.25,
  month_gallons: 500,
  last_month_same_gallons: 400,
  month_change_percent: 25,
  sensors_not_transmitting: 3,
};
const point = { ...harborPoint, water_price_per_kgal: 10, ...activity };
const tower = { ...northTower, ...activity };
const unitBase = {
  company_id: 1,
  company_name: 'Harbor Homes',
  property_id: 7,
  property_name: 'Harbor Point',
  building_id: 9,
  building_name: 'North Tower',
  floor: 1,
  unit_category_id: 1,
  unit_type_id: 2,
  unit_state_id: 1,
  tenants: 2,
  sensors_count: 2,
  created_at: '2026-01-05T10:00:00.000Z',
};
const fiveMinutesAgo = () => new Date(Date.now() - 5 * 60_000).toISOString();
const units = () => [
  {
    ...unitBase,
    id: 11,
    name: '1A',
    open_alerts: 2,
    month_gallons: 300,
    last_month_same_gallons: 400,
    month_change_percent: -25,
    month_cost: 3,
    last_reading: fiveMinutesAgo(),
  },
  {
    ...unitBase,
    id: 12,
    name: '1B',
    open_alerts: 0,
    month_gallons: 1234.5,
    last_month_same_gallons: 0,
    month_change_percent: null,
    month_cost: 12.35,
    last_reading: null,
  },
];

function signedIn() {
  return signedInApi(manager, {
    'GET /companies/1': answer('/companies/{id}', 'get', harbor),
    'GET /companies/1/properties': () => reply(200, page([point])),
    'GET /properties/7': () => reply(200, point),
    'GET /properties/7/buildings': () => reply(200, page([tower])),
    'GET /buildings/9': () => reply(200, tower),
    'GET /buildings/9/units': () => reply(200, page(units())),
  });
}

function lastQuery(api: MockApi, path: string): URLSearchParams {
  const request = api.requests.filter((r) => new URL(r.url).pathname === `/api${path}`).at(-1);
  return new URL(request?.url ?? 'http://x/').searchParams;
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('units list: where to act', () => {
  it('shows open alerts, this month’s gallons and cost, the change and the last reading', async () => {
    signedIn();
    renderRoutes(appRoutes, { path: '/companies/1/properties/7/buildings/9/units' });
    const rows = await screen.findAllByTestId('portfolio-row');
    const table = screen.getByRole('table');
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headings).toEqual(
      expect.arrayContaining([
        'Open alerts',
        'This month (gal)',
        'Cost this month',
        'vs last month',
        'Last reading',
      ]),
    );
    const column = (name: string) => headings.indexOf(name);
    const first = cellsOf(rows[0] as HTMLElement);
    expect(first[column('Open alerts')]).toBe('2');
    expect(first[column('This month (gal)')]).toBe('300');
    expect(first[column('Cost this month')]).toBe('$3.00');
    expect(first[column('vs last month')]).toBe('-25%');
    expect(first[column('Last reading')]).toBe('5 minutes ago');
    const second = cellsOf(rows[1] as HTMLElement);
    expect(second[column('This month (gal)')]).toBe('1,234.5');
    expect(second[column('Cost this month')]).toBe('$12.35');
    // Nothing last month to compare with, and no reading yet.
    expect(second[column('vs last month')]).toBe('—');
    expect(second[column('Last reading')]).toBe('Never');
  });

  it('says what the change compares in the heading’s tooltip', async () => {
    signedIn();
    renderRoutes(appRoutes, { path: '/companies/1/properties/7/buildings/9/units' });
    await screen.findAllByTestId('portfolio-row');
    fireEvent.mouseOver(screen.getByText('vs last month'));
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      "This month's whole days (the 1st to yesterday; today is still running) against as many days from the 1st of last month; a dash on the 1st, before a whole day has passed, and when those days of last month had no water.",
    );
  });

  it('sorts by each new column on the server, keeping the sort in the address', async () => {
    const api = signedIn();
    const { router } = renderRoutes(appRoutes, {
      path: '/companies/1/properties/7/buildings/9/units',
    });
    await screen.findAllByTestId('portfolio-row');
    for (const [heading, field] of [
      ['Open alerts', 'open_alerts'],
      ['This month (gal)', 'month_gallons'],
      ['Cost this month', 'month_cost'],
      ['vs last month', 'month_change'],
      ['Last reading', 'last_reading'],
    ] as const) {
      fireEvent.click(screen.getByRole('button', { name: heading }));
      await waitFor(() =>
        expect(lastQuery(api, '/buildings/9/units').get('sortBy')).toMatch(
          new RegExp(`^${field}:(ASC|DESC)$`),
        ),
      );
      expect(router.state.location.search).toContain(`sort=${field}`);
    }
  });
});

describe('properties and buildings: where to act', () => {
  it('shows a property’s open leaks, their monthly cost, the use against last month and silent micrometers', async () => {
    const api = signedIn();
    renderRoutes(appRoutes, { path: '/companies/1/properties' });
    const [row] = await screen.findAllByTestId('portfolio-row');
    const headings = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    const cells = cellsOf(row as HTMLElement);
    const cell = (name: string) => cells[headings.indexOf(name)];
    expect(cell('Open leaks')).toBe('2');
    expect(cell('Leaks per month')).toBe('$15.25');
    expect(cell('This month (gal)')).toBe('500');
    expect(cell('vs last month')).toBe('+25%');
    expect(cell('Not transmitting')).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Leaks per month' }));
    await waitFor(() =>
      expect(lastQuery(api, '/companies/1/properties').get('sortBy')).toMatch(
        /^open_leaks_monthly_cost:(ASC|DESC)$/,
      ),
    );
  });

  it('shows the same for a property’s buildings', async () => {
    signedIn();
    renderRoutes(appRoutes, { path: '/companies/1/properties/7/buildings' });
    const [row] = await screen.findAllByTestId('portfolio-row');
    const headings = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    const cells = cellsOf(row as HTMLElement);
    expect(cells[headings.indexOf('Open leaks')]).toBe('2');
    expect(cells[headings.indexOf('Not transmitting')]).toBe('3');
  });
});

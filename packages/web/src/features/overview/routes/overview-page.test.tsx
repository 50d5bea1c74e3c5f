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
const companyManager = roleFixture({ id: 22, user_role_type_id: 5, company_id: 1 });

const overview = {
  companies: 3,
  properties: 8,
  buildings: 20,
  units: 800,
  sensors: {
    total: 4000,
    assigned: 3900,
    stock: 100,
    transmitting: 3850,
    not_transmitting: 50,
    low_battery: 12,
  },
  gateways: { total: 40, online: 39, offline: 1 },
  alerts: {
    open: 20,
    new: 12,
    acknowledged: 8,
    open_leaks: 9,
    open_leak_incidents: 9,
    open_leaks_monthly_cost: 420.5,
  },
  readings_last_24h: 380000,
  gallons_last_24h: 52000,
  usage_by_day: [
    { day: '2026-11-08', gallons: 50000 },
    { day: '2026-11-09', gallons: 51000.5 },
  ],
  companies_list: [
    {
      company_id: 1,
      name: 'Harbor Homes',
      sensors: 2000,
      transmitting: 1990,
      open_alerts: 5,
      gallons_this_month: 900000,
    },
    {
      company_id: 2,
      name: 'Birch Living',
      sensors: 0,
      transmitting: 0,
      open_alerts: 0,
      gallons_this_month: 0,
    },
  ],
};

function signedIn(role = systemAdmin, answer: () => Response = () => reply(200, overview)) {
  const session = sessionFixture({ roles: [role], active_role_id: role.id });
  setServiceToken('stored-token');
  setUserActiveRole(String(role.id));
  return mockApi({
    'GET /auth/me': () => reply(200, meOf(session)),
    [`GET /auth/new-token/${role.id}`]: () => reply(200, session),
    'GET /overview': answer,
  });
}

const figure = (testId: string) =>
  screen.getByTestId(testId).querySelector('[data-kpi-value]')?.textContent;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('overview page', () => {
  it('shows the fleet and portfolio figures the API answers', async () => {
    signedIn();
    renderRoutes(appRoutes, { path: '/overview' });
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeTruthy();
    await screen.findByTestId('kpi-companies');
    expect(figure('kpi-companies')).toBe('3');
    expect(figure('kpi-units')).toBe('800');
    expect(figure('kpi-transmitting')).toBe('3,850');
    expect(screen.getByTestId('kpi-transmitting').textContent).toContain('98.7% of 3,900 assigned');
    expect(figure('kpi-not-transmitting')).toBe('50');
    expect(figure('kpi-low-battery')).toBe('12');
    expect(figure('kpi-stock')).toBe('100');
    expect(figure('kpi-gateways-online')).toBe('39');
    expect(figure('kpi-gateways-offline')).toBe('1');
    expect(figure('kpi-open-alerts')).toBe('20');
    expect(screen.getByTestId('kpi-open-alerts').textContent).toContain('12 new, 8 acknowledged');
    expect(figure('kpi-open-leaks')).toBe('9');
    expect(screen.getByTestId('kpi-open-leaks').textContent).toContain('$420.50 a month');
    expect(figure('kpi-readings-24h')).toBe('380,000');
    expect(figure('kpi-gallons-24h')).toBe('52,000 gal');
    expect(screen.getByTestId('kpi-gallons-24h').textContent).toContain(
      "The buildings' use: main lines, else fixture meters",
    );
    // The KPI card is a labelled group, so "Open leaks" reads with its figure.
    expect(screen.getByRole('group', { name: 'Open leaks' })).toBeTruthy();
  });

  it('lists each company with its share transmitting, linking to its page', async () => {
    signedIn();
    const { router } = renderRoutes(appRoutes, { path: '/overview' });
    const table = await screen.findByTestId('overview-companies');
    const rows = within(table).getAllByTestId('overview-company');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('99.5%');
    expect(rows[0]?.textContent).toContain('900,000');
    // No micrometers: no share to show.
    expect(rows[1]?.textContent).toContain('—');
    fireEvent.click(within(table).getByRole('link', { name: 'Harbor Homes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/1'));
  });

  it('draws usage by day from the answer', async () => {
    signedIn();
    renderRoutes(appRoutes, { path: '/overview' });
    const chart = await screen.findByTestId('overview-usage-chart');
    expect(chart.textContent).toContain('Nov 9');
    fireEvent.click(within(chart).getByRole('button', { name: 'Show as table' }));
    const table = await within(chart).findByRole('table');
    expect(table.textContent).toContain('Monday, November 9, 2026');
    expect(table.textContent).toContain('51,000.5 gal');
  });

  it('shows the server’s message and tries again on request', async () => {
    // The route loader's read and the page's own (it asks again on a failed one) both fail.
    let calls = 0;
    const api = signedIn(systemAdmin, () => {
      calls += 1;
      return calls <= 2
        ? reply(500, { statusCode: 500, error: 'Internal Server Error', message: 'Database down' })
        : reply(200, overview);
    });
    renderRoutes(appRoutes, { path: '/overview' });
    const error = await screen.findByTestId('overview-error');
    expect(error.textContent).toContain('Database down');
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('kpi-companies');
    expect(api.calls().filter((call) => call === 'GET /overview')).toHaveLength(3);
  });

  it('sends company roles to their own default page', async () => {
    const api = signedIn(companyManager);
    const { router } = renderRoutes(appRoutes, { path: '/overview' });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/overview'));
    expect(api.calls()).not.toContain('GET /overview');
  });
});

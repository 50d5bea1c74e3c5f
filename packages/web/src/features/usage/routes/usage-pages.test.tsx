import englishFrame from 'virtual:english/frame';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { dateInputOf, enterDate } from '@/testing/date-input';
import { type ApiBody, answer, type MockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import {
  apt101,
  harborCompany as harbor,
  harborPoint,
  managerRole as manager,
  northTower,
  roleFixture,
  systemAdminRole as systemAdmin,
} from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

/** How often the dashboard's cards that do not read the statistics have rendered. */
const cardRenders = vi.hoisted(() => ({ topUnits: 0, needsAttention: 0, fixtures: 0 }));

vi.mock('../components/top-units-card', async (actual) => {
  const card = await actual<typeof import('../components/top-units-card')>();
  return {
    ...card,
    TopUnitsCard: (props: Parameters<typeof card.TopUnitsCard>[0]) => {
      cardRenders.topUnits += 1;
      return <card.TopUnitsCard {...props} />;
    },
  };
});
vi.mock('../components/needs-attention-card', async (actual) => {
  const card = await actual<typeof import('../components/needs-attention-card')>();
  return {
    ...card,
    NeedsAttentionCard: (props: Parameters<typeof card.NeedsAttentionCard>[0]) => {
      cardRenders.needsAttention += 1;
      return <card.NeedsAttentionCard {...props} />;
    },
  };
});
vi.mock('../components/fixture-breakdown-card', async (actual) => {
  const card = await actual<typeof import('../components/fixture-breakdown-card')>();
  return {
    ...card,
    FixtureBreakdownCard: (props: Parameters<typeof card.FixtureBreakdownCard>[0]) => {
      cardRenders.fixtures += 1;
      return <card.FixtureBreakdownCard {...props} />;
    },
  };
});

const restrictedManager = roleFixture({
  id: 33,
  user_role_type_id: 5,
  company_id: 3,
  company_type_id: 3,
});

const point = harborPoint;
const tower = { ...northTower, survey_status: 0 };
const unit = apt101;

const statistics: ApiBody<'/companies/{id}/statistics'> = {
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
  source: null,
  units: 120,
  sensors: 600,
  sensors_transmitting: 590,
  open_alerts: 4,
  // Three alerts, two of one meter: two leaks.
  open_leaks: 3,
  open_leak_incidents: 2,
  open_leaks_monthly_cost: 51.84,
  water_price_per_kgal: 10,
};

/**
 * The buckets the API answers for a granularity: 12, or 24 hourly ones. Above a unit a fifth of
 * each bucket is water no fixture accounts for.
 */
function gallonsAnswer(granularity: number, unit = false) {
  const count = granularity === 4 ? 24 : 12;
  const data = Array.from({ length: count }, (_, index) => {
    const start = new Date(Date.UTC(2026, 10, 10 + (granularity === 4 ? 0 : index), index));
    const period =
      granularity === 1
        ? `2026-${String(index + 1).padStart(2, '0')}`
        : granularity === 2
          ? `2026-W${String(36 + index).padStart(2, '0')}`
          : granularity === 3
            ? `2026-11-${String(10 + index).padStart(2, '0')}`
            : `2026-11-10 ${String(index).padStart(2, '0')}`;
    return {
      period,
      start: start.toISOString(),
      end: start.toISOString(),
      gallons: 10 * (index + 1),
      fixture_gallons: unit ? 10 * (index + 1) : 8 * (index + 1),
      unaccounted_gallons: unit ? null : 2 * (index + 1),
    };
  });
  return {
    granularity,
    time_zone: 'America/New_York',
    source: unit ? null : 'main-line',
    from: data[0]?.start,
    to: data.at(-1)?.end,
    data,
  };
}

const granularityOf = (request: Request) =>
  Number(new URL(request.url).searchParams.get('granularity') ?? 3);
const gallonsHandler = (request: Request) => reply(200, gallonsAnswer(granularityOf(request)));
const unitGallonsHandler = (request: Request) =>
  reply(200, gallonsAnswer(granularityOf(request), true));

/** The company's current local month: the alerts chart ends with it. */
const currentMonth = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
}).format(new Date());
// Only months with alerts are listed by the API.
const alertsChart = [{ month: currentMonth, leak: 2, usage: 1, device_health: 0 }];

const range = { from: '2026-11-01', to: '2026-11-22' };
const topUnits = {
  ...range,
  data: [
    {
      unit_id: 11,
      unit_name: 'Apt 101',
      unit_category_id: 1,
      building_id: 9,
      building_name: 'North Tower',
      property_id: 7,
      property_name: 'Harbor Point',
      gallons: 310.2,
      company_id: 1,
    },
  ],
};

/** The building's use beside its units' fixture micrometers (units-gallons calls). */
const buildingFigures = {
  building_gallons: 1875.5,
  unaccounted_gallons: 375,
  source: 'main-line',
} as const;

/** What the usage pages read. */
const usagePages = {
  'GET /companies/1': answer('/companies/{id}', 'get', harbor),
  'GET /companies/1/properties': () => reply(200, { data: [], meta: {}, links: {} }),
  'GET /properties/7': answer('/properties/{id}', 'get', point),
  'GET /buildings/9': answer('/buildings/{id}', 'get', tower),
  'GET /units/11': answer('/units/{id}', 'get', unit),
  'GET /companies/1/statistics': answer('/companies/{id}/statistics', 'get', statistics),
  'GET /companies/1/gallons': gallonsHandler,
  'GET /buildings/9/gallons': gallonsHandler,
  'GET /units/11/gallons': unitGallonsHandler,
  'GET /companies/1/dashboard-chart-alerts': answer(
    '/companies/{id}/dashboard-chart-alerts',
    'get',
    alertsChart,
  ),
  'GET /companies/1/top-gallons-units': answer(
    '/companies/{id}/top-gallons-units',
    'get',
    topUnits,
  ),
  'GET /companies/1/top-gallons-properties': answer(
    '/companies/{id}/top-gallons-properties',
    'get',
    {
      ...range,
      data: [{ property_id: 7, property_name: 'Harbor Point', units: 2, gallons: 500 }],
    },
  ),
  'GET /companies/1/appliance-gallons': answer('/companies/{id}/appliance-gallons', 'get', {
    ...range,
    time_zone: 'America/New_York',
    total_gallons: 0,
    fixture_gallons: 0,
    unaccounted_gallons: 0,
    unaccounted_share: 0,
    source: 'main-line',
    data: [],
  }),
  'GET /buildings/9/appliance-gallons': answer('/buildings/{id}/appliance-gallons', 'get', {
    ...range,
    time_zone: 'America/New_York',
    // Building use 1,875.5 gal: the fixtures measured 1,500.5, 375 no fixture accounts for.
    total_gallons: 1875.5,
    fixture_gallons: 1500.5,
    unaccounted_gallons: 375,
    unaccounted_share: 0.1999,
    source: 'main-line',
    data: [
      { appliance_type_id: 5, gallons: 1200.25, sensors: 14 },
      { appliance_type_id: 11, gallons: 300.25, sensors: 3 },
    ],
  }),
  'GET /buildings/9/units-gallons': answer('/buildings/{id}/units-gallons', 'get', {
    ...range,
    ...buildingFigures,
    data: [
      { unit_id: 11, unit_name: 'Apt 101', unit_category_id: 1, gallons: 310.2 },
      { unit_id: 12, unit_name: 'Apt 102', unit_category_id: 1, gallons: 0 },
    ],
  }),
  'GET /buildings/9/units-gallons/grouped-by-category': answer(
    '/buildings/{id}/units-gallons/grouped-by-category',
    'get',
    {
      ...range,
      ...buildingFigures,
      data: [{ unit_category_id: 1, units: 2, gallons: 310.2, gallons_per_unit: 155.1 }],
    },
  ),
  'GET /units/11/appliance-gallons': answer('/units/{id}/appliance-gallons', 'get', {
    ...range,
    time_zone: 'America/New_York',
    total_gallons: 80,
    fixture_gallons: 80,
    unaccounted_gallons: null,
    unaccounted_share: null,
    source: null,
    data: [{ appliance_type_id: 6, gallons: 80, sensors: 1 }],
  }),
  'GET /units/11/gallons-predictions': answer('/units/{id}/gallons-predictions', 'get', {
    month: '2026-11',
    time_zone: 'America/New_York',
    days_in_month: 30,
    days_elapsed: 21,
    gallons_to_date: 2100.5,
    projected_gallons: 3050.2,
    low_gallons: 2900,
    high_gallons: 3200,
    last_month_gallons: 2980.1,
    water_price_per_kgal: 10,
    projected_cost: 30.5,
    method: 'weekday-profile',
    data: Array.from({ length: 30 }, (_, index) => ({
      day: `2026-11-${String(index + 1).padStart(2, '0')}`,
      gallons: 100,
      projected: index >= 21,
    })),
  }),
};

function requestsTo(api: MockApi, path: string): URLSearchParams[] {
  return api.requests
    .filter((request) => new URL(request.url).pathname === `/api${path}`)
    .map((request) => new URL(request.url).searchParams);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dashboard', () => {
  it('on the 1st compares nothing and paints nothing: no whole day has passed', async () => {
    signedInApi(manager, {
      ...usagePages,
      'GET /companies/1/statistics': () =>
        reply(200, {
          ...statistics,
          today_gallons: 12,
          this_month_gallons: 12,
          compared_days: 0,
          compared_to: null,
          compared_gallons: 0,
          last_month_same_period_gallons: 0,
          change_percent: null,
        }),
    });
    renderRoutes(appRoutes, { path: '/dashboard' });
    expect((await screen.findByTestId('kpi-gallons-value')).textContent).toBe('12 gal');
    expect(screen.queryByTestId('kpi-gallons-change')).toBeNull();
    expect(screen.getByTestId('kpi-gallons-detail').textContent).toContain(
      'Compared with last month from tomorrow, once the 1st is a whole day',
    );
  });

  it('shows the company’s figures, usage trend, alerts per month and top units', async () => {
    const api = signedInApi(manager, usagePages);
    renderRoutes(appRoutes, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect((await screen.findByTestId('kpi-gallons-value')).textContent).toBe('7,000 gal');
    // The days compared are named: this month's whole days against as many of last month.
    // Intl writes a range with thin spaces around its dash.
    expect(screen.getByTestId('kpi-gallons-change').textContent?.replaceAll('\u2009', ' ')).toBe(
      '+2.9 % vs the same days last month (Nov 1 – 14)',
    );
    expect(screen.getByTestId('kpi-gallons-detail').textContent).toContain('Last month: 9,800 gal');
    expect(screen.getByTestId('kpi-leaks-value').textContent).toBe('2');
    expect(screen.getByTestId('kpi-leaks-detail').textContent).toBe(
      'Costing about $51.84 a month · seen by 3 alerts',
    );
    expect(screen.getByTestId('kpi-sensors-value').textContent).toBe('590 of 600');

    const trend = await screen.findByTestId('usage-trend-chart');
    expect(within(trend).getAllByTestId('chart-column')).toHaveLength(12);
    expect(requestsTo(api, '/companies/1/gallons')[0]?.get('granularity')).toBe('3');

    const alerts = await screen.findByTestId('alerts-chart-columns');
    const months = within(alerts).getAllByTestId('chart-column');
    expect(months).toHaveLength(12);
    expect(months.map((month) => month.getAttribute('data-value'))).toEqual([
      ...Array.from({ length: 11 }, () => '0'),
      '3',
    ]);
    // Months are the company's local months.
    expect(requestsTo(api, '/companies/1/dashboard-chart-alerts')[0]?.get('timeZone')).toBe(
      'America/New_York',
    );

    const top = await screen.findByTestId('top-units-list');
    expect(within(top).getByRole('link', { name: 'Apt 101' }).getAttribute('href')).toBe(
      '/companies/1/properties/7/buildings/9/units/11/charts',
    );
    expect(requestsTo(api, '/companies/1/top-gallons-units')[0]?.get('limit')).toBe('5');
  });

  it('needs no English beyond the part bundled with the app frame', async () => {
    signedInApi(manager, usagePages);
    const missing: string[] = [];
    const frameOnly = i18next.createInstance();
    void frameOnly.use(initReactI18next).init({
      resources: { en: { translation: englishFrame } },
      lng: 'en',
      fallbackLng: 'en',
      initAsync: false,
      interpolation: { escapeValue: false },
      saveMissing: true,
      missingKeyHandler: (_languages, _namespace, key) => missing.push(key),
    });
    renderRoutes(appRoutes, { path: '/dashboard', i18n: frameOnly });
    expect((await screen.findByTestId('kpi-gallons-value')).textContent).toBe('7,000 gal');
    await screen.findByTestId('usage-trend-chart');
    await screen.findByTestId('alerts-chart-columns');
    await screen.findByTestId('top-units-list');
    await waitFor(() => expect(screen.getByTestId('leak-bell-count')).toBeTruthy());
    fireEvent.click(screen.getByTestId('user-menu-button'));
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('switches the trend to hourly: 24 buckets, kept in the address', async () => {
    const api = signedInApi(manager, usagePages);
    const { router } = renderRoutes(appRoutes, { path: '/dashboard' });
    fireEvent.click(await screen.findByTestId('granularity-4'));
    await waitFor(() => expect(router.state.location.search).toBe('?granularity=4'));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('usage-trend-chart')).getAllByTestId('chart-column'),
      ).toHaveLength(24),
    );
    expect(requestsTo(api, '/companies/1/gallons').at(-1)?.get('granularity')).toBe('4');
    expect(screen.getByTestId('granularity-4').getAttribute('aria-pressed')).toBe('true');
  });

  it('renders only the figures and the alerts chart when the statistics answer, not the other cards', async () => {
    const api = signedInApi(manager, usagePages);
    let answerStatistics = () => {};
    const statisticsAnswered = new Promise<void>((resolve) => {
      answerStatistics = resolve;
    });
    api.on('GET /companies/1/statistics', async () => {
      await statisticsAnswered;
      return reply(200, statistics);
    });
    renderRoutes(appRoutes, { path: '/dashboard' });
    await screen.findByTestId('top-units-list');
    await screen.findByTestId('needs-attention');
    // Every card but the ones waiting for the statistics has its answer.
    await waitFor(() =>
      expect(
        within(screen.getByTestId('fixture-breakdown')).queryByTestId('chart-loading'),
      ).toBeNull(),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('needs-attention')).queryAllByRole('progressbar')).toEqual(
        [],
      ),
    );
    expect(screen.queryByTestId('kpi-gallons-value')).toBeNull();
    const before = { ...cardRenders };
    expect(before.topUnits).toBeGreaterThan(0);

    answerStatistics();
    expect((await screen.findByTestId('kpi-gallons-value')).textContent).toBe('7,000 gal');
    expect(await screen.findByTestId('alerts-chart-columns')).toBeTruthy();
    expect(cardRenders).toEqual(before);
  });

  it('shows an error with a retry when the figures fail', async () => {
    const api = signedInApi(manager, usagePages);
    api.on('GET /companies/1/statistics', () =>
      reply(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' }),
    );
    renderRoutes(appRoutes, { path: '/dashboard' });
    expect((await screen.findAllByTestId('chart-error'))[0]?.textContent).toContain(
      'The figures could not be loaded.',
    );
    api.on('GET /companies/1/statistics', answer('/companies/{id}/statistics', 'get', statistics));
    fireEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0] as HTMLElement);
    expect((await screen.findByTestId('kpi-gallons-value')).textContent).toBe('7,000 gal');
  });

  it('shows alerts per month failing with a retry, never a skeleton, when its zone cannot load', async () => {
    const api = signedInApi(manager, usagePages);
    api.on('GET /companies/1/statistics', () =>
      reply(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' }),
    );
    renderRoutes(appRoutes, { path: '/dashboard' });
    const card = await screen.findByTestId('alerts-chart');
    const error = await within(card).findByTestId('chart-error');
    expect(error.textContent).toContain('The chart could not be loaded.');
    api.on('GET /companies/1/statistics', answer('/companies/{id}/statistics', 'get', statistics));
    fireEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByTestId('alerts-chart-columns')).toBeTruthy();
  });

  it('shows alerts per month failing with a retry when its own call fails', async () => {
    const api = signedInApi(manager, usagePages);
    api.on('GET /companies/1/dashboard-chart-alerts', () =>
      reply(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' }),
    );
    renderRoutes(appRoutes, { path: '/dashboard' });
    const card = await screen.findByTestId('alerts-chart');
    await within(card).findByTestId('chart-error', {}, { timeout: 5000 });
    api.on(
      'GET /companies/1/dashboard-chart-alerts',
      answer('/companies/{id}/dashboard-chart-alerts', 'get', alertsChart),
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByTestId('alerts-chart-columns')).toBeTruthy();
  });

  it('is not open to a restricted company', async () => {
    const api = signedInApi(restrictedManager, usagePages);
    const { router } = renderRoutes(appRoutes, { path: '/dashboard' });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/dashboard'));
    expect(screen.queryByTestId('company-dashboard')).toBeNull();
    expect(requestsTo(api, '/companies/3/statistics')).toHaveLength(0);
  });

  it('is the company page’s dashboard tab for a system admin, not for a manager', async () => {
    signedInApi(systemAdmin, usagePages);
    const view = renderRoutes(appRoutes, { path: '/companies/1/dashboard' });
    expect((await screen.findByTestId('kpi-gallons-value')).textContent).toBe('7,000 gal');
    const tabs = screen.getByRole('tablist');
    expect(within(tabs).getByRole('tab', { selected: true }).textContent).toBe('Dashboard');
    view.unmount();

    signedInApi(manager, usagePages);
    const { router } = renderRoutes(appRoutes, { path: '/companies/1/dashboard' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/1/overview'));
    const managerTabs = await screen.findByRole('tablist');
    expect(within(managerTabs).queryByRole('tab', { name: 'Dashboard' })).toBeNull();
    expect(within(managerTabs).getByRole('tab', { name: 'Charts' })).toBeTruthy();
  });
});

describe('charts tab', () => {
  it('charts a building: trend, fixtures by name, its units and categories', async () => {
    const api = signedInApi(manager, usagePages);
    renderRoutes(appRoutes, { path: '/companies/1/properties/7/buildings/9/charts' });
    const trend = await screen.findByTestId('usage-trend-chart');
    expect(within(trend).getAllByTestId('chart-column')).toHaveLength(12);

    const fixtures = await screen.findByTestId('fixture-list');
    expect(
      within(fixtures)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Main toiletSensors: 141,200.3 gal64%', 'Washing machineSensors: 3300.3 gal16%']);
    // The water no fixture accounts for is its own row, apart from the fixtures: 64 + 16 + 20.
    const unaccounted = screen.getByRole('list', { name: 'Unaccounted water' });
    expect(within(unaccounted).getByRole('listitem').textContent).toBe(
      'Unaccounted waterCommon-area taps, unmetered fixtures, leaks in walls. Meters agree within a few per cent, so small differences show as 0.375 gal20%',
    );
    expect(screen.getByTestId('fixture-breakdown').textContent).toContain(
      '1,875.5 gal from Nov 1, 2026 to Nov 22, 2026',
    );
    expect(screen.queryByTestId('source-note')).toBeNull();

    const units = await screen.findByTestId('units-comparison-list');
    expect(within(units).getByRole('link', { name: 'Apt 101' }).getAttribute('href')).toBe(
      '/companies/1/properties/7/buildings/9/units/11/charts',
    );
    const categories = await screen.findByTestId('categories-comparison-list');
    expect(categories.textContent).toContain('Internal units');
    expect(categories.textContent).toContain('Units: 2 · 155.1 gal per unit');
    // Without dates in the address the API's default range (this month) is asked for and shown.
    expect(requestsTo(api, '/buildings/9/appliance-gallons')[0]?.has('from')).toBe(false);
    expect(dateInputOf(screen.getByTestId('range-from')).value).toBe('11/01/2026');
  });

  it('follows the granularity in the address and switches it', async () => {
    const api = signedInApi(manager, usagePages);
    const { router } = renderRoutes(appRoutes, {
      path: '/companies/1/properties/7/buildings/9/charts?granularity=4',
    });
    const trend = await screen.findByTestId('usage-trend-chart');
    await waitFor(() => expect(within(trend).getAllByTestId('chart-column')).toHaveLength(24));
    fireEvent.click(screen.getByTestId('granularity-1'));
    await waitFor(() => expect(router.state.location.search).toBe('?granularity=1'));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('usage-trend-chart')).getAllByTestId('chart-column'),
      ).toHaveLength(12),
    );
    expect(
      requestsTo(api, '/buildings/9/gallons').map((query) => query.get('granularity')),
    ).toEqual(['4', '1']);
  });

  it('keeps a valid date range in the address and explains an invalid one', async () => {
    const api = signedInApi(manager, usagePages);
    const { router } = renderRoutes(appRoutes, {
      path: '/companies/1/properties/7/buildings/9/charts',
    });
    const from = await screen.findByTestId('range-from');
    await waitFor(() => expect(dateInputOf(from).value).toBe('11/01/2026'));
    enterDate(from, '2026-11-05');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=2026-11-05&to=2026-11-22'),
    );
    await waitFor(() =>
      expect(requestsTo(api, '/buildings/9/units-gallons').at(-1)?.get('from')).toBe('2026-11-05'),
    );

    enterDate(screen.getByTestId('range-to'), '2026-11-02');
    expect((await screen.findByTestId('range-error')).textContent).toBe(
      'The start date must be on or before the end date.',
    );
    // The address keeps the last valid range.
    expect(router.state.location.search).toBe('?from=2026-11-05&to=2026-11-22');
  });

  it('refuses a backwards range typed into the address without asking the API', async () => {
    const api = signedInApi(manager, usagePages);
    renderRoutes(appRoutes, {
      path: '/companies/1/properties/7/buildings/9/charts?from=2026-11-20&to=2026-11-01',
    });
    expect((await screen.findByTestId('range-error')).textContent).toBe(
      'The start date must be on or before the end date.',
    );
    expect(screen.getByTestId('fixture-breakdown').textContent).toContain(
      'Correct the dates above to see this breakdown.',
    );
    expect(requestsTo(api, '/buildings/9/appliance-gallons')).toHaveLength(0);
  });

  it('shows a unit’s projected month end with its band', async () => {
    signedInApi(manager, usagePages);
    renderRoutes(appRoutes, { path: '/companies/1/properties/7/buildings/9/units/11/charts' });
    expect((await screen.findByTestId('prediction-to-date')).textContent).toBe('2,101 gal');
    expect(screen.getByTestId('prediction-projected').textContent).toBe('3,050 gal');
    expect(screen.getByTestId('prediction-band').textContent).toContain(
      'The month will likely end between 2,900 gal and 3,200 gal.',
    );
    const days = within(screen.getByTestId('prediction-chart')).getAllByTestId('chart-column');
    expect(days).toHaveLength(30);
    expect(days.filter((day) => day.getAttribute('data-projected') === 'true')).toHaveLength(9);
    expect(screen.getByTestId('prediction').textContent).toContain('November 2026 · day 22 of 30');
  });

  it('compares a company’s top units and properties, with an empty fixture state', async () => {
    signedInApi(manager, usagePages);
    renderRoutes(appRoutes, { path: '/companies/1/charts' });
    await waitFor(() =>
      expect(screen.getByTestId('fixture-breakdown').textContent).toContain(
        'No fixture used water in this period.',
      ),
    );
    const properties = await screen.findByTestId('properties-comparison-list');
    expect(
      within(properties).getByRole('link', { name: 'Harbor Point' }).getAttribute('href'),
    ).toBe('/companies/1/properties/7/charts');
  });
});

describe('water accounting', () => {
  /** The company's breakdown this month: 1,000 gal of use, 800 of them measured by fixtures. */
  const companyFixtures = (
    source: ApiBody<'/companies/{id}/appliance-gallons'>['source'],
    unaccounted: number,
  ) => ({
    ...range,
    time_zone: 'America/New_York',
    total_gallons: 800 + unaccounted,
    fixture_gallons: 800,
    unaccounted_gallons: unaccounted,
    unaccounted_share: unaccounted / (800 + unaccounted),
    source,
    data: [
      { appliance_type_id: 1, gallons: 599.8, sensors: 10 },
      { appliance_type_id: 5, gallons: 200, sensors: 4 },
      { appliance_type_id: 9, gallons: 0.2, sensors: 1 },
    ],
  });

  it('shows the dashboard’s use by fixture with unaccounted water as its own row', async () => {
    const api = signedInApi(manager, usagePages);
    api.on(
      'GET /companies/1/appliance-gallons',
      answer('/companies/{id}/appliance-gallons', 'get', companyFixtures('main-line', 200)),
    );
    renderRoutes(appRoutes, { path: '/dashboard' });
    const fixtures = await screen.findByTestId('fixture-list');
    // Shares of the use (1,000 gal), not of the fixtures (800): 60 + 20 + 20 = 100.
    const rows = within(fixtures)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(rows).toEqual([
      expect.stringMatching(/599.8 gal60%$/),
      expect.stringMatching(/200 gal20%$/),
      // A sliver of the use is not shown as none.
      expect.stringMatching(/0.2 gal<0.1%$/),
    ]);
    const apart = screen.getByTestId('fixture-list-apart');
    expect(apart.textContent).toContain('Unaccounted water');
    expect(apart.textContent).toContain('200 gal20%');
    expect(screen.getByTestId('fixture-breakdown').textContent).toContain('1,000 gal from');
    // This month so far: the API's default range, as the headline figure counts.
    expect(requestsTo(api, '/companies/1/appliance-gallons')[0]?.has('from')).toBe(false);
  });

  it('notes fixture meters only, without an unaccounted row nothing measured', async () => {
    const api = signedInApi(manager, usagePages);
    api.on(
      'GET /companies/1/appliance-gallons',
      answer('/companies/{id}/appliance-gallons', 'get', companyFixtures('fixture-meters-only', 0)),
    );
    renderRoutes(appRoutes, { path: '/dashboard' });
    expect((await screen.findByTestId('source-note')).textContent).toBe(
      'Fixture meters only — no main line reported',
    );
    expect(screen.queryByTestId('fixture-list-apart')).toBeNull();
    expect(within(screen.getByTestId('fixture-list')).getAllByRole('listitem')).toHaveLength(3);
  });

  it('notes a main line that reported on part of the period, and shows 0 rather than less', async () => {
    const api = signedInApi(manager, usagePages);
    api.on(
      'GET /companies/1/appliance-gallons',
      answer('/companies/{id}/appliance-gallons', 'get', companyFixtures('mixed', 0)),
    );
    renderRoutes(appRoutes, { path: '/dashboard' });
    expect((await screen.findByTestId('source-note')).textContent).toBe(
      'Main line reported on part of the period',
    );
    expect(screen.getByTestId('fixture-list-apart').textContent).toContain('0 gal0%');
  });

  it('shows a unit’s fixtures without an unaccounted row or note', async () => {
    signedInApi(manager, usagePages);
    renderRoutes(appRoutes, { path: '/companies/1/properties/7/buildings/9/units/11/charts' });
    const fixtures = await screen.findByTestId('fixture-list');
    expect(within(fixtures).getAllByRole('listitem')[0]?.textContent).toContain('100%');
    expect(screen.queryByTestId('fixture-list-apart')).toBeNull();
    expect(screen.queryByTestId('source-note')).toBeNull();
  });

  it('splits a building’s chart into fixtures and unaccounted water, with its share', async () => {
    signedInApi(manager, usagePages);
    renderRoutes(appRoutes, { path: '/companies/1/properties/7/buildings/9/charts' });
    const chart = await screen.findByTestId('usage-trend-chart');
    // Each bucket stacks to the building's use: 10, 20, … 120 gal, a fifth of it unaccounted.
    expect(
      within(chart)
        .getAllByTestId('chart-column')
        .map((column) => column.getAttribute('data-value')),
    ).toEqual(Array.from({ length: 12 }, (_, index) => String(10 * (index + 1))));
    expect(screen.getByTestId('unaccounted-window').textContent).toBe(
      'Unaccounted: 156 gal (20% of use)',
    );
    fireEvent.focus(within(chart).getByRole('img'));
    expect(screen.getByTestId('chart-tooltip').textContent).toContain(
      'Fixtures: 96 galUnaccounted water: 24 galTotal: 120 galUnaccounted share: 20%',
    );
    fireEvent.click(within(chart).getByRole('button', { name: 'Show as table' }));
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[0]?.textContent).toBe('PeriodFixturesUnaccounted waterTotalUnaccounted share');

    // Switched off: one series, the building's use.
    fireEvent.click(screen.getByRole('switch', { name: 'Show unaccounted water' }));
    const single = await screen.findByTestId('usage-trend-chart');
    fireEvent.focus(within(single).getByRole('img'));
    expect(screen.getByTestId('chart-tooltip').textContent).not.toContain('Unaccounted');
  });

  it('keeps the unaccounted series on every granularity of a property’s chart', async () => {
    const api = signedInApi(manager, usagePages);
    api.on('GET /properties/7/gallons', gallonsHandler);
    renderRoutes(appRoutes, {
      path: '/companies/1/properties/7/charts?granularity=1',
    });
    await screen.findByTestId('unaccounted-switch');
    const chart = screen.getByTestId('usage-trend-chart');
    fireEvent.focus(within(chart).getByRole('img'));
    expect(screen.getByTestId('chart-tooltip').textContent).toContain('Unaccounted water: 24 gal');
  });

  it('has no unaccounted series for a unit nor for a company', async () => {
    signedInApi(manager, usagePages);
    const view = renderRoutes(appRoutes, {
      path: '/companies/1/properties/7/buildings/9/units/11/charts',
    });
    await screen.findByTestId('usage-trend-chart');
    expect(screen.queryByTestId('unaccounted-switch')).toBeNull();
    view.unmount();

    renderRoutes(appRoutes, { path: '/dashboard' });
    await screen.findByTestId('usage-trend-chart');
    expect(screen.queryByTestId('unaccounted-switch')).toBeNull();
  });

  it('notes a building charted from its fixture meters, without an unaccounted series', async () => {
    const api = signedInApi(manager, usagePages);
    api.on('GET /buildings/9/gallons', (request) => {
      const answer = gallonsAnswer(granularityOf(request));
      return reply(200, {
        ...answer,
        source: 'fixture-meters-only',
        data: answer.data.map((bucket) => ({
          ...bucket,
          fixture_gallons: bucket.gallons,
          unaccounted_gallons: 0,
        })),
      });
    });
    renderRoutes(appRoutes, { path: '/companies/1/properties/7/buildings/9/charts' });
    const trend = await screen.findByTestId('usage-trend');
    await waitFor(() =>
      expect(within(trend).getByTestId('source-note').textContent).toBe(
        'Fixture meters only — no main line reported',
      ),
    );
    expect(screen.queryByTestId('unaccounted-switch')).toBeNull();
  });

  /** Top units per category as the API ranks them: a Mechanical Room only among building services. */
  const topUnitsByCategory = (request: Request) => {
    const category = Number(new URL(request.url).searchParams.get('unit_category_id') ?? 1);
    const mechanical = {
      ...topUnits.data[0],
      unit_id: 15,
      unit_name: 'Mechanical Room',
      unit_category_id: 4,
      gallons: 9000,
      company_id: 1,
    };
    return reply(200, {
      ...range,
      data: category === 4 ? [mechanical] : category === 1 ? topUnits.data : [],
    });
  };

  it('ranks residential units by default and lists another category apart, labelled', async () => {
    const api = signedInApi(manager, usagePages);
    api.on('GET /companies/1/top-gallons-units', topUnitsByCategory);
    renderRoutes(appRoutes, { path: '/dashboard' });
    const card = await screen.findByTestId('top-units');
    const residential = await within(card).findByRole('list', {
      name: 'Units using the most water: Residential',
    });
    expect(
      within(residential)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Apt 101North Tower · Harbor Point310.2 gal']);
    expect(card.textContent).toContain('Residential · Nov 1, 2026 to Nov 22, 2026');
    expect(requestsTo(api, '/companies/1/top-gallons-units')[0]?.get('unit_category_id')).toBe('1');

    const category = within(card).getByRole('combobox', { name: 'Unit category' });
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Residential', 'Common areas', 'Commercial', 'Building services']);
    fireEvent.change(category, { target: { value: '4' } });
    const services = await within(card).findByRole('list', {
      name: 'Units using the most water: Building services',
    });
    expect(
      within(services)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Mechanical RoomNorth Tower · Harbor Point9,000 gal']);
    expect(card.textContent).toContain('Building services · Nov 1, 2026 to Nov 22, 2026');
    expect(within(card).queryByText('Apt 101')).toBeNull();
    expect(requestsTo(api, '/companies/1/top-gallons-units').at(-1)?.get('unit_category_id')).toBe(
      '4',
    );
  });

  it('never shows one category’s units under another’s name while the next loads', async () => {
    const api = signedInApi(manager, usagePages);
    let answerCommonAreas: (() => void) | undefined;
    api.on('GET /companies/1/top-gallons-units', async (request) => {
      if (new URL(request.url).searchParams.get('unit_category_id') === '2') {
        await new Promise<void>((resolve) => {
          answerCommonAreas = resolve;
        });
      }
      return topUnitsByCategory(request);
    });
    renderRoutes(appRoutes, { path: '/companies/1/charts' });
    const card = await screen.findByTestId('units-comparison');
    await within(card).findByRole('link', { name: 'Apt 101' });
    fireEvent.change(within(card).getByRole('combobox', { name: 'Unit category' }), {
      target: { value: '2' },
    });
    await within(card).findByTestId('chart-loading');
    expect(within(card).queryByText('Apt 101')).toBeNull();
    answerCommonAreas?.();
    expect((await within(card).findByTestId('chart-empty')).textContent).toBe(
      'No unit used water in this period.',
    );
    expect(card.textContent).toContain('Common areas');
  });

  it('shows a building’s use and unaccounted water beside its units’ fixture figures', async () => {
    const api = signedInApi(manager, usagePages);
    const view = renderRoutes(appRoutes, { path: '/companies/1/properties/7/buildings/9/charts' });
    const units = await screen.findByTestId('units-comparison');
    expect(units.textContent).toContain('Counted from the units’ fixture micrometers');
    expect((await within(units).findByTestId('building-use')).textContent).toBe(
      'Building use 1,875.5 gal, of which 375 gal unaccounted (20%)',
    );
    expect(within(units).queryByTestId('source-note')).toBeNull();
    view.unmount();

    api.on(
      'GET /buildings/9/units-gallons',
      answer('/buildings/{id}/units-gallons', 'get', {
        ...range,
        building_gallons: 310.2,
        unaccounted_gallons: 0,
        source: 'fixture-meters-only',
        data: [{ unit_id: 11, unit_name: 'Apt 101', unit_category_id: 1, gallons: 310.2 }],
      }),
    );
    renderRoutes(appRoutes, { path: '/companies/1/properties/7/buildings/9/charts' });
    const fixturesOnly = await screen.findByTestId('units-comparison');
    expect((await within(fixturesOnly).findByTestId('building-use')).textContent).toBe(
      'Building use 310.2 gal',
    );
    expect(within(fixturesOnly).getByTestId('source-note').textContent).toBe(
      'Fixture meters only — no main line reported',
    );
  });
});

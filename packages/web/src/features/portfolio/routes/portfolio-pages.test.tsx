import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { type MockApi, notFound, listPage as page, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import {
  apt101,
  companyAdminRole as companyAdmin,
  harborCompany,
  harborPoint,
  managerRole as manager,
  northTower,
  roleFixture,
  systemAdminRole as systemAdmin,
} from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

/** Harbor Homes with its office email and a portfolio of 40 units. */
const harbor = {
  ...harborCompany,
  email: 'office@harbor.test',
  properties_count: 2,
  buildings_count: 3,
  units_count: 40,
};
/** The lists' "where to act" figures of a property or building. */
const placeActivity = {
  open_leaks: 0,
  open_leaks_monthly_cost: 0,
  month_gallons: 0,
  last_month_same_gallons: 0,
  month_change_percent: null,
  sensors_not_transmitting: 0,
};
const point = { ...harborPoint, buildings_count: 2, units_count: 20, ...placeActivity };
const tower = { ...northTower, ...placeActivity };
const unit = {
  ...apt101,
  open_alerts: 0,
  month_gallons: 0,
  last_month_same_gallons: 0,
  month_change_percent: null,
  month_cost: 0,
  last_reading: null,
};

const count = (value: number) => () => reply(200, { count: value });

function signedInAs(role = systemAdmin) {
  return signedInApi(role, {
    'GET /companies': () => reply(200, page([harbor])),
    'GET /companies/names': () => reply(200, [{ id: 1, name: 'Harbor Homes' }]),
    'GET /companies/1': () => reply(200, harbor),
    'GET /companies/2': notFound,
    'GET /companies/1/properties': () => reply(200, page([point])),
    'GET /companies/1/properties-count': count(2),
    'GET /companies/1/buildings-count': count(3),
    'GET /companies/1/units-count': count(40),
    'GET /companies/1/residential-units': count(36),
    'GET /properties': () => reply(200, page([point])),
    'GET /properties/7': () => reply(200, point),
    'GET /properties/7/buildings': () => reply(200, page([tower])),
    'GET /properties/7/buildings-count': count(2),
    'GET /properties/7/units-count': count(20),
    'GET /buildings/9': () => reply(200, tower),
    'GET /buildings/9/units': () => reply(200, page([unit])),
    'GET /buildings/9/units-count': count(2),
    'GET /buildings/9/tenants-count': count(3),
    'GET /units/11': () => reply(200, unit),
    'GET /location/countries': () =>
      reply(200, [{ id: 233, iso2: 'US', name: 'United States', phone_code: '1' }]),
    'GET /location/states/country/233': () =>
      reply(200, [{ id: 5, country_id: 233, code: 'MA', name: 'Massachusetts' }]),
    'GET /location/cities/state/5': () =>
      reply(200, [{ id: 10, state_id: 5, name: 'Boston', latitude: null, longitude: null }]),
    'GET /location/timezones': () =>
      reply(200, [
        { id: 3, name: 'America/New_York', abbreviation: 'EST', gmt_offset_seconds: -18000 },
      ]),
  });
}

function lastQuery(api: MockApi, path: string): URLSearchParams {
  const request = api.requests.filter((r) => new URL(r.url).pathname === `/api${path}`).at(-1);
  return new URL(request?.url ?? 'http://x/').searchParams;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('companies list', () => {
  it('lists companies for a system admin, keeping sort, search and filter in the address', async () => {
    const api = signedInAs();
    const { router } = renderRoutes(appRoutes, { path: '/companies?sort=name:DESC&type=2' });
    const rows = await screen.findAllByTestId('portfolio-row');
    expect(rows[0]?.textContent).toContain('Harbor Homes');
    expect(lastQuery(api, '/companies').get('sortBy')).toBe('name:DESC');
    expect(lastQuery(api, '/companies').get('filter.company_type_id')).toBe('$eq:2');

    fireEvent.change(screen.getByLabelText('Search by name, street, city or email'), {
      target: { value: 'harbor' },
    });
    await waitFor(() => expect(router.state.location.search).toContain('search=harbor'));
    await waitFor(() => expect(lastQuery(api, '/companies').get('search')).toBe('harbor'));
    expect(screen.getByTestId('new-record').textContent).toBe('New company');
  });

  it('opens a company from its row, on the properties tab', async () => {
    signedInAs();
    const { router } = renderRoutes(appRoutes, { path: '/companies' });
    fireEvent.click(await screen.findByRole('link', { name: 'Harbor Homes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/1/properties'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Homes' })).toBeTruthy();
    const tabs = screen.getByRole('tablist');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Dashboard',
      'Overview',
      'Properties',
      'Alerts',
      'Micrometers',
      'Submissions',
      'Thresholds',
      'Charts',
    ]);
    await waitFor(() =>
      expect(within(tabs).getByRole('tab', { selected: true }).textContent).toBe('Properties'),
    );
    expect((await screen.findAllByTestId('portfolio-row'))[0]?.textContent).toContain(
      'Harbor Point',
    );
  });

  it('shows the empty state and the server’s message on failure', async () => {
    const api = signedInAs();
    api.on('GET /companies', () => reply(200, page([])));
    const view = renderRoutes(appRoutes, { path: '/companies' });
    expect((await screen.findByTestId('portfolio-empty')).textContent).toBe(
      'No companies match this search or these filters.',
    );
    view.unmount();
    api.on('GET /companies', () =>
      reply(400, { statusCode: 400, error: 'Bad Request', message: 'sortBy is not valid' }),
    );
    renderRoutes(appRoutes, { path: '/companies' });
    expect((await screen.findByRole('alert')).textContent).toContain('sortBy is not valid');
  });

  it('sends a company admin from /companies to their own company', async () => {
    signedInAs(companyAdmin);
    const { router } = renderRoutes(appRoutes, { path: '/companies' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/1/properties'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Homes' })).toBeTruthy();
  });
});

describe('company page', () => {
  it('shows details, counts and address on the overview', async () => {
    signedInAs();
    renderRoutes(appRoutes, { path: '/companies/1/overview' });
    const counts = await screen.findByTestId('overview-counts');
    await waitFor(() => expect(counts.textContent).toContain('36'));
    expect(counts.textContent).toContain('40');
    expect(screen.getByTestId('overview-address').textContent).toContain('1 Harbor Way');
    expect(screen.getByTestId('overview-details').textContent).toContain('Property management');
    expect(screen.getByTestId('edit-record')).toBeTruthy();
    expect(screen.getByTestId('delete-record')).toBeTruthy();
  });

  it('keeps only the properties tab for a restricted company', async () => {
    const api = signedInAs();
    api.on('GET /companies/1', () => reply(200, { ...harbor, company_type_id: 3 }));
    const { router } = renderRoutes(appRoutes, { path: '/companies/1/overview' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/1/properties'));
    const tabs = await screen.findByRole('tablist');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Properties']);
  });

  it('shows not found for a company outside the caller’s scope', async () => {
    signedInAs(companyAdmin);
    renderRoutes(appRoutes, { path: '/companies/2/properties' });
    expect((await screen.findByTestId('record-not-found')).textContent).toContain(
      'This company does not exist, or it is not yours to see.',
    );
  });

  it('shows the server’s refusal when a delete is refused', async () => {
    const api = signedInAs();
    const refusal = 'This company still has 2 properties. Move or delete them first.';
    api.on('DELETE /companies/1', () =>
      reply(409, { statusCode: 409, error: 'Conflict', message: refusal }),
    );
    renderRoutes(appRoutes, { path: '/companies/1/overview' });
    fireEvent.click(await screen.findByTestId('delete-record'));
    fireEvent.click(await screen.findByRole('button', { name: 'Ok' }));
    expect((await screen.findByTestId('delete-refusal')).textContent).toContain(refusal);
  });

  it('hides the write actions from a company manager', async () => {
    signedInAs(manager);
    renderRoutes(appRoutes, { path: '/companies/1/overview' });
    await screen.findByTestId('overview-details');
    expect(screen.queryByTestId('edit-record')).toBeNull();
    expect(screen.queryByTestId('delete-record')).toBeNull();
  });
});

describe('creating records', () => {
  it('creates a property under the company with the domain schema’s checks', async () => {
    const api = signedInAs();
    let body: unknown = null;
    api.on('POST /properties', async (request) => {
      body = await request.json();
      return reply(201, { ...point, id: 8, name: 'Bay View' });
    });
    api.on('GET /properties/8', () => reply(200, { ...point, id: 8, name: 'Bay View' }));
    api.on('GET /properties/8/buildings', () => reply(200, page([])));
    const { router } = renderRoutes(appRoutes, { path: '/companies/1/properties' });
    fireEvent.click(await screen.findByTestId('new-record'));
    const form = await screen.findByTestId('property-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Name is required')).toBeTruthy();
    expect(within(form).getByText('Time zone is required')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Bay View' } });
    const zone = within(within(form).getByTestId('timezone-picker')).getByRole('combobox');
    fireEvent.mouseDown(zone);
    fireEvent.click(await screen.findByRole('option', { name: 'America/New_York (UTC−05:00)' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/companies/1/properties/8/buildings'),
    );
    expect(body).toMatchObject({
      company_id: 1,
      name: 'Bay View',
      timezone_id: 3,
      water_price_per_kgal: 10,
    });
  });

  it('shows the server’s validation message in the form', async () => {
    const api = signedInAs();
    api.on('POST /units', () =>
      reply(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: ['body.name: Name is required'],
      }),
    );
    renderRoutes(appRoutes, {
      path: '/companies/1/properties/7/buildings/9/units',
    });
    fireEvent.click(await screen.findByTestId('new-record'));
    const form = await screen.findByTestId('unit-form');
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Apt 102' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Name is required');
  });
});

describe('changing records', () => {
  it('changes a building from its overview: its own fields, no parent, the new name said', async () => {
    const api = signedInAs();
    let body: unknown = null;
    api.on('PUT /buildings/9', async (request) => {
      body = await request.json();
      return reply(200, { ...tower, name: 'South Tower', floors: 14 });
    });
    renderRoutes(appRoutes, { path: '/companies/1/properties/7/buildings/9/overview' });
    fireEvent.click(await screen.findByTestId('edit-record'));
    const form = await screen.findByTestId('building-form');
    expect(within(form).getByRole('heading').textContent).toBe('Edit building');
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'South Tower' } });
    fireEvent.change(within(form).getByLabelText(/^Floors/), { target: { value: '14' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes to South Tower were saved')).toBeTruthy();
    expect(body).toMatchObject({ name: 'South Tower', floors: 14, street: tower.street ?? '' });
    expect(body).not.toHaveProperty('property_id');
    expect(screen.queryByTestId('building-form')).toBeNull();
  });
});

describe('property, building and unit pages', () => {
  it('opens a property on its buildings and a building on its units, with the survey chip', async () => {
    signedInAs();
    const { router } = renderRoutes(appRoutes, { path: '/companies/1/properties/7' });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/companies/1/properties/7/buildings'),
    );
    fireEvent.click(await screen.findByRole('link', { name: 'North Tower' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/companies/1/properties/7/buildings/9/units'),
    );
    expect((await screen.findByTestId('survey-chip')).textContent).toBe('In Survey');
    expect((await screen.findAllByTestId('portfolio-row'))[0]?.textContent).toContain('Apt 101');
  });

  it('shows the property’s water price and time zone on its overview', async () => {
    signedInAs();
    renderRoutes(appRoutes, { path: '/companies/1/properties/7/overview' });
    const details = await screen.findByTestId('overview-details');
    expect(details.textContent).toContain('America/New_York');
    expect(details.textContent).toContain('$12.50 per 1,000 gallons');
    expect(screen.getByTestId('move-record')).toBeTruthy();
  });

  it('opens a unit on its micrometers, its overview last among its tabs', async () => {
    const api = signedInAs();
    api.on('GET /units/11/sensors', () => reply(200, page([])));
    const { router } = renderRoutes(appRoutes, {
      path: '/companies/1/properties/7/buildings/9/units/11',
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/companies/1/properties/7/buildings/9/units/11/micrometers',
      ),
    );
    const tabs = await screen.findByRole('tablist');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Alerts', 'Micrometers', 'Submissions', 'Charts', 'Overview']);
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Overview' }));
    expect((await screen.findByTestId('overview-details')).textContent).toContain('Internal units');
  });

  it('titles a numbered unit "Unit 403" on its page and in its building’s list, not a bare number', async () => {
    const numbered = { ...unit, name: '403' };
    const api = signedInAs();
    api.on('GET /units/11', () => reply(200, numbered));
    api.on('GET /buildings/9/units', () => reply(200, page([numbered])));
    api.on('GET /units/11/sensors', () => reply(200, page([])));
    const first = renderRoutes(appRoutes, {
      path: '/companies/1/properties/7/buildings/9/units/11/micrometers',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unit 403' })).toBeTruthy();
    first.unmount();
    renderRoutes(appRoutes, { path: '/companies/1/properties/7/buildings/9/units' });
    const row = (await screen.findAllByTestId('portfolio-row'))[0];
    expect(within(row as HTMLElement).getByRole('link', { name: 'Unit 403' })).toBeTruthy();
  });

  it('shows not found for a property under another company’s address', async () => {
    signedInAs();
    renderRoutes(appRoutes, { path: '/companies/2/properties/7/buildings' });
    expect(await screen.findByTestId('record-not-found')).toBeTruthy();
  });

  it('shows not found for a building or unit under another place’s address, leading back to the list there', async () => {
    signedInAs();
    const building = renderRoutes(appRoutes, { path: '/companies/1/properties/8/buildings/9' });
    const back = within(await screen.findByTestId('record-not-found')).getByRole('link');
    expect(back.getAttribute('href')).toBe('/companies/1/properties/8/buildings');
    building.unmount();
    renderRoutes(appRoutes, { path: '/companies/1/properties/7/buildings/5/units/11' });
    const unitBack = within(await screen.findByTestId('record-not-found')).getByRole('link');
    expect(unitBack.getAttribute('href')).toBe('/companies/1/properties/7/buildings/5/units');
  });
});

describe('a restricted (type 3) company’s own pages', () => {
  const restrictedAdmin = roleFixture({
    id: 41,
    user_role_type_id: 4,
    company_id: 1,
    company_type_id: 3,
  });
  const tabsShown = async () =>
    within(await screen.findByRole('tablist'))
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
  /** The calls the pages made below /api, as `METHOD /path`. */
  const paths = (api: MockApi) =>
    api.requests.map((r) => `${r.method} ${new URL(r.url).pathname.slice('/api'.length)}`);
  const signedInRestricted = () => {
    const api = signedInAs(restrictedAdmin);
    api.on('GET /companies/1', () => reply(200, { ...harbor, company_type_id: 3 }));
    return api;
  };

  it('keep only the properties tab of the company page', async () => {
    const api = signedInRestricted();
    const { router } = renderRoutes(appRoutes, { path: '/companies/1/thresholds' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/1/properties'));
    expect(await tabsShown()).toEqual(['Properties']);
    expect(paths(api).filter((p) => p.includes('thresholds'))).toEqual([]);
  });

  it('keep a property to its overview and buildings', async () => {
    const api = signedInRestricted();
    const { router } = renderRoutes(appRoutes, { path: '/companies/1/properties/7/charts' });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/companies/1/properties/7/buildings'),
    );
    expect(await tabsShown()).toEqual(['Overview', 'Buildings']);
    expect((await screen.findAllByTestId('portfolio-row'))[0]?.textContent).toContain(
      'North Tower',
    );
    expect(paths(api).filter((p) => p.includes('gallons'))).toEqual([]);
  });

  it('keep a building to its overview and units: alerts, micrometers, charts and submissions are gone', async () => {
    const api = signedInRestricted();
    const { router } = renderRoutes(appRoutes, {
      path: '/companies/1/properties/7/buildings/9/alerts',
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/companies/1/properties/7/buildings/9/units'),
    );
    expect(await tabsShown()).toEqual(['Overview', 'Units']);
    expect((await screen.findAllByTestId('portfolio-row'))[0]?.textContent).toContain('Apt 101');
    expect(
      paths(api).filter((p) => /alerts|sensors|submissions|gallons|statistics/.test(p)),
    ).toEqual([]);
  });

  it('open a unit on its overview, the only tab it keeps', async () => {
    const api = signedInRestricted();
    const { router } = renderRoutes(appRoutes, {
      path: '/companies/1/properties/7/buildings/9/units/11',
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/companies/1/properties/7/buildings/9/units/11/overview',
      ),
    );
    expect(await tabsShown()).toEqual(['Overview']);
    expect((await screen.findByTestId('overview-details')).textContent).toContain('Internal units');
    expect(paths(api).filter((p) => /sensors|submissions|alerts/.test(p))).toEqual([]);
  });
});

describe('site staff (a company role narrowed to a property or a building)', () => {
  const propertyAdmin = roleFixture({
    id: 33,
    user_role_type_id: 4,
    company_id: 1,
    property_id: 7,
    property_name: 'Harbor Point',
  });
  const buildingAdmin = roleFixture({
    id: 34,
    user_role_type_id: 4,
    company_id: 1,
    property_id: 7,
    property_name: 'Harbor Point',
    building_id: 9,
    building_name: 'North Tower',
  });
  const tabNames = async () =>
    within(await screen.findByRole('tablist'))
      .getAllByRole('tab')
      .map((tab) => tab.textContent);

  it("hides the company's own settings and titles the company page as the totals of the property", async () => {
    const api = signedInAs(propertyAdmin);
    api.on('GET /companies/1', () =>
      reply(200, { ...harbor, billing_properties: [{ id: 8, name: 'Elm Row', company_id: 2 }] }),
    );
    const { router } = renderRoutes(appRoutes, { path: '/companies/1/thresholds' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/1/overview'));
    expect(await tabNames()).toEqual([
      'Overview',
      'Properties',
      'Alerts',
      'Micrometers',
      'Submissions',
      'Charts',
    ]);
    await screen.findByTestId('overview-counts');
    expect(screen.getByText('Totals of Harbor Point')).toBeTruthy();
    expect(screen.queryByTestId('edit-record')).toBeNull();
    expect(screen.queryByTestId('delete-record')).toBeNull();
    expect(screen.queryByTestId('billing-properties')).toBeNull();
    expect(api.calls().filter((call) => call.includes('thresholds'))).toEqual([]);
  });

  it('creates no property, but edits its own and creates buildings in it', async () => {
    signedInAs(propertyAdmin);
    const view = renderRoutes(appRoutes, { path: '/companies/1/properties' });
    await screen.findAllByTestId('portfolio-row');
    expect(screen.queryByTestId('new-record')).toBeNull();
    view.unmount();

    const property = renderRoutes(appRoutes, { path: '/companies/1/properties/7/buildings' });
    expect((await screen.findByTestId('new-record')).textContent).toBe('New building');
    property.unmount();
    renderRoutes(appRoutes, { path: '/companies/1/properties/7/overview' });
    expect(await screen.findByTestId('edit-record')).toBeTruthy();
    expect(screen.queryByTestId('delete-record')).toBeNull();
  });

  it('keeps a building admin from creating buildings in its property', async () => {
    signedInAs(buildingAdmin);
    renderRoutes(appRoutes, { path: '/companies/1/properties/7/buildings' });
    await screen.findAllByTestId('portfolio-row');
    expect(screen.queryByTestId('new-record')).toBeNull();
  });
});

import { applianceTypes, fixtureDetectionDefaults } from '@flowsight/domain/lookups';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { answer, listPage, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { roleFixture } from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

const systemAdmin = roleFixture({
  id: 31,
  user_role_type_id: 1,
  company_id: null,
  company_type_id: null,
  company_name: null,
});
const technician = roleFixture({ ...systemAdmin, id: 33, user_role_type_id: 3 });
const support = roleFixture({ ...systemAdmin, id: 32, user_role_type_id: 2 });

const fixtures = applianceTypes.map(({ id, name, kind }) => {
  const d = fixtureDetectionDefaults[kind];
  return {
    id,
    name,
    kind,
    continuous_hours: d.continuousHours,
    hourly_min_gal: d.hourlyMinGal,
    night_flow: d.nightFlow,
    daily_high_gal: d.dailyHighGal,
    updated_at: null,
    updated_by: null,
    updated_by_name: null,
  };
});
const configDefaults = [
  {
    id: 1,
    name: 'Report interval',
    unit: 's',
    min_value: 60,
    max_value: 3600,
    value: 900,
    editable: true,
  },
];
const threshold = {
  id: 7,
  sensor_id: 70,
  mac_address: 'F10A5E2BA12AB9B8',
  value: 150.5,
  company_id: 1,
  company_name: 'Harborview',
  property_id: 1,
  property_name: 'Harbor Point',
  building_id: 1,
  building_name: 'North',
  unit_id: 1,
  unit_name: '101',
  appliance_type_id: 5,
  created_at: '2026-04-01T09:00:00.000Z',
  updated_at: '2026-04-01T09:00:00.000Z',
};

/** What the fleet settings pages read. */
const fleetSettings = {
  'GET /appliances': answer('/appliances', 'get', fixtures),
  'GET /sensors/config-defaults': answer('/sensors/config-defaults', 'get', configDefaults),
  'GET /sensors/gallon-thresholds': answer(
    '/sensors/gallon-thresholds',
    'get',
    listPage([threshold], '/sensors/gallon-thresholds?page=1&limit=10'),
  ),
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fixtures page', () => {
  it('lets a system admin change only what was edited, checking the rules while typing', async () => {
    const api = signedInApi(systemAdmin, fleetSettings);
    api.on('PUT /appliances/5', async (request) => {
      const body = (await request.json()) as { continuous_hours: number };
      return reply(200, { ...fixtures[4], ...body });
    });
    renderRoutes(appRoutes, { path: '/appliances' });
    expect(await screen.findAllByTestId('fixture-row')).toHaveLength(22);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Main toilet' }));
    const dialog = await screen.findByTestId('fixture-dialog');
    const save = within(dialog).getByTestId('fixture-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const hours = within(dialog).getByLabelText('Continuous-flow window (hours)');
    fireEvent.change(hours, { target: { value: '80' } });
    expect(
      within(dialog).getByText(
        'The continuous-flow window must be a whole number of hours from 1 to 72',
      ),
    ).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(hours, { target: { value: '6' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText('Main toilet saved')).toBeTruthy();
    const sent = api.requests.find((r) => r.method === 'PUT');
    expect(await sent?.clone().json()).toEqual({ continuous_hours: 6 });
  });

  it('shows the server’s refusal in the dialog', async () => {
    const api = signedInApi(systemAdmin, fleetSettings);
    api.on('PUT /appliances/19', () =>
      reply(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: ['body.daily_high_gal: Use at most 3 decimals'],
      }),
    );
    renderRoutes(appRoutes, { path: '/appliances' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Main line' }));
    const dialog = await screen.findByTestId('fixture-dialog');
    fireEvent.click(within(dialog).getByLabelText(/Watch for night flow/));
    fireEvent.click(within(dialog).getByTestId('fixture-save'));
    expect((await within(dialog).findByTestId('fixture-save-error')).textContent).toBe(
      'Not saved: Use at most 3 decimals',
    );
  });

  it('is read-only for a system technician', async () => {
    signedInApi(technician, fleetSettings);
    renderRoutes(appRoutes, { path: '/appliances' });
    expect(await screen.findAllByTestId('fixture-row')).toHaveLength(22);
    expect(screen.getByTestId('fixtures-read-only')).toBeTruthy();
    expect(screen.queryByTestId('edit-fixture')).toBeNull();
  });
});

describe('micrometer defaults page', () => {
  it('lets system support keep gallon thresholds but not change configuration defaults', async () => {
    const api = signedInApi(support, fleetSettings);
    api.on(
      'PUT /sensors/gallon-thresholds/7/200',
      answer('/sensors/gallon-thresholds/{id}/{value}', 'put', { ...threshold, value: 200 }),
    );
    renderRoutes(appRoutes, { path: '/micrometers/defaults' });
    expect(await screen.findByText('900 s')).toBeTruthy();
    expect(screen.queryByTestId('edit-config-default')).toBeNull();
    const row = await screen.findByTestId('gallon-threshold-row');
    expect(row.textContent).toContain('150.5 gal/day');
    fireEvent.click(
      within(row).getByRole('button', { name: `Edit the threshold of ${threshold.mac_address}` }),
    );
    const dialog = await screen.findByTestId('gallon-threshold-dialog');
    fireEvent.change(within(dialog).getByLabelText('Daily threshold (gallons)'), {
      target: { value: '200' },
    });
    fireEvent.click(within(dialog).getByTestId('gallon-threshold-save'));
    expect(await screen.findByText(`Threshold of ${threshold.mac_address} saved`)).toBeTruthy();
    await waitFor(() => expect(api.calls()).toContain('PUT /sensors/gallon-thresholds/7/200'));
  });

  it('lets a system admin set a default within its range', async () => {
    const api = signedInApi(systemAdmin, fleetSettings);
    api.on('PUT /sensors/config-defaults/1/1200', () =>
      reply(200, { ...configDefaults[0], value: 1200 }),
    );
    renderRoutes(appRoutes, { path: '/micrometers/defaults' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Report interval' }));
    const dialog = await screen.findByTestId('config-default-dialog');
    const field = within(dialog).getByLabelText('Value (s)');
    fireEvent.change(field, { target: { value: '4000' } });
    expect(
      within(dialog).getByText('Report interval must be a whole number from 60 to 3600'),
    ).toBeTruthy();
    fireEvent.change(field, { target: { value: '1200' } });
    fireEvent.click(within(dialog).getByTestId('config-default-save'));
    expect(await screen.findByText('Report interval set to 1200')).toBeTruthy();
    expect(api.calls()).toContain('PUT /sensors/config-defaults/1/1200');
  });
});

import { applianceTypes } from '@flowsight/domain/lookups';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { type ApiBody, answer, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import {
  companyAdminRole as companyAdmin,
  managerRole as manager,
} from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

const harbor: ApiBody<'/companies/{id}'> = {
  id: 1,
  name: 'Harbor Homes',
  company_type_id: 1,
  allow_assignment: false,
  phone: null,
  email: null,
  timezone_id: null,
  street: null,
  city_id: null,
  city_name: null,
  state_id: null,
  state_name: null,
  country_id: null,
  postal: null,
  properties_count: 0,
  buildings_count: 0,
  units_count: 0,
  created_at: '2026-01-05T10:00:00.000Z',
  billing_properties: [],
};
const rows = applianceTypes.map(({ id, name }) => ({
  appliance_type_id: id,
  name,
  threshold: id === 12 ? 80 : null,
  default_threshold: id === 11 ? 150 : id === 22 ? null : 50,
}));

const unaccounted = {
  share_percent: null,
  min_gallons_per_day: 80,
  default_share_percent: 15,
  default_min_gallons_per_day: 50,
  window_days: 3,
};

/** What the thresholds tab reads, for `company`. */
const thresholdsTab = (company: ApiBody<'/companies/{id}'> = harbor) => ({
  'GET /companies/1': answer('/companies/{id}', 'get', company),
  'GET /companies/1/appliances-thresholds': answer(
    '/companies/{id}/appliances-thresholds',
    'get',
    rows,
  ),
  'GET /companies/1/appliances-thresholds/unaccounted-water': answer(
    '/companies/{id}/appliances-thresholds/unaccounted-water',
    'get',
    unaccounted,
  ),
});

const rowOf = async (name: string) =>
  (await screen.findAllByTestId('threshold-row')).find((row) =>
    row.textContent?.includes(name),
  ) as HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('company thresholds tab', () => {
  it('shows each fixture type with the company value, the default or none', async () => {
    signedInApi(manager, thresholdsTab());
    renderRoutes(appRoutes, { path: '/companies/1/thresholds' });
    expect(await screen.findAllByTestId('threshold-row')).toHaveLength(22);
    expect(within(await rowOf('Dishwasher')).getByTestId('threshold-value').textContent).toBe(
      '80 gal',
    );
    expect(within(await rowOf('Washing machine')).getByTestId('threshold-value').textContent).toBe(
      'default: 150 gal',
    );
    expect(within(await rowOf('Water line')).getByTestId('threshold-value').textContent).toBe(
      'none',
    );
    expect(screen.getByRole('tab', { name: 'Thresholds' })).toBeTruthy();
    // The manager may read but not change them.
    expect(screen.queryByTestId('threshold-edit')).toBeNull();
  });

  it('lets a company admin set a value checked by the domain rule', async () => {
    const api = signedInApi(companyAdmin, thresholdsTab());
    api.on('PUT /companies/1/appliances-thresholds/11/175.5', () =>
      reply(200, { ...rows[10], threshold: 175.5 }),
    );
    renderRoutes(appRoutes, { path: '/companies/1/thresholds' });
    fireEvent.click(
      within(await rowOf('Washing machine')).getByRole('button', {
        name: 'Edit the threshold of Washing machine',
      }),
    );
    const dialog = await screen.findByTestId('threshold-dialog');
    const input = within(dialog).getByTestId('threshold-input');
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByTestId('threshold-save'));
    expect(
      within(dialog).getByText('The threshold must be above 0 and at most 100,000 gallons a day'),
    ).toBeTruthy();
    fireEvent.change(input, { target: { value: '1.2345' } });
    expect(within(dialog).getByText('Use at most 3 decimals')).toBeTruthy();
    expect(api.calls().some((call) => call.startsWith('PUT'))).toBe(false);

    fireEvent.change(input, { target: { value: '175.5' } });
    fireEvent.click(within(dialog).getByTestId('threshold-save'));
    expect(
      await screen.findByText('Threshold of Washing machine set to 175.5 gal a day'),
    ).toBeTruthy();
    expect(api.calls()).toContain('PUT /companies/1/appliances-thresholds/11/175.5');
  });

  it('removes a company value with none and shows a refusal in the dialog', async () => {
    const api = signedInApi(companyAdmin, thresholdsTab());
    api.on('PUT /companies/1/appliances-thresholds/12/none', () =>
      reply(404, { statusCode: 404, error: 'Not Found', message: 'Company not found' }),
    );
    renderRoutes(appRoutes, { path: '/companies/1/thresholds' });
    fireEvent.click(
      within(await rowOf('Dishwasher')).getByRole('button', {
        name: 'Edit the threshold of Dishwasher',
      }),
    );
    const dialog = await screen.findByTestId('threshold-dialog');
    fireEvent.click(within(dialog).getByTestId('threshold-remove'));
    expect((await within(dialog).findByTestId('threshold-save-error')).textContent).toBe(
      'Not saved: Company not found',
    );
    await waitFor(() =>
      expect(api.calls()).toContain('PUT /companies/1/appliances-thresholds/12/none'),
    );
  });

  it('shows the unaccounted-water threshold: the company value, else the default', async () => {
    signedInApi(manager, thresholdsTab());
    renderRoutes(appRoutes, { path: '/companies/1/thresholds' });
    const card = await screen.findByTestId('unaccounted-card');
    expect(within(card).getByText('Unaccounted water')).toBeTruthy();
    expect((await within(card).findByTestId('unaccounted-share')).textContent).toBe(
      'default: 15 %',
    );
    expect(within(card).getByTestId('unaccounted-gallons').textContent).toBe('80 gal a day');
    expect(within(card).queryByTestId('unaccounted-edit')).toBeNull();
  });

  it('lets a company admin set the share, checked by the domain rule, and sends both values', async () => {
    const api = signedInApi(companyAdmin, thresholdsTab());
    let sent: unknown;
    api.on('PUT /companies/1/appliances-thresholds/unaccounted-water', async (request) => {
      sent = await request.json();
      return reply(200, { ...unaccounted, share_percent: 22.5 });
    });
    renderRoutes(appRoutes, { path: '/companies/1/thresholds' });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Edit the unaccounted-water threshold' }),
    );
    const dialog = await screen.findByTestId('unaccounted-dialog');
    const share = within(dialog).getByTestId('unaccounted-share-input');
    fireEvent.change(share, { target: { value: '12.25' } });
    fireEvent.click(within(dialog).getByTestId('unaccounted-save'));
    expect(
      within(dialog).getByText(
        'The unaccounted share must be above 0 and at most 100 per cent, with at most 1 decimal',
      ),
    ).toBeTruthy();
    expect(api.calls().some((call) => call.startsWith('PUT'))).toBe(false);

    fireEvent.change(share, { target: { value: '22.5' } });
    fireEvent.click(within(dialog).getByTestId('unaccounted-save'));
    expect(
      await screen.findByText('Unaccounted water alerts above 22.5 % and 80 gal a day'),
    ).toBeTruthy();
    expect(sent).toEqual({ share_percent: 22.5, min_gallons_per_day: 80 });
  });

  it('is not offered for a restricted company (type 3)', async () => {
    signedInApi(companyAdmin, thresholdsTab({ ...harbor, company_type_id: 3 }));
    renderRoutes(appRoutes, { path: '/companies/1/thresholds' });
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Properties' })).toBeTruthy());
    expect(screen.queryByRole('tab', { name: 'Thresholds' })).toBeNull();
    expect(screen.queryByTestId('thresholds-tab')).toBeNull();
  });
});

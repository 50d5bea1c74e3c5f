// One page load asks for each record once: the record page and the breadcrumbs share its query,
// and a 404 (another tenant's record) is an answer, never retried.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { listPage, notFound, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { companyAdminRole as companyAdmin, harborAddress } from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

const place = {
  ...harborAddress,
  created_at: '2026-01-05T10:00:00.000Z',
};
const harbor = { id: 1, name: 'Harbor Homes', company_type_id: 1, ...place };
const point = {
  id: 7,
  name: 'Harbor Point',
  company_id: 1,
  company_name: 'Harbor Homes',
  ...place,
};
const tower = {
  id: 9,
  name: 'North Tower',
  company_id: 1,
  company_name: 'Harbor Homes',
  property_id: 7,
  property_name: 'Harbor Point',
  survey_status: 1,
  ...place,
};

function signedIn() {
  return signedInApi(companyAdmin, {
    'GET /companies/1': () => reply(200, harbor),
    'GET /companies/2': notFound,
    'GET /properties/7': () => reply(200, point),
    'GET /buildings/9': () => reply(200, tower),
    'GET /buildings/9/units': () => reply(200, listPage([])),
  });
}

const callsTo = (api: ReturnType<typeof signedIn>, path: string) =>
  api.requests.filter((r) => r.method === 'GET' && new URL(r.url).pathname === `/api${path}`)
    .length;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('record requests', () => {
  it('asks for the company, property and building of a building page once each', async () => {
    const api = signedIn();
    const { queryClient } = renderRoutes(appRoutes, {
      path: '/companies/1/properties/7/buildings/9/units',
    });
    // As in the app (`lib/query-client.ts`), what the route loaders read is fresh when the page
    // opens on it.
    queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000 } });
    await screen.findByRole('heading', { level: 1, name: 'North Tower' });
    await screen.findAllByText('Harbor Point');
    // Let any second reader (breadcrumbs, tabs) start its request.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callsTo(api, '/buildings/9')).toBe(1);
    expect(callsTo(api, '/properties/7')).toBe(1);
    expect(callsTo(api, '/companies/1')).toBeLessThanOrEqual(1);
  });

  it('asks for another tenant’s record once: its 404 is not retried', async () => {
    const api = signedIn();
    renderRoutes(appRoutes, { path: '/companies/2/properties' });
    await screen.findByTestId('record-not-found');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(callsTo(api, '/companies/2')).toBe(1);
  });
});

// The building page's Flume meter line: the linked meter, its account and its last
// sync under the title, with the last error when there is one; nothing without a meter, and no
// noise when the call fails.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { answer, listPage, type MockApiHandler, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import {
  companyAdminRole as companyAdmin,
  harborAddress,
  roleFixture,
} from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

const place = { ...harborAddress, created_at: '2026-01-05T10:00:00.000Z' };
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

function openBuilding(flumeMeter: MockApiHandler, role = companyAdmin) {
  const api = signedInApi(role, {
    'GET /companies/1': () =>
      reply(200, { id: 1, name: 'Harbor Homes', company_type_id: 1, ...place }),
    'GET /properties/7': () =>
      reply(200, {
        id: 7,
        name: 'Harbor Point',
        company_id: 1,
        company_name: 'Harbor Homes',
        ...place,
      }),
    'GET /buildings/9': () => reply(200, tower),
    'GET /buildings/9/units': () => reply(200, listPage([])),
    'GET /buildings/9/flume-meter': flumeMeter,
  });
  renderRoutes(appRoutes, { path: '/companies/1/properties/7/buildings/9/units' });
  return api;
}

const twoHoursAgo = () => new Date(Date.now() - 2 * 3_600_000).toISOString();

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('building page: Flume meter', () => {
  it('names the meter, its account and when it last synced', async () => {
    openBuilding(
      answer('/buildings/{id}/flume-meter', 'get', {
        meter: {
          account_id: 3,
          account_name: 'Harbor Flume',
          device_id: '6802190987654321',
          last_sync_at: twoHoursAgo(),
          last_error: null,
        },
      }),
    );
    const line = await screen.findByTestId('building-flume-meter');
    expect(line.textContent).toBe(
      'Flume meter 6802190987654321 · account Harbor Flume · last synced 2 hours ago',
    );
    expect(screen.queryByTestId('building-flume-error')).toBeNull();
  });

  it('adds the last error, marked as one, and says when the meter never synced', async () => {
    openBuilding(
      answer('/buildings/{id}/flume-meter', 'get', {
        meter: {
          account_id: 3,
          account_name: 'Harbor Flume',
          device_id: '6802190987654321',
          last_sync_at: null,
          last_error: 'invalid_grant: Bad username or password',
        },
      }),
    );
    const line = await screen.findByTestId('building-flume-meter');
    expect(line.textContent).toContain(
      'Flume meter 6802190987654321 · account Harbor Flume · not synced yet',
    );
    expect(screen.getByTestId('building-flume-error').textContent).toBe(
      'Last error: invalid_grant: Bad username or password',
    );
  });

  it.each([
    ['without a meter', answer('/buildings/{id}/flume-meter', 'get', { meter: null })],
    [
      'when the call fails',
      () =>
        reply(500, {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'An error occurred',
        }),
    ],
  ])('shows nothing %s', async (_case, handler) => {
    const api = openBuilding(handler);
    await screen.findByRole('heading', { level: 1, name: 'North Tower' });
    await vi.waitFor(() => expect(api.calls()).toContain('GET /buildings/9/flume-meter'));
    // Let the answer (and a retry of the failure) arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('building-flume-meter')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not ask for it when the role may not (a restricted company)', async () => {
    const restricted = roleFixture({ id: 34, user_role_type_id: 4, company_type_id: 3 });
    const api = openBuilding(
      answer('/buildings/{id}/flume-meter', 'get', { meter: null }),
      restricted,
    );
    await screen.findByRole('heading', { level: 1, name: 'North Tower' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.calls()).not.toContain('GET /buildings/9/flume-meter');
    expect(api.calls()).toContain('GET /buildings/9');
  });
});

import { GatewayStatus } from '@flowsight/domain/lookups';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { type MockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { roleFixture } from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';
import type { Gateway } from '../api/get-gateways';

const systemAdmin = roleFixture({ id: 21, user_role_type_id: 1, company_id: null });
const manager = roleFixture({ id: 32, user_role_type_id: 5, company_id: 1 });

const roof: Gateway = {
  id: 7,
  serial_number: 'FSGW-2024-1234',
  name: 'Harbor Point roof',
  model: 'RAK7289 WisGate Edge Pro',
  company_id: 1,
  company_name: 'Harborview Residential Group',
  property_id: 2,
  property_name: 'Harbor Point',
  building_id: 3,
  building_name: 'Harbor Point A',
  gateway_status_id: GatewayStatus.Online,
  alerts_disabled: false,
  last_seen_at: '2026-03-01T10:00:00.000Z',
  created_at: '2025-01-05T10:00:00.000Z',
  updated_at: '2025-01-05T10:00:00.000Z',
};
const spare: Gateway = {
  ...roof,
  id: 8,
  serial_number: 'FSGW-2025-0001',
  name: null,
  company_id: null,
  company_name: null,
  property_id: null,
  property_name: null,
  building_id: null,
  building_name: null,
  gateway_status_id: GatewayStatus.Offline,
  alerts_disabled: true,
  last_seen_at: null,
};
const history = [
  {
    id: 2,
    building_id: 3,
    building_name: 'Harbor Point A',
    property_id: 2,
    property_name: 'Harbor Point',
    company_id: 1,
    company_name: 'Harborview Residential Group',
    assigned_at: '2026-02-01T10:00:00.000Z',
    unassigned_at: null,
    assigned_by: { id: 1, name: 'Avery Admin' },
  },
  {
    id: 1,
    building_id: 4,
    building_name: 'Harbor Point B',
    property_id: 2,
    property_name: 'Harbor Point',
    company_id: 1,
    company_name: 'Harborview Residential Group',
    assigned_at: '2025-01-05T10:00:00.000Z',
    unassigned_at: '2026-02-01T10:00:00.000Z',
    assigned_by: null,
  },
];

function page(rows: Gateway[]) {
  return {
    data: rows,
    meta: { itemsPerPage: 10, totalItems: rows.length, currentPage: 1, totalPages: 1, sortBy: [] },
    links: { current: '/api/gateways' },
  };
}

function signedInAs(role = systemAdmin) {
  return signedInApi(role, {
    'GET /gateways': () => reply(200, page([roof, spare])),
    'GET /gateways/7': () => reply(200, roof),
    'GET /gateways/7/buildings-history': () => reply(200, history),
    'GET /gateways/7/admin-app': () =>
      reply(200, { url: 'https://lns.example.test/gateways/FSGW-2024-1234' }),
    'PUT /gateways/7/status/3': () =>
      reply(200, { ...roof, gateway_status_id: GatewayStatus.Maintenance }),
  });
}

function lastListQuery(api: MockApi): URLSearchParams {
  const request = api.requests.filter((r) => new URL(r.url).pathname === '/api/gateways').at(-1);
  return new URL(request?.url ?? 'http://x/').searchParams;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('gateways page', () => {
  it('lists the gateways with status, building or stock, and alerts', async () => {
    signedInAs();
    renderRoutes(appRoutes, { path: '/gateways' });
    const rows = await screen.findAllByTestId('gateway-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('FSGW-2024-1234');
    expect(rows[0]?.textContent).toContain('Harbor Point A');
    expect(rows[0]?.textContent).toContain('Online');
    expect(rows[1]?.textContent).toContain('In stock');
    expect(rows[1]?.textContent).toContain('Offline');
    expect(rows[1]?.textContent).toContain('Disabled');
  });

  it('sends page, sort, search and status from the address to the server', async () => {
    const api = signedInAs();
    renderRoutes(appRoutes, {
      path: '/gateways?page=2&sort=last_seen_at:DESC&search=roof&status=2',
    });
    await screen.findAllByTestId('gateway-row');
    const query = lastListQuery(api);
    expect(query.get('page')).toBe('2');
    expect(query.get('sortBy')).toBe('last_seen_at:DESC');
    expect(query.get('search')).toBe('roof');
    expect(query.get('filter.gateway_status_id')).toBe('$eq:2');
  });

  it('opens a gateway with its history and lets a system role change its status', async () => {
    const api = signedInAs();
    const { router } = renderRoutes(appRoutes, { path: '/gateways' });
    const [row] = await screen.findAllByTestId('gateway-row');
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: 'FSGW-2024-1234' }));
    const dialog = await screen.findByTestId('gateway-detail');
    expect(router.state.location.search).toContain('gateway=7');
    const historyRows = await within(dialog).findAllByTestId('history-row');
    expect(historyRows).toHaveLength(2);
    expect(historyRows[0]?.textContent).toContain('Current');
    expect(historyRows[0]?.textContent).toContain('Avery Admin');
    expect(within(dialog).getByTestId('gateway-assign')).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByTestId('gateway-admin-app').getAttribute('href')).toBe(
        'https://lns.example.test/gateways/FSGW-2024-1234',
      ),
    );

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Maintenance' }));
    await waitFor(() => expect(api.calls()).toContain('PUT /gateways/7/status/3'));
    expect(await screen.findByText('Status updated')).toBeTruthy();
  });

  it('shows a company manager the gateway read-only, without admin-app or assignment', async () => {
    const api = signedInAs(manager);
    renderRoutes(appRoutes, { path: '/gateways?gateway=7' });
    const dialog = await screen.findByTestId('gateway-detail');
    await within(dialog).findAllByTestId('history-row');
    expect(screen.queryByTestId('gateway-create')).toBeNull();
    expect(within(dialog).queryByTestId('gateway-assign')).toBeNull();
    expect(within(dialog).queryByTestId('gateway-admin-app')).toBeNull();
    expect(within(dialog).queryByTestId('gateway-delete')).toBeNull();
    const alertsSwitch = within(dialog).getByRole('switch', { name: 'Alerts disabled' });
    expect((alertsSwitch as HTMLInputElement).disabled).toBe(true);
    expect(api.calls()).not.toContain('GET /gateways/7/admin-app');
  });
});

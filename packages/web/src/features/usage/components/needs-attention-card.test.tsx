// The dashboard's "Needs attention": the open leaks, costliest first, each linking to its unit;
// the micrometers not transmitting linking to their unit's micrometers with the dialog open; the
// gateways offline linking to the gateway; and "Nothing needs attention" when all is well.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { answer } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { managerRole as manager } from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

const place = { company_id: 1, property_id: 7, building_id: 9, property_name: 'Harbor Point' };
const attention = {
  leaks: {
    count: 12,
    alerts: 14,
    monthly_cost: 61.5,
    data: [
      {
        id: 501,
        notification_type_id: 1,
        alerts: 3,
        rate: 4000,
        monthly_cost: 40,
        first_detected: '2026-11-20T10:00:00.000Z',
        ...place,
        unit_id: 11,
        building_name: 'North Tower',
        unit_name: '4B',
        appliance_type_id: 3,
      },
      {
        id: 502,
        notification_type_id: 3,
        alerts: 1,
        rate: 1200,
        monthly_cost: 12,
        first_detected: '2026-11-21T10:00:00.000Z',
        ...place,
        unit_id: 12,
        building_name: 'North Tower',
        unit_name: 'Laundry Room',
        appliance_type_id: 22,
      },
    ],
  },
  silent_micrometers: {
    count: 1,
    data: [
      {
        id: 900,
        mac_address: 'AC1F09FFFE000123',
        sensor_status_id: 2,
        appliance_type_id: 3,
        last_heard: '2026-11-25T10:00:00.000Z',
        ...place,
        unit_id: 11,
        building_name: 'North Tower',
        unit_name: '4B',
      },
    ],
  },
  gateways_offline: {
    count: 1,
    data: [
      {
        id: 31,
        serial_number: 'FSGW-2026-8521',
        name: 'Roof',
        last_seen_at: null,
        ...place,
        building_name: 'North Tower',
      },
    ],
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('needs attention', () => {
  it('lists the open leaks by monthly cost, silent micrometers and gateways offline, each linked', async () => {
    signedInApi(manager, {
      'GET /companies/1/needs-attention': answer(
        '/companies/{id}/needs-attention',
        'get',
        attention,
      ),
    });
    const { router } = renderRoutes(appRoutes, { path: '/dashboard' });
    const section = await screen.findByRole('region', { name: 'Needs attention' });
    const leaks = await within(section).findByTestId('attention-leaks');
    expect(within(leaks).getByText('Together $61.50 a month, costliest first')).toBeTruthy();
    const leakLinks = within(leaks).getAllByRole('link');
    expect(leakLinks.map((link) => link.textContent)).toEqual([
      // Three alerts that describe the same water: one leak, costed once.
      'Unit 4BNorth Tower · Harbor Point$40.00/month4,000 gal/mo · 3 alerts, one leak',
      'Laundry RoomNorth Tower · Harbor Point$12.00/month1,200 gal/mo',
      'and 10 more',
      'All open leaks',
    ]);
    expect(leakLinks[2]?.getAttribute('href')).toBe('/companies/1/alerts');
    expect(leakLinks[0]?.getAttribute('href')).toBe(
      '/companies/1/properties/7/buildings/9/units/11',
    );

    const micrometer = within(within(section).getByTestId('attention-micrometers')).getByRole(
      'link',
    );
    expect(micrometer.textContent).toContain('AC1F09FFFE000123');
    expect(micrometer.getAttribute('href')).toBe(
      '/companies/1/properties/7/buildings/9/units/11/micrometers?mac=AC1F09FFFE000123',
    );
    const gateway = within(within(section).getByTestId('attention-gateways')).getByRole('link');
    expect(gateway.textContent).toContain('FSGW-2026-8521 · Roof');
    expect(gateway.textContent).toContain('Never seen');
    expect(gateway.getAttribute('href')).toBe('/gateways?gateway=31');

    // One click from the costliest leak to its unit.
    fireEvent.click(leakLinks[0] as HTMLElement);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/companies/1/properties/7/buildings/9/units/11'),
    );
  });

  it('says nothing needs attention when all is well', async () => {
    signedInApi(manager, {
      'GET /companies/1/needs-attention': answer('/companies/{id}/needs-attention', 'get', {
        leaks: { count: 0, alerts: 0, monthly_cost: 0, data: [] },
        silent_micrometers: { count: 0, data: [] },
        gateways_offline: { count: 0, data: [] },
      }),
    });
    renderRoutes(appRoutes, { path: '/dashboard' });
    const empty = await screen.findByTestId('needs-attention-empty');
    expect(empty.textContent).toContain('Nothing needs attention');
    expect(
      within(screen.getByRole('region', { name: 'Needs attention' })).queryAllByRole('link'),
    ).toHaveLength(0);
  });

  it('offers to try again when the section cannot be loaded', async () => {
    const api = signedInApi(manager, {});
    renderRoutes(appRoutes, { path: '/dashboard' });
    const section = await screen.findByRole('region', { name: 'Needs attention' });
    expect(
      await within(section).findByText('What needs attention could not be loaded.'),
    ).toBeTruthy();
    api.on(
      'GET /companies/1/needs-attention',
      answer('/companies/{id}/needs-attention', 'get', attention),
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByTestId('attention-leaks')).toBeTruthy();
  });
});

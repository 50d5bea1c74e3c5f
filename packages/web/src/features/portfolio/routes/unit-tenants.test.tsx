// A unit's tenants on its overview: "Change" for the roles that edit units (PUT /units/{id}/tenants),
// the domain's bounds checked before sending, and the server's refusal shown in the form.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { listPage as page, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import {
  apt101,
  companyAdminRole as companyAdmin,
  harborCompany,
  managerRole as manager,
  systemAdminRole as systemAdmin,
} from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

const OVERVIEW = '/companies/1/properties/7/buildings/9/units/11/overview';

const unit = apt101;

function signedInAs(role = systemAdmin) {
  let current = unit;
  const api = signedInApi(role, {
    'GET /companies/names': () => reply(200, [{ id: 1, name: 'Harbor Homes' }]),
    'GET /companies/1': () =>
      reply(200, {
        ...harborCompany,
        email: 'office@harbor.test',
        properties_count: 1,
        buildings_count: 1,
        units_count: 1,
      }),
    'GET /buildings/9/units': () => reply(200, page([current])),
    'GET /units/11': () => reply(200, current),
  });
  return {
    api,
    setUnit: (next: typeof unit) => {
      current = next;
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a unit’s tenants', () => {
  it('lets a company admin change them, and shows the new count', async () => {
    const { api, setUnit } = signedInAs(companyAdmin);
    api.on('PUT /units/11/tenants', () => {
      setUnit({ ...unit, tenants: 5 });
      return reply(200, { ...unit, tenants: 5 });
    });
    renderRoutes(appRoutes, { path: OVERVIEW });
    expect((await screen.findByTestId('unit-tenants')).textContent).toBe('2');
    fireEvent.click(screen.getByTestId('change-tenants'));
    const form = await screen.findByTestId('tenants-form');
    const field = within(form).getByLabelText('Tenants');
    fireEvent.change(field, { target: { value: '101' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/between 0 and 100/)).toBeTruthy();
    expect(api.calls()).not.toContain('PUT /units/11/tenants');

    fireEvent.change(field, { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('tenants-form')).toBeNull());
    const request = api.requests.find((r) => r.method === 'PUT');
    expect(await request?.clone().json()).toEqual({ tenants: 5 });
    await waitFor(() => expect(screen.getByTestId('unit-tenants').textContent).toBe('5'));
  });

  it('shows the server’s refusal in the form and keeps it open', async () => {
    const { api } = signedInAs();
    api.on('PUT /units/11/tenants', () =>
      reply(403, { statusCode: 403, error: 'Forbidden', message: 'Refused for this test' }),
    );
    renderRoutes(appRoutes, { path: OVERVIEW });
    fireEvent.click(await screen.findByTestId('change-tenants'));
    const form = await screen.findByTestId('tenants-form');
    fireEvent.change(within(form).getByLabelText('Tenants'), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('Refused for this test');
    expect(screen.getByTestId('tenants-form')).toBeTruthy();
  });

  it('offers a manager, who may not edit units, no Change', async () => {
    signedInAs(manager);
    renderRoutes(appRoutes, { path: OVERVIEW });
    expect((await screen.findByTestId('unit-tenants')).textContent).toBe('2');
    expect(screen.queryByTestId('change-tenants')).toBeNull();
  });
});

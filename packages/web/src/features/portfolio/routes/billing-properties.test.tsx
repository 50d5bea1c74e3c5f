// The company page's billed properties: system staff add one of another company's properties
// (POST /companies/{id}/billing-company-properties/{propertyId}) and remove one after a
// confirmation (DELETE …); the server's refusal is shown; company roles only read the list.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import {
  companyAdminRole as companyAdmin,
  harborCompany,
  systemAdminRole as systemAdmin,
} from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

const OVERVIEW = '/companies/1/overview';

const harbor = {
  ...harborCompany,
  email: 'office@harbor.test',
  properties_count: 2,
  buildings_count: 3,
  units_count: 40,
  billing_properties: [{ id: 20, name: 'Bay View', company_id: 2 }],
};

const count = (value: number) => () => reply(200, { count: value });

function signedInAs(role = systemAdmin) {
  return signedInApi(role, {
    'GET /companies/1': () => reply(200, harbor),
    'GET /companies/names': () =>
      reply(200, [
        { id: 1, name: 'Harbor Homes' },
        { id: 2, name: 'Bayside Living' },
      ]),
    'GET /companies/2/properties-names': () =>
      reply(200, [
        { id: 20, name: 'Bay View' },
        { id: 21, name: 'Bay Court' },
      ]),
    'GET /companies/1/properties-count': count(2),
    'GET /companies/1/buildings-count': count(3),
    'GET /companies/1/units-count': count(40),
    'GET /companies/1/residential-units': count(36),
  });
}

async function choose(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a company’s billed properties', () => {
  it('adds another company’s property, offering only those not billed yet', async () => {
    const api = signedInAs();
    api.on('POST /companies/1/billing-company-properties/21', () =>
      reply(201, { message: 'Billing property added' }),
    );
    renderRoutes(appRoutes, { path: OVERVIEW });
    const card = await screen.findByTestId('billing-properties');
    expect(within(card).getByRole('link', { name: 'Bay View' }).getAttribute('href')).toBe(
      '/companies/2/properties/20',
    );
    fireEvent.mouseDown(within(screen.getByTestId('billing-owner')).getByRole('combobox'));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Bayside Living',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Bayside Living' }));
    fireEvent.mouseDown(
      within(screen.getByTestId('billing-property-picker')).getByRole('combobox'),
    );
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Bay Court',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Bay Court' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Bill for this property' }));
    expect(await screen.findByText('Now billed for Bay Court')).toBeTruthy();
    expect(api.calls()).toContain('POST /companies/1/billing-company-properties/21');
  });

  it('shows the server’s refusal of a link', async () => {
    const api = signedInAs();
    api.on('POST /companies/1/billing-company-properties/21', () =>
      reply(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Refused for this test',
      }),
    );
    renderRoutes(appRoutes, { path: OVERVIEW });
    const card = await screen.findByTestId('billing-properties');
    await choose('billing-owner', 'Bayside Living');
    await choose('billing-property-picker', 'Bay Court');
    fireEvent.click(within(card).getByRole('button', { name: 'Bill for this property' }));
    expect((await within(card).findByRole('alert')).textContent).toContain('Refused for this test');
  });

  it('stops billing for a property after a confirmation', async () => {
    const api = signedInAs();
    api.on('DELETE /companies/1/billing-company-properties/20', () =>
      reply(200, { message: 'Billing property removed' }),
    );
    renderRoutes(appRoutes, { path: OVERVIEW });
    const card = await screen.findByTestId('billing-properties');
    fireEvent.click(within(card).getByRole('button', { name: 'Stop billing for Bay View' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('Stop billing Harbor Homes for Bay View?');
    expect(api.calls()).not.toContain('DELETE /companies/1/billing-company-properties/20');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('No longer billed for Bay View')).toBeTruthy();
    await waitFor(() =>
      expect(api.calls()).toContain('DELETE /companies/1/billing-company-properties/20'),
    );
  });

  it('lets a company admin read the list but neither add nor remove', async () => {
    signedInAs(companyAdmin);
    renderRoutes(appRoutes, { path: OVERVIEW });
    const card = await screen.findByTestId('billing-properties');
    expect(within(card).getByRole('link', { name: 'Bay View' })).toBeTruthy();
    expect(screen.queryByTestId('add-billing-property')).toBeNull();
    expect(within(card).queryByRole('button', { name: /Stop billing/ })).toBeNull();
  });
});

import { SurveyStatus } from '@flowsight/domain/lookups';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { listPage as page, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { companyAdminRole, managerRole, systemAdminRole } from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';
import {
  buildingPath,
  installer,
  lastBody,
  shipment,
  surveyFixture,
  surveyHandlers,
  technicianRole,
} from './survey-test-fixtures';

const refusal = (message: string) => () =>
  reply(409, { statusCode: 409, error: 'Conflict', message });

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('the building survey tab', () => {
  it('shows the status, progress, micrometers needed by size and history', async () => {
    signedInApi(companyAdminRole, surveyHandlers());
    renderRoutes(appRoutes, { path: `${buildingPath}/survey` });
    expect((await screen.findByTestId('survey-progress')).textContent).toBe(
      '1 of 3 units surveyed',
    );
    expect(screen.getByTestId('survey-status').textContent).toBe('In Survey');
    expect(screen.getByTestId('survey-chip').textContent).toBe('In Survey');
    expect(screen.getByTestId('survey-summary').textContent).toContain('1/2″ × 1');
    expect(screen.getByRole('tab', { name: 'Survey', selected: true })).toBeTruthy();
    const history = screen.getByTestId('survey-history');
    expect(history.textContent).toContain('Survey started (Not started → In Survey)');
    expect(history.textContent).toContain('Dana Ortiz');
  });

  it('gives a company admin approve-and-send but not the DX sign-off', async () => {
    signedInApi(companyAdminRole, surveyHandlers());
    renderRoutes(appRoutes, { path: `${buildingPath}/survey` });
    expect(await screen.findByTestId('survey-action-send')).toBeTruthy();
    expect(screen.queryByTestId('survey-action-dx')).toBeNull();
    expect(screen.queryByTestId('survey-action-reopen')).toBeNull();
    expect(screen.getByTestId('open-survey-form').textContent).toBe('Continue survey');
  });

  it('gives a company manager no actions: reading only', async () => {
    signedInApi(managerRole, surveyHandlers());
    renderRoutes(appRoutes, { path: `${buildingPath}/survey` });
    expect(await screen.findByTestId('survey-progress')).toBeTruthy();
    await screen.findByTestId('installer-5');
    expect(screen.queryByRole('button', { name: /approve|reopen|send/i })).toBeNull();
    expect(screen.queryByTestId('open-survey-form')).toBeNull();
    expect(screen.queryByTestId('assign-installer')).toBeNull();
    expect(screen.queryByTestId('record-shipment')).toBeNull();
    expect(screen.queryByTestId('shipping-contact-form')).toBeNull();
    expect((await screen.findByTestId('shipping-contact')).textContent).toContain('Front desk');
  });

  it('sends the survey after confirmation and shows the server’s refusal', async () => {
    const api = signedInApi(companyAdminRole, {
      ...surveyHandlers(),
      'PUT /buildings/9/approve-send-survey': refusal(
        'The customer has no notification contacts to send the survey to',
      ),
    });
    renderRoutes(appRoutes, { path: `${buildingPath}/survey` });
    fireEvent.click(await screen.findByTestId('survey-action-send'));
    const dialog = await screen.findByTestId('send-dialog');
    // One of three units is surveyed: the sender is told before sending.
    expect(within(dialog).getByTestId('send-unfinished').textContent).toBe(
      'Only 1 of 3 units are surveyed. The customer sees this in the email and approves the survey as it stands.',
    );
    fireEvent.click(within(dialog).getByTestId('action-confirm'));
    expect((await within(dialog).findByTestId('action-refusal')).textContent).toBe(
      'The customer has no notification contacts to send the survey to',
    );
    api.on('PUT /buildings/9/approve-send-survey', () =>
      reply(200, { ...surveyFixture(), sent_to: ['owner@harbor.test'] }),
    );
    fireEvent.click(within(dialog).getByTestId('action-confirm'));
    expect(await screen.findByText('Survey sent to owner@harbor.test')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('send-dialog')).toBeNull());
  });

  it('checks the DX plan before sending it, then shows the refusal', async () => {
    const approved = surveyFixture(SurveyStatus.ApprovedByCustomer);
    const api = signedInApi(systemAdminRole, {
      ...surveyHandlers(approved),
      'PUT /buildings/9/approve-survey-dx': refusal(
        'The survey is In Survey: only a survey approved by the customer can be approved by DX',
      ),
    });
    renderRoutes(appRoutes, { path: `${buildingPath}/survey` });
    expect(screen.queryByTestId('survey-action-send')).toBeNull();
    fireEvent.click(await screen.findByTestId('survey-action-dx'));
    const dialog = await screen.findByTestId('dx-dialog');
    const half = within(dialog).getByTestId('dx-count-1/2') as HTMLInputElement;
    expect(half.value).toBe('1');

    fireEvent.change(half, { target: { value: '2.5' } });
    fireEvent.click(within(dialog).getByTestId('action-confirm'));
    expect(await within(dialog).findByText('A whole number from 0 to 100,000')).toBeTruthy();

    fireEvent.change(half, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByTestId('action-confirm'));
    expect((await within(dialog).findByTestId('dx-total-error')).textContent).toBe(
      'Give at least one micrometer',
    );
    expect(api.calls()).not.toContain('PUT /buildings/9/approve-survey-dx');

    fireEvent.change(half, { target: { value: '24' } });
    fireEvent.change(within(dialog).getByTestId('dx-count-3/4'), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText('Notes'), {
      target: { value: ' Basement first ' },
    });
    fireEvent.click(within(dialog).getByTestId('action-confirm'));
    expect((await within(dialog).findByTestId('action-refusal')).textContent).toContain(
      'only a survey approved by the customer can be approved by DX',
    );
    expect(await lastBody(api.requests, 'PUT /buildings/9/approve-survey-dx')).toEqual({
      micrometers: { '1/2': 24, '3/4': 1 },
      notes: 'Basement first',
      planned_installation_date: null,
    });
  });

  it('reopens only with a reason', async () => {
    const api = signedInApi(systemAdminRole, {
      ...surveyHandlers(surveyFixture(SurveyStatus.Completed)),
      'PUT /buildings/9/reopen-survey': () => reply(200, surveyFixture()),
    });
    renderRoutes(appRoutes, { path: `${buildingPath}/survey` });
    fireEvent.click(await screen.findByTestId('survey-action-reopen'));
    const dialog = await screen.findByTestId('reopen-dialog');
    fireEvent.click(within(dialog).getByTestId('action-confirm'));
    expect(await within(dialog).findByText('Say why the survey is reopened')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('reopen-reason'), {
      target: { value: 'Unit 102 has a second bathroom' },
    });
    fireEvent.click(within(dialog).getByTestId('action-confirm'));
    await waitFor(() => expect(screen.queryByTestId('reopen-dialog')).toBeNull());
    expect(await lastBody(api.requests, 'PUT /buildings/9/reopen-survey')).toEqual({
      reason: 'Unit 102 has a second bathroom',
    });
    expect(await screen.findByTestId('survey-action-send')).toBeTruthy();
  });
});

describe('the installers and shipping panels', () => {
  it('assigns an outside installer once name and phone are given', async () => {
    const api = signedInApi(companyAdminRole, {
      ...surveyHandlers(),
      'POST /buildings/9/installers': () => reply(201, { ...installer, id: 6 }),
    });
    renderRoutes(appRoutes, { path: `${buildingPath}/survey` });
    expect((await screen.findByTestId('installer-5')).textContent).toContain('Pipe Pros');
    fireEvent.click(screen.getByTestId('assign-installer'));
    const dialog = await screen.findByTestId('installer-dialog');
    fireEvent.click(within(dialog).getByTestId('installer-kind-outside'));
    fireEvent.click(within(dialog).getByTestId('action-confirm'));
    expect(await within(dialog).findByText('The name is required')).toBeTruthy();
    expect(within(dialog).getByText('The phone is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('installer-name'), {
      target: { value: 'Flow Fitters' },
    });
    fireEvent.change(within(dialog).getByTestId('installer-phone'), {
      target: { value: '555 0101' },
    });
    fireEvent.click(within(dialog).getByTestId('action-confirm'));
    await waitFor(() => expect(screen.queryByTestId('installer-dialog')).toBeNull());
    expect(await lastBody(api.requests, 'POST /buildings/9/installers')).toEqual({
      name: 'Flow Fitters',
      phone: '555 0101',
      scheduled_date: null,
    });
  });

  it('assigns a company installer of the building’s company', async () => {
    const person = (id: number, first_name: string, company_id: number) => ({
      id,
      email: `${first_name.toLowerCase()}@harbor.test`,
      first_name,
      last_name: 'Reyes',
      phone: null,
      mfa: 0,
      user_status_id: 1,
      last_login_at: null,
      created_at: '2026-01-05T10:00:00.000Z',
      roles: [{ user_role_type_id: 13, company_id, company_name: 'Harbor Homes' }],
    });
    const api = signedInApi(companyAdminRole, {
      ...surveyHandlers(),
      'GET /users': () => reply(200, page([person(41, 'Ana', 1), person(42, 'Bo', 2)])),
      'POST /buildings/9/installers': () =>
        reply(201, { ...installer, id: 6, user_id: 41, name: 'Ana Reyes' }),
    });
    renderRoutes(appRoutes, { path: `${buildingPath}/survey` });
    fireEvent.click(await screen.findByTestId('assign-installer'));
    const dialog = await screen.findByTestId('installer-dialog');
    fireEvent.click(within(dialog).getByTestId('action-confirm'));
    expect(await within(dialog).findByText('Choose a company installer')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Company installer' }));
    expect(screen.queryByRole('option', { name: 'Bo Reyes' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Ana Reyes' }));
    fireEvent.click(within(dialog).getByTestId('action-confirm'));
    await waitFor(() => expect(screen.queryByTestId('installer-dialog')).toBeNull());
    expect(await lastBody(api.requests, 'POST /buildings/9/installers')).toEqual({
      user_id: 41,
      scheduled_date: null,
    });
    const users = new URL(api.requests.find((r) => r.url.includes('/api/users'))?.url ?? '');
    expect(users.searchParams.get('filter.user_role_type_id')).toBe('$eq:13');
    expect(users.searchParams.get('filter.company_id')).toBe('$eq:1');
  });

  it('updates an installer’s status', async () => {
    const api = signedInApi(technicianRole, {
      ...surveyHandlers(),
      'PUT /buildings/installers/5': () => reply(200, { ...installer, status: 'done' }),
    });
    renderRoutes(appRoutes, { path: `${buildingPath}/survey` });
    fireEvent.click(await screen.findByRole('button', { name: 'Update Pipe Pros' }));
    const dialog = await screen.findByTestId('installer-dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Done' }));
    fireEvent.click(within(dialog).getByTestId('action-confirm'));
    await waitFor(() => expect(screen.queryByTestId('installer-dialog')).toBeNull());
    expect(await lastBody(api.requests, 'PUT /buildings/installers/5')).toEqual({
      name: 'Pipe Pros',
      phone: '+1 617 555 0100',
      scheduled_date: '2026-12-03',
      status: 'done',
    });
  });

  it('records a shipment with its MACs, refusing what is not a MAC', async () => {
    const api = signedInApi(companyAdminRole, {
      ...surveyHandlers(),
      'POST /buildings/9/shipping': () => reply(201, { ...shipment, id: 4 }),
    });
    renderRoutes(appRoutes, { path: `${buildingPath}/survey` });
    expect((await screen.findByTestId('shipment-3')).textContent).toContain('UPS · 1Z999');
    expect((await screen.findByTestId('property-shipping-date')).textContent).toBe(
      'Last shipment to the property: Nov 2, 2026',
    );
    fireEvent.click(screen.getByTestId('record-shipment'));
    const dialog = await screen.findByTestId('shipment-dialog');
    fireEvent.click(within(dialog).getByTestId('action-confirm'));
    expect(await within(dialog).findByText('The date is required')).toBeTruthy();
    expect(within(dialog).getByTestId('shipment-total-error')).toBeTruthy();

    const { enterDate } = await import('@/testing/date-input');
    enterDate(within(dialog).getByTestId('shipment-date'), '2026-12-01');
    fireEvent.change(within(dialog).getByTestId('shipment-count-1/2'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByTestId('shipment-carrier'), { target: { value: 'UPS' } });
    fireEvent.change(within(dialog).getByTestId('shipment-macs'), {
      target: { value: '00-11-22-33-44-55-66-77\nnot-a-mac' },
    });
    fireEvent.click(within(dialog).getByTestId('action-confirm'));
    expect(await within(dialog).findByText(/Not MACs .*: not-a-mac/)).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('shipment-macs'), {
      target: { value: '00-11-22-33-44-55-66-77' },
    });
    fireEvent.click(within(dialog).getByTestId('action-confirm'));
    await waitFor(() => expect(screen.queryByTestId('shipment-dialog')).toBeNull());
    expect(await lastBody(api.requests, 'POST /buildings/9/shipping')).toEqual({
      shipped_on: '2026-12-01',
      carrier: 'UPS',
      tracking_number: null,
      micrometers: { '1/2': 2 },
      macs: ['0011223344556677'],
    });
  });

  it('saves the shipping contact, its name required', async () => {
    const api = signedInApi(companyAdminRole, {
      ...surveyHandlers(),
      'POST /buildings/9/shipping-contact': async (request) =>
        reply(200, { building_id: 9, ...(await request.json()) }),
    });
    renderRoutes(appRoutes, { path: `${buildingPath}/survey` });
    const name = (await screen.findByTestId('contact-name')) as HTMLInputElement;
    expect(name.value).toBe('Front desk');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('contact-save'));
    expect(await screen.findByText('The name is required')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Sam Lee' } });
    fireEvent.change(screen.getByTestId('contact-phone'), { target: { value: '555 0102' } });
    fireEvent.click(screen.getByTestId('contact-save'));
    expect(await screen.findByText('Shipping contact saved')).toBeTruthy();
    expect(await lastBody(api.requests, 'POST /buildings/9/shipping-contact')).toEqual({
      name: 'Sam Lee',
      phone: '555 0102',
      email: 'desk@harbor.test',
      street: '1 Harbor Way',
      postal: '02110',
      city_id: 10,
    });
  });
});

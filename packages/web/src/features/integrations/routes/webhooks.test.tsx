// The webhooks section of the integrations page: a company admin's endpoints with their events
// and state, adding one (the address checked, the events picked, the secret shown once, the
// server's refusal in the dialog), editing, sending a test (its answer said), the deliveries with
// every attempt's status and answer, rotating the secret and deleting after confirmation, the
// empty and error states, a system admin choosing the company, and who may open the page.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { answer, listPage, type MockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import {
  companyAdminRole as companyAdmin,
  managerRole as manager,
  roleFixture,
  systemAdminRole as systemAdmin,
} from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

const pms = {
  id: 5,
  company_id: 1,
  url: 'https://pms.example.com/hooks/flowsight',
  description: 'Work orders in the PMS',
  events: ['alert.opened' as const, 'alert.closed' as const],
  enabled: true,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
  secret_rotated_at: null,
};
const delivered = {
  id: 41,
  message_id: 'msg_abc',
  event_type: 'alert.opened',
  alert_id: 812,
  state: 'succeeded' as const,
  attempts: 2,
  next_attempt_at: null,
  created_at: '2026-03-02T10:00:00.000Z',
  last_attempt_at: '2026-03-02T10:00:05.000Z',
  attempt_log: [
    {
      attempt: 1,
      at: '2026-03-02T10:00:00.000Z',
      status_code: 500,
      response_body: '{"error":"busy"}',
      duration_ms: 31,
      error: 'The receiver answered 500',
      succeeded: false,
    },
    {
      attempt: 2,
      at: '2026-03-02T10:00:05.000Z',
      status_code: 200,
      response_body: '{"work_order":"WO-1001"}',
      duration_ms: 12,
      error: null,
      succeeded: true,
    },
  ],
};

const page = { 'GET /companies/1/webhooks': answer('/companies/{id}/webhooks', 'get', [pms]) };

async function lastBody(api: MockApi, route: string) {
  const last = api.requests
    .filter((r) => `${r.method} ${new URL(r.url).pathname.replace(/^\/api/, '')}` === route)
    .at(-1);
  if (last === undefined) throw new Error(`No request ${route}`);
  return last.clone().json();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('webhooks on the integrations page', () => {
  it("shows a company admin their company's webhooks, not the integration keys", async () => {
    const api = signedInApi(companyAdmin, page);
    renderRoutes(appRoutes, { path: '/integrations' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeTruthy();
    const [row] = await screen.findAllByTestId('webhook-row');
    expect(row?.textContent).toContain('https://pms.example.com/hooks/flowsight');
    expect(row?.textContent).toContain('Work orders in the PMS');
    expect(row?.textContent).toContain('Alert opened');
    expect(row?.textContent).toContain('Alert closed (Fixed it)');
    expect(row?.textContent).toContain('On');
    expect(screen.queryByTestId('new-key')).toBeNull();
    expect(screen.queryByTestId('webhooks-company')).toBeNull();
    expect(api.calls()).not.toContain('GET /integration-keys');
  });

  it('says when there is none yet', async () => {
    signedInApi(companyAdmin, {
      'GET /companies/1/webhooks': answer('/companies/{id}/webhooks', 'get', []),
    });
    renderRoutes(appRoutes, { path: '/integrations' });
    expect((await screen.findByTestId('webhooks-empty')).textContent).toContain('No webhooks yet');
  });

  it('shows the error of a list that cannot be read', async () => {
    signedInApi(companyAdmin, {
      'GET /companies/1/webhooks': () =>
        reply(503, { statusCode: 503, error: 'Service Unavailable', message: 'Try again' }),
    });
    renderRoutes(appRoutes, { path: '/integrations' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The webhooks could not be loaded.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('adds a webhook with its events and shows its secret once', async () => {
    const api = signedInApi(companyAdmin, page);
    api.on('POST /companies/1/webhooks', async (request) => {
      const body = (await request.json()) as { url: string; description: string; events: string[] };
      return reply(201, {
        ...pms,
        id: 6,
        ...body,
        secret: 'whsec_c2VjcmV0LXZhbHVlLWZvci10ZXN0cw==',
      });
    });
    renderRoutes(appRoutes, { path: '/integrations' });
    fireEvent.click(await screen.findByTestId('add-webhook'));
    const form = await screen.findByTestId('webhook-dialog');
    // The address is required, and the events may not all be left out.
    fireEvent.click(within(form).getByTestId('webhook-submit'));
    expect(within(form).getByText('URL is required')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('webhook-url'), {
      target: { value: ' https://pms.example.com/intake ' },
    });
    fireEvent.click(within(form).getByTestId('webhook-event-alert.opened'));
    fireEvent.click(within(form).getByTestId('webhook-submit'));
    expect(within(form).getByText('Pick at least one event')).toBeTruthy();
    fireEvent.click(within(form).getByTestId('webhook-event-alert.acknowledged'));
    fireEvent.click(within(form).getByTestId('webhook-event-alert.closed'));
    fireEvent.change(within(form).getByTestId('webhook-description'), {
      target: { value: 'Maintenance' },
    });
    fireEvent.click(within(form).getByTestId('webhook-submit'));

    const shown = await screen.findByTestId('webhook-secret-dialog');
    expect((within(shown).getByTestId('webhook-secret') as HTMLTextAreaElement).value).toBe(
      'whsec_c2VjcmV0LXZhbHVlLWZvci10ZXN0cw==',
    );
    expect(shown.textContent).toContain('it will not be shown again');
    expect(await lastBody(api, 'POST /companies/1/webhooks')).toEqual({
      url: 'https://pms.example.com/intake',
      description: 'Maintenance',
      events: ['alert.acknowledged', 'alert.closed'],
    });
    fireEvent.click(within(shown).getByTestId('webhook-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
  });

  it("keeps the dialog open with the server's refusal of an address", async () => {
    const api = signedInApi(companyAdmin, page);
    api.on('POST /companies/1/webhooks', () =>
      reply(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'url: must not point at a private or reserved address',
      }),
    );
    renderRoutes(appRoutes, { path: '/integrations' });
    fireEvent.click(await screen.findByTestId('add-webhook'));
    const form = await screen.findByTestId('webhook-dialog');
    fireEvent.change(within(form).getByTestId('webhook-url'), {
      target: { value: 'https://10.0.0.5/hook' },
    });
    fireEvent.click(within(form).getByTestId('webhook-submit'));
    expect((await within(form).findByTestId('webhook-form-error')).textContent).toContain(
      'private or reserved address',
    );
    expect(screen.queryByTestId('webhook-secret-dialog')).toBeNull();
  });

  it('edits the events and turns a webhook off', async () => {
    const api = signedInApi(companyAdmin, page);
    api.on('PUT /webhooks/5', async (request) =>
      reply(200, { ...pms, ...((await request.json()) as object) }),
    );
    renderRoutes(appRoutes, { path: '/integrations' });
    fireEvent.click(await screen.findByTestId('edit-webhook'));
    const form = await screen.findByTestId('webhook-dialog');
    expect((within(form).getByTestId('webhook-url') as HTMLInputElement).value).toBe(pms.url);
    expect(
      (within(form).getByTestId('webhook-event-alert.opened') as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(within(form).getByTestId('webhook-event-alert.escalated'));
    fireEvent.click(within(form).getByTestId('webhook-enabled'));
    fireEvent.click(within(form).getByTestId('webhook-submit'));
    expect(await screen.findByText('Webhook saved.')).toBeTruthy();
    expect(await lastBody(api, 'PUT /webhooks/5')).toEqual({
      url: pms.url,
      description: pms.description,
      events: ['alert.opened', 'alert.closed', 'alert.escalated'],
      enabled: false,
    });
  });

  it('sends a test and says what the receiver answered', async () => {
    const api = signedInApi(companyAdmin, page);
    const result = (
      state: 'succeeded' | 'failed',
      status: number | null,
      error: string | null,
    ) => ({
      ...delivered,
      id: 50,
      event_type: 'webhook.test',
      alert_id: null,
      state,
      attempts: 1,
      attempt_log: [
        {
          attempt: 1,
          at: '2026-03-02T10:00:00.000Z',
          status_code: status,
          response_body: null,
          duration_ms: 20,
          error,
          succeeded: state === 'succeeded',
        },
      ],
      payload: {
        type: 'webhook.test' as const,
        timestamp: '2026-03-02T10:00:00.000Z',
        data: { endpoint_id: 5, company: { id: 1, name: 'Harbor Homes' }, message: 'A test' },
      },
    });
    api.on('POST /webhooks/5/test', () => reply(200, result('succeeded', 204, null)));
    renderRoutes(appRoutes, { path: '/integrations' });
    fireEvent.click(await screen.findByTestId('test-webhook'));
    expect(await screen.findByText('Test delivered: the receiver answered 204.')).toBeTruthy();
    api.on('POST /webhooks/5/test', () =>
      reply(200, result('failed', null, 'connect ECONNREFUSED 203.0.113.9:443')),
    );
    fireEvent.click(screen.getByTestId('test-webhook'));
    expect(
      await screen.findByText('Test not delivered: connect ECONNREFUSED 203.0.113.9:443'),
    ).toBeTruthy();
  });

  it('lists the deliveries with every attempt, its status code and answer', async () => {
    const api = signedInApi(companyAdmin, page);
    api.on('GET /webhooks/5/deliveries', () =>
      reply(200, listPage([delivered], '/api/webhooks/5/deliveries')),
    );
    renderRoutes(appRoutes, { path: '/integrations' });
    fireEvent.click(await screen.findByTestId('webhook-deliveries'));
    const dialog = await screen.findByTestId('webhook-deliveries-dialog');
    const [row] = await within(dialog).findAllByTestId('delivery-row');
    expect(row?.textContent).toContain('Alert opened · alert 812');
    expect(within(row as HTMLElement).getByTestId('delivery-state').textContent).toBe('Delivered');
    const attempts = within(row as HTMLElement).getAllByTestId('delivery-attempt');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]?.textContent).toContain('500 in 31 ms');
    expect(attempts[0]?.textContent).toContain('The receiver answered 500');
    expect(attempts[0]?.textContent).toContain('{"error":"busy"}');
    expect(attempts[1]?.textContent).toContain('200 in 12 ms');
    expect(attempts[1]?.textContent).toContain('WO-1001');
    const query = new URL(
      api.requests.find((r) => r.url.includes('/deliveries'))?.url ?? 'http://x',
    ).searchParams;
    expect(query.get('sortBy')).toBe('created_at:DESC');
    expect(query.get('page')).toBe('1');
  });

  it('says when an endpoint has no deliveries yet', async () => {
    const api = signedInApi(companyAdmin, page);
    api.on('GET /webhooks/5/deliveries', () =>
      reply(200, listPage([], '/api/webhooks/5/deliveries')),
    );
    renderRoutes(appRoutes, { path: '/integrations' });
    fireEvent.click(await screen.findByTestId('webhook-deliveries'));
    expect((await screen.findByTestId('deliveries-empty')).textContent).toContain(
      'Nothing delivered yet',
    );
  });

  it('rotates the secret and deletes only after confirmation', async () => {
    const api = signedInApi(companyAdmin, page);
    api.on('POST /webhooks/5/rotate-secret', () =>
      reply(200, {
        id: 5,
        secret: 'whsec_bmV3LXNlY3JldA==',
        secret_rotated_at: '2026-03-03T00:00:00.000Z',
      }),
    );
    api.on('DELETE /webhooks/5', answer('/webhooks/{id}', 'delete', pms));
    renderRoutes(appRoutes, { path: '/integrations' });
    fireEvent.click(await screen.findByTestId('rotate-webhook'));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Rotate' }),
    );
    const shown = await screen.findByTestId('webhook-secret-dialog');
    expect(shown.textContent).toContain('New signing secret');
    expect((within(shown).getByTestId('webhook-secret') as HTMLTextAreaElement).value).toBe(
      'whsec_bmV3LXNlY3JldA==',
    );
    fireEvent.click(within(shown).getByTestId('webhook-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret-dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('delete-webhook'));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain(
      'https://pms.example.com/hooks/flowsight will receive nothing more',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls()).not.toContain('DELETE /webhooks/5');
    fireEvent.click(screen.getByTestId('delete-webhook'));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Webhook deleted.')).toBeTruthy();
    expect(api.calls()).toContain('DELETE /webhooks/5');
  });

  it('lets a system admin choose the company whose webhooks to see', async () => {
    const api = signedInApi(systemAdmin, {
      ...page,
      'GET /integration-keys': answer('/integration-keys', 'get', []),
      'GET /integration-keys/mqtt-status': answer('/integration-keys/mqtt-status', 'get', {
        configured: false,
        uplinks: [],
        warning: null,
      }),
      'GET /companies/names': answer('/companies/names', 'get', [
        { id: 1, name: 'Harbor Homes' },
        { id: 2, name: 'Lakeside Rentals' },
      ]),
    });
    renderRoutes(appRoutes, { path: '/integrations' });
    expect(await screen.findByTestId('webhooks-pick')).toBeTruthy();
    expect(api.calls()).not.toContain('GET /companies/1/webhooks');
    const picker = screen.getByTestId('webhooks-company') as HTMLSelectElement;
    await within(screen.getByTestId('webhooks-section')).findByText('Harbor Homes');
    fireEvent.change(picker, { target: { value: '1' } });
    expect((await screen.findAllByTestId('webhook-row'))[0]?.textContent).toContain(pms.url);
  });

  it('is not open to company managers', async () => {
    signedInApi(manager, page);
    const { router } = renderRoutes(appRoutes, { path: '/integrations' });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/integrations'));
    expect(screen.queryByTestId('menu-integrations')).toBeNull();
  });

  it('is not open to a company admin narrowed to one property', async () => {
    signedInApi(roleFixture({ ...companyAdmin, id: 33, property_id: 3 }), page);
    const { router } = renderRoutes(appRoutes, { path: '/integrations' });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/integrations'));
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { answer, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { roleFixture, systemAdminRole as systemAdmin } from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

const systemSupport = roleFixture({ ...systemAdmin, id: 22, user_role_type_id: 2 });

const chirpstack = {
  id: 1,
  name: 'ChirpStack Boston',
  company_id: null,
  company_name: null,
  prefix: 'fsk_ab12',
  created_at: '2026-04-01T09:00:00.000Z',
  last_used_at: '2026-04-20T14:15:00.000Z',
  revoked_at: null,
};
const retired = {
  id: 2,
  name: 'Old TTS',
  company_id: 7,
  company_name: 'Harbor Homes',
  prefix: 'fsk_cd34',
  created_at: '2026-01-01T09:00:00.000Z',
  last_used_at: null,
  revoked_at: '2026-02-01T09:00:00.000Z',
};

/** What the integration keys page reads. */
const keysPage = {
  'GET /integration-keys': answer('/integration-keys', 'get', [chirpstack, retired]),
  'GET /integration-keys/mqtt-status': answer('/integration-keys/mqtt-status', 'get', {
    configured: true,
    uplinks: [{ format: 'chirpstack', qos: 1, received_at: '2026-04-20T14:15:00.000Z' }],
    warning: null,
  }),
  'GET /companies/names': answer('/companies/names', 'get', [
    { id: 7, name: 'Harbor Homes' },
    { id: 8, name: 'Lakeside Rentals' },
  ]),
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('integration keys page', () => {
  it('warns while MQTT uplinks arrive at QoS 0, saying to set qos=1 in ChirpStack', async () => {
    signedInApi(systemAdmin, {
      ...keysPage,
      'GET /integration-keys/mqtt-status': answer('/integration-keys/mqtt-status', 'get', {
        configured: true,
        uplinks: [
          { format: 'chirpstack', qos: 0, received_at: '2026-04-20T14:15:00.000Z' },
          { format: 'native', qos: 1, received_at: '2026-04-20T14:16:00.000Z' },
        ],
        warning: 'MQTT uplinks arrive at QoS 0 (chirpstack)',
      }),
    });
    renderRoutes(appRoutes, { path: '/integrations' });
    const warning = await screen.findByTestId('mqtt-qos0-warning');
    expect(warning.textContent).toContain('MQTT uplinks arrive at QoS 0');
    expect(warning.textContent).toContain('Uplinks (ChirpStack)');
    expect(warning.textContent).toContain('qos=1');
  });

  it('shows no QoS warning while MQTT uplinks arrive at QoS 1', async () => {
    signedInApi(systemAdmin, keysPage);
    renderRoutes(appRoutes, { path: '/integrations' });
    await screen.findAllByTestId('integration-key-row');
    expect(screen.queryByTestId('mqtt-qos0-warning')).toBeNull();
  });

  it('lists the keys with their prefix, last use and status, and says where the key goes', async () => {
    signedInApi(systemAdmin, keysPage);
    renderRoutes(appRoutes, { path: '/integrations' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeTruthy();
    const rows = await screen.findAllByTestId('integration-key-row');
    expect(rows[0]?.textContent).toContain('ChirpStack Boston');
    expect(rows[0]?.textContent).toContain('Starts with fsk_ab12');
    expect(rows[0]?.textContent).toContain('Active');
    expect(within(rows[0] as HTMLElement).getByTestId('key-scope-cell').textContent).toBe(
      'Whole fleet',
    );
    expect(within(rows[1] as HTMLElement).getByTestId('key-scope-cell').textContent).toBe(
      'Harbor Homes',
    );
    expect(rows[1]?.textContent).toContain('Revoked');
    expect(rows[1]?.textContent).toContain('Never');
    // A revoked key has nothing left to revoke.
    expect(within(rows[1] as HTMLElement).queryByTestId('revoke-key')).toBeNull();
    const guide = screen.getByTestId('integration-guide').textContent ?? '';
    expect(guide).toContain('x-api-key');
    expect(guide).toContain('/api/ingest/chirpstack');
    expect(guide).toContain('/api/ingest/ttn');
    expect(guide).toContain('POST http://localhost:3000/api/ingest/uplinks');
  });

  it('shows a new key once, with a warning and a copy button', async () => {
    const api = signedInApi(systemAdmin, keysPage);
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    api.on('POST /integration-keys', async (request) => {
      const body = (await request.json()) as { name: string };
      return reply(201, { ...chirpstack, id: 3, name: body.name, key: 'fsk_secret_value' });
    });
    renderRoutes(appRoutes, { path: '/integrations' });
    fireEvent.click(await screen.findByTestId('new-key'));
    const form = await screen.findByTestId('new-key-dialog');
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(within(form).getByText('Name is required')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: '  TTS Paris ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));

    const shown = await screen.findByTestId('created-key-dialog');
    expect((screen.getByTestId('created-key') as HTMLTextAreaElement).value).toBe(
      'fsk_secret_value',
    );
    expect(screen.getByTestId('created-key-warning').textContent).toContain(
      'This key will not be shown again.',
    );
    fireEvent.click(within(shown).getByTestId('copy-key'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('fsk_secret_value'));
    expect(within(shown).getByTestId('copy-key').textContent).toBe('Copied');
    const created = api.requests.find((r) => r.method === 'POST');
    expect(await created?.clone().json()).toEqual({ name: 'TTS Paris', company_id: null });

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('created-key')).toBeNull());
    expect(screen.queryByText('fsk_secret_value')).toBeNull();
  });

  it("scopes a new key to one company's micrometers when a company is chosen", async () => {
    const api = signedInApi(systemAdmin, keysPage);
    api.on('POST /integration-keys', async (request) => {
      const body = (await request.json()) as { name: string; company_id: number | null };
      return reply(201, {
        ...retired,
        id: 4,
        name: body.name,
        revoked_at: null,
        company_id: body.company_id,
        company_name: 'Lakeside Rentals',
        key: 'fsk_company_value',
      });
    });
    renderRoutes(appRoutes, { path: '/integrations' });
    fireEvent.click(await screen.findByTestId('new-key'));
    const form = await screen.findByTestId('new-key-dialog');
    const scope = within(form).getByTestId('key-scope') as HTMLSelectElement;
    expect(scope.value).toBe('');
    expect(within(form).getByText('Whole fleet')).toBeTruthy();
    await within(form).findByText('Lakeside Rentals');
    fireEvent.change(scope, { target: { value: '8' } });
    fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: 'Lakeside LNS' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await screen.findByTestId('created-key-dialog');
    const created = api.requests.find((r) => r.method === 'POST');
    expect(await created?.clone().json()).toEqual({ name: 'Lakeside LNS', company_id: 8 });
  });

  it('revokes a key only after confirmation', async () => {
    const api = signedInApi(systemAdmin, keysPage);
    api.on(
      'DELETE /integration-keys/1',
      answer('/integration-keys/{id}', 'delete', {
        ...chirpstack,
        revoked_at: '2026-04-21T00:00:00.000Z',
      }),
    );
    renderRoutes(appRoutes, { path: '/integrations' });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke ChirpStack Boston' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Network servers using “ChirpStack Boston” will be refused',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls()).not.toContain('DELETE /integration-keys/1');

    fireEvent.click(screen.getByRole('button', { name: 'Revoke ChirpStack Boston' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }),
    );
    expect(await screen.findByText('“ChirpStack Boston” was revoked')).toBeTruthy();
    expect(api.calls()).toContain('DELETE /integration-keys/1');
  });

  it('is not open to other system roles', async () => {
    signedInApi(systemSupport, keysPage);
    const { router } = renderRoutes(appRoutes, { path: '/integrations' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies'));
    expect(screen.queryByTestId('menu-integrations')).toBeNull();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { answer, type MockApi, type MockApiHandler, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { roleFixture } from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';

const tester = roleFixture({
  id: 41,
  user_role_type_id: 12,
  company_id: null,
  company_type_id: null,
  company_name: null,
});
const technician = roleFixture({
  id: 42,
  user_role_type_id: 3,
  company_id: null,
  company_type_id: null,
  company_name: null,
});
const MAC = '70B3D57ED0051A2B';

function micrometer(overrides: Record<string, unknown> = {}) {
  return {
    id: 5,
    mac_address: MAC,
    sensor_state_id: 1,
    sensor_status_id: 3,
    battery: 93,
    firmware_version: '2.4.0',
    size_inch: null,
    install_date: null,
    last_keepalive: new Date(Date.now() - 12_000).toISOString(),
    last_submission: null,
    report_interval_s: 900,
    keepalive_interval_s: 3600,
    company_id: null,
    property_id: null,
    building_id: null,
    unit_id: null,
    appliance_type_id: null,
    room_type_id: null,
    water_type_id: null,
    company_name: null,
    property_name: null,
    building_name: null,
    unit_name: null,
    unit_category_id: null,
    notification_excluded: false,
    config: null,
    issue: null,
    office_assignment: null,
    last_test: null,
    created_at: '2026-01-05T10:00:00.000Z',
    updated_at: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}
const failedRow = {
  id: 3,
  sensor_id: 9,
  mac_address: 'AABBCCDDEEFF0011',
  passed: false,
  notes: 'Cracked housing',
  tested_at: '2026-04-20T14:15:00.000Z',
  tester_name: 'Priya Natarajan',
};
const page = <T,>(rows: T[]) => ({
  data: rows,
  meta: { itemsPerPage: 10, totalItems: rows.length, currentPage: 1, totalPages: 1, sortBy: [] },
  links: { current: '/api/x' },
});

/** What the bench testing page reads and writes. */
const benchPage: Record<string, MockApiHandler> = {
  [`GET /sensors/mac/${MAC}`]: () => reply(200, micrometer()),
  // The few fields the page reads of a submission.
  'GET /sensors/5/submissions': () =>
    reply(200, {
      data: [
        {
          id: 1,
          measured_at: '2026-04-20T14:15:00.000Z',
          kind: 'keepalive',
          gallons: null,
          battery: 93,
          error: null,
        },
      ],
    }),
  'GET /sensors/tested-failed': answer('/sensors/tested-failed', 'get', page([failedRow])),
  'POST /sensors/5/tests': async (request) => {
    const body = (await request.json()) as { passed: boolean; reason?: string };
    return reply(201, {
      id: 11,
      sensor_id: 5,
      mac_address: MAC,
      passed: body.passed,
      notes: body.reason ?? null,
      tested_at: new Date().toISOString(),
      tester_name: 'Dana Ortiz',
    });
  },
  'DELETE /sensors/tested': answer('/sensors/tested', 'delete', { cleared: 4 }),
};

const posted = async (api: MockApi, path: string) => {
  const request = api.requests.filter((r) => new URL(r.url).pathname === `/api${path}`).at(-1);
  return request ? ((await request.clone().json()) as unknown) : undefined;
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the bench testing page', () => {
  it('looks up a typed MAC in any form and shows the micrometer live', async () => {
    signedInApi(tester, benchPage);
    renderRoutes(appRoutes, { path: '/micrometers/testing' });
    const field = await screen.findByRole('textbox', { name: 'MAC' });
    fireEvent.change(field, { target: { value: '70:b3:d5:7e:d0:05:1a:2b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect((await screen.findByTestId('bench-mac')).textContent).toBe(MAC);
    expect(screen.getByTestId('bench-state').textContent).toBe('In stock');
    expect(screen.getByTestId('bench-battery').textContent).toContain('93 %');
    expect(screen.getByTestId('bench-firmware').textContent).toContain('2.4.0');
    expect(screen.getByTestId('bench-keepalive').textContent).toMatch(/seconds? ago/);
    expect((await screen.findAllByTestId('bench-reading'))[0]?.textContent).toContain('Keep-alive');
  });

  it('refuses a text that is not a MAC without asking the server', async () => {
    const api = signedInApi(tester, benchPage);
    renderRoutes(appRoutes, { path: '/micrometers/testing' });
    const field = await screen.findByRole('textbox', { name: 'MAC' });
    fireEvent.change(field, { target: { value: '70B3D5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('Enter the 16 hex digits of the MAC')).toBeTruthy();
    expect(api.calls().some((call) => call.startsWith('GET /sensors/mac/'))).toBe(false);
  });

  it('shows the server’s answer for an unknown MAC', async () => {
    const api = signedInApi(tester, benchPage);
    api.on('GET /sensors/mac/AABBCCDDEEFF0099', () =>
      reply(404, { statusCode: 404, error: 'Not Found', message: 'Micrometer not found' }),
    );
    renderRoutes(appRoutes, { path: '/micrometers/testing' });
    const field = await screen.findByRole('textbox', { name: 'MAC' });
    fireEvent.change(field, { target: { value: 'AABBCCDDEEFF0099' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect((await screen.findByTestId('bench-error')).textContent).toBe('Micrometer not found');
    expect(screen.queryByRole('button', { name: 'Pass' })).toBeNull();
  });

  it('passes a micrometer, then clears and focuses the field for the next one', async () => {
    const api = signedInApi(tester, benchPage);
    renderRoutes(appRoutes, { path: '/micrometers/testing' });
    const field = (await screen.findByRole('textbox', { name: 'MAC' })) as HTMLInputElement;
    fireEvent.change(field, { target: { value: MAC } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pass' }));
    expect(await screen.findByText(`${MAC} passed`)).toBeTruthy();
    expect(await posted(api, '/sensors/5/tests')).toEqual({ passed: true });
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.value).toBe('');
    expect(screen.queryByTestId('bench-micrometer')).toBeNull();
  });

  it('fails a micrometer only with a reason', async () => {
    const api = signedInApi(tester, benchPage);
    renderRoutes(appRoutes, { path: '/micrometers/testing' });
    const field = await screen.findByRole('textbox', { name: 'MAC' });
    fireEvent.change(field, { target: { value: MAC } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Fail' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as failed' }));
    expect(
      await within(dialog).findByText('A reason is required when a micrometer fails'),
    ).toBeTruthy();
    expect(api.calls()).not.toContain('POST /sensors/5/tests');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), {
      target: { value: '  No pulse  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as failed' }));
    expect(await screen.findByText(`${MAC} failed`)).toBeTruthy();
    expect(await posted(api, '/sensors/5/tests')).toEqual({ passed: false, reason: 'No pulse' });
  });

  it('lists failed micrometers and lets the tester clear the results after confirming', async () => {
    const api = signedInApi(tester, benchPage);
    renderRoutes(appRoutes, { path: '/micrometers/testing' });
    const row = await screen.findByTestId('failed-test');
    expect(row.textContent).toContain('AABBCCDDEEFF0011');
    expect(row.textContent).toContain('Cracked housing');
    expect(row.textContent).toContain('Priya Natarajan');
    fireEvent.click(screen.getByTestId('clear-results'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Results cleared: 4')).toBeTruthy();
    expect(api.calls()).toContain('DELETE /sensors/tested');
  });

  it('offers no clearing to a system technician, who may only test', async () => {
    signedInApi(technician, benchPage);
    renderRoutes(appRoutes, { path: '/micrometers/testing' });
    expect(await screen.findByTestId('failed-test')).toBeTruthy();
    expect(screen.queryByTestId('clear-results')).toBeNull();
  });

  it('shows the scan button only where the browser can read barcodes', async () => {
    signedInApi(tester, benchPage);
    const view = renderRoutes(appRoutes, { path: '/micrometers/testing' });
    await screen.findByRole('textbox', { name: 'MAC' });
    expect(screen.queryByTestId('scan-barcode')).toBeNull();
    view.unmount();

    vi.stubGlobal(
      'BarcodeDetector',
      class {
        detect() {
          return Promise.resolve([]);
        }
      },
    );
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn() } });
    renderRoutes(appRoutes, { path: '/micrometers/testing' });
    expect(await screen.findByTestId('scan-barcode')).toBeTruthy();
  });
});

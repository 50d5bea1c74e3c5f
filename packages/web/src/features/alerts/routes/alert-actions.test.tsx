// The alert lists' bulk actions on the /alerts page: bulk "On it" and "Fixed it" over a
// selection (the page's rows or every alert matching the filters) with the count confirmed and
// refusals listed by alert; who acts (columns, filters in the address, the assign picker); a leak
// alert's snooze; the device's other open alerts as chips; the select mode on phones.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { answer, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { roleFixture } from '@/testing/session-fixtures';
import { signedInApi } from '@/testing/signed-in';
import { alertFixture } from '../alert-test-fixtures';
import type { Alert } from '../api/get-alert';

const manager = roleFixture({ id: 31, user_role_type_id: 1, company_id: null });

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function alertRow(id: number, extra: Partial<Alert> = {}): Alert {
  return {
    ...alertFixture(id),
    assigned_to_user_id: null,
    assigned_to_name: null,
    last_action: { kind: 'opened', at: ago(2 * HOUR), by: null },
    snoozed_until: null,
    snooze_reason: null,
    device_open_alerts: [],
    ...extra,
  };
}

const page = (data: Alert[], totalItems = data.length) => ({
  data,
  meta: { itemsPerPage: 20, totalItems, currentPage: 1, totalPages: 3, sortBy: [] },
  links: { current: '/notifications?page=1&limit=20' },
});

const listRequests = (requests: Request[], path = '/api/notifications') =>
  requests.filter((r) => new URL(r.url).pathname === path).map((r) => new URL(r.url).searchParams);

const lastBody = async (requests: Request[], route: string) => {
  const found = requests.filter((r) => `${r.method} ${new URL(r.url).pathname}` === route).at(-1);
  return found === undefined ? undefined : await found.clone().json();
};

async function choose(field: string, option: string, scope: HTMLElement = document.body) {
  fireEvent.mouseDown(within(scope).getByRole('combobox', { name: field }));
  const listbox = await screen.findByRole('listbox');
  fireEvent.click(within(listbox).getByRole('option', { name: option }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('alert list bulk actions', () => {
  it('acknowledges the checked alerts after a confirmation naming the count, and lists the refused ones by alert', async () => {
    const rows = [alertRow(11), alertRow(12)];
    const api = signedInApi(manager, {
      'GET /companies/names': () => reply(200, [{ id: 1, name: 'Harbor Homes' }]),
      'GET /notifications': answer('/notifications', 'get', page(rows)),
      'POST /notifications/bulk-status': answer('/notifications/bulk-status', 'post', {
        changed: [11],
        failed: [{ id: 12, message: 'Alert not found' }],
      }),
    });
    renderRoutes(appRoutes, { path: '/alerts' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select alert 11' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select alert 12' }));
    const bar = screen.getByRole('region', { name: 'Selected alerts' });
    expect(within(bar).getByTestId('alerts-bulk-count').textContent).toBe('2 selected');

    fireEvent.click(within(bar).getByRole('button', { name: 'On it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge 2 alerts?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note' }), {
      target: { value: '  plumber booked  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));

    const result = await screen.findByRole('dialog', { name: 'Some alerts were not changed' });
    expect(within(result).getByText('1 alert acknowledged')).toBeTruthy();
    expect(within(result).getByRole('list', { name: 'Alerts not changed' }).textContent).toBe(
      'Alert 12: Alert not found',
    );
    expect(await lastBody(api.requests, 'POST /api/notifications/bulk-status')).toEqual({
      ids: [11, 12],
      status_id: 2,
      note: 'plumber booked',
    });
    // The selection is cleared and the list asked again.
    await waitFor(() => expect(listRequests(api.requests).length).toBeGreaterThan(1));
    fireEvent.click(within(result).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('alerts-bulk-dialog')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Selected alerts' })).toBeNull();
    expect(
      (screen.getByRole('checkbox', { name: 'Select alert 11' }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('selects every alert matching the filters through /notifications/ids and closes them all', async () => {
    const matching = Array.from({ length: 45 }, (_, index) => index + 1);
    const api = signedInApi(manager, {
      'GET /companies/names': () => reply(200, []),
      'GET /notifications': () => reply(200, page([alertRow(1), alertRow(2)], 45)),
      'GET /notifications/ids': answer('/notifications/ids', 'get', { ids: matching, total: 45 }),
      'POST /notifications/bulk-status': answer('/notifications/bulk-status', 'post', {
        changed: matching,
        failed: [],
      }),
    });
    renderRoutes(appRoutes, { path: '/alerts?assigned=none' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    const bar = screen.getByRole('region', { name: 'Selected alerts' });
    expect(within(bar).getByTestId('alerts-bulk-count').textContent).toBe('2 selected');
    fireEvent.click(
      within(bar).getByRole('button', { name: 'Select all 45 matching the filters' }),
    );
    await waitFor(() =>
      expect(within(bar).getByTestId('alerts-bulk-count').textContent).toBe('45 selected'),
    );
    const [ids] = listRequests(api.requests, '/api/notifications/ids');
    expect(ids?.get('assigned')).toBe('none');
    expect(ids?.get('filter.notification_status_id')).toBe('$in:1,2');

    fireEvent.click(within(bar).getByRole('button', { name: 'Fixed it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close 45 alerts?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close alerts' }));
    expect(await screen.findByText('45 alerts closed')).toBeTruthy();
    const body = await lastBody(api.requests, 'POST /api/notifications/bulk-status');
    expect(body).toEqual({ ids: matching, status_id: 3 });
    await waitFor(() => expect(screen.queryByTestId('alerts-bulk-dialog')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Selected alerts' })).toBeNull();
  });

  it('says in words why the bulk call failed and keeps the dialog open', async () => {
    signedInApi(manager, {
      'GET /companies/names': () => reply(200, []),
      'GET /notifications': () => reply(200, page([alertRow(11)])),
      'POST /notifications/bulk-status': () =>
        reply(400, { statusCode: 400, error: 'Bad Request', message: 'ids must be unique' }),
    });
    renderRoutes(appRoutes, { path: '/alerts' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select alert 11' }));
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Selected alerts' })).getByRole('button', {
        name: 'On it',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge 1 alert?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('ids must be unique');
  });

  it('on a phone, selects cards only in the select mode', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    signedInApi(manager, {
      'GET /companies/names': () => reply(200, []),
      'GET /notifications': () => reply(200, page([alertRow(11), alertRow(12)])),
    });
    renderRoutes(appRoutes, { path: '/alerts' });
    await screen.findByTestId('alerts-cards');
    expect(screen.queryByRole('checkbox', { name: 'Select alert 11' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Select' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select alert 12' }));
    const bar = screen.getByRole('region', { name: 'Selected alerts' });
    expect(within(bar).getByTestId('alerts-bulk-count').textContent).toBe('1 selected');
    fireEvent.click(within(bar).getByRole('checkbox', { name: 'Select all on this page' }));
    expect(within(bar).getByTestId('alerts-bulk-count').textContent).toBe('2 selected');
  });
});

describe('who acts on an alert', () => {
  it('shows the assignee and the last action, and keeps the assigned filters in the address', async () => {
    const rows = [
      alertRow(11, {
        assigned_to_user_id: 7,
        assigned_to_name: 'Sam Installer',
        last_action: { kind: 'acknowledged', at: ago(2 * HOUR), by: 'Maya Manager' },
      }),
      alertRow(12, { last_action: { kind: 'snooze-ended', at: ago(3 * HOUR), by: null } }),
    ];
    const api = signedInApi(manager, {
      'GET /companies/names': () => reply(200, []),
      'GET /notifications': answer('/notifications', 'get', page(rows)),
    });
    const { router } = renderRoutes(appRoutes, { path: '/alerts' });
    const [first, second] = await screen.findAllByTestId('alert-row');
    expect(first?.textContent).toContain('Sam Installer');
    expect(first?.textContent).toContain('Acknowledged2 hours ago · Maya Manager');
    expect(second?.textContent).toContain('Snooze ended3 hours ago · System');

    await choose('Assigned', 'Assigned to me');
    await waitFor(() => expect(router.state.location.search).toBe('?assigned=me'));
    await waitFor(() => expect(listRequests(api.requests).at(-1)?.get('assigned')).toBe('me'));
    await choose('Assigned', 'Unassigned');
    await waitFor(() => expect(router.state.location.search).toBe('?assigned=none'));
    await waitFor(() => expect(listRequests(api.requests).at(-1)?.get('assigned')).toBe('none'));
  });

  it('assigns an open alert from its dialog, and unassigns it', async () => {
    let alert = alertRow(11);
    const api = signedInApi(manager, {
      'GET /companies/names': () => reply(200, []),
      'GET /notifications': () => reply(200, page([alert])),
      'GET /notifications/11': () => reply(200, alert),
      'GET /notifications/11/assignable-users': () =>
        reply(200, [
          { id: 5, name: 'Maya Manager', email: 'maya@example.test' },
          { id: 7, name: 'Sam Installer', email: 'sam@example.test' },
        ]),
      'PUT /notifications/11/assignee': async (request) => {
        const { user_id } = await request.json();
        alert = alertRow(11, {
          assigned_to_user_id: user_id,
          assigned_to_name: user_id === 7 ? 'Sam Installer' : null,
        });
        return reply(200, alert);
      },
    });
    renderRoutes(appRoutes, { path: '/alerts?alert=11' });
    const dialog = await screen.findByRole('dialog', { name: 'Close Alert' });
    await waitFor(() => expect(api.calls()).toContain('GET /notifications/11/assignable-users'));
    await choose('Assigned to', 'Sam Installer', dialog);
    expect(await screen.findByText('Alert assigned to Sam Installer')).toBeTruthy();
    expect((await screen.findAllByText('Sam Installer')).length).toBeGreaterThan(0);
    expect(await lastBody(api.requests, 'PUT /api/notifications/11/assignee')).toEqual({
      user_id: 7,
    });

    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Assigned to' }).textContent).toBe(
        'Sam Installer',
      ),
    );
    await choose('Assigned to', 'Unassigned', dialog);
    await waitFor(async () =>
      expect(await lastBody(api.requests, 'PUT /api/notifications/11/assignee')).toEqual({
        user_id: null,
      }),
    );
  });

  it('shows the server’s words when the assignee is refused', async () => {
    const alert = alertRow(11);
    signedInApi(manager, {
      'GET /companies/names': () => reply(200, []),
      'GET /notifications': () => reply(200, page([alert])),
      'GET /notifications/11': answer('/notifications/{id}', 'get', alert),
      'GET /notifications/11/assignable-users': () =>
        reply(200, [{ id: 7, name: 'Sam Installer', email: 'sam@example.test' }]),
      'PUT /notifications/11/assignee': () =>
        reply(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: "This person cannot act on this alert's company",
        }),
    });
    renderRoutes(appRoutes, { path: '/alerts?alert=11' });
    const dialog = await screen.findByRole('dialog', { name: 'Close Alert' });
    await within(dialog).findByRole('combobox', { name: 'Assigned to' });
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
    await choose('Assigned to', 'Sam Installer', dialog);
    expect(await within(dialog).findByText(/cannot act on this alert's company/)).toBeTruthy();
  });
});

describe('snoozing a leak alert', () => {
  it('asks for an end and a reason, refuses an end too soon, and sends the chosen end', async () => {
    const alert = alertRow(11);
    const api = signedInApi(manager, {
      'GET /companies/names': () => reply(200, []),
      'GET /notifications': () => reply(200, page([alert])),
      'GET /notifications/11': answer('/notifications/{id}', 'get', alert),
      'GET /notifications/11/assignable-users': () => reply(200, []),
      'PUT /notifications/11/snooze': () =>
        reply(200, { ...alert, snoozed_until: ago(-7 * 24 * HOUR), snooze_reason: 'tenant away' }),
    });
    renderRoutes(appRoutes, { path: '/alerts?alert=11' });
    const alertDialog = await screen.findByRole('dialog', { name: 'Close Alert' });
    fireEvent.click(within(alertDialog).getByRole('button', { name: 'Snooze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snooze alert' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(await within(dialog).findByText('Give a reason for the snooze.')).toBeTruthy();

    await choose('Snooze until', 'A date and time', dialog);
    const soon = new Date(Date.now() + 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    fireEvent.change(within(dialog).getByLabelText('Ends at'), {
      target: {
        value: `${soon.getFullYear()}-${pad(soon.getMonth() + 1)}-${pad(soon.getDate())}T${pad(soon.getHours())}:${pad(soon.getMinutes())}`,
      },
    });
    expect(
      within(dialog).getByText('The snooze must end more than 5 minutes from now.'),
    ).toBeTruthy();
    expect(api.calls()).not.toContain('PUT /notifications/11/snooze');

    await choose('Snooze until', '1 week', dialog);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), {
      target: { value: ' tenant away, plumber Tuesday ' },
    });
    const before = Date.now();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    expect(await screen.findByText('Alert snoozed')).toBeTruthy();
    const body = await lastBody(api.requests, 'PUT /api/notifications/11/snooze');
    expect(body.reason).toBe('tenant away, plumber Tuesday');
    const week = 7 * 24 * HOUR;
    expect(Date.parse(body.until) - before).toBeGreaterThanOrEqual(week - 1000);
    expect(Date.parse(body.until) - before).toBeLessThan(week + 60_000);
  });

  it('shows a snoozed alert as snoozed in the row and the dialog, and ends the snooze', async () => {
    const alert = alertRow(11, {
      notification_status_id: 2,
      snoozed_until: '2026-12-01T09:00:00.000Z',
      snooze_reason: 'tenant away',
    });
    const api = signedInApi(manager, {
      'GET /companies/names': () => reply(200, []),
      'GET /notifications': () => reply(200, page([alert])),
      'GET /notifications/11': answer('/notifications/{id}', 'get', alert),
      'GET /notifications/11/assignable-users': () => reply(200, []),
      'DELETE /notifications/11/snooze': () =>
        reply(200, { ...alert, snoozed_until: null, snooze_reason: null }),
    });
    renderRoutes(appRoutes, { path: '/alerts' });
    const row = await screen.findByTestId('alert-row');
    expect(within(row).getByTestId('alert-snoozed').textContent).toMatch(
      /^Snoozed until .*2026.* — tenant away$/,
    );
    fireEvent.click(within(row).getByRole('button', { name: 'Open alert 11' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Alert' });
    expect(within(dialog).getByTestId('alert-dialog-snoozed').textContent).toContain('tenant away');
    expect(within(dialog).queryByRole('button', { name: 'Snooze' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'End snooze' }));
    expect(await screen.findByText('Snooze ended')).toBeTruthy();
    expect(api.calls()).toContain('DELETE /notifications/11/snooze');
  });

  it('is not offered for a device-health alert', async () => {
    const alert = alertRow(11, { notification_type_id: 5, notification_category_id: 3 });
    signedInApi(manager, {
      'GET /companies/names': () => reply(200, []),
      'GET /notifications': () => reply(200, page([alert])),
      'GET /notifications/11': answer('/notifications/{id}', 'get', alert),
      'GET /notifications/11/assignable-users': () => reply(200, []),
    });
    renderRoutes(appRoutes, { path: '/alerts?alert=11' });
    const dialog = await screen.findByRole('dialog', { name: 'Close Alert' });
    expect(within(dialog).getByTestId('alert-type').textContent).toBe('Low battery');
    expect(within(dialog).queryByRole('button', { name: 'Snooze' })).toBeNull();
  });
});

describe("a device's other open alerts", () => {
  it('shows them as chips in the row, each opening its alert', async () => {
    const alert = alertRow(11, {
      device_open_alerts: [
        { id: 13, notification_type_id: 5 },
        { id: 14, notification_type_id: 4 },
      ],
    });
    const other = alertRow(13, { notification_type_id: 5, notification_category_id: 3 });
    signedInApi(manager, {
      'GET /companies/names': () => reply(200, []),
      'GET /notifications': () => reply(200, page([alert])),
      'GET /notifications/13': () => reply(200, other),
      'GET /notifications/13/assignable-users': () => reply(200, []),
    });
    const { router } = renderRoutes(appRoutes, { path: '/alerts' });
    const row = await screen.findByTestId('alert-row');
    expect(within(row).getByTestId('alert-device-alerts').textContent).toBe(
      'also:Low batteryMicrometer offline',
    );
    fireEvent.click(
      within(row).getByRole('button', { name: 'Also on this device: Low battery (alert 13)' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?alert=13'));
    const dialog = await screen.findByRole('dialog', { name: 'Close Alert' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('alert-type').textContent).toBe('Low battery'),
    );
  });
});

describe('a leak incident', () => {
  const incident = { id: 21, alert_ids: [21, 11, 22], rate: 25_545, monthly_cost: 255.45 };

  it('says which alert holds a member’s water, and opens it', async () => {
    const member = alertRow(11, { incident });
    const lead = alertRow(21, { notification_type_id: 7, incident });
    signedInApi(manager, {
      'GET /companies/names': () => reply(200, []),
      'GET /notifications': () => reply(200, page([member])),
      'GET /notifications/11': answer('/notifications/{id}', 'get', member),
      'GET /notifications/11/assignable-users': () => reply(200, []),
      'GET /notifications/21': answer('/notifications/{id}', 'get', lead),
      'GET /notifications/21/assignable-users': () => reply(200, []),
    });
    const { router } = renderRoutes(appRoutes, { path: '/alerts?alert=11' });
    // The row says it too, under its rate.
    const row = await screen.findByTestId('alert-row');
    expect(within(row).getByTestId('alert-incident-note').textContent).toBe(
      'In the leak of alert 21',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Close Alert' });
    const box = await within(dialog).findByTestId('alert-incident');
    expect(box.textContent).toBe(
      'Its water is part of the leak of alert 21: 25,545 gal/month, $255.45 a month for all 3 alerts, each gallon counted once.The leak’s alerts:Alert 21Alert 22',
    );
    fireEvent.click(within(box).getByRole('button', { name: 'Open alert 21 of the same leak' }));
    await waitFor(() => expect(router.state.location.search).toBe('?alert=21'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('dialog')).getByTestId('alert-incident').textContent,
      ).toContain(
        'One leak, seen by 3 alerts: 25,545 gal/month, $255.45 a month, each gallon counted once.',
      ),
    );
  });

  it('says nothing for a leak of its own', async () => {
    const alone = alertRow(11, {
      incident: { id: 11, alert_ids: [11], rate: 21_600, monthly_cost: 216 },
    });
    signedInApi(manager, {
      'GET /companies/names': () => reply(200, []),
      'GET /notifications': () => reply(200, page([alone])),
      'GET /notifications/11': answer('/notifications/{id}', 'get', alone),
      'GET /notifications/11/assignable-users': () => reply(200, []),
    });
    renderRoutes(appRoutes, { path: '/alerts?alert=11' });
    const dialog = await screen.findByRole('dialog', { name: 'Close Alert' });
    await within(dialog).findByTestId('alert-type');
    expect(within(dialog).queryByTestId('alert-incident')).toBeNull();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { setServiceToken, setUserActiveRole } from '@/lib/session-storage';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { meOf, roleFixture, sessionFixture } from '@/testing/session-fixtures';
import { alertFixture } from '../alert-test-fixtures';

const systemAdmin = roleFixture({
  id: 21,
  user_role_type_id: 1,
  company_id: null,
  company_type_id: null,
  company_name: null,
});
const closedLeak = alertFixture(9, {
  notification_status_id: 3,
  note: 'Flapper replaced',
  status_changed_at: '2026-03-04T13:00:00.000Z',
  status_changed_by: 'Maya Manager',
  closed_at: '2026-03-04T13:00:00.000Z',
});
const page = (data: unknown[]) => ({
  data,
  meta: { itemsPerPage: 20, totalItems: data.length, currentPage: 1, totalPages: 1, sortBy: [] },
  links: { current: '/notifications?page=1&limit=20' },
});

function signedIn() {
  const session = sessionFixture({ roles: [systemAdmin], active_role_id: systemAdmin.id });
  setServiceToken('stored-token');
  setUserActiveRole(String(systemAdmin.id));
  return mockApi({
    'GET /auth/me': () => reply(200, meOf(session)),
    [`GET /auth/new-token/${systemAdmin.id}`]: () => reply(200, session),
    'GET /companies/names': () => reply(200, [{ id: 1, name: 'Harbor Homes' }]),
    'GET /notifications': (request) => {
      const status = new URL(request.url).searchParams.get('filter.notification_status_id');
      return reply(200, page(status === '$in:1,2' ? [] : [closedLeak]));
    },
    'GET /notifications/9': () => reply(200, closedLeak),
  });
}

const listRequests = (requests: Request[]) =>
  requests
    .filter((r) => new URL(r.url).pathname === '/api/notifications')
    .map((r) => new URL(r.url).searchParams);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('alerts page', () => {
  it('opens on the open statuses 1 and 2 when the address names none', async () => {
    const api = signedIn();
    renderRoutes(appRoutes, { path: '/alerts' });
    expect(await screen.findByTestId('alerts-empty')).toBeTruthy();
    const [first] = listRequests(api.requests);
    expect(first?.get('filter.notification_status_id')).toBe('$in:1,2');
    expect(first?.get('sortBy')).toBe('first_detected:DESC');
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('New, Acknowledged');
  });

  it('keeps a chosen status in the address and lists every status with status=all', async () => {
    const api = signedIn();
    const { router } = renderRoutes(appRoutes, { path: '/alerts?status=3' });
    expect(await screen.findByTestId('alert-row')).toBeTruthy();
    expect(listRequests(api.requests).at(-1)?.get('filter.notification_status_id')).toBe('$in:3');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    const listbox = await screen.findByRole('listbox');
    fireEvent.click(within(listbox).getByRole('option', { name: 'Closed' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=all'));
    await waitFor(() =>
      expect(listRequests(api.requests).at(-1)?.has('filter.notification_status_id')).toBe(false),
    );
  });

  it('opens a closed alert as "Alert Note" with its note read-only', async () => {
    signedIn();
    const { router } = renderRoutes(appRoutes, { path: '/alerts?status=3' });
    fireEvent.click(await screen.findByRole('button', { name: 'Open alert 9' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alert Note' });
    expect(router.state.location.search).toBe('?status=3&alert=9');
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    expect((note as HTMLTextAreaElement).value).toBe('Flapper replaced');
    expect(note.hasAttribute('readonly')).toBe(true);
    expect(within(dialog).getByTestId('alert-details').textContent).toContain('Maya Manager');
    expect(within(dialog).queryByRole('button', { name: 'Fixed it' })).toBeNull();
  });
});

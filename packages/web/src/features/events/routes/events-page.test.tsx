import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { setServiceToken, setUserActiveRole } from '@/lib/session-storage';
import { type MockApi, mockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { meOf, roleFixture, sessionFixture } from '@/testing/session-fixtures';

const systemAdmin = roleFixture({
  id: 21,
  user_role_type_id: 1,
  company_id: null,
  company_type_id: null,
  company_name: null,
});
const thresholdEvent = {
  id: 5,
  occurred_at: '2026-03-04T10:00:00.000Z',
  actor_user_id: 9,
  actor_name: 'Olivia Hartman',
  actor_email: 'company.admin@flowsight.test',
  actor_role_id: 3,
  actor_role_type_id: 4,
  company_id: 1,
  company_name: 'Harbor Homes',
  entity_type: 'company_appliance_threshold',
  entity_id: 11,
  action: 'set',
  from_value: { threshold: null },
  to_value: { threshold: 140 },
  note: 'washing machine',
};
const sweepEvent = {
  ...thresholdEvent,
  id: 4,
  actor_user_id: null,
  actor_name: null,
  actor_email: null,
  actor_role_id: null,
  actor_role_type_id: null,
  entity_type: 'sensor',
  entity_id: 70,
  action: 'status',
  from_value: { sensor_status_id: 1 },
  to_value: { sensor_status_id: 2 },
  note: null,
};
const page = (data: unknown[]) => ({
  data,
  meta: { itemsPerPage: 20, totalItems: data.length, currentPage: 1, totalPages: 1, sortBy: [] },
  links: { current: '/events?page=1&limit=20' },
});

function signedIn(): MockApi {
  const session = sessionFixture({ roles: [systemAdmin], active_role_id: systemAdmin.id });
  setServiceToken('stored-token');
  setUserActiveRole(String(systemAdmin.id));
  return mockApi({
    'GET /auth/me': () => reply(200, meOf(session)),
    [`GET /auth/new-token/${systemAdmin.id}`]: () => reply(200, session),
    'GET /companies/names': () => reply(200, [{ id: 1, name: 'Harbor Homes' }]),
    'GET /events': (request) => {
      const type = new URL(request.url).searchParams.get('filter.entity_type');
      if (type === '$eq:company_appliance_threshold') return reply(200, page([thresholdEvent]));
      if (type !== null) return reply(200, page([]));
      return reply(200, page([thresholdEvent, sweepEvent]));
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('events page', () => {
  it('lists who changed what, from which value to which, and the system’s own changes', async () => {
    signedIn();
    renderRoutes(appRoutes, { path: '/events' });
    const rows = await screen.findAllByTestId('event-row');
    expect(rows).toHaveLength(2);
    const [threshold, sweep] = rows as [HTMLElement, HTMLElement];
    expect(threshold.textContent).toContain('Olivia Hartman');
    expect(threshold.textContent).toContain('company.admin@flowsight.test');
    expect(threshold.textContent).toContain('Fixture threshold #11');
    expect(threshold.textContent).toContain('Harbor Homes');
    expect(within(threshold).getByTestId('event-change').textContent).toBe('Threshold: 140');
    expect(threshold.textContent).toContain('washing machine');
    expect(sweep.textContent).toContain('System');
    expect(within(sweep).getByTestId('event-change').textContent).toBe(
      'Status: Transmitting → Not transmitting',
    );
    expect(sweep.textContent).toContain('Status changed');
  });

  it('names lookup ids, rounds numbers in the user’s locale and translates actions and fields', async () => {
    const api = signedIn();
    const alertOpened = {
      ...sweepEvent,
      id: 6,
      entity_type: 'alert',
      entity_id: 12,
      action: 'opened',
      from_value: null,
      to_value: { status: 1, type: 3, rate: 466.1100000000002 },
    };
    const alertClosed = {
      ...sweepEvent,
      id: 7,
      entity_type: 'alert',
      entity_id: 12,
      action: 'status',
      from_value: 2,
      to_value: 3,
    };
    api.on('GET /events', () => reply(200, page([alertOpened, alertClosed])));
    renderRoutes(appRoutes, { path: '/events', settings: { language: 'fr' } });
    const rows = await screen.findAllByTestId('event-row');
    const [opened, closed] = rows as [HTMLElement, HTMLElement];
    const change = within(opened).getByTestId('event-change').textContent ?? '';
    expect(change).toContain('Statut: Nouvelle');
    expect(change).toContain('Type: Écoulement nocturne');
    // French groups nothing below 1,000 and writes a decimal comma: one decimal, no float noise.
    expect(change).toContain('Débit: 466,1');
    expect(change).not.toContain('466.11');
    expect(change).not.toMatch(/type: 3|status: 1/);
    expect(opened.textContent).toContain('Ouverte');
    expect(within(closed).getByTestId('event-change').textContent).toBe('Prise en charge → Fermée');
    expect(closed.textContent).toContain('Statut modifié');
    expect(closed.textContent).not.toContain('status');
  });

  it('filters by entity type through the address and says when nothing matches', async () => {
    const api = signedIn();
    const { router } = renderRoutes(appRoutes, { path: '/events' });
    await screen.findAllByTestId('event-row');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Entity type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Fixture threshold' }));
    await waitFor(() => expect(screen.getAllByTestId('event-row')).toHaveLength(1));
    expect(router.state.location.search).toBe('?type=company_appliance_threshold');
    expect(
      api.requests.some((r) => r.url.includes('filter.entity_type=%24eq%3Acompany_appliance')),
    ).toBe(true);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Entity type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Gateway' }));
    expect(await screen.findByTestId('events-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('events-clear-filters'));
    await waitFor(() => expect(screen.getAllByTestId('event-row')).toHaveLength(2));
  });

  it('shows the failure with a retry', async () => {
    const api = signedIn();
    api.on('GET /events', () =>
      reply(500, { statusCode: 500, error: 'Internal Server Error', message: 'Server Error' }),
    );
    renderRoutes(appRoutes, { path: '/events' });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The events could not be loaded.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

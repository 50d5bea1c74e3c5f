import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { setServiceToken, setUserActiveRole } from '@/lib/session-storage';
import { type MockApi, mockApi, reply } from '@/testing/mock-api';
import { renderRoutes, withChildRoute } from '@/testing/render-routes';
import { meOf, roleFixture, sessionFixture } from '@/testing/session-fixtures';
import { alertFixture } from '../alert-test-fixtures';

const manager = roleFixture({ id: 31, user_role_type_id: 5, company_id: 1, company_type_id: 1 });

const runningToilet = alertFixture(5);

/** A stand-in for the Server-Sent Events stream: each connection is a stream the test writes to. */
function liveStream(api: MockApi) {
  const connections: ReadableStreamDefaultController<Uint8Array>[] = [];
  api.on('GET /notifications/stream', () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        connections.push(controller);
        controller.enqueue(new TextEncoder().encode(': connected\n\nretry: 5000\n\n'));
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  return {
    connections,
    send(text: string) {
      connections.at(-1)?.enqueue(new TextEncoder().encode(text));
    },
  };
}

function signedIn(leaks: unknown[]) {
  const session = sessionFixture({ roles: [manager], active_role_id: manager.id });
  setServiceToken('stored-token');
  setUserActiveRole(String(manager.id));
  let current = leaks;
  const api = mockApi({
    'GET /auth/me': () => reply(200, meOf(session)),
    [`GET /auth/new-token/${manager.id}`]: () => reply(200, session),
    'GET /notifications/active-leaks': () => reply(200, current),
    'GET /notifications/5': () => reply(200, runningToilet),
    'PUT /notifications/5/status/2': () =>
      reply(200, { ...runningToilet, notification_status_id: 2 }),
    'PUT /notifications/5/status/3': () =>
      reply(200, { ...runningToilet, notification_status_id: 3 }),
  });
  const stream = liveStream(api);
  return { api, stream, setLeaks: (next: unknown[]) => (current = next) };
}

/** Any signed-in page will do: the bell lives in the header. */
const routes = withChildRoute(appRoutes, 'shell-pages', {
  path: 'bell-test',
  element: <p>Page</p>,
});

async function openBell() {
  renderRoutes(routes, { path: '/bell-test' });
  const bell = await screen.findByTestId('leak-bell');
  fireEvent.click(bell);
  return screen.findByRole('dialog', { name: 'Active leaks' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('leak bell', () => {
  it('says so when there is no active leak', async () => {
    signedIn([]);
    const popup = await openBell();
    expect(await within(popup).findByText('You have no active leaks')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Active leaks: 0', hidden: true })).toBeTruthy();
  });

  it('lists unaccounted water as the whole building, linked to the building', async () => {
    const hiddenPipe = {
      ...runningToilet,
      id: 9,
      _id: 9,
      unit_id: null,
      sensor_id: null,
      mac_address: null,
      appliance_type_id: null,
      appliance: null,
      room_type_id: null,
      room: null,
      notification_type_id: 7,
      rate: 9000,
      address: '12 Harbor Street',
      link: '/companies/1/properties/2/buildings/3/alerts',
      unit_name: null,
    };
    signedIn([hiddenPipe]);
    const popup = await openBell();
    const item = await within(popup).findByTestId('leak-item');
    const link = within(item).getByRole('link', { name: '12 Harbor Street' });
    expect(link.getAttribute('href')).toBe('/companies/1/properties/2/buildings/3/alerts');
    expect(within(item).getByTestId('leak-fixture').textContent).toBe('Whole building');
    expect(within(item).getByTestId('leak-rate').textContent).toBe('9,000 gal/month');
  });

  it('lists each leak with its place, fixture, rate per month, first detection and link', async () => {
    signedIn([runningToilet, { ...runningToilet, id: 6, _id: 6, first_detected: '' }]);
    const popup = await openBell();
    await waitFor(() => expect(within(popup).getAllByTestId('leak-item')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Active leaks: 2', hidden: true })).toBeTruthy();
    const [first, second] = within(popup).getAllByTestId('leak-item') as [HTMLElement, HTMLElement];
    const link = within(first).getByRole('link', { name: '12 Harbor Street, Unit 4B' });
    expect(link.getAttribute('href')).toBe('/companies/1/properties/2/buildings/3/units/4/alerts');
    expect(within(first).getByTestId('leak-fixture').textContent).toBe(
      'Main bathroom · Main toilet',
    );
    expect(within(first).getByTestId('leak-rate').textContent).toBe('21,600 gal/month');
    expect(within(first).getByTestId('leak-first-detected').textContent).toMatch(/Mar 4, 2026/);
    expect(within(second).getByTestId('leak-first-detected').textContent).toBe('N/A');
  });

  it('asks before "On it" with the reminder text, then acknowledges the alert', async () => {
    const { api } = signedIn([runningToilet]);
    const popup = await openBell();
    fireEvent.click(await within(popup).findByRole('button', { name: 'On it' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(
      within(confirmation).getByText('Acknowledging this alert will prevent future reminders'),
    ).toBeTruthy();
    expect(api.calls()).not.toContain('PUT /notifications/5/status/2');
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirmation' })).toBeNull());
    expect(api.calls()).not.toContain('PUT /notifications/5/status/2');

    fireEvent.click(within(popup).getByRole('button', { name: 'On it' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirmation' })).getByRole('button', {
        name: 'Ok',
      }),
    );
    expect(await screen.findByText('Status updated')).toBeTruthy();
    expect(api.calls()).toContain('PUT /notifications/5/status/2');
  });

  it('closes with "Fixed it" and the note trimmed, sending no note when it is blank', async () => {
    const { api } = signedIn([runningToilet]);
    const popup = await openBell();
    fireEvent.click(await within(popup).findByRole('button', { name: 'Fixed it' }));
    let dialog = await screen.findByRole('dialog', { name: 'Close Alert' });
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    expect(note.getAttribute('placeholder')).toBe('Please enter note');
    expect(note.getAttribute('rows')).toBe('5');
    fireEvent.change(note, { target: { value: '  Flapper replaced \n' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fixed it' }));
    expect(await screen.findByText('Status updated')).toBeTruthy();
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(await put?.clone().json()).toEqual({ note: 'Flapper replaced' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Close Alert' })).toBeNull());

    fireEvent.click(within(popup).getByRole('button', { name: 'Fixed it' }));
    dialog = await screen.findByRole('dialog', { name: 'Close Alert' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note' }), {
      target: { value: '   ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fixed it' }));
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    const blank = api.requests.filter((r) => r.method === 'PUT')[1];
    expect(await blank?.clone().json()).toEqual({});
  });

  it('says "An error occurred" when the status change fails', async () => {
    const { api } = signedIn([runningToilet]);
    api.on('PUT /notifications/5/status/3', () =>
      reply(409, { statusCode: 409, error: 'Conflict', message: 'This alert is already closed' }),
    );
    const popup = await openBell();
    fireEvent.click(await within(popup).findByRole('button', { name: 'Fixed it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Alert' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fixed it' }));
    const message = await screen.findByText(/An error occurred/);
    expect(message.textContent).toContain('This alert is already closed');
  });

  it('follows the live stream: an alerts event brings a new leak in', async () => {
    const { stream, setLeaks } = signedIn([]);
    const popup = await openBell();
    await within(popup).findByText('You have no active leaks');
    await waitFor(() => expect(stream.connections).toHaveLength(1));
    setLeaks([runningToilet]);
    await act(async () => {
      stream.send('event: alerts\ndata: [{"alertId":5,"kind":"opened","statusId":1}]\n\n');
    });
    expect(await within(popup).findByTestId('leak-item')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Active leaks: 1', hidden: true })).toBeTruthy();
  });
});

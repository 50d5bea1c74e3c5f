import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';

const TOKEN = 'Zw_cvNEovqHGw5h2l6RuGfQccDl65MSNI0b55EURK0U';
const alert = {
  notification_type_id: 1,
  notification_status_id: 1,
  address: '10 Harbor Point Blvd, 501',
  room: 'main bathroom',
  appliance: 'main toilet',
  rate: 21_600,
  monthly_cost: 277.56,
  first_detected: '2026-03-04T14:05:00.000Z',
  property_name: 'Harbor Point Apartments',
  time_zone: 'America/New_York',
};
const link = (status: number, overrides: object = {}) => ({
  notification_id: 65,
  status_id: status,
  valid: true,
  reason: null,
  message: null,
  alert,
  ...overrides,
});

describe('email action pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the alert of the link without changing anything until the person confirms', async () => {
    const api = mockApi({ [`GET /confirmation/65/2/${TOKEN}`]: () => reply(200, link(2)) });
    renderRoutes(appRoutes, { path: `/confirmation/65/2/${TOKEN}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'On it' })).toBeTruthy();
    const facts = screen.getByTestId('email-action-alert');
    expect(facts.textContent).toContain('Continuous flow');
    expect(facts.textContent).toContain('Main toilet');
    expect(facts.textContent).toContain('21,600 gal/month');
    expect(facts.textContent).toContain('$277.56');
    // 14:05 UTC is 9:05 AM in New York in March (EST).
    expect(facts.textContent).toContain('9:05 AM (America/New_York)');
    expect(api.calls()).toEqual([`GET /confirmation/65/2/${TOKEN}`]);
  });

  it('asks "On it" with the reminders text, then posts once and lands on /email-links/2', async () => {
    const api = mockApi({
      [`GET /confirmation/65/2/${TOKEN}`]: () => reply(200, link(2)),
      [`POST /confirmation/65/2/${TOKEN}`]: () =>
        reply(200, { notification_id: 65, notification_status_id: 2 }),
    });
    const { router } = renderRoutes(appRoutes, { path: `/confirmation/65/2/${TOKEN}` });
    fireEvent.click(await screen.findByTestId('email-action-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(
      within(dialog).getByText('Acknowledging this alert will prevent future reminders'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/email-links/2'));
    expect(await screen.findByText('Thank you, you are on it')).toBeTruthy();
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(await posts[0]?.clone().json()).toEqual({});
  });

  it('asks "Fixed it" for a note (Note, Please enter note, 5 rows) and sends it trimmed', async () => {
    const api = mockApi({
      [`GET /confirmation/65/3/${TOKEN}`]: () => reply(200, link(3)),
      [`POST /confirmation/65/3/${TOKEN}`]: () =>
        reply(200, { notification_id: 65, notification_status_id: 3 }),
    });
    const { router } = renderRoutes(appRoutes, { path: `/confirmation/65/3/${TOKEN}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fixed it' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('email-action-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    const note = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Note' });
    expect(note.placeholder).toBe('Please enter note');
    expect(note.getAttribute('rows')).toBe('5');
    fireEvent.change(note, { target: { value: '  Replaced the flapper  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/email-links/3'));
    expect(await screen.findByText('Thank you, the alert is closed')).toBeTruthy();
    const post = api.requests.find((r) => r.method === 'POST');
    expect(await post?.clone().json()).toEqual({ note: 'Replaced the flapper' });
  });

  it('shows the server’s message when the link is refused, and stays on the page', async () => {
    mockApi({
      [`GET /confirmation/65/3/${TOKEN}`]: () => reply(200, link(3)),
      [`POST /confirmation/65/3/${TOKEN}`]: () =>
        reply(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'This link has already been used',
        }),
    });
    const { router } = renderRoutes(appRoutes, { path: `/confirmation/65/3/${TOKEN}` });
    fireEvent.click(await screen.findByTestId('email-action-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));

    expect((await screen.findByTestId('email-action-refused')).textContent).toBe(
      'This link has already been used',
    );
    expect(router.state.location.pathname).toBe(`/confirmation/65/3/${TOKEN}`);
  });

  it('says why a link cannot be used and offers nothing to confirm', async () => {
    mockApi({
      [`GET /confirmation/65/2/${TOKEN}`]: () =>
        reply(200, link(2, { valid: false, reason: 'expired', message: 'This link has expired' })),
    });
    renderRoutes(appRoutes, { path: `/confirmation/65/2/${TOKEN}` });
    expect((await screen.findByTestId('email-action-problem')).textContent).toBe(
      'This link has expired. Sign in to update the alert.',
    );
    expect(screen.queryByTestId('email-action-button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in to Flowsight' })).toBeTruthy();
  });

  it('says so when the recipient may no longer act on the alert, and shows none of it', async () => {
    mockApi({
      [`GET /confirmation/65/2/${TOKEN}`]: () =>
        reply(
          200,
          link(2, {
            valid: false,
            reason: 'no-access',
            message: 'You can no longer act on this alert: your access to its place has ended',
            alert: null,
          }),
        ),
    });
    renderRoutes(appRoutes, { path: `/confirmation/65/2/${TOKEN}` });
    expect((await screen.findByTestId('email-action-problem')).textContent).toBe(
      'You can no longer act on this alert: your access to its place has ended. Ask an administrator of the company if you should still have it.',
    );
    expect(screen.queryByTestId('email-action-button')).toBeNull();
    expect(screen.queryByTestId('email-action-alert')).toBeNull();
  });
});

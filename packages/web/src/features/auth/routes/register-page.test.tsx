import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';

function fillIn(label: RegExp, value: string) {
  const field = screen.getByLabelText(label);
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}

const invitation = { email: 'new.manager@flowsight.test', first_name: 'Ana', last_name: 'Pop' };

describe('register page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the invited address, then registers and goes to sign in with a notice', async () => {
    const api = mockApi({
      'GET /auth/invitation/invite-1': () => reply(200, invitation),
      'POST /auth/register': () => reply(200, { message: 'Your account is ready.' }),
    });
    const { router } = renderRoutes(appRoutes, { path: '/register?token=invite-1' });

    const email = await screen.findByLabelText<HTMLInputElement>('Email');
    expect(email.value).toBe('new.manager@flowsight.test');
    expect(email.readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>(/^First name/).value).toBe('Ana');

    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Create account' });
    expect(submit.disabled).toBe(true);
    fillIn(/^Last name/, 'Popescu');
    fillIn(/^New password/, 'Welcome!2026');
    fillIn(/^Confirm password/, 'Welcome!2026');
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);

    expect(await screen.findByTestId('login-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status').textContent).toBe(
      'Your account is ready. Sign in with your email and new password.',
    );
    expect(await api.requests[1]?.json()).toEqual({
      token: 'invite-1',
      first_name: 'Ana',
      last_name: 'Popescu',
      password: 'Welcome!2026',
    });
  });

  it('says an unknown, used or expired invitation cannot be used', async () => {
    mockApi({
      'GET /auth/invitation/used': () =>
        reply(404, {
          statusCode: 404,
          error: 'Not Found',
          message: 'This invitation is invalid or has expired',
        }),
    });
    renderRoutes(appRoutes, { path: '/register?token=used' });

    expect(
      await screen.findByRole('heading', { name: 'This invitation cannot be used' }),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  it('needs an invitation token', async () => {
    const api = mockApi();
    renderRoutes(appRoutes, { path: '/register' });

    expect(
      await screen.findByRole('heading', { name: 'This invitation cannot be used' }),
    ).toBeTruthy();
    expect(api.calls()).toEqual([]);
  });

  it('asks for both names', async () => {
    mockApi({
      'GET /auth/invitation/invite-1': () =>
        reply(200, { ...invitation, first_name: '', last_name: '' }),
    });
    renderRoutes(appRoutes, { path: '/register?token=invite-1' });
    await screen.findByLabelText(/^First name/);

    fillIn(/^First name/, ' ');
    fillIn(/^Last name/, 'P');
    fillIn(/^Last name/, '');

    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
  });
});

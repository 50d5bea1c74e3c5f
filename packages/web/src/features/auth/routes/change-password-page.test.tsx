import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { getServiceToken, setServiceToken } from '@/lib/session-storage';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { meOf, sessionFixture } from '@/testing/session-fixtures';

const RESET_PATH = '/change-password?email=dana.ortiz%40flowsight.test&token=reset-token';

function fillIn(label: RegExp, value: string) {
  const field = screen.getByLabelText(label);
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}

function submitButton() {
  return screen.getByRole<HTMLButtonElement>('button', { name: 'Save password' });
}

function strength() {
  return screen.queryByTestId('password-strength')?.textContent ?? null;
}

describe('change-password page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows exactly "Invalid request" for a reset link without email or token', async () => {
    renderRoutes(appRoutes, { path: '/change-password?email=dana.ortiz%40flowsight.test' });

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Invalid request');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  it('rates the new password Poor, Weak or Strong on the 3-bar meter', async () => {
    renderRoutes(appRoutes, { path: RESET_PATH });
    await screen.findByLabelText(/^New password/);
    expect(strength()).toBeNull();

    const lit = () =>
      [...screen.getByTestId('password-strength').querySelectorAll('[data-lit]')].map((bar) =>
        bar.getAttribute('data-lit'),
      );

    fillIn(/^New password/, 'abc');
    expect(strength()).toBe('Password strength: Poor');
    expect(lit()).toEqual(['false', 'false', 'false']);

    fillIn(/^New password/, 'abcdefgh1');
    expect(strength()).toBe('Password strength: Poor');
    expect(lit()).toEqual(['true', 'false', 'false']);

    fillIn(/^New password/, 'abcdefgh1!');
    expect(strength()).toBe('Password strength: Weak');
    expect(lit()).toEqual(['true', 'true', 'false']);

    fillIn(/^New password/, 'Abcdefgh1!');
    expect(strength()).toBe('Password strength: Strong');
    expect(lit()).toEqual(['true', 'true', 'true']);
  });

  it('explains each broken password rule with the specification’s words', async () => {
    renderRoutes(appRoutes, { path: RESET_PATH });
    await screen.findByLabelText(/^New password/);

    fillIn(/^New password/, 'a');
    fillIn(/^New password/, '');
    expect(await screen.findByText('Password is required')).toBeTruthy();

    fillIn(/^New password/, 'Abcdefgh1!Abcdefgh');
    expect(await screen.findByText('Password must not exceed 15 characters')).toBeTruthy();

    fillIn(/^New password/, 'ab cd');
    expect(
      await screen.findByText(
        'Password must contain only English letters, numbers, and special characters. Spaces and non-English characters are not allowed',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'The password should be at least 8 characters long, including at least one number, one special character, one capital letter, and one lowercase letter',
      ),
    ).toBeTruthy();
  });

  it('asks for the confirmation and for it to match', async () => {
    renderRoutes(appRoutes, { path: RESET_PATH });
    await screen.findByLabelText(/^New password/);

    fillIn(/^New password/, 'Abcdefgh1!');
    fillIn(/^Confirm password/, 'A');
    fillIn(/^Confirm password/, '');
    expect(await screen.findByText('Confirm password is required')).toBeTruthy();

    fillIn(/^Confirm password/, 'Abcdefgh1?');
    expect(await screen.findByText('Both passwords must match!')).toBeTruthy();
    expect(screen.getByLabelText(/^Confirm password/).getAttribute('aria-invalid')).toBe('true');

    // Fixing the password itself also settles the confirmation.
    fillIn(/^New password/, 'Abcdefgh1?');
    await waitFor(() => expect(screen.queryByText('Both passwords must match!')).toBeNull());
  });

  it('keeps submit disabled until the form is changed and valid', async () => {
    renderRoutes(appRoutes, { path: RESET_PATH });
    await screen.findByLabelText(/^New password/);
    expect(submitButton().disabled).toBe(true);

    fillIn(/^New password/, 'Abcdefgh1!');
    await waitFor(() => expect(submitButton().disabled).toBe(true));

    fillIn(/^Confirm password/, 'Abcdefgh1');
    await waitFor(() => expect(submitButton().disabled).toBe(true));

    fillIn(/^Confirm password/, 'Abcdefgh1!');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
  });

  it('resets the password, says so, and goes to sign in after one second', async () => {
    const api = mockApi({
      'POST /auth/forgot-password-reset': () =>
        reply(200, { message: 'Password changed successfully' }),
    });
    const { router } = renderRoutes(appRoutes, { path: RESET_PATH });
    await screen.findByLabelText(/^New password/);
    fillIn(/^New password/, 'Abcdefgh1!');
    fillIn(/^Confirm password/, 'Abcdefgh1!');
    await waitFor(() => expect(submitButton().disabled).toBe(false));

    fireEvent.click(submitButton());

    expect(await screen.findByText('Password changed successfully')).toBeTruthy();
    expect(await api.requests[0]?.json()).toEqual({
      email: 'dana.ortiz@flowsight.test',
      token: 'reset-token',
      newPassword: 'Abcdefgh1!',
    });
    const shownAt = Date.now();
    expect(router.state.location.pathname).toBe('/change-password');
    await screen.findByTestId('login-page', {}, { timeout: 3000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(900);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the server’s messages under the form, one per line', async () => {
    mockApi({
      'POST /auth/forgot-password-reset': () =>
        reply(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: ['This reset link is invalid or has expired', 'Password is required'],
        }),
    });
    renderRoutes(appRoutes, { path: RESET_PATH });
    await screen.findByLabelText(/^New password/);
    fillIn(/^New password/, 'Abcdefgh1!');
    fillIn(/^Confirm password/, 'Abcdefgh1!');
    await waitFor(() => expect(submitButton().disabled).toBe(false));

    fireEvent.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect([...alert.querySelectorAll('span')].map((line) => line.textContent)).toEqual([
      'This reset link is invalid or has expired',
      'Password is required',
    ]);
  });

  it('changes the password of a signed-in user and keeps the new token', async () => {
    const session = sessionFixture();
    setServiceToken('stored-token');
    const api = mockApi({
      'GET /auth/me': () => reply(200, meOf(session)),
      'GET /auth/new-token/11': () => reply(200, session),
      'POST /auth/change-password': () =>
        reply(200, { message: 'Password changed successfully', access_token: 'after-change' }),
    });
    renderRoutes(appRoutes, { path: '/change-password' });

    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeTruthy();
    fillIn(/^Current password/, 'x');
    fillIn(/^Current password/, '');
    expect(await screen.findByText('Old password is required')).toBeTruthy();
    fillIn(/^Current password/, 'Demo!2026flow');
    fillIn(/^New password/, 'Abcdefgh1!');
    fillIn(/^Confirm password/, 'Abcdefgh1!');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    await act(async () => {
      fireEvent.click(submitButton());
    });

    expect(await screen.findByText('Password changed successfully')).toBeTruthy();
    expect(getServiceToken()).toBe('after-change');
    expect(await api.requests.at(-1)?.json()).toEqual({
      oldPassword: 'Demo!2026flow',
      newPassword: 'Abcdefgh1!',
    });
    expect(submitButton().disabled).toBe(true);
  });

  it('translates the rules into the interface language', async () => {
    renderRoutes(appRoutes, { path: RESET_PATH, settings: { language: 'fr' } });
    await screen.findByLabelText(/^Nouveau mot de passe/);

    fillIn(/^Nouveau mot de passe/, 'abc');
    expect(strength()).toBe('Robustesse du mot de passe : Faible');
    fillIn(/^Confirmer le mot de passe/, 'abd');
    expect(
      await screen.findByText('Les deux mots de passe doivent être identiques !'),
    ).toBeTruthy();
  });
});

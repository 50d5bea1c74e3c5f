import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';

describe('forgot-password page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('mails the reset link and then says to check the mail', async () => {
    const api = mockApi({
      'POST /auth/forgot-password-email': () => reply(200, { message: 'If the address…' }),
    });
    const { router } = renderRoutes(appRoutes, { path: '/forgot-password' });
    await screen.findByTestId('forgot-password-page');

    fireEvent.change(screen.getByLabelText(/^Email/), {
      target: { value: 'dana.ortiz@flowsight.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { name: 'Check your mail' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/check-mail');
    expect(screen.getByTestId('check-mail-page').textContent).toContain(
      'dana.ortiz@flowsight.test',
    );
    expect(await api.requests[0]?.json()).toEqual({ email: 'dana.ortiz@flowsight.test' });
  });

  it('shows a refusal from the server (e.g. too many attempts)', async () => {
    mockApi({
      'POST /auth/forgot-password-email': () =>
        reply(429, {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Too many attempts. Please try again later.',
        }),
    });
    renderRoutes(appRoutes, { path: '/forgot-password', settings: { language: 'ro' } });
    await screen.findByTestId('forgot-password-page');

    fireEvent.change(screen.getByLabelText(/^E-mail/), {
      target: { value: 'dana.ortiz@flowsight.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Trimiteți linkul' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Prea multe încercări. Vă rugăm să încercați mai târziu.',
    );
  });
});

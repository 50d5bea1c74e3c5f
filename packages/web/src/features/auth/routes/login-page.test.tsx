import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { getServiceToken, getUserActiveRole, setServiceToken } from '@/lib/session-storage';
import { mockApi, reply, unauthorized } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render-routes';
import { meOf, roleFixture, sessionFixture } from '@/testing/session-fixtures';

function fillIn(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function signIn(email = 'dana.ortiz@flowsight.test', password = 'Demo!2026flow') {
  await screen.findByTestId('login-page');
  fillIn(/^Email/, email);
  fillIn(/^Password/, password);
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('signs in without MFA: stores the token and first role, then opens the default path', async () => {
    const session = sessionFixture({
      roles: [roleFixture({ id: 21 }), roleFixture({ id: 22, user_role_type_id: 5 })],
    });
    const api = mockApi({ 'POST /auth/login': () => reply(200, session) });
    const { router } = renderRoutes(appRoutes, { path: '/login' });

    await signIn();

    expect(await screen.findByTestId('app-shell')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(getServiceToken()).toBe('token-for-first-role');
    expect(getUserActiveRole()).toBe('21');
    expect(await api.requests[0]?.json()).toEqual({
      email: 'dana.ortiz@flowsight.test',
      password: 'Demo!2026flow',
    });
  });

  it.each([
    [1, null, '/companies'],
    // Type 3's default path is /companies, which sends company roles on to their own company.
    [4, 3, '/companies/1'],
    [12, null, '/micrometers/testing'],
    [13, 1, '/installation'],
  ])('lands role type %i (company type %s) on %s', async (roleTypeId, companyTypeId, path) => {
    const role = roleFixture({ user_role_type_id: roleTypeId, company_type_id: companyTypeId });
    mockApi({ 'POST /auth/login': () => reply(200, sessionFixture({ roles: [role] })) });
    const { router } = renderRoutes(appRoutes, { path: '/login' });

    await signIn();

    await screen.findByTestId('app-shell');
    // /companies redirects a company role once its page renders.
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });

  it('shows the server message of a refused sign-in and stays signed out', async () => {
    mockApi({ 'POST /auth/login': () => unauthorized('Username or password is not valid') });
    const { router } = renderRoutes(appRoutes, { path: '/login' });

    await signIn('dana.ortiz@flowsight.test', 'wrong-password');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Username or password is not valid');
    expect(router.state.location.pathname).toBe('/login');
    expect(getServiceToken()).toBeNull();
  });

  it('shows every message of an array answer, one per line', async () => {
    mockApi({
      'POST /auth/login': () =>
        reply(400, { statusCode: 400, error: 'Bad Request', message: ['First', 'Second'] }),
    });
    renderRoutes(appRoutes, { path: '/login' });

    await signIn();

    const alert = await screen.findByRole('alert');
    expect([...alert.querySelectorAll('span')].map((line) => line.textContent)).toEqual([
      'First',
      'Second',
    ]);
  });

  it('checks the fields before calling the server', async () => {
    const api = mockApi();
    renderRoutes(appRoutes, { path: '/login' });
    await screen.findByTestId('login-page');

    fillIn(/^Email/, 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(api.calls()).toEqual([]);
  });

  it('continues to code verification when MFA is on, without the token in the address', async () => {
    const session = sessionFixture();
    const api = mockApi({
      'POST /auth/login': () => reply(200, { mfa_enabled: true, mfa_token: 'challenge-1' }),
      'POST /auth/login-mfa': () => reply(200, session),
    });
    const { router } = renderRoutes(appRoutes, { path: '/login?returnUrl=%2Fdashboard%3Fq%3D1' });

    await signIn();

    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/code-verification');
    expect(router.state.location.search).not.toContain('challenge-1');
    expect(getServiceToken()).toBeNull();

    fillIn(/^Verification code/, '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    await screen.findByTestId('app-shell');
    expect(await api.requests[1]?.json()).toEqual({ mfa_token: 'challenge-1', code: '123456' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/dashboard?q=1');
    expect(getServiceToken()).toBe(session.access_token);
  });

  it('shows the server message of a wrong code', async () => {
    mockApi({
      'POST /auth/login': () => reply(200, { mfa_enabled: true, mfa_token: 'challenge-1' }),
      'POST /auth/login-mfa': () => unauthorized('The code is not valid'),
    });
    const { router } = renderRoutes(appRoutes, { path: '/login' });
    await signIn();
    await screen.findByRole('heading', { name: 'Enter your code' });

    fillIn(/^Verification code/, '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    expect((await screen.findByRole('alert')).textContent).toBe('The code is not valid');
    expect(router.state.location.pathname).toBe('/code-verification');
  });

  it('sends code verification opened without a challenge back to sign in', async () => {
    renderRoutes(appRoutes, { path: '/code-verification' });

    expect(await screen.findByRole('heading', { name: 'Sign in again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe(
      '/login',
    );
  });

  it('sends a signed-in visitor on to the returnUrl with its search', async () => {
    const session = sessionFixture();
    setServiceToken('stored-token');
    mockApi({
      'GET /auth/me': () => reply(200, meOf(session)),
      'GET /auth/new-token/11': () => reply(200, session),
    });
    const { router } = renderRoutes(appRoutes, {
      path: '/login?returnUrl=%2Fgateways%3Fbuilding%3D4',
    });

    await screen.findByTestId('app-shell');
    expect(router.state.location.pathname).toBe('/gateways');
    expect(router.state.location.search).toBe('?building=4');
  });

  it('ignores a returnUrl that leads off the site', async () => {
    const session = sessionFixture();
    setServiceToken('stored-token');
    mockApi({
      'GET /auth/me': () => reply(200, meOf(session)),
      'GET /auth/new-token/11': () => reply(200, session),
    });
    const { router } = renderRoutes(appRoutes, {
      path: '/forgot-password?returnUrl=%2F%2Fevil.example%2Fphish',
    });

    await screen.findByTestId('app-shell');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('keeps the keyboard path: labelled fields in order, then the submit button', async () => {
    renderRoutes(appRoutes, { path: '/login' });
    await screen.findByTestId('login-page');

    const email = screen.getByLabelText(/^Email/);
    const password = screen.getByLabelText(/^Password/);
    const submit = screen.getByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.compareDocumentPosition(password) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      password.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(submit.closest('form')).toBe(email.closest('form'));
    expect(submit.getAttribute('type')).toBe('submit');
  });
});

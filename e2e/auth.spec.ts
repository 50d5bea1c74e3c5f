// Sign-in, MFA, password reset and role switching, through the browser against the real server
// and its demo portfolio. Tests that change a password or MFA use a user created for the test.
import { expect, type Page, test } from '@playwright/test';
import {
  createRegisteredUser,
  DEMO_PASSWORD,
  meStatus,
  setMfa,
  signInThroughApi,
} from './support/api.ts';
import { linkIn, mfaCodeIn, newestMailTo } from './support/mail.ts';

const INVALID_CREDENTIALS = 'Username or password is not valid';

/** Signs in with the keyboard alone: the email field has focus, Tab, then Enter submits. */
async function signInWithKeyboard(page: Page, email: string, password: string) {
  await page.goto('/login');
  const emailField = page.getByLabel('Email');
  await expect(emailField).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

/** The shell is shown and its account menu names the signed-in user. */
async function expectSignedInAs(page: Page, email: string) {
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('account-summary')).toContainText(email);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('account-summary')).toBeHidden();
}

/** The active role's description, read from the account menu. */
async function activeRoleText(page: Page) {
  await page.getByTestId('user-menu-button').click();
  const text = (await page.getByTestId('active-role').textContent()) ?? '';
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('active-role')).toBeHidden();
  return text;
}

/** A header control: inline on wide screens, in the "more" pop-up menu on small ones. */
async function headerControl(page: Page, testId: string) {
  const more = page.getByTestId('header-more');
  if (await more.isVisible()) await more.click();
  return page.getByTestId(testId);
}

const landings = [
  ['admin@flowsight.test', '/companies'],
  ['support@flowsight.test', '/companies'],
  ['technician@flowsight.test', '/companies'],
  ['company.admin@flowsight.test', '/dashboard'],
  ['manager@flowsight.test', '/dashboard'],
  ['other.admin@flowsight.test', '/dashboard'],
  ['multi@flowsight.test', '/dashboard'],
  // Type 3's default path /companies sends company roles on to their own company, which opens
  // on its properties tab.
  ['restricted.admin@flowsight.test', /\/companies\/\d+(\/properties)?$/],
  ['tester@flowsight.test', '/micrometers/testing'],
  ['installer@flowsight.test', '/installation'],
] as const;

// Desktop only: signing in with the keyboard alone is a desk's way in. At phone width each role's
// landing is checked by shell.spec.ts ("default path, side menu, …"), and the login form by every
// phone test that signs an account in for the first time (ui.ts, `signIn`); decisions.md, "Browser
// tests at one width where the width changes nothing".
for (const [email, path] of landings) {
  test(`${email} signs in and lands on ${path}`, { tag: '@desktop-only' }, async ({ page }) => {
    await signInWithKeyboard(page, email, DEMO_PASSWORD);

    await expect(page).toHaveURL(path);
    await expectSignedInAs(page, email);
  });
}

test('a resident is refused with the same answer as a wrong password', async ({ page }) => {
  await signInWithKeyboard(page, 'resident@flowsight.test', DEMO_PASSWORD);

  await expect(page.getByRole('alert')).toHaveText(INVALID_CREDENTIALS);
  await expect(page).toHaveURL('/login');
});

test('a wrong password shows the server message', async ({ page }) => {
  await signInWithKeyboard(page, 'technician@flowsight.test', 'Wrong!2026flow');

  await expect(page.getByRole('alert')).toHaveText(INVALID_CREDENTIALS);
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => window.localStorage.getItem('serviceToken'))).toBeNull();
});

test('a protected page asks to sign in and returns there afterwards', async ({ page }) => {
  await page.goto('/installation?building=1');
  await expect(page).toHaveURL('/login?returnUrl=%2Finstallation%3Fbuilding%3D1');

  await page.getByLabel('Email').fill('installer@flowsight.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL('/installation?building=1');
  await expect(page.getByTestId('app-shell')).toBeVisible();
});

test('MFA sign-in asks for the code emailed for this sign-in', async ({ page, request }) => {
  const user = await createRegisteredUser(request);
  const session = await signInThroughApi(request, user.email, user.password);
  await setMfa(request, session.access_token, true);

  const since = Date.now();
  await signInWithKeyboard(page, user.email, user.password);
  await expect(page).toHaveURL('/code-verification');
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  // The browser becomes a known device only once the second factor is solved.
  const knownDevice = async () =>
    (await page.context().cookies()).find((c) => c.name === 'flowsight_device');
  expect(await knownDevice()).toBeUndefined();

  const mail = await newestMailTo(user.email, { subject: /sign-in code/i, since });
  await expect(page.getByLabel('Verification code')).toBeFocused();
  await page.keyboard.type(mfaCodeIn(mail));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL('/dashboard');
  await expectSignedInAs(page, user.email);
  await expect(await headerControl(page, 'header-mfa')).toHaveText('Disable MFA');
  // Kept where scripts cannot read it and sent only to the sign-in calls.
  expect(await knownDevice()).toMatchObject({
    httpOnly: true,
    sameSite: 'Strict',
    path: '/api/auth',
  });
});

test('forgot password: the emailed link resets it, the new one signs in, old sessions end', async ({
  page,
  request,
}) => {
  const user = await createRegisteredUser(request);
  const before = await signInThroughApi(request, user.email, user.password);
  expect(await meStatus(request, before.access_token)).toBe(200);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  const since = Date.now();
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL('/check-mail');
  await expect(page.getByRole('heading', { name: 'Check your mail' })).toBeVisible();

  const mail = await newestMailTo(user.email, { subject: /reset/i, since });
  await page.goto(linkIn(mail, '/change-password'));
  const save = page.getByRole('button', { name: 'Save password' });
  await expect(save).toBeDisabled();
  const newPassword = 'Reset!2026flow';
  await page.getByLabel('New password').fill(newPassword);
  await expect(page.getByTestId('password-strength')).toHaveText('Password strength: Strong');
  await page.getByLabel('Confirm password').fill('Reset!2026flox');
  await page.getByLabel('Confirm password').blur();
  await expect(page.getByText('Both passwords must match!')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByLabel('Confirm password').fill(newPassword);
  await expect(save).toBeEnabled();
  await save.click();

  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await expect(page).toHaveURL('/login');

  expect(await meStatus(request, before.access_token)).toBe(401);
  await signInWithKeyboard(page, user.email, newPassword);
  await expect(page).toHaveURL('/dashboard');
  await expectSignedInAs(page, user.email);
});

test('multi@flowsight.test switches to the second company’s manager role', async ({ page }) => {
  await signInWithKeyboard(page, 'multi@flowsight.test', DEMO_PASSWORD);
  await expect(page).toHaveURL('/dashboard');
  expect(await activeRoleText(page)).toMatch(/^Company Admin of /);

  await (await headerControl(page, 'header-switch-role')).click();
  const dialog = page.getByTestId('role-list-dialog');
  const manager = dialog.getByTestId('role-option').filter({ hasText: /^Company Manager of / });
  const managerRole = (await manager.locator('.MuiListItemText-primary').textContent()) ?? '';
  const reloaded = page.waitForEvent('load');
  await manager.getByRole('button', { name: managerRole, exact: true }).click();
  await reloaded;

  await expect(page).toHaveURL('/dashboard');
  // The snackbar's message (the dashboard may also show its add-a-contact prompt, an alert too).
  await expect(page.getByRole('alert').filter({ hasText: 'was selected' })).toHaveText(
    `${managerRole} was selected`,
  );
  expect(await activeRoleText(page)).toBe(managerRole);
  expect(await page.evaluate(() => window.localStorage.getItem('userActiveRole'))).not.toBeNull();

  // The new role survives another reload: it is the stored active role.
  await page.reload();
  await expect(page.getByTestId('app-shell')).toBeVisible();
  expect(await activeRoleText(page)).toBe(managerRole);
});

test('signing out forgets the session', async ({ page }) => {
  await signInWithKeyboard(page, 'manager@flowsight.test', DEMO_PASSWORD);
  await expect(page.getByTestId('app-shell')).toBeVisible();

  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();

  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => window.localStorage.getItem('serviceToken'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login?returnUrl=%2Fdashboard');
});

test('turning MFA on can be undone from its snackbar’s UNDO', async ({ page, request }) => {
  const user = await createRegisteredUser(request);
  const signInAsks = async () => {
    const answer = await request.post('/api/auth/login', {
      data: { email: user.email, password: user.password },
    });
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { mfa_enabled: boolean }).mfa_enabled;
  };
  await signInWithKeyboard(page, user.email, user.password);
  await expect(page.getByTestId('app-shell')).toBeVisible();

  await (await headerControl(page, 'header-mfa')).click();
  const undo = page.getByRole('button', { name: 'UNDO' });
  await expect(undo).toBeVisible();
  // With MFA on, the password alone no longer signs in: the API asks for a code.
  expect(await signInAsks()).toBe(true);

  await undo.click();
  await expect(await headerControl(page, 'header-mfa')).toHaveText('Enable MFA');
  await page.keyboard.press('Escape');
  expect(await signInAsks()).toBe(false);
});

// Users administration and personal settings (spec section 2): a company admin sees
// only their company's people, invites one (the invitation email goes out), edits and deletes
// them after a confirmation; a company manager reads the list without write actions; a person
// changes their own phone on /settings and finds it after a reload. The demo users' passwords
// and MFA stay untouched: the settings test uses a freshly registered user.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { createRegisteredUser } from './support/api.ts';
import { linkIn, newestMailTo } from './support/mail.ts';
import { signIn } from './support/ui.ts';

async function search(page: Page, text: string) {
  await page.getByLabel('Search by name or email').fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text)}`));
}

test('a company admin sees only their company, invites, edits and deletes a user', async ({
  page,
}) => {
  // Five steps through dialogs and the outbox: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  await signIn(page, 'company.admin@flowsight.test');
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByTestId('user-row').first()).toBeVisible();

  // Another company's admin is out of sight, a colleague is not.
  await search(page, 'other.admin@flowsight.test');
  await expect(page.getByTestId('users-empty')).toBeVisible();
  await search(page, 'Okafor');
  await expect(page.getByTestId('user-row')).toHaveCount(1);

  // Invite: the invitation email lands in the outbox.
  const email = `invitee-${randomUUID().slice(0, 10)}@flowsight.test`;
  const since = Date.now();
  await page.getByTestId('invite-user').click();
  const invite = page.getByRole('dialog');
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('First name').fill('Ivy');
  await invite.getByLabel('Last name').fill('Invitee');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  const mail = await newestMailTo(email, { since, subject: /invited/i });
  expect(linkIn(mail, '/register')).toContain('token=');

  await search(page, email);
  const row = page.getByTestId('user-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Ivy Invitee');
  await expect(row).toContainText('Invited');

  // Edit.
  await page.getByRole('button', { name: 'Actions for Ivy Invitee' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel('Last name').fill('Renamed');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User saved')).toBeVisible();
  await expect(row).toContainText('Ivy Renamed');

  // Delete, only after the confirmation.
  await page.getByRole('button', { name: 'Actions for Ivy Renamed' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Confirmation');
  await expect(confirm).toContainText(`Delete Ivy Renamed (${email})? Are you sure?`);
  await confirm.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByText('Deleted successfully')).toBeVisible();
  await expect(page.getByTestId('users-empty')).toBeVisible();
});

test('a company manager reads the list without write actions', async ({ page }) => {
  await signIn(page, 'manager@flowsight.test');
  await page.goto('/users');
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  await expect(page.getByTestId('invite-user')).toHaveCount(0);
  await search(page, 'company.admin@flowsight.test');
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Actions for Olivia Hartman' }).click();
  const items = page.getByRole('menuitem');
  await expect(items).toHaveText(['Roles', 'Notification contacts']);
});

test('a person changes their own phone on /settings and finds it after a reload', async ({
  page,
  request,
}) => {
  const user = await createRegisteredUser(request);
  await signIn(page, user.email, user.password);
  await page.goto('/settings');
  const profile = page.getByTestId('profile-form');
  const phone = `+1 617 555 ${String(Date.now()).slice(-4)}`;
  await profile.getByLabel('Phone').fill(phone);
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('profile-form').getByLabel('Phone')).toHaveValue(phone);
});

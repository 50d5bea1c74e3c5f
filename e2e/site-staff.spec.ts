// Site staff: a company role narrowed to one property sees that property alone — its dashboard
// reads as the totals of that place, its company's properties list holds that property only, the
// company's own settings are out of reach — and a company admin grants such a role by names,
// never by typed ids.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signInThroughApi } from './support/api.ts';
import { signIn } from './support/ui.ts';

const SITE = 'Kendall Square Lofts';

test('the site manager of one property sees that property alone', async ({ page, request }) => {
  const session = await signInThroughApi(request, 'site.manager@flowsight.test');
  const role = session.roles.find((r) => r.id === session.active_role_id);
  expect(role?.property_id).not.toBeNull();
  await signIn(page, 'site.manager@flowsight.test');
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText(`Totals of ${SITE}`)).toBeVisible();

  // The company's properties list holds the one property; a sibling is not there.
  await page.goto(`/companies/${role?.company_id}/properties`);
  await expect(page.getByRole('link', { name: SITE }).first()).toBeVisible();
  await expect(page.getByText('Harbor Point Apartments')).toHaveCount(0);

  // The company's thresholds are the company's: the tab is not offered and its address leads away.
  await expect(page.getByRole('tab', { name: 'Thresholds' })).toHaveCount(0);
  await page.goto(`/companies/${role?.company_id}/thresholds`);
  await expect(page).not.toHaveURL(/\/thresholds/);
});

test('a company admin grants a role on one property by its name @desktop-only', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'company.admin@flowsight.test');
  await page.goto('/users');
  const email = `site-${randomUUID().slice(0, 8)}@flowsight.test`;
  await page.getByTestId('invite-user').click();
  const invite = page.getByRole('dialog');
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('First name').fill('Sita');
  await invite.getByLabel('Last name').fill('Staff');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();

  await page.getByLabel('Search by name or email').fill(email);
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Actions for Sita Staff' }).click();
  await page.getByRole('menuitem', { name: 'Roles' }).click();
  const roles = page.getByRole('dialog');
  await expect(roles.getByTestId('user-roles')).toContainText('Company Admin of');

  // The company is the admin's own, shown and fixed; the property is picked by typing its name.
  await roles.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Company Manager' }).click();
  await expect(roles.getByTestId('role-company-fixed')).toBeVisible();
  await roles.getByRole('combobox', { name: 'Property' }).fill('Kendall');
  await page.getByRole('option', { name: SITE }).click();
  await roles.getByRole('button', { name: 'Add role' }).click();
  await expect(page.getByText('Role added')).toBeVisible();
  await expect(roles.getByTestId('user-roles')).toContainText(`Company Manager of`);
  await expect(roles.getByTestId('user-roles')).toContainText(SITE);
});

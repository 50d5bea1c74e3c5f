// Portfolio pages (spec section 2): a system admin builds a company → property →
// building → unit through the dialogs and lands on the unit; a company admin sees only their own
// company; deleting a property that still has buildings shows the server's refusal.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { signInThroughApi } from './support/api.ts';
import { openSearch, signIn } from './support/ui.ts';

async function create(page: Page, form: string, name: string) {
  await page.getByTestId('new-record').click();
  const dialog = page.getByTestId(form);
  await dialog.getByLabel('Name', { exact: false }).first().fill(name);
  return dialog;
}

test('a system admin creates a company, property, building and unit and ends on the unit', {
  tag: '@desktop-only',
}, async ({ page }) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 8);
  await signIn(page, 'admin@flowsight.test');
  await page.goto('/companies');
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();

  let dialog = await create(page, 'company-form', `E2E Company ${tag}`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/companies\/\d+\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: `E2E Company ${tag}` })).toBeVisible();

  await page.getByRole('tab', { name: 'Properties' }).click();
  dialog = await create(page, 'property-form', `E2E Property ${tag}`);
  await dialog.getByRole('combobox', { name: 'Time zone' }).fill('America/New_York');
  await page.getByRole('option', { name: /^America\/New_York/ }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/companies\/\d+\/properties\/\d+\/buildings$/);
  await expect(page.getByRole('heading', { level: 1, name: `E2E Property ${tag}` })).toBeVisible();

  dialog = await create(page, 'building-form', `E2E Building ${tag}`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/buildings\/\d+\/units$/);
  await expect(page.getByRole('heading', { level: 1, name: `E2E Building ${tag}` })).toBeVisible();

  dialog = await create(page, 'unit-form', `E2E Unit ${tag}`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  // A unit opens on its micrometers (spec section 2); its overview names the building.
  await expect(page).toHaveURL(/\/units\/\d+\/micrometers$/);
  await expect(page.getByRole('heading', { level: 1, name: `E2E Unit ${tag}` })).toBeVisible();
  await page.goto(page.url().replace(/\/micrometers$/, '/overview'));
  await expect(page.getByTestId('overview-details')).toContainText(`E2E Building ${tag}`);
  const unitPage = page.url();

  // The new unit is found from anywhere with the header search.
  await page.goto('/companies');
  const field = await openSearch(page);
  await field.fill(`Unit ${tag}`);
  const hit = page
    .getByRole('group', { name: 'Units' })
    .getByRole('option', { name: new RegExp(`E2E Unit ${tag}`) });
  await expect(hit).toContainText(`E2E Property ${tag}`);
  await hit.click();
  // The search opens the unit's page, which then settles on its default tab.
  const unitBase = unitPage.replace(/\/overview$/, '');
  await expect(page).toHaveURL(new RegExp(`^${unitBase.replace(/[.?]/g, '\\$&')}(/[a-z-]+)?$`));
  await expect(page.getByRole('heading', { level: 1, name: `E2E Unit ${tag}` })).toBeVisible();
});

test('a company admin sees only their own company', async ({ page, request }) => {
  const own = await signInThroughApi(request, 'company.admin@flowsight.test');
  const other = await signInThroughApi(request, 'other.admin@flowsight.test');
  const ownCompany = own.roles[0]?.company_id;
  const otherCompany = other.roles[0]?.company_id;
  expect(ownCompany).toBeTruthy();
  expect(otherCompany).toBeTruthy();

  await signIn(page, 'company.admin@flowsight.test');
  await page.goto('/companies');
  await expect(page).toHaveURL(new RegExp(`/companies/${ownCompany}/properties$`));
  await expect(page.getByTestId('portfolio-row').first()).toBeVisible();

  // Every property listed belongs to the admin's own company.
  const response = await request.get(`/api/companies/${ownCompany}/properties?limit=100`, {
    headers: { Authorization: `Bearer ${own.access_token}` },
  });
  const names = ((await response.json()) as { data: { name: string }[] }).data.map((p) => p.name);
  const rows = await page.getByTestId('portfolio-row').allTextContents();
  for (const row of rows) expect(names.some((name) => row.includes(name))).toBe(true);

  await page.goto(`/companies/${otherCompany}/properties`);
  await expect(page.getByTestId('record-not-found')).toBeVisible();
  await expect(page.getByTestId('portfolio-row')).toHaveCount(0);
});

test('deleting a property that still has buildings shows the refusal', async ({ page }) => {
  await signIn(page, 'admin@flowsight.test');
  await page.goto('/properties?sort=buildings_count:DESC');
  await page.getByTestId('portfolio-row').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/properties\/\d+\/buildings$/);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByTestId('delete-record').click();
  await page.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByTestId('delete-refusal')).toContainText(/still has \d+ buildings?/);
  await expect(page.getByTestId('delete-refusal')).toContainText('Move or delete them first.');
});

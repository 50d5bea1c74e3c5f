// The header's global search and Export All to CSV (issue 5): a system admin finds a demo unit by
// part of its name and opens its page from the hit; exports the companies and gets a CSV whose
// rows are the companies the API lists; a company manager has no Export control and a type-3
// company's admin no search.
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { parseCsv } from './support/csv.ts';

type SearchHit = {
  id: number;
  name: string;
  company_id: number;
  property_id: number | null;
  building_id: number | null;
  context: string | null;
};
type SearchAnswer = Record<'companies' | 'properties' | 'buildings' | 'units', SearchHit[]>;

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('app-shell')).toBeVisible();
}

/** The search field: in the header on wide screens, behind the search button on phones. */
async function openSearch(page: Page) {
  const field = page.getByRole('combobox', {
    name: 'Search companies, properties, buildings and units',
  });
  if (!(await field.isVisible())) {
    await page.getByTestId('header-search').click();
    await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
  }
  return field;
}

/** Opens the header's pop-up menu when the controls are collapsed into it (small screens). */
async function revealHeaderControls(page: Page) {
  const more = page.getByTestId('header-more');
  if (await more.isVisible()) {
    await more.click();
    await expect(page.getByRole('menu')).toBeVisible();
  }
}

test('a system admin finds a unit by part of its name and opens its page', async ({
  page,
  request,
}) => {
  const { access_token: token } = await signInThroughApi(request, 'admin@flowsight.test');
  const headers = { Authorization: `Bearer ${token}` };
  const units = await request.get('/api/units?limit=1', { headers });
  expect(units.status()).toBe(200);
  const [unit] = ((await units.json()) as { data: { name: string }[] }).data;
  if (unit === undefined) throw new Error('the demo portfolio has no units');
  // Part of the name: all of it but its first character when it is long enough.
  const part = unit.name.length > 2 ? unit.name.slice(1) : unit.name;
  const answer = (await (
    await request.get(`/api/search/${encodeURIComponent(part)}`, { headers })
  ).json()) as SearchAnswer;
  const target = answer.units[0];
  if (target === undefined) throw new Error(`no unit matches "${part}"`);

  await signIn(page, 'admin@flowsight.test');
  const field = await openSearch(page);
  await field.fill(part);
  const unitHits = page.getByRole('group', { name: 'Units' });
  const hit = unitHits.getByRole('option').first();
  await expect(hit).toContainText(target.name);
  if (target.context !== null) await expect(hit).toContainText(target.context);
  // Keyboard: the first hit of the list is highlighted; walk down to the first unit and open it.
  const options = page.getByRole('listbox').getByRole('option');
  const before = answer.companies.length + answer.properties.length + answer.buildings.length;
  await expect(options).toHaveCount(before + answer.units.length);
  for (let step = 0; step < before; step += 1) await field.press('ArrowDown');
  await expect(field).toHaveAttribute(
    'aria-activedescendant',
    (await hit.getAttribute('id')) ?? '',
  );
  await field.press('Enter');

  await expect(page).toHaveURL(
    `/companies/${target.company_id}/properties/${target.property_id}/buildings/${target.building_id}/units/${target.id}`,
  );
  await expect(page.getByRole('listbox')).toHaveCount(0);
});

test('a system admin exports the companies to CSV', async ({ page, request }) => {
  const { access_token: token } = await signInThroughApi(request, 'admin@flowsight.test');
  const listed = await request.get('/api/companies?limit=500', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(listed.status()).toBe(200);
  const companies = ((await listed.json()) as { data: { id: number; name: string }[] }).data;
  expect(companies.length).toBeGreaterThan(0);

  await signIn(page, 'admin@flowsight.test');
  await revealHeaderControls(page);
  await page.getByTestId('header-export-all').click();
  const dialog = page.getByRole('dialog', { name: 'Export all to CSV' });
  const exportButton = dialog.getByRole('button', { name: 'Export' });
  await expect(exportButton).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Companies' }).check();
  await expect(exportButton).toBeEnabled();

  const downloading = page.waitForEvent('download');
  await exportButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^companies-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText('All files were downloaded successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text).toContain('\r\n');
  const [header, ...rows] = parseCsv(text);
  const idColumn = header?.indexOf('ID') ?? -1;
  const nameColumn = header?.indexOf('Name') ?? -1;
  expect([idColumn, nameColumn]).not.toContain(-1);
  const fromCsv = rows
    .map((row) => ({ id: Number(row[idColumn]), name: row[nameColumn] }))
    .sort((a, b) => a.id - b.id);
  const fromApi = companies.map(({ id, name }) => ({ id, name })).sort((a, b) => a.id - b.id);
  expect(fromCsv).toEqual(fromApi);
});

test('a company manager has no Export control; a type-3 company’s admin has no search', async ({
  page,
}) => {
  await signIn(page, 'manager@flowsight.test');
  await expect(page.getByTestId('header-search')).toBeVisible();
  await revealHeaderControls(page);
  await expect(page.getByTestId('header-customize')).toBeVisible();
  await expect(page.getByTestId('header-export-all')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);

  await signIn(page, 'restricted.admin@flowsight.test');
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
  await expect(page.getByTestId('header-search')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: /Search companies/ })).toHaveCount(0);
});

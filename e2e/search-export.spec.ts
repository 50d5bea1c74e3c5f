// The header's global search and Export All to CSV: a system admin finds a demo unit by
// part of its name and opens its page from the hit; exports the companies and gets a CSV whose
// rows are the companies the API lists; a company manager has no Export control and a type-3
// company's admin no search.
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { signInThroughApi } from './support/api.ts';
import { parseCsv } from './support/csv.ts';
import { openSearch, revealHeaderControls, signIn } from './support/ui.ts';

type SearchHit = {
  id: number;
  name: string;
  company_id: number;
  property_id: number | null;
  building_id: number | null;
  context: string | null;
};
type SearchAnswer = Record<'companies' | 'properties' | 'buildings' | 'units', SearchHit[]>;

/**
 * The companies the list shows, each as column → text: the table's visible cells under their
 * headings, or on a phone the cards' title link (Name) and labelled details.
 */
async function shownCompanies(page: Page): Promise<Record<string, string>[]> {
  const table = page.getByRole('table');
  const cards = page.getByRole('list', { name: 'Companies' }).getByRole('listitem');
  await expect(table.getByRole('row').nth(1).or(cards.first())).toBeVisible();
  if (await table.isVisible()) {
    const header = await table.getByRole('columnheader').allInnerTexts();
    return table
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
      .evaluateAll(
        (rows, names) =>
          rows.map((row) => {
            const cells = Array.from(row.querySelectorAll('td'))
              .filter((cell) => cell.checkVisibility())
              .map((cell) => (cell.textContent ?? '').trim());
            return Object.fromEntries(names.map((name, i) => [name, cells[i] ?? '']));
          }),
        header,
      );
  }
  return cards.evaluateAll((items) =>
    items.map((item) => {
      const record: Record<string, string> = {
        Name: (item.querySelector('a')?.textContent ?? '').trim(),
      };
      for (const term of Array.from(item.querySelectorAll('dt'))) {
        record[(term.textContent ?? '').trim()] = (
          term.nextElementSibling?.textContent ?? ''
        ).trim();
      }
      return record;
    }),
  );
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

test('a system admin exports the companies to CSV and gets the rows the list shows', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await signIn(page, 'admin@flowsight.test');
  await page.goto('/companies?limit=50');
  const shown = await shownCompanies(page);
  expect(shown.length).toBeGreaterThanOrEqual(3);
  // More than the name is compared, on a phone's cards too.
  expect(Object.keys(shown[0] ?? {})).toEqual(expect.arrayContaining(['Name', 'Properties']));

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
  const [csvHeader = [], ...records] = parseCsv(text);
  const column = (name: string) => csvHeader.indexOf(name);
  // Every row the list shows is in the file with the same values (other tests may add companies
  // meanwhile, so the file may hold more).
  for (const cells of shown) {
    const value = (name: string) => cells[name] ?? '';
    const record = records.find((r) => r[column('Name')] === value('Name'));
    expect(record, value('Name')).toBeDefined();
    if (!record) continue;
    // Phones show fewer columns: compare those the list shows.
    if ('Type' in cells) expect(record[column('Type')]).toBe(value('Type'));
    if ('City' in cells) {
      const city = record[column('City')]
        ? `${record[column('City')]}, ${record[column('State')]}`
        : '—';
      expect(city).toBe(value('City'));
    }
    // Companies other specs are building right now may grow between the list and the file.
    if (value('Name').startsWith('E2E ')) continue;
    for (const count of ['Properties', 'Buildings', 'Units'].filter((c) => c in cells)) {
      expect(Number(record[column(count)]), count).toBe(Number(value(count)));
    }
  }
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

// Appliance thresholds and the event log (spec section 2 "/companies/{id}" thresholds tab and
// "/events"): a company admin sets their company's washing machine threshold, sees it
// again after a reload, and gets the rule's message for a bad value; a system admin finds that
// change on /events by entity type, with the company admin's name. The phone project uses the
// second company's admin so the two projects, running at once, never edit the same threshold.
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/ui.ts';

const admins = {
  desktop: { email: 'company.admin@flowsight.test', name: 'Olivia Hartman' },
  phone: { email: 'other.admin@flowsight.test', name: 'Grace Kowalski' },
} as const;

async function openThresholdsTab(page: Page) {
  await page.goto('/companies');
  await expect(page).toHaveURL(/\/companies\/\d+/);
  await page.getByRole('tab', { name: 'Thresholds' }).click();
  await expect(page).toHaveURL(/\/companies\/\d+\/thresholds$/);
  await expect(page.getByTestId('threshold-row')).toHaveCount(22);
}

const washingMachine = (page: Page) =>
  page.getByTestId('threshold-row').filter({ hasText: 'Washing machine' });

test(
  'a company admin sets a threshold, and a system admin sees the change on /events',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const admin = testInfo.project.name === 'phone' ? admins.phone : admins.desktop;
    // A value of this run: tenths of a gallon between 100 and 999.
    const value = (100 + Math.floor(Math.random() * 8990) / 10).toFixed(1);
    // The page shows the number as entered less a trailing ".0" (474.0 reads "474").
    const shown = String(Number(value));

    await signIn(page, admin.email);
    await openThresholdsTab(page);
    await washingMachine(page)
      .getByRole('button', { name: 'Edit the threshold of Washing machine' })
      .click();
    const dialog = page.getByTestId('threshold-dialog');
    await expect(
      dialog.getByRole('heading', { name: 'Daily threshold: Washing machine' }),
    ).toBeVisible();

    const input = dialog.getByTestId('threshold-input');
    await input.fill('-5');
    await dialog.getByTestId('threshold-save').click();
    await expect(
      dialog.getByText('The threshold must be above 0 and at most 100,000 gallons a day'),
    ).toBeVisible();
    await input.fill('12.3456');
    await expect(dialog.getByText('Use at most 3 decimals')).toBeVisible();

    await input.fill(value);
    await dialog.getByTestId('threshold-save').click();
    await expect(
      page.getByText(`Threshold of Washing machine set to ${shown} gal a day`),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(washingMachine(page).getByTestId('threshold-value')).toHaveText(`${shown} gal`);

    await page.reload();
    await expect(washingMachine(page).getByTestId('threshold-value')).toHaveText(`${shown} gal`);

    // Sign out (the session lives in localStorage) and in again as the system admin.
    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, 'admin@flowsight.test');
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Entity type' }).click();
    await page.getByRole('option', { name: 'Fixture threshold' }).click();
    await expect(page).toHaveURL(/type=company_appliance_threshold/);

    const change = page.getByTestId('event-row').filter({ hasText: shown });
    await expect(change).toHaveCount(1);
    await expect(change).toContainText(admin.name);
    // The note names the fixture type; the change names the field.
    await expect(change).toContainText('washing machine');
    await expect(change.getByTestId('event-change')).toContainText('Threshold:');
    await expect(page.getByTestId('event-row').filter({ hasText: 'Micrometer' })).toHaveCount(0);
  },
);

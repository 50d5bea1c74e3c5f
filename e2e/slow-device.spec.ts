// A slow phone renders late: with the CPU slowed six times, a page's render can still be running
// when the next field reports or the next option is clicked. Each change to the address must be
// rendered before the next one reads it (`lib/address-search.ts`); before, the second date undid
// the first and only the last of three statuses stayed.
import { expect, type Page, test } from '@playwright/test';
import { enterDate, localDaysAgo, signIn } from './support/ui.ts';

async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
}

test('two dates typed one after the other both reach the address @phone-only', async ({ page }) => {
  test.slow();
  await signIn(page, 'admin@flowsight.test');
  await page.goto('/reports');
  await expect(page.getByTestId('report-heading')).toHaveText('Usage by unit');
  await slowCpu(page);
  const from = localDaysAgo(20);
  const to = localDaysAgo(0);
  await enterDate(page, 'range-from', from);
  await enterDate(page, 'range-to', to);
  await expect(page).toHaveURL(new RegExp(`[?&]from=${from}&to=${to}$`), { timeout: 15_000 });
});

test('three statuses picked in a row are all applied @phone-only', async ({ page }) => {
  test.slow();
  await signIn(page, 'admin@flowsight.test');
  await page.goto('/alerts');
  const status = page.getByRole('combobox', { name: 'Status' });
  await expect(status).toHaveText('New, Acknowledged');
  await slowCpu(page);
  await status.click();
  const options = page.getByRole('listbox');
  await options.getByRole('option', { name: 'New' }).click();
  await options.getByRole('option', { name: 'Acknowledged' }).click();
  await options.getByRole('option', { name: 'Closed' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/[?&]status=3$/, { timeout: 15_000 });
  await expect(status).toHaveText('Closed');
});

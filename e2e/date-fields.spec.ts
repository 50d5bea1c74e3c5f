// Date fields follow the app's language, not the browser's: the reports page's range
// reads month/day/year in English, day/month/year in French and year/month/day in Chinese; a date
// typed in the language's order, or picked from the calendar, reaches the address as YYYY-MM-DD.
import { expect, test } from '@playwright/test';
import { chooseLanguage, dateFieldText, enterDate, localDaysAgo, signIn } from './support/ui.ts';

test('date fields write, read and offer dates in the app’s language', async ({ page }) => {
  await signIn(page, 'manager@flowsight.test');
  await page.goto('/reports');
  const from = dateFieldText(page, 'range-from');
  // The report opens on this month: the first day shows in the middle in English.
  await expect(from).toHaveValue(/^\d{2}\/01\/\d{4}$/);

  await chooseLanguage(page, 'Français');
  await expect(from).toHaveValue(/^01\/\d{2}\/\d{4}$/);
  const start = localDaysAgo(20);
  await enterDate(page, 'range-from', start, 'fr');
  await expect(page).toHaveURL(new RegExp(`[?&]from=${start}(&|$)`));
  const [year, month, day] = start.split('-');
  await expect(from).toHaveValue(`${day}/${month}/${year}`);

  // The calendar speaks French too, and a day picked there is the field's date.
  await page.getByTestId('range-from').getByRole('button').click();
  const monthName = new Intl.DateTimeFormat('fr', { month: 'long', timeZone: 'UTC' }).format(
    new Date(`${start}T12:00:00Z`),
  );
  const calendar = page.getByRole('dialog');
  await expect(calendar).toContainText(monthName);
  await calendar.getByRole('gridcell', { name: '1', exact: true }).click();
  // On a phone the calendar is a dialog that waits for OK; on a desktop the pick closes it.
  const ok = calendar.getByRole('button', { name: 'OK' });
  if (await ok.isVisible()) await ok.click();
  await expect(calendar).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`[?&]from=${year}-${month}-01(&|$)`));
  await expect(from).toHaveValue(`01/${month}/${year}`);

  await chooseLanguage(page, '中文');
  await expect(from).toHaveValue(`${year}/${month}/01`);
});

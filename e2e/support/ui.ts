// What many browser tests do the same way: sign in through the form, reach header controls that
// collapse into a menu on small screens, and open the header's search.
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './api.ts';

/** Signs in through the login form and waits for the shell. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('app-shell')).toBeVisible();
}

/** Opens the header's pop-up menu when the controls are collapsed into it (small screens). */
export async function revealHeaderControls(page: Page) {
  const more = page.getByTestId('header-more');
  if (await more.isVisible()) {
    await more.click();
    await expect(page.getByRole('menu')).toBeVisible();
  }
}

/** Below this width the header's search hides behind a button (the theme's `sm` breakpoint). */
const SEARCH_FIELD_MIN_WIDTH = 768;

/** The search field: in the header on wide screens, behind the search button on phones. */
export async function openSearch(page: Page) {
  await expect(page.getByTestId('app-shell')).toBeVisible();
  const field = page.getByRole('combobox', {
    name: 'Search companies, properties, buildings and units',
  });
  if ((page.viewportSize()?.width ?? 0) < SEARCH_FIELD_MIN_WIDTH) {
    await page.getByTestId('header-search').click();
    await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
  }
  return field;
}

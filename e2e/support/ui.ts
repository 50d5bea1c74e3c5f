// What many browser tests do the same way: sign in (through the form once per account and
// worker), reach header controls that collapse into a menu on small screens, open the header's
// search, switch the language and type into a date field.
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './api.ts';

/** Signs in through the login form and waits for the shell. */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('app-shell')).toBeVisible();
}

/** What the app keeps in the browser after a sign-in (`lib/session-storage.ts`). */
type StoredSession = { serviceToken: string; userActiveRole: string };

/** Each worker's demo sessions: one password check per account, not one per test. */
const storedSessions = new Map<string, StoredSession>();
let seeded = 0;

/**
 * Signs in as a demo account and waits for the shell at the role's home. The first time in a
 * worker this goes through the login form; later tests start with the session that sign-in left
 * in the browser, as a returning person would. A session ended since (a test signed out or took
 * a role away) falls back to the form.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const stored = password === DEMO_PASSWORD ? storedSessions.get(email) : undefined;
  if (stored !== undefined) {
    // Once per page (the marker lives in sessionStorage), before the app's code reads it.
    seeded += 1;
    await page.addInitScript(
      ({ marker, session }) => {
        if (window.sessionStorage.getItem(marker) !== null) return;
        window.sessionStorage.setItem(marker, '1');
        for (const [key, value] of Object.entries(session)) window.localStorage.setItem(key, value);
      },
      { marker: `e2e-session-${seeded}`, session: stored },
    );
    await page.goto('/');
    const shell = page.getByTestId('app-shell');
    await expect(
      shell.or(page.getByRole('button', { name: 'Sign in', exact: true })),
    ).toBeVisible();
    if (await shell.isVisible()) return;
    storedSessions.delete(email);
  }
  await signInThroughForm(page, email, password);
  if (password !== DEMO_PASSWORD) return;
  const kept = await page.evaluate(() => ({
    serviceToken: window.localStorage.getItem('serviceToken'),
    userActiveRole: window.localStorage.getItem('userActiveRole'),
  }));
  if (kept.serviceToken !== null && kept.userActiveRole !== null) {
    storedSessions.set(email, kept as StoredSession);
  }
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

/** Switches the app's language through the header (or its menu on small screens). */
export async function chooseLanguage(page: Page, nativeName: string) {
  await revealHeaderControls(page);
  if (await page.getByRole('menu').isVisible()) {
    await page.getByRole('menuitem', { name: nativeName }).click();
  } else {
    await page.getByTestId('header-language').getByRole('combobox').click();
    await page.getByRole('option', { name: nativeName }).click();
  }
}

/** The order a language writes a date's parts in, as its date fields take them. */
const dateOrders = { en: 'MDY', fr: 'DMY', ro: 'DMY', zh: 'YMD' } as const;

/**
 * Types 'YYYY-MM-DD' into the date field with this test id the way a person does: into its
 * first part, the digits in the language's order (the field moves on by itself).
 */
export async function enterDate(
  page: Page,
  testId: string,
  isoDate: string,
  language: keyof typeof dateOrders = 'en',
) {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  const parts = { Y: year, M: month, D: day };
  const digits = [...dateOrders[language]].map((part) => parts[part as 'Y' | 'M' | 'D']).join('');
  await page.getByTestId(testId).getByRole('spinbutton').first().click();
  await page.keyboard.type(digits);
}

/** What a date field shows, as text ('' when empty). */
export function dateFieldText(page: Page, testId: string) {
  return page.getByTestId(testId).locator('input');
}

/** The browser's local date `days` days ago, as YYYY-MM-DD (what a date field writes). */
export function localDaysAgo(days: number): string {
  const date = new Date(Date.now() - days * 86_400_000);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${String(date.getDate()).padStart(2, '0')}`;
}

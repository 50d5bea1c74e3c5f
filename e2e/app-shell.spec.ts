import { expect, test } from '@playwright/test';

test('the served app opens at the root', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Flowsight/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('not-found-page')).toBeVisible();
});

// Desktop only: the document and its viewer are the same at every width, and the viewer is
// third-party code (decisions.md, "Browser tests at one width where the width changes nothing").
test('the API documentation is served', { tag: '@desktop-only' }, async ({ page }) => {
  // Swagger UI parses and renders the whole document (hundreds of operations) in the browser;
  // on a machine busy with the rest of the suite that alone has taken over 30 s.
  test.setTimeout(120_000);
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Flowsight API/ })).toBeVisible({
    timeout: 60_000,
  });
  // Tags start collapsed; opening one lists its routes.
  await page.getByRole('link', { name: 'location', exact: true }).click();
  await expect(page.getByText('/location/countries', { exact: true })).toBeVisible({
    timeout: 40_000,
  });
});

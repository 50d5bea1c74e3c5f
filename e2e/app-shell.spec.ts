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

test('the API documentation is served', async ({ page }) => {
  await page.goto('/api/docs');
  // Swagger UI renders the document after fetching it; give a busy machine time.
  await expect(page.getByRole('heading', { name: /Flowsight API/ })).toBeVisible({
    timeout: 20_000,
  });
  // Tags start collapsed; opening one lists its routes.
  await page.getByRole('link', { name: 'location', exact: true }).click();
  await expect(page.getByText('/location/countries', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
});

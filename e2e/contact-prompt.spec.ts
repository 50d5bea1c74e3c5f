// The dashboard's "Where should alerts reach you?" prompt floats at the bottom of the screen: all
// of it inside the window and, on a desktop, clear of the side menu (it once opened bottom left,
// half under the menu).
import { expect, type Locator, test } from '@playwright/test';
import { createRegisteredUser } from './support/api.ts';
import { signIn } from './support/ui.ts';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (found === null) throw new Error('no box');
  return found;
}

test('the contact prompt shows whole, clear of the side menu', async ({ page, request }) => {
  // A new company admin: no notification contact yet, so the prompt shows.
  const user = await createRegisteredUser(request);
  await signIn(page, user.email, user.password);
  await page.goto('/dashboard');
  const prompt = page.getByTestId('add-contact-prompt');
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('link')).toBeVisible();

  const viewport = page.viewportSize();
  if (viewport === null) throw new Error('no viewport');
  const promptBox = await box(prompt);
  expect(promptBox.x).toBeGreaterThanOrEqual(0);
  expect(promptBox.y).toBeGreaterThanOrEqual(0);
  expect(promptBox.x + promptBox.width).toBeLessThanOrEqual(viewport.width);
  expect(promptBox.y + promptBox.height).toBeLessThanOrEqual(viewport.height);

  const menu = page.getByTestId('side-drawer');
  if (await menu.isVisible()) {
    const menuBox = await box(menu.locator('.MuiDrawer-paper'));
    expect(promptBox.x).toBeGreaterThanOrEqual(menuBox.x + menuBox.width);
  }
  // The link in it takes the person to their contacts.
  await prompt.getByRole('link').click();
  await expect(page).toHaveURL(/\/settings#contacts$/);
});

// The header's pop-ups open under their buttons the very first time after a page load:
// the leak bell, the user menu and, on the phone, the "More" menu. The first press on a fresh
// page is also the page's first input, which loads the frame's tooltips; that must not move the
// pressed button, or the pop-up anchored to it opens in the page's corner.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from './support/ui.ts';

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (found === null) throw new Error('no box');
  return found;
}

/**
 * Presses `button` as the page's first input (a tap on the phone) and returns where `popup`
 * first shows.
 */
async function firstOpening(page: Page, button: Locator, popup: Locator) {
  await page.reload();
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect(button).toBeVisible();
  const buttonBox = await box(button);
  if (test.info().project.use.hasTouch) await button.tap();
  else await button.click();
  await expect(popup).toBeVisible();
  // Where it first shows, not where it may settle later.
  const popupBox = await box(popup);
  return { buttonBox, popupBox };
}

function expectUnder(buttonBox: Box, popupBox: Box) {
  const buttonBottom = buttonBox.y + buttonBox.height;
  // Its top just below the button's bottom…
  expect(popupBox.y).toBeGreaterThanOrEqual(buttonBottom - 2);
  expect(popupBox.y).toBeLessThanOrEqual(buttonBottom + 16);
  // …and across the button horizontally: not in the page's top-left corner.
  expect(popupBox.x).toBeLessThan(buttonBox.x + buttonBox.width);
  expect(popupBox.x + popupBox.width).toBeGreaterThan(buttonBox.x);
}

test.describe('header pop-ups on their first opening', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'manager@flowsight.test');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the leak bell opens under its button', async ({ page }) => {
    const { buttonBox, popupBox } = await firstOpening(
      page,
      page.getByTestId('leak-bell'),
      page.getByRole('dialog', { name: /leaks/i }),
    );
    expectUnder(buttonBox, popupBox);
  });

  test('the user menu opens under its button', async ({ page }) => {
    const { buttonBox, popupBox } = await firstOpening(
      page,
      page.getByTestId('user-menu-button'),
      page.getByRole('menu'),
    );
    expectUnder(buttonBox, popupBox);
  });

  // The "More" menu is the phone's header.
  test('the phone\'s "More" menu opens under its button at the first tap', {
    tag: '@phone-only',
  }, async ({ page }) => {
    const more = page.getByTestId('header-more');
    const { buttonBox, popupBox } = await firstOpening(page, more, page.getByRole('menu'));
    expectUnder(buttonBox, popupBox);
    // The tap opened the menu, no tooltip came first, and the next tap reaches the menu.
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await page.getByRole('menuitem').first().tap();
    await expect(page.getByRole('menu')).toHaveCount(0);
  });
});

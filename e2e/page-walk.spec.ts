// Every page of every demo role (the side menu of the navigation table, the role's landing page
// and the settings) opens without a failed request or a console error. A foreign record's 404 is
// tested apart (portfolio.spec.ts); nothing here expects a 4xx or 5xx. The resident is refused at
// web sign-in by design and has no pages.
import { activeRoleContext, pagesOfRole } from '@flowsight/domain/web-access';
import { expect, type Page, test } from '@playwright/test';
import { type Session, signInThroughApi } from './support/api.ts';
import { signIn } from './support/ui.ts';

const DEMO_ROLES = [
  'admin@flowsight.test',
  'support@flowsight.test',
  'technician@flowsight.test',
  'company.admin@flowsight.test',
  'manager@flowsight.test',
  'tester@flowsight.test',
  'installer@flowsight.test',
  'other.admin@flowsight.test',
  'restricted.admin@flowsight.test',
  'multi@flowsight.test',
  'site.manager@flowsight.test',
];

/** The pages of the session's active role, from the same tables the web reads. */
function pagesOf(session: Session): string[] {
  const role = session.roles.find((r) => r.id === session.active_role_id) ?? session.roles[0];
  if (!role) throw new Error(`${session.user.email} has no role`);
  return pagesOfRole(activeRoleContext(role, session.roles.length));
}

/** Waits until no API call of the page is in flight (live streams aside) for a moment. */
async function settle(page: Page, inFlight: Set<unknown>) {
  await expect(page.getByTestId('app-shell')).toBeVisible();
  let quietSince = Date.now();
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 400) return;
    await page.waitForTimeout(100);
  }
}

for (const email of DEMO_ROLES) {
  // One width: the walk takes about 2½ minutes of CI time on two workers; layouts at phone
  // width have their own tests.
  test(`every page of ${email} loads without a failed request or a console error`, {
    tag: '@desktop-only',
  }, async ({ page, request }) => {
    test.setTimeout(90_000);
    const session = await signInThroughApi(request, email);
    const pages = pagesOf(session);
    const problems: string[] = [];
    const inFlight = new Set<unknown>();
    let current = '(sign-in)';
    page.on('request', (r) => {
      if (r.url().includes('/api/') && r.headers().accept !== 'text/event-stream') inFlight.add(r);
    });
    page.on('requestfinished', (r) => inFlight.delete(r));
    page.on('requestfailed', (r) => {
      inFlight.delete(r);
      // Leaving a page cancels what it still asked for: not a failure.
      if (r.failure()?.errorText !== 'net::ERR_ABORTED') {
        problems.push(`${current}: ${r.method()} ${r.url()} failed (${r.failure()?.errorText})`);
      }
    });
    page.on('response', (r) => {
      if (r.status() >= 400) {
        problems.push(`${current}: ${r.request().method()} ${r.url()} answered ${r.status()}`);
      }
    });
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${current}: console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${current}: page error: ${error.message}`));

    await signIn(page, email);
    await settle(page, inFlight);
    for (const path of pages) {
      current = path;
      // In-app navigation, as a menu click does: the app is not loaded again for every page.
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await settle(page, inFlight);
      // The page is the one asked for (or the place it redirects to), never the not-found page.
      await expect(page.getByTestId('not-found-page')).toHaveCount(0);
    }
    expect(problems, `pages walked: ${pages.join(', ')}`).toEqual([]);
  });
}

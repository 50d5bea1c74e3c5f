// Pages people can find, and breadcrumbs that name where they are. A company manager
// reaches Reports and Statistics from the side menu and Settings from the user menu, each opening
// on content rather than an empty page; a unit page's breadcrumb names the company, property,
// building and unit ("Unit 403") where there is room, and collapses on a phone.
import { expect, type Page, test } from '@playwright/test';
import { signInThroughApi } from './support/api.ts';
import { signIn } from './support/ui.ts';

/** Opens the side menu: permanent on wide screens, behind the drawer button on small ones. */
async function openSideMenu(page: Page) {
  const menu = page.getByTestId('side-menu');
  if (!(await menu.isVisible())) await page.getByTestId('drawer-toggle').click();
  await expect(menu).toBeVisible();
  return menu;
}

test('a company manager reaches Reports and Statistics from the menu, Settings from the user menu', async ({
  page,
}) => {
  await signIn(page, 'manager@flowsight.test');

  // Reports: the first report of the own company for this month, with its rows.
  await (await openSideMenu(page)).getByTestId('menu-reports').click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports');
  await expect(page.getByTestId('report-heading')).toHaveText('Usage by unit');
  await expect(page.getByTestId('report-row').first()).toBeVisible();
  await expect(page.getByTestId('report-prompt')).toHaveCount(0);

  // Statistics: the usage tab of the own company, its figures shown.
  await (await openSideMenu(page)).getByTestId('menu-statistics').click();
  await expect(page).toHaveURL(/\/statistics\/usage$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Statistics');
  await expect(page.getByTestId('stat-units')).toContainText(/\d/);
  await expect(page.getByTestId('statistics-choose-company')).toHaveCount(0);

  // Settings: from the user menu, with the profile, security and notification contacts.
  await page.getByTestId('user-menu-button').click();
  const settings = page.getByTestId('user-menu-settings');
  await expect(settings).toContainText('Profile, security and contacts');
  await settings.click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByTestId('settings-profile')).toBeVisible();
  await expect(page.getByTestId('settings-security')).toContainText('Sign-in code by email (MFA)');
  await expect(page.getByTestId('settings-contacts')).toBeVisible();
});

test('a unit page’s breadcrumb names the company, property, building and unit', async ({
  page,
  request,
}) => {
  const { access_token: token } = await signInThroughApi(request, 'admin@flowsight.test');
  const headers = { Authorization: `Bearer ${token}` };
  // A numbered unit of the demo portfolio: titled "Unit 403", never a bare "403".
  const list = await request.get('/api/units?limit=50', { headers });
  expect(list.status()).toBe(200);
  const rows = ((await list.json()) as { data: { id: number; name: string }[] }).data;
  const numbered = rows.find((row) => /^\d+$/.test(row.name));
  if (numbered === undefined) throw new Error('the demo portfolio has no numbered unit');
  const detail = await request.get(`/api/units/${numbered.id}`, { headers });
  const unit = (await detail.json()) as {
    id: number;
    name: string;
    company_id: number;
    company_name: string;
    property_id: number;
    property_name: string;
    building_id: number;
    building_name: string;
  };
  const unitTitle = `Unit ${unit.name}`;

  await signIn(page, 'admin@flowsight.test');
  await page.goto(
    `/companies/${unit.company_id}/properties/${unit.property_id}/buildings/${unit.building_id}/units/${unit.id}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: unitTitle })).toBeVisible();
  const trail = page.getByTestId('breadcrumbs');
  const names = [unit.company_name, unit.property_name, unit.building_name];
  const expand = trail.getByRole('button', { name: 'Show the whole path' });

  if ((page.viewportSize()?.width ?? 0) >= 1440) {
    // Desktop: every crumb, no collapse.
    await expect(trail.getByRole('link', { name: unitTitle })).toBeVisible();
    for (const name of names) await expect(trail.getByRole('link', { name })).toBeVisible();
    await expect(expand).toHaveCount(0);
    await expect(trail).toContainText(
      `Companies/${unit.company_name}/Properties/${unit.property_name}/Buildings/${unit.building_name}/Units/${unitTitle}/Micrometers`,
    );
  } else {
    // Phone: the first crumb and the last two, then the whole path on request.
    await expect(trail.getByRole('link', { name: unitTitle })).toBeVisible();
    await expect(trail.getByRole('link', { name: unit.company_name })).toHaveCount(0);
    await expand.click();
    for (const name of names) await expect(trail.getByRole('link', { name })).toBeVisible();
  }
});

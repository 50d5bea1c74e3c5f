// The application shell for every demo role (spec section 2): default path, side menu (or none),
// header controls, and the redirect of a route outside the role's list; then languages and
// settings that survive a reload. Runs on the desktop (permanent drawer, inline controls) and
// the phone project (temporary drawer, controls in the pop-up menu).
import { expect, type Page, test } from '@playwright/test';
import { signInThroughApi } from './support/api.ts';
import { chooseLanguage, revealHeaderControls, signIn } from './support/ui.ts';

type Controls = { changePassword: boolean; mfa: boolean; switchRole: boolean };

type RoleCase = {
  email: string;
  /** The default path; `{company}` is the user's company id. */
  home: string;
  /** Top-level side-menu items in order; null: no drawer at all. */
  menu: string[] | null;
  controls: Controls;
  /** A route outside the role's list, answered with a redirect to `home`. */
  forbidden: string;
};

const SYSTEM_MENU = [
  'companies',
  'properties',
  'buildings',
  'alerts',
  'gateways',
  'appliances',
  'submissions',
  'micrometers',
  'users',
  'events',
  'reports',
  'statistics',
  'overview',
];
const COMPANY_MENU = ['dashboard', 'properties', 'users', 'gateways', 'reports', 'statistics'];
const SYSTEM_CONTROLS: Controls = { changePassword: true, mfa: false, switchRole: false };
const COMPANY_CONTROLS: Controls = { changePassword: true, mfa: true, switchRole: false };
const DEVICE_CONTROLS: Controls = { changePassword: false, mfa: true, switchRole: false };

const roleCases: RoleCase[] = [
  {
    email: 'admin@flowsight.test',
    home: '/companies',
    // Integration API keys are the system admin's alone.
    menu: [...SYSTEM_MENU, 'integrations'],
    controls: SYSTEM_CONTROLS,
    forbidden: '/installation',
  },
  {
    email: 'support@flowsight.test',
    home: '/companies',
    menu: SYSTEM_MENU,
    controls: SYSTEM_CONTROLS,
    forbidden: '/dashboard',
  },
  {
    email: 'technician@flowsight.test',
    home: '/companies',
    menu: SYSTEM_MENU,
    controls: SYSTEM_CONTROLS,
    forbidden: '/installation',
  },
  {
    email: 'company.admin@flowsight.test',
    home: '/dashboard',
    menu: COMPANY_MENU,
    controls: COMPANY_CONTROLS,
    forbidden: '/events',
  },
  {
    email: 'manager@flowsight.test',
    home: '/dashboard',
    menu: COMPANY_MENU,
    controls: COMPANY_CONTROLS,
    forbidden: '/micrometers/assignment',
  },
  {
    email: 'other.admin@flowsight.test',
    home: '/dashboard',
    menu: COMPANY_MENU,
    controls: COMPANY_CONTROLS,
    forbidden: '/alerts',
  },
  {
    // Company type 3: no dashboard, gateways or users; /companies leads to the own company.
    email: 'restricted.admin@flowsight.test',
    // The company page opens on its properties tab.
    home: '/companies/{company}/properties',
    menu: ['properties'],
    controls: COMPANY_CONTROLS,
    forbidden: '/users',
  },
  {
    email: 'multi@flowsight.test',
    home: '/dashboard',
    menu: COMPANY_MENU,
    controls: { ...COMPANY_CONTROLS, switchRole: true },
    forbidden: '/overview',
  },
  {
    email: 'tester@flowsight.test',
    home: '/micrometers/testing',
    menu: null,
    controls: DEVICE_CONTROLS,
    forbidden: '/companies',
  },
  {
    email: 'installer@flowsight.test',
    home: '/installation',
    menu: null,
    controls: DEVICE_CONTROLS,
    forbidden: '/micrometers/testing',
  },
];

async function closeHeaderMenu(page: Page) {
  if (await page.getByRole('menu').isVisible()) {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
  }
}

/** Opens the temporary drawer on screens below the lg breakpoint. */
async function revealDrawer(page: Page) {
  const menu = page.getByTestId('side-menu');
  if (!(await menu.isVisible())) await page.getByTestId('drawer-toggle').click();
  await expect(menu).toBeVisible();
  return menu;
}

for (const role of roleCases) {
  test(`${role.email}: default path, side menu, header controls, redirect`, async ({
    page,
    request,
  }) => {
    const session = await signInThroughApi(request, role.email);
    const companyId = session.roles.find((r) => r.id === session.active_role_id)?.company_id;
    const allowsAssignment = session.roles.some(
      (r) => r.id === session.active_role_id && 'allow_assignment' in r && r.allow_assignment,
    );
    const home = role.home.replace('{company}', String(companyId));

    await signIn(page, role.email);
    await expect(page).toHaveURL(home);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Side menu: exactly the role's items, or no drawer at all.
    if (role.menu === null) {
      await expect(page.getByTestId('drawer-toggle')).toHaveCount(0);
      await expect(page.getByTestId('side-drawer')).toHaveCount(0);
    } else {
      const expected = [...role.menu];
      // Company admins keep their company's Flume accounts and its webhooks; managers do not.
      if (role.menu === COMPANY_MENU && !role.email.startsWith('manager')) {
        expected.push('flume-accounts', 'integrations');
      }
      // Company admins get micrometers (assignment) when their company allows assignment.
      if (role.menu === COMPANY_MENU && allowsAssignment && !role.email.startsWith('manager')) {
        expected.push('micrometers');
      }
      const menu = await revealDrawer(page);
      const items = menu.locator(':scope > [data-testid^="menu-"]');
      await expect(items).toHaveCount(expected.length);
      const ids = await items.evaluateAll((elements) =>
        elements.map((element) => element.getAttribute('data-testid')?.replace('menu-', '')),
      );
      expect(ids).toEqual(expected);
      if (expected.includes('appliances')) {
        await expect(menu.getByTestId('menu-appliances')).toHaveText('Fixtures');
      }
      if (role.menu === COMPANY_MENU || role.menu[0] === 'properties') {
        await expect(menu.getByTestId('menu-properties')).toHaveAttribute(
          'href',
          `/companies/${companyId}/properties`,
        );
      }
      await page.keyboard.press('Escape');
    }

    // Header controls of the role.
    await revealHeaderControls(page);
    const expectShown = async (testId: string, shown: boolean) =>
      expect(page.getByTestId(testId)).toHaveCount(shown ? 1 : 0);
    await expectShown('header-change-password', role.controls.changePassword);
    await expectShown('header-mfa', role.controls.mfa);
    await expectShown('header-switch-role', role.controls.switchRole);
    await expectShown('header-language', true);
    await closeHeaderMenu(page);

    // A route outside the role's list leads back to the default path.
    await page.goto(role.forbidden);
    await expect(page).toHaveURL(home);
    await expect(page.getByTestId('app-shell')).toBeVisible();
  });
}

test('switching language changes the visible text', async ({ page }) => {
  await signIn(page, 'manager@flowsight.test');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText('Dashboard');

  await chooseLanguage(page, 'Français');
  await expect(title).toHaveText('Tableau de bord');
  await expect(page.getByTestId('kpi-gallons')).toContainText('Consommation ce mois-ci');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  await chooseLanguage(page, '中文');
  await expect(title).toHaveText('仪表板');
});

test('theme mode, preset colour and language survive a reload', async ({ page }) => {
  await signIn(page, 'admin@flowsight.test');
  await revealHeaderControls(page);
  await page.getByTestId('header-customize').click();
  const panel = page.getByTestId('customization-drawer');
  await expect(panel).toBeVisible();
  await panel.getByTestId('setting-mode').getByRole('button', { name: 'Dark' }).click();
  await panel.getByTestId('preset-purple').click();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await chooseLanguage(page, 'Română');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Companii');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Companii');
  const stored = await page.evaluate(() => window.localStorage.getItem('flowsight.settings'));
  expect(JSON.parse(stored ?? '{}')).toMatchObject({
    mode: 'dark',
    preset: 'purple',
    language: 'ro',
  });
  // Dark background, purple (dark variant) accents.
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(11, 21, 32)');
  await revealHeaderControls(page);
  await page.getByTestId('header-customize').click();
  await expect(page.getByTestId('preset-purple')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('preset-purple')).toHaveCSS(
    'background-color',
    'rgb(186, 104, 200)',
  );
});

// Fleet settings: a system admin tunes a fixture type's continuous-flow window (and is
// stopped by a bad value), changes a configuration default, adds a micrometer's gallon threshold
// by MAC and deletes it; a system technician reads the fixtures without edit controls. The
// desktop and phone projects share one server, so each works on its own fixture, parameter and MAC.
import { generateDemoPortfolio } from '@flowsight/simulator/demo-portfolio';
import { type APIRequestContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import { signInThroughApi } from './support/api.ts';
import { signIn } from './support/ui.ts';

type FixtureType = { id: number; continuous_hours: number | null };

/** What each project works on, so the two never touch the same record. */
function partOf(testInfo: TestInfo) {
  const phone = testInfo.project.name === 'phone';
  const assigned = generateDemoPortfolio().sensors.filter((sensor) => sensor.placement !== null);
  const sensor = assigned.at(phone ? -2 : -1);
  if (!sensor) throw new Error('the demo portfolio has no assigned micrometer');
  return phone
    ? {
        fixtureId: 17,
        fixtureName: 'Third bathroom hot',
        paramName: 'Keep-alive interval',
        mac: sensor.macAddress,
      }
    : {
        fixtureId: 12,
        fixtureName: 'Dishwasher',
        paramName: 'Report interval',
        mac: sensor.macAddress,
      };
}

async function api(request: APIRequestContext) {
  const session = await signInThroughApi(request, 'admin@flowsight.test');
  const headers = { Authorization: `Bearer ${session.access_token}` };
  return {
    fixtures: async () =>
      (await (await request.get('/api/appliances', { headers })).json()) as FixtureType[],
    configDefaults: async () =>
      (await (await request.get('/api/sensors/config-defaults', { headers })).json()) as {
        id: number;
        name: string;
        value: number;
        min_value: number;
        max_value: number;
      }[],
  };
}

const fixtureRow = (page: Page, id: number) =>
  page.locator(`[data-testid="fixture-row"][data-fixture-id="${id}"]`);

test(
  'a system admin changes a fixture’s continuous-flow window; a bad value is refused',
  { tag: '@desktop-only' },
  async ({ page, request }, testInfo) => {
    const part = partOf(testInfo);
    const before = (await (await api(request)).fixtures()).find((f) => f.id === part.fixtureId);
    const hours = before?.continuous_hours === 5 ? 6 : 5;

    await signIn(page, 'admin@flowsight.test');
    await page.goto('/appliances');
    await expect(page.getByRole('heading', { level: 1, name: 'Fixtures' })).toBeVisible();
    await expect(page.getByTestId('fixture-row')).toHaveCount(22);
    await fixtureRow(page, part.fixtureId)
      .getByRole('button', { name: `Edit ${part.fixtureName}` })
      .click();
    const dialog = page.getByTestId('fixture-dialog');
    await expect(
      dialog.getByRole('heading', { name: `Detection for ${part.fixtureName}` }),
    ).toBeVisible();
    const window = dialog.getByLabel('Continuous-flow window (hours)');
    const save = dialog.getByTestId('fixture-save');

    await window.fill('0');
    await expect(
      dialog.getByText('The continuous-flow window must be a whole number of hours from 1 to 72'),
    ).toBeVisible();
    await expect(save).toBeDisabled();
    await window.fill('2.5');
    await expect(save).toBeDisabled();
    await dialog.getByLabel('Hourly minimum (gallons)').fill('0.1234');
    await expect(dialog.getByText('Use at most 3 decimals')).toBeVisible();
    await dialog.getByLabel('Hourly minimum (gallons)').fill('0.1');

    await window.fill(String(hours));
    await expect(save).toBeEnabled();
    await save.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${part.fixtureName} saved`)).toBeVisible();
    await expect(fixtureRow(page, part.fixtureId).getByTestId('fixture-continuous')).toHaveText(
      `${hours} h window`,
    );

    await page.reload();
    await expect(fixtureRow(page, part.fixtureId).getByTestId('fixture-continuous')).toHaveText(
      `${hours} h window`,
    );
    const after = (await (await api(request)).fixtures()).find((f) => f.id === part.fixtureId);
    expect(after?.continuous_hours).toBe(hours);
  },
);

test(
  'a system admin changes a configuration default within its range',
  { tag: '@desktop-only' },
  async ({ page, request }, testInfo) => {
    const part = partOf(testInfo);
    const param = (await (await api(request)).configDefaults()).find(
      (p) => p.name === part.paramName,
    );
    if (!param) throw new Error(`no parameter ${part.paramName}`);
    const value = param.value === param.max_value ? param.min_value : param.max_value;

    await signIn(page, 'admin@flowsight.test');
    await page.goto('/micrometers/defaults');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Micrometer defaults' }),
    ).toBeVisible();
    await page.getByRole('button', { name: `Edit ${part.paramName}` }).click();
    const dialog = page.getByTestId('config-default-dialog');
    const field = dialog.getByRole('textbox');
    await field.fill(String(param.max_value + 1));
    await expect(
      dialog.getByText(
        `${part.paramName} must be a whole number from ${param.min_value} to ${param.max_value}`,
      ),
    ).toBeVisible();
    await expect(dialog.getByTestId('config-default-save')).toBeDisabled();
    await field.fill(String(value));
    await dialog.getByTestId('config-default-save').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${part.paramName} set to ${value}`)).toBeVisible();
    const row = page.locator(`[data-testid="config-default-row"][data-param-id="${param.id}"]`);
    await expect(row.getByTestId('config-default-value')).toContainText(value.toLocaleString('en'));

    await page.reload();
    await expect(row.getByTestId('config-default-value')).toContainText(value.toLocaleString('en'));
  },
);

test(
  'a system admin adds a micrometer’s gallon threshold by MAC and deletes it',
  { tag: '@desktop-only' },
  async ({ page }, testInfo) => {
    const { mac } = partOf(testInfo);
    const typed = mac.match(/../g)?.join(':').toLowerCase() ?? mac;

    await signIn(page, 'admin@flowsight.test');
    await page.goto('/micrometers/defaults');
    await expect(page.getByRole('heading', { level: 2, name: 'Gallon thresholds' })).toBeVisible();
    await page.getByTestId('add-gallon-threshold').click();
    const dialog = page.getByTestId('gallon-threshold-dialog');
    await dialog.getByLabel('Micrometer MAC').fill('12-34');
    await dialog.getByLabel('Daily threshold (gallons)').fill('0');
    await dialog.getByTestId('gallon-threshold-save').click();
    await expect(dialog.getByText('The MAC must be 16 hexadecimal digits')).toBeVisible();
    await expect(
      dialog.getByText('The gallon threshold must be above 0 and at most 1,000,000 gallons'),
    ).toBeVisible();

    await dialog.getByLabel('Micrometer MAC').fill(typed);
    await dialog.getByLabel('Daily threshold (gallons)').fill('250.5');
    await dialog.getByTestId('gallon-threshold-save').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Threshold added for ${mac}`)).toBeVisible();

    await page.getByRole('textbox', { name: 'Search by MAC or place' }).fill(mac);
    const row = page.locator(`[data-testid="gallon-threshold-row"][data-mac="${mac}"]`);
    await expect(row.getByTestId('gallon-threshold-value')).toHaveText('250.5 gal/day');
    await expect(page.getByTestId('gallon-threshold-row')).toHaveCount(1);

    // A second threshold for the same micrometer is refused with the server's words.
    await page.getByTestId('add-gallon-threshold').click();
    await dialog.getByLabel('Micrometer MAC').fill(mac);
    await dialog.getByLabel('Daily threshold (gallons)').fill('10');
    await dialog.getByTestId('gallon-threshold-save').click();
    await expect(dialog.getByTestId('gallon-threshold-error')).toContainText(
      'This micrometer already has a gallon threshold',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await row.getByRole('button', { name: `Delete the threshold of ${mac}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`Threshold of ${mac} deleted`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('gallon-thresholds-empty')).toBeVisible();
  },
);

test('a system technician reads the fixtures without edit controls', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await signIn(page, 'technician@flowsight.test');
  await page.goto('/appliances');
  await expect(page.getByRole('heading', { level: 1, name: 'Fixtures' })).toBeVisible();
  await expect(page.getByTestId('fixtures-read-only')).toBeVisible();
  await expect(page.getByTestId('fixture-row')).toHaveCount(22);
  await expect(fixtureRow(page, 5).getByTestId('fixture-continuous')).toHaveText('2 h window');
  await expect(page.getByTestId('edit-fixture')).toHaveCount(0);
});

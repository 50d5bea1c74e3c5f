// Usage analytics end to end: the demo manager's dashboard shows the figures the API
// answers for the company; a building's charts tab follows the granularity switch (12 daily
// buckets, 24 hourly, 12 monthly) and keeps it in the address; a system admin reaches the same
// dashboard as the company page's tab; a restricted company's admin has no dashboard at all.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { getJson, signInThroughApi } from './support/api.ts';
import { enterDate, signIn } from './support/ui.ts';

type Statistics = {
  this_month_gallons: number;
  open_leaks: number;
  open_leak_incidents: number;
  sensors: number;
  sensors_transmitting: number;
};
type Listed<T> = { data: T[] };
type TopUnits = {
  data: { company_id: number; property_id: number; building_id: number; unit_id: number }[];
};

// Each test signs in and loads several lazily split pages and charts.
test.describe.configure({ timeout: 60_000 });

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

async function managerCompany(request: APIRequestContext) {
  const session = await signInThroughApi(request, 'manager@flowsight.test');
  const companyId = session.roles[0]?.company_id;
  if (companyId === null || companyId === undefined) throw new Error('The manager has no company');
  return { token: session.access_token, companyId };
}

function columnsOf(page: Page) {
  return page.getByTestId('usage-trend-chart').getByTestId('chart-column');
}

test('the manager’s dashboard shows the company’s figures as the API answers them', async ({
  page,
  request,
}) => {
  const { token, companyId } = await managerCompany(request);
  await signIn(page, 'manager@flowsight.test');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');

  // Other tests post readings to the same company: compare against a fresh answer each try.
  await expect(async () => {
    const stats = await getJson<Statistics>(
      request,
      `/api/companies/${companyId}/statistics`,
      token,
    );
    await page.reload();
    await expect(page.getByTestId('kpi-gallons-value')).toHaveText(
      `${whole.format(stats.this_month_gallons)} gal`,
      { timeout: 5_000 },
    );
    // Leaks count once per incident (alerts of the same water together).
    await expect(page.getByTestId('kpi-leaks-value')).toHaveText(String(stats.open_leak_incidents));
    await expect(page.getByTestId('kpi-sensors-value')).toHaveText(
      `${whole.format(stats.sensors_transmitting)} of ${whole.format(stats.sensors)}`,
    );
  }).toPass({ timeout: 30_000 });

  await expect(columnsOf(page)).toHaveCount(12);
  await expect(page.getByTestId('alerts-chart-columns').getByTestId('chart-column')).toHaveCount(
    12,
  );
  // The top unit the API names links to its own charts (no usage yet: the empty state says so).
  const top = await getJson<TopUnits>(
    request,
    `/api/companies/${companyId}/top-gallons-units?limit=5`,
    token,
  );
  const first = top.data[0];
  if (first === undefined) {
    await expect(page.getByTestId('top-units')).toContainText('No unit used water in this period.');
  } else {
    await expect(page.getByTestId('top-units-list').getByRole('link').first()).toHaveAttribute(
      'href',
      `/companies/${first.company_id}/properties/${first.property_id}/buildings/${first.building_id}/units/${first.unit_id}/charts`,
    );
  }
});

test('a building’s charts follow the granularity switch and keep it in the address', async ({
  page,
  request,
}) => {
  const { token, companyId } = await managerCompany(request);
  const properties = await getJson<Listed<{ id: number }>>(
    request,
    `/api/companies/${companyId}/properties`,
    token,
  );
  const propertyId = properties.data[0]?.id;
  expect(propertyId, 'the demo company has a property').toBeDefined();
  const buildings = await getJson<Listed<{ id: number }>>(
    request,
    `/api/properties/${propertyId}/buildings`,
    token,
  );
  const buildingId = buildings.data[0]?.id;
  expect(buildingId, 'the demo property has a building').toBeDefined();
  const chartsPath = `/companies/${companyId}/properties/${propertyId}/buildings/${buildingId}/charts`;

  await signIn(page, 'manager@flowsight.test');
  await page.goto(chartsPath);
  // The first visit loads the page's code.
  await expect(page.getByRole('tab', { name: 'Charts' })).toHaveAttribute('aria-selected', 'true', {
    timeout: 15_000,
  });
  await expect(columnsOf(page)).toHaveCount(12);

  await page.getByTestId('granularity-4').click();
  await expect(page).toHaveURL(`${chartsPath}?granularity=4`);
  await expect(columnsOf(page)).toHaveCount(24);

  await page.getByTestId('granularity-1').click();
  await expect(page).toHaveURL(`${chartsPath}?granularity=1`);
  await expect(columnsOf(page)).toHaveCount(12);
  await page.reload();
  await expect(page.getByTestId('granularity-1')).toHaveAttribute('aria-pressed', 'true');
  await expect(columnsOf(page)).toHaveCount(12);

  // The breakdown: fixtures by name, every unit of the building, a backwards range explained.
  await expect(
    page.getByTestId('units-comparison-list').getByRole('listitem').first(),
  ).toBeVisible();
  await enterDate(page, 'range-to', '2020-01-01');
  await expect(page.getByTestId('range-error')).toHaveText(
    'The start date must be on or before the end date.',
  );
});

test('a system admin sees the company’s dashboard as its first tab', async ({ page, request }) => {
  const { companyId } = await managerCompany(request);
  await signIn(page, 'admin@flowsight.test');
  await page.goto(`/companies/${companyId}`);
  await page.getByRole('tab', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(`/companies/${companyId}/dashboard`);
  await expect(page.getByTestId('kpi-gallons-value')).toHaveText(/ gal$/);
  await expect(columnsOf(page)).toHaveCount(12);
});

test('a restricted company’s admin has no dashboard', async ({ page }) => {
  await signIn(page, 'restricted.admin@flowsight.test');
  await expect(page).not.toHaveURL(/\/dashboard/);
  await expect(page.getByTestId('menu-dashboard')).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page.getByTestId('app-shell')).toBeVisible();
  await expect(page).not.toHaveURL(/\/dashboard/);
  await expect(page.getByTestId('company-dashboard')).toHaveCount(0);
});

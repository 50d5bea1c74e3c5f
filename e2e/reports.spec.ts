// Usage analytics pages end to end: the system admin's /overview shows the figures the API sent
// it; /reports previews "Usage by unit" of a company over a range and downloads the same rows as
// CSV; a company manager's /statistics shows their own company only, whatever the address names.
import { readFile } from 'node:fs/promises';
import { expect, type Page, type Response, test } from '@playwright/test';
import { signInThroughApi } from './support/api.ts';
import { parseCsv } from './support/csv.ts';
import { enterDate, localDaysAgo, signIn } from './support/ui.ts';

type Overview = {
  companies: number;
  properties: number;
  buildings: number;
  units: number;
  sensors: { assigned: number; stock: number; transmitting: number; not_transmitting: number };
  gateways: { online: number; offline: number };
  alerts: { open: number; open_leaks: number; open_leak_incidents: number };
  readings_last_24h: number;
  companies_list: { company_id: number; name: string }[];
};
type Statistics = { units: number; sensors_transmitting: number; open_alerts: number };

const count = (value: number) => new Intl.NumberFormat('en').format(value);
const figure = (page: Page, testId: string) => page.getByTestId(testId).locator('[data-kpi-value]');
const isApi = (path: string) => (response: Response) =>
  new URL(response.url()).pathname === `/api${path}` && response.request().method() === 'GET';

/** A preview number as the CSV writes it: "1,310.25" → 1310.25. */
/** A figure as the page shows it ("$1,234.50", "1,234.5") as a number. */
const numberOf = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

test('a system admin sees on /overview the figures the API answers', {
  tag: '@desktop-only',
}, async ({ page }) => {
  await signIn(page, 'admin@flowsight.test');
  const answered = page.waitForResponse(isApi('/overview'));
  await page.goto('/overview');
  const overview = (await (await answered).json()) as Overview;

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
  await expect(figure(page, 'kpi-companies')).toHaveText(count(overview.companies));
  await expect(figure(page, 'kpi-properties')).toHaveText(count(overview.properties));
  await expect(figure(page, 'kpi-buildings')).toHaveText(count(overview.buildings));
  await expect(figure(page, 'kpi-units')).toHaveText(count(overview.units));
  await expect(figure(page, 'kpi-transmitting')).toHaveText(count(overview.sensors.transmitting));
  await expect(figure(page, 'kpi-not-transmitting')).toHaveText(
    count(overview.sensors.not_transmitting),
  );
  await expect(figure(page, 'kpi-stock')).toHaveText(count(overview.sensors.stock));
  await expect(figure(page, 'kpi-gateways-online')).toHaveText(count(overview.gateways.online));
  await expect(figure(page, 'kpi-gateways-offline')).toHaveText(count(overview.gateways.offline));
  await expect(figure(page, 'kpi-open-alerts')).toHaveText(count(overview.alerts.open));
  // Leaks count once per incident (alerts of the same water together).
  await expect(figure(page, 'kpi-open-leaks')).toHaveText(
    count(overview.alerts.open_leak_incidents),
  );
  await expect(figure(page, 'kpi-readings-24h')).toHaveText(count(overview.readings_last_24h));
  await expect(page.getByTestId('overview-usage-chart')).toBeVisible();

  // One line per company, each leading to its page (a table row, or a card on phones).
  const lines = page.getByTestId('overview-company');
  await expect(lines).toHaveCount(overview.companies_list.length);
  const [first] = overview.companies_list;
  expect(first).toBeDefined();
  if (!first) return;
  const link = page.locator(
    `[data-testid="overview-company"] a[href="/companies/${first.company_id}"]`,
  );
  await expect(link).toContainText(first.name);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/companies/${first.company_id}(/|$)`));
});

test('a system admin previews "Usage by unit" and downloads the same rows as CSV', {
  tag: '@desktop-only',
}, async ({ page, request }) => {
  // Three sign-ins, a few hundred preview rows and a download: more than the default budget on a
  // busy machine.
  test.slow();
  const admin = await signInThroughApi(request, 'admin@flowsight.test');
  const companyAdmin = await signInThroughApi(request, 'company.admin@flowsight.test');
  const companyId = companyAdmin.roles[0]?.company_id;
  const names = (await (
    await request.get('/api/companies/names', {
      headers: { Authorization: `Bearer ${admin.access_token}` },
    })
  ).json()) as { id: number; name: string }[];
  const company = names.find((row) => row.id === companyId);
  expect(company, 'the company admin’s company is listed').toBeDefined();
  if (!company) return;
  const from = localDaysAgo(20);
  const to = localDaysAgo(0);

  await signIn(page, 'admin@flowsight.test');
  await page.goto('/reports');
  // It opens on the first report (of the first company), not an empty page.
  await expect(page.getByTestId('report-heading')).toHaveText('Usage by unit');
  await expect(page.getByTestId('report-prompt')).toHaveCount(0);
  await page.getByRole('combobox', { name: /^Report/ }).click();
  await page.getByRole('option', { name: 'Usage by unit', exact: true }).click();
  await page.getByRole('combobox', { name: /^Company/ }).fill(company.name.slice(0, 8));
  await page.getByRole('option', { name: company.name }).click();
  await enterDate(page, 'range-from', from);
  await enterDate(page, 'range-to', to);
  await expect(page).toHaveURL(
    new RegExp(`\\?report=1&company=${company.id}&from=${from}&to=${to}$`),
  );

  const preview = page.getByTestId('report-preview');
  await expect(preview).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('report-heading')).toHaveText('Usage by unit');
  await expect(page.getByTestId('report-place')).toHaveText(company.name);
  const rows = page.getByTestId('report-row');
  await expect(rows.first()).toBeVisible();
  const shown = await rows.evaluateAll((elements) =>
    elements.map((row) =>
      Array.from(row.querySelectorAll('td'), (cell) => (cell.textContent ?? '').trim()),
    ),
  );
  expect(shown.length).toBeGreaterThan(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^usage-by-unit-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header = [], ...records] = parseCsv(await readFile(await download.path(), 'utf8'));
  expect(header).toEqual([
    'Property',
    'Building',
    'Unit',
    'Unit category',
    'Gallons',
    'Cost (USD)',
  ]);
  expect(records).toHaveLength(shown.length);
  records.forEach((record, index) => {
    const cells = shown[index] ?? [];
    expect(record.slice(0, 4), `row ${index + 1}`).toEqual(cells.slice(0, 4));
    expect(Number(record[4]), `gallons of row ${index + 1}`).toBeCloseTo(
      numberOf(cells[4] ?? ''),
      1,
    );
    expect(Number(record[5]), `cost of row ${index + 1}`).toBeCloseTo(numberOf(cells[5] ?? ''), 2);
  });
});

test('a company manager sees /statistics/usage of their own company only', async ({
  page,
  request,
}) => {
  const manager = await signInThroughApi(request, 'manager@flowsight.test');
  const other = await signInThroughApi(request, 'other.admin@flowsight.test');
  const ownId = manager.roles[0]?.company_id;
  const otherId = other.roles[0]?.company_id;
  expect(ownId).toBeTruthy();
  expect(otherId).toBeTruthy();
  expect(otherId).not.toBe(ownId);

  await signIn(page, 'manager@flowsight.test');
  const asked: string[] = [];
  page.on('request', (sent) => asked.push(new URL(sent.url()).pathname));
  // The dashboard the manager lands on may ask for the same figures: wait for this page's own.
  const answered = page.waitForResponse(
    (response) =>
      isApi(`/companies/${ownId}/statistics`)(response) && page.url().includes('/statistics/'),
  );
  // The address names another company: a company role still sees its own.
  await page.goto(`/statistics/usage?company=${otherId}`);
  const statistics = (await (await answered).json()) as Statistics;

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Statistics');
  await expect(page.getByRole('tab', { name: 'Usage', selected: true })).toBeVisible();
  await expect(page.getByTestId('statistics-company')).toHaveCount(0);
  await expect(figure(page, 'stat-units')).toHaveText(count(statistics.units));
  await expect(figure(page, 'stat-transmitting')).toHaveText(
    count(statistics.sensors_transmitting),
  );
  await expect(figure(page, 'stat-open-alerts')).toHaveText(count(statistics.open_alerts));
  await expect(page.getByTestId('statistics-trend-chart')).toBeVisible();
  expect(asked.filter((path) => path.startsWith(`/api/companies/${otherId}/`))).toEqual([]);
});

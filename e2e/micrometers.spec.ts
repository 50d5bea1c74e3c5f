// Micrometer pages: a system admin opens /micrometers/assigned on the specification's
// default filter, opens a micrometer's dialog (at most 600 px wide) with its details and a reading
// just posted, follows Reassign to the assignment page, assigns a stock micrometer to a free fixture
// of a new unit and finds it on the unit's micrometers tab, and queues a building-wide downlink
// that is listed as queued; a company manager's company tab lists only their company's micrometers.
import { randomUUID } from 'node:crypto';
import { SensorState } from '@flowsight/domain/lookups';
import { type APIRequestContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import { auth, getJson, signInThroughApi } from './support/api.ts';
import { usageFrame } from './support/frames.ts';
import { signIn } from './support/ui.ts';

type Listed<T> = { data: T[] };
type Named = { id: number; name: string };
type Sensor = { id: number; mac_address: string; company_id: number | null };

/** Picks `name` in one of the page's company → property → building → unit pickers. */
async function pick(page: Page, testId: string, name: string) {
  const field = page.getByTestId(testId).getByRole('combobox');
  await expect(field).toBeEnabled();
  await field.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await expect(field).toHaveValue(name);
}

/** The first demo company's second building (the installation spec works in its first). */
async function demoPlace(request: APIRequestContext, token: string, companyId: number) {
  const company = await getJson<Named>(request, `/api/companies/${companyId}`, token);
  const properties = await getJson<Listed<Named>>(
    request,
    `/api/companies/${companyId}/properties?limit=5&sortBy=name:ASC`,
    token,
  );
  for (const property of properties.data) {
    const buildings = await getJson<Listed<Named>>(
      request,
      `/api/properties/${property.id}/buildings?limit=5&sortBy=name:ASC`,
      token,
    );
    const building = buildings.data[1] ?? buildings.data[0];
    if (building) return { company, property, building };
  }
  throw new Error('the first demo company has no building');
}

/** A stock micrometer no other browser test takes (they use the first and last few). */
async function stockMac(request: APIRequestContext, token: string, info: TestInfo) {
  const list = await getJson<Listed<Sensor>>(
    request,
    `/api/sensors/unassigned?limit=40&filter.sensor_state_id=$eq:${SensorState.Stock}&sortBy=mac_address:ASC`,
    token,
  );
  const sensor = list.data[info.project.name === 'phone' ? 16 : 15];
  if (!sensor) throw new Error('not enough stock micrometers');
  return sensor.mac_address;
}

test('the assigned list opens filtered; a micrometer’s dialog shows details, readings and Reassign', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  const phone = info.project.name === 'phone';
  const admin = await signInThroughApi(request, 'admin@flowsight.test');
  await signIn(page, 'admin@flowsight.test');
  await page.goto('/micrometers/assigned');
  await expect(page.getByRole('heading', { level: 1, name: 'Assigned micrometers' })).toBeVisible();

  // The default filter: internal units, installed and — not on phones — transmitting.
  await expect(page).toHaveURL(/[?&]state=4(&|$)/);
  await expect(page).toHaveURL(/[?&]category=1(&|$)/);
  if (phone) await expect(page).not.toHaveURL(/[?&]status=1(&|$)/);
  else await expect(page).toHaveURL(/[?&]status=1(&|$)/);
  await expect(page.getByTestId('filter-state')).toContainText('Installed');
  await expect(page.getByTestId('filter-category')).toContainText('Internal units');
  await expect(page.getByTestId('filter-status')).toContainText(phone ? 'All' : 'Transmitting');

  const first = page.getByTestId('micrometer-row').first();
  await expect(first).toContainText('Installed');
  const opener = first.getByRole('button', { name: /^Open micrometer / });
  const mac = ((await opener.getAttribute('aria-label')) ?? '').replace('Open micrometer ', '');
  expect(mac).toMatch(/^[0-9A-F]{16}$/);

  // A reading of that micrometer arrives through the ingest API (its own volume per project).
  const volumeMgal = phone ? 4567 : 3456;
  const seq = 1000 + Math.floor(Math.random() * 60_000);
  const keyResponse = await request.post('/api/integration-keys', {
    headers: auth(admin.access_token),
    data: { name: `e2e micrometers ${info.project.name} ${randomUUID().slice(0, 6)}` },
  });
  expect(keyResponse.status()).toBe(201);
  const { key } = (await keyResponse.json()) as { key: string };
  const posted = await request.post('/api/ingest/uplinks', {
    headers: { 'x-api-key': key },
    data: {
      uplinks: [
        {
          mac,
          port: 1,
          payload: usageFrame(seq, volumeMgal, 77),
          received_at: new Date(Date.now() - 60_000).toISOString(),
          gateway: 'E2E-GATEWAY',
        },
      ],
    },
  });
  expect(posted.status(), await posted.text()).toBeLessThan(300);

  await opener.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]mac=${mac}`));
  await expect(dialog.getByTestId('dialog-mac')).toHaveText(mac);
  const box = await dialog.boundingBox();
  if (!phone) expect(box?.width ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(600);
  await expect(dialog.getByTestId('dialog-health')).toContainText('Installed');
  await expect(dialog.getByTestId('dialog-health')).toContainText('Firmware');
  await expect(dialog.getByTestId('dialog-assignment')).toContainText('Fixture');
  await expect(
    dialog.getByTestId('reading-row').filter({ hasText: `${volumeMgal / 1000} gal` }),
  ).toBeVisible();

  await dialog.getByTestId('dialog-assign').click();
  await expect(page).toHaveURL(new RegExp(`/micrometers/assignment\\?mac=${mac}&reload=1$`));
  await expect(page.getByTestId('mac-input')).toHaveValue(mac);
  await expect(page.getByTestId('micrometer-summary')).toContainText(mac);
  await expect(page.getByTestId('assignment-submit')).toHaveText('Reassign');
});

test('a stock micrometer is assigned to a free fixture and shows on the unit’s tab; a building downlink is queued', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const admin = await signInThroughApi(request, 'admin@flowsight.test');
  const manager = await signInThroughApi(request, 'manager@flowsight.test');
  const companyId = manager.roles[0]?.company_id;
  if (companyId === null || companyId === undefined) throw new Error('the manager has no company');
  const { company, property, building } = await demoPlace(request, admin.access_token, companyId);

  // A unit of its own: every fixture slot is free.
  const unitName = `E2E micrometers ${info.project.name} ${randomUUID().slice(0, 6)}`;
  const created = await request.post('/api/units', {
    headers: auth(admin.access_token),
    data: { building_id: building.id, name: unitName, unit_category_id: 1 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const unit = (await created.json()) as Named;
  const mac = await stockMac(request, admin.access_token, info);

  await signIn(page, 'admin@flowsight.test');
  await page.goto(`/micrometers/assignment?mac=${mac}&reload=1`);
  await expect(page.getByTestId('micrometer-summary')).toContainText('In stock');
  const form = page.getByTestId('assignment-form');
  await pick(page, 'pick-company', company.name);
  await pick(page, 'pick-property', property.name);
  await pick(page, 'pick-building', building.name);
  await pick(page, 'pick-unit', unit.name);
  await form.getByTestId('pick-fixture').click();
  await page.getByRole('option', { name: 'Main toilet', exact: true }).click();
  await form.getByTestId('assignment-submit').click();
  await expect(page.getByText(`${mac} is assigned to Main toilet`)).toBeVisible();
  await expect(page.getByTestId('micrometer-summary')).toContainText(unit.name);

  // The unit opens on its micrometers, where the new one is listed.
  await page.goto(
    `/companies/${companyId}/properties/${property.id}/buildings/${building.id}/units/${unit.id}`,
  );
  await expect(page).toHaveURL(/\/units\/\d+\/micrometers$/);
  const row = page.getByTestId('micrometer-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(mac);
  await expect(row).toContainText('Main toilet');

  // A configuration downlink for the whole building, listed as queued.
  await page.goto('/micrometers/downlink');
  await page.getByTestId('target-building').click();
  await pick(page, 'downlink-pick-company', company.name);
  await pick(page, 'downlink-pick-property', property.name);
  await pick(page, 'downlink-pick-building', building.name);
  await page.getByRole('checkbox', { name: 'Send Keep-alive interval' }).uncheck();
  await page.getByRole('checkbox', { name: 'Send Flow start threshold' }).uncheck();
  await page.getByRole('checkbox', { name: 'Send Confirmed uplinks' }).uncheck();
  await page.getByTestId('config-param-1').fill('600');
  await page.getByTestId('downlink-queue').click();
  await expect(page.getByText(/^Downlinks queued: \d+$/)).toBeVisible();
  await page.getByTestId('filter-downlink-status').click();
  await page.getByRole('option', { name: 'Queued' }).click();
  await expect(page).toHaveURL(/[?&]status=queued/);
  await expect(page.getByTestId('downlink-row').first()).toContainText('Queued');
  // The building's downlinks fill pages; the new micrometer's own is found by its MAC.
  await page.goto(`/micrometers/downlink?status=queued&mac=${mac}`);
  await expect(page.getByText(`Showing the downlinks of ${mac} only.`)).toBeVisible();
  const queued = page.getByTestId('downlink-row').filter({ hasText: mac });
  await expect(queued).toContainText('Queued');
  await expect(queued).toContainText('Report interval 600');
  await expect(queued).toContainText(building.name);
});

test('a company manager’s micrometers tab lists only their company’s micrometers', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await signInThroughApi(request, 'admin@flowsight.test');
  const manager = await signInThroughApi(request, 'manager@flowsight.test');
  const other = await signInThroughApi(request, 'other.admin@flowsight.test');
  const companyId = manager.roles[0]?.company_id;
  const otherCompany = other.roles[0]?.company_id;
  expect(companyId).toBeTruthy();
  expect(otherCompany).toBeTruthy();
  const [foreign] = (
    await getJson<Listed<Sensor>>(
      request,
      `/api/companies/${otherCompany}/sensors?limit=1`,
      admin.access_token,
    )
  ).data;
  if (!foreign) throw new Error('the second demo company has no micrometer');

  await signIn(page, 'manager@flowsight.test');
  await page.goto('/companies');
  await expect(page).toHaveURL(new RegExp(`/companies/${companyId}/properties$`));
  await page.getByRole('tab', { name: 'Micrometers' }).click();
  await expect(page).toHaveURL(new RegExp(`/companies/${companyId}/micrometers$`));
  const rows = page.getByTestId('micrometer-row');
  await expect(rows.first()).toBeVisible();

  const labels = await rows
    .getByRole('button', { name: /^Open micrometer / })
    .evaluateAll((buttons) => buttons.slice(0, 5).map((b) => b.getAttribute('aria-label') ?? ''));
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels) {
    const sensor = await getJson<Sensor>(
      request,
      `/api/sensors/mac/${label.replace('Open micrometer ', '')}`,
      admin.access_token,
    );
    expect(sensor.company_id).toBe(companyId);
  }

  // Another company's micrometer is not found here.
  await page.getByLabel('Search MAC, unit, building or company').fill(foreign.mac_address);
  await expect(page.getByTestId('micrometers-empty')).toBeVisible();
  await expect(rows).toHaveCount(0);
});

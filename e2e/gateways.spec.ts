// Gateways (spec section 2 "/gateways", section 7 "Gateways"): a system admin finds a
// gateway on /gateways, opens it, moves it to another building and sees the history row; the
// header's gateway search opens it too; a company manager sees only their company's gateways.
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInThroughApi } from './support/api.ts';
import { signIn } from './support/ui.ts';

/** Below this width the header's controls, gateway search included, collapse (theme `md`). */
const HEADER_ROOMY_MIN_WIDTH = 1024;

type Setup = { serial: string; first: string; second: string };

/** A property of the manager's company with two fresh buildings and a gateway in the first. */
async function setUp(request: APIRequestContext, tag: string): Promise<Setup> {
  const admin = await signInThroughApi(request, 'admin@flowsight.test');
  const manager = await signInThroughApi(request, 'manager@flowsight.test');
  const headers = { Authorization: `Bearer ${admin.access_token}` };
  const companyId = manager.roles[0]?.company_id;
  const properties = await request.get(
    `/api/properties?filter.company_id=$eq:${companyId}&limit=1`,
    { headers },
  );
  const propertyId = ((await properties.json()) as { data: { id: number }[] }).data[0]?.id;
  const building = async (name: string) => {
    const response = await request.post('/api/buildings', {
      headers,
      data: { property_id: propertyId, name },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const first = `GW Hall ${tag}`;
  const second = `GW Annex ${tag}`;
  const firstId = await building(first);
  await building(second);
  const serial = `E2E-GW-${tag}`;
  const gateway = await request.post('/api/gateways', {
    headers,
    data: { serial_number: serial, name: `Roof ${tag}`, building_id: firstId },
  });
  expect(gateway.status()).toBe(201);
  return { serial, first, second };
}

async function searchList(page: Page, text: string) {
  await page.getByTestId('gateways-search').fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text)}`));
}

test('a system admin finds a gateway, moves it to another building and sees the history', {
  tag: '@desktop-only',
}, async ({ page, request }) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 8).toUpperCase();
  const { serial, first, second } = await setUp(request, tag);

  await signIn(page, 'admin@flowsight.test');
  await page.goto('/gateways');
  await expect(page.getByRole('heading', { level: 1, name: 'Gateways' })).toBeVisible();
  await searchList(page, serial);
  const rows = page.getByTestId('gateway-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(first);
  await rows.first().click();

  const dialog = page.getByTestId('gateway-detail');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/gateway=\d+/);
  await expect(dialog.getByTestId('history-row')).toHaveCount(1);
  await expect(dialog.getByTestId('gateway-admin-app')).toHaveAttribute('href', new RegExp(serial));

  await dialog.getByRole('combobox', { name: 'Assign to building' }).fill(second);
  await page.getByRole('option', { name: new RegExp(second) }).click();
  await dialog.getByTestId('gateway-assign').click();
  await expect(page.getByText('Gateway assigned to the building')).toBeVisible();

  const history = dialog.getByTestId('history-row');
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText(second);
  await expect(history.first()).toContainText('Current');
  await expect(history.nth(1)).toContainText(first);
  await expect(history.nth(1)).not.toContainText('Current');
  await expect(dialog.getByTestId('gateway-facts')).toContainText(second);

  // The list behind the dialog shows the new building once it is closed.
  await dialog.getByTestId('gateway-detail-close').click();
  await expect(rows.first()).toContainText(second);

  // The header's gateway search opens the same gateway from anywhere.
  await page.goto('/companies');
  if ((page.viewportSize()?.width ?? 0) < HEADER_ROOMY_MIN_WIDTH) {
    await page.getByTestId('header-gateway-search').click();
  }
  await page.getByRole('combobox', { name: 'Search gateways' }).fill(serial.toLowerCase());
  await page.getByRole('option', { name: new RegExp(serial) }).click();
  await expect(page).toHaveURL(/\/gateways\?gateway=\d+/);
  await expect(page.getByTestId('gateway-detail')).toContainText(serial);
});

test('a company manager sees only their company’s gateways, read-only', async ({
  page,
  request,
}) => {
  const admin = await signInThroughApi(request, 'admin@flowsight.test');
  const manager = await signInThroughApi(request, 'manager@flowsight.test');
  const headers = { Authorization: `Bearer ${admin.access_token}` };
  const companyId = manager.roles[0]?.company_id;
  const list = async (filter: string) =>
    (
      (await (await request.get(`/api/gateways?${filter}&limit=1`, { headers })).json()) as {
        data: { serial_number: string }[];
        meta: { totalItems: number };
      }
    ).data[0]?.serial_number ?? '';
  const foreignSerial = await list(`filter.company_id=$ne:${companyId}`);
  const ownSerial = await list(`filter.company_id=$eq:${companyId}`);
  const ownTotal = async () =>
    (
      (await (
        await request.get(`/api/gateways?filter.company_id=$eq:${companyId}&limit=1`, { headers })
      ).json()) as { meta: { totalItems: number } }
    ).meta.totalItems;

  await signIn(page, 'manager@flowsight.test');
  await page.goto('/gateways');
  await expect(page.getByTestId('gateway-row').first()).toBeVisible();
  // The list counts the company's gateways and no more; the other project's test may add one to
  // the company meanwhile, so a mismatch reloads and compares again.
  await expect(async () => {
    const total = await ownTotal();
    const shown = page.getByText(new RegExp(`of ${total}$`));
    if ((await shown.count()) === 0) await page.reload();
    await expect(shown).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('gateway-create')).toHaveCount(0);
  await expect(page.getByTestId('header-gateway-search')).toHaveCount(0);

  await searchList(page, foreignSerial);
  await expect(page.getByTestId('gateways-empty')).toBeVisible();

  await searchList(page, ownSerial);
  await expect(page.getByTestId('gateway-row')).toHaveCount(1);
  await page.getByTestId('gateway-row').first().click();
  const dialog = page.getByTestId('gateway-detail');
  await expect(dialog).toContainText(ownSerial);
  await expect(dialog.getByTestId('history-row').first()).toBeVisible();
  await expect(dialog.getByTestId('gateway-assign')).toHaveCount(0);
  await expect(dialog.getByTestId('gateway-admin-app')).toHaveCount(0);
});

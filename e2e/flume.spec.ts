// Flume accounts on the web, against the fake Flume API the suite starts beside the app
// (e2e/support/fake-flume-server.ts, a steady 5 gallons a minute): a system admin takes a
// building's main-line micrometer off (a building's main line is measured once), adds the Flume
// account of the building's company, links its meter to the building and syncs; the building's
// page names the meter and its chart shows the imported water, as the API answers it. On a phone
// the page and its add dialog work at 390 px.
import { ApplianceType } from '@flowsight/domain/lookups';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { auth, getJson, signInThroughApi } from './support/api.ts';
import { E2E_FLUME_GALLONS_PER_MINUTE } from './support/environment.ts';
import { signIn } from './support/ui.ts';

const METER_ID = '6248148189204194988';

type Building = { id: number; name: string; property_id: number; company_id: number };
type Chart = { data: { period: string; gallons: number }[] };

/** The last building (by name) of other.admin's company, with its company's name. */
async function targetBuilding(request: APIRequestContext, token: string) {
  const session = await signInThroughApi(request, 'other.admin@flowsight.test');
  const companyId = session.roles[0]?.company_id;
  if (companyId === null || companyId === undefined) throw new Error('other.admin has no company');
  const company = await getJson<{ name: string }>(request, `/api/companies/${companyId}`, token);
  const buildings = await getJson<{ data: Building[] }>(
    request,
    `/api/buildings?filter.company_id=$eq:${companyId}&sortBy=name:DESC&limit=1`,
    token,
  );
  const building = buildings.data[0];
  if (building === undefined) throw new Error('other.admin’s company has no building');
  return { building, companyName: company.name };
}

/** Takes the building's main-line micrometers off their fixture, as a technician would. */
async function takeOffMainLines(request: APIRequestContext, token: string, building: Building) {
  const mainLines = await getJson<{ data: { mac_address: string }[] }>(
    request,
    `/api/companies/${building.company_id}/sensors?filter.building_id=$eq:${building.id}&filter.appliance_type_id=$eq:${ApplianceType.MainLine}`,
    token,
  );
  for (const { mac_address: mac } of mainLines.data) {
    const off = await request.post(`/api/sensors/assign?mac=${mac}&action=unassign`, {
      headers: auth(token),
      data: {},
    });
    expect(off.status(), await off.text()).toBe(200);
  }
}

test(
  'an admin adds a Flume account, links its meter to a building and syncs; the chart shows the water',
  { tag: '@desktop-only' },
  async ({ page, request }, info) => {
    test.setTimeout(120_000);
    const admin = await signInThroughApi(request, 'admin@flowsight.test');
    const { building, companyName } = await targetBuilding(request, admin.access_token);
    await takeOffMainLines(request, admin.access_token, building);

    await signIn(page, 'admin@flowsight.test');
    await page.goto('/flume-accounts');
    await expect(page.getByRole('heading', { name: 'Flume accounts', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add Flume account' }).click();
    const add = page.getByRole('dialog', { name: 'Add Flume account' });
    await add.getByRole('combobox', { name: 'Company' }).selectOption({ label: companyName });
    await add.getByRole('textbox', { name: 'Name', exact: true }).fill('Riverside Flume');
    await add.getByRole('textbox', { name: 'Client ID' }).fill('fake-client-id');
    await add.getByRole('textbox', { name: 'Client secret' }).fill('fake-client-secret');
    await add.getByRole('textbox', { name: 'Email' }).fill('owner@example.test');
    await add.getByRole('textbox', { name: 'Password', exact: true }).fill('fake-password');
    await add.getByRole('button', { name: 'Add account' }).click();
    await expect(add).toBeHidden();

    const account = page.getByTestId('flume-account').filter({ hasText: 'Riverside Flume' });
    await expect(account).toContainText(companyName);
    await expect(account.getByTestId('flume-device')).toHaveCount(1);
    await account.getByRole('button', { name: 'Link to building' }).click();
    const link = page.getByTestId('flume-link-dialog');
    // Each building is named with its property ("Telegraph Tower · Uptown Oakland Residences").
    const picker = link.getByRole('combobox', { name: 'Building' });
    const option = picker.locator('option', { hasText: `${building.name} · ` });
    await picker.selectOption((await option.getAttribute('value')) ?? '');
    await link.getByRole('button', { name: 'Link', exact: true }).click();
    await expect(link).toBeHidden();
    await expect(account.getByTestId('flume-device-building')).toContainText(building.name);
    await page.screenshot({ path: info.outputPath('flume-accounts-1440.png'), fullPage: true });

    // Sync now (the periodic sync may take the account first: then it is synced all the same).
    await account.getByRole('button', { name: 'Sync now' }).click();
    await expect(async () => {
      const accounts = await getJson<{ name: string; last_sync_at: string | null }[]>(
        request,
        '/api/flume-accounts',
        admin.access_token,
      );
      const synced = accounts.find((a) => a.name === 'Riverside Flume');
      expect(synced?.last_sync_at).not.toBeNull();
    }).toPass({ timeout: 30_000 });

    // Yesterday was a whole day of the meter's steady flow: the building used at least that.
    const chart = await getJson<Chart>(
      request,
      `/api/buildings/${building.id}/gallons?granularity=3`,
      admin.access_token,
    );
    const yesterday = chart.data.at(-2);
    if (yesterday === undefined) throw new Error('no daily buckets');
    const wholeDay = E2E_FLUME_GALLONS_PER_MINUTE * 24 * 60;
    expect(yesterday.gallons).toBeGreaterThanOrEqual(wholeDay - 5 * 60);

    await page.goto(
      `/companies/${building.company_id}/properties/${building.property_id}/buildings/${building.id}/charts`,
    );
    await expect(page.getByTestId('building-flume-meter')).toContainText(METER_ID);
    await expect(page.getByTestId('building-flume-meter')).toContainText('Riverside Flume');
    const columns = page.getByTestId('usage-trend-chart').getByTestId('chart-column');
    await expect(columns).toHaveCount(12);
    const shown = Number(await columns.nth(10).getAttribute('data-value'));
    expect(shown).toBeCloseTo(yesterday.gallons, 1);
    await page.screenshot({ path: info.outputPath('building-chart-1440.png'), fullPage: true });
  },
);

test(
  'the Flume accounts page and its add dialog work on a phone',
  { tag: '@phone-only' },
  async ({ page }, info) => {
    await signIn(page, 'admin@flowsight.test');
    await page.goto('/flume-accounts');
    await expect(page.getByRole('heading', { name: 'Flume accounts', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add Flume account' }).click();
    const add = page.getByRole('dialog', { name: 'Add Flume account' });
    for (const label of ['Company', 'Client ID', 'Client secret', 'Email']) {
      await expect(add.getByLabel(label)).toBeVisible();
    }
    await add.getByRole('button', { name: 'Add account' }).click();
    // Nothing is sent while fields are missing: each says what it needs.
    await expect(add).toBeVisible();
    await page.screenshot({ path: info.outputPath('flume-add-390.png') });
    await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(add).toBeHidden();
    // Nothing scrolls sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: info.outputPath('flume-accounts-390.png'), fullPage: true });
  },
);

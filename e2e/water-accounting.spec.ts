// Water accounting on the web: a building of the demo manager's company gets a main-line
// reading far above its fixtures' (posted to the native ingest API); the dashboard's "Use by
// fixture" then lists unaccounted water as its own row, apart from the fixtures, and the units
// using the most water are residential units: the Mechanical Room that holds the main line is not
// among them, and is listed only under "Building services" when that category is chosen.
import { randomUUID } from 'node:crypto';
import { encodeUplink } from '@flowsight/domain/device-protocol';
import { ApplianceType, UnitCategory } from '@flowsight/domain/lookups';
import { type APIRequestContext, expect, type TestInfo, test } from '@playwright/test';
import { auth, getJson, signInThroughApi } from './support/api.ts';
import { signIn } from './support/ui.ts';

const REPORT_S = 900;

type Listed<T> = { data: T[] };
type Micrometer = {
  id: number;
  mac_address: string;
  building_id: number | null;
  unit_id: number | null;
  unit_name: string | null;
};

const sensorsOf = (request: APIRequestContext, token: string, companyId: number, filter: string) =>
  getJson<Listed<Micrometer>>(
    request,
    `/api/companies/${companyId}/sensors?limit=200&${filter}`,
    token,
  ).then((answer) => answer.data);

/**
 * A Mechanical Room with a main line and a water line, and a residential toilet of the same
 * building (the demo portfolio is seeded, so the same ones every run).
 */
async function buildingMeters(request: APIRequestContext, token: string, companyId: number) {
  const waterLines = await sensorsOf(
    request,
    token,
    companyId,
    `filter.appliance_type_id=$eq:${ApplianceType.WaterLine}&filter.unit_category_id=$eq:${UnitCategory.Building}`,
  );
  for (const waterLine of waterLines) {
    if (waterLine.unit_id === null || waterLine.building_id === null) continue;
    const [mainLine] = await sensorsOf(
      request,
      token,
      companyId,
      `filter.appliance_type_id=$eq:${ApplianceType.MainLine}&filter.unit_id=$eq:${waterLine.unit_id}`,
    );
    const [toilet] = await sensorsOf(
      request,
      token,
      companyId,
      `filter.appliance_type_id=$eq:${ApplianceType.MainToilet}&filter.building_id=$eq:${waterLine.building_id}&filter.unit_category_id=$eq:${UnitCategory.Internal}`,
    );
    if (mainLine !== undefined && toilet !== undefined) return { mainLine, waterLine, toilet };
  }
  throw new Error('No building of the company has a Mechanical Room with both lines');
}

/** One 15-minute usage report of `gallons`, ending a few minutes ago. */
function report(mac: string, gallons: number, seq: number, minutesAgo: number) {
  const frame = encodeUplink({
    kind: 'usage',
    version: 2,
    seq,
    volumeMgal: Math.round(gallons * 1000),
    intervalS: REPORT_S,
    flowTimeS: 600,
    peakFlowMgpm: 20_000,
    battery: 90,
  });
  return {
    mac,
    port: frame.port,
    payload: Buffer.from(frame.bytes).toString('base64'),
    received_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    f_cnt: seq,
  };
}

async function postReadings(
  request: APIRequestContext,
  adminToken: string,
  meters: Awaited<ReturnType<typeof buildingMeters>>,
  info: TestInfo,
) {
  const created = await request.post('/api/integration-keys', {
    headers: auth(adminToken),
    data: { name: `e2e water ${info.project.name} ${randomUUID().slice(0, 6)}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { key } = (await created.json()) as { key: string };
  // Each browser project posts its own reports (another seq), a few minutes ago: this month.
  const seq = info.project.name === 'phone' ? 51_000 : 50_000;
  const posted = await request.post('/api/ingest/uplinks', {
    headers: { 'x-api-key': key },
    data: {
      uplinks: [
        // The main line: all the water entering the building.
        report(meters.mainLine.mac_address, 900, seq, 3),
        // The fixtures: a part of that same water.
        report(meters.waterLine.mac_address, 40, seq, 3),
        report(meters.toilet.mac_address, 20, seq, 3),
      ],
    },
  });
  expect(posted.status(), await posted.text()).toBe(200);
}

test('the dashboard shows unaccounted water apart and ranks residential units only', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  const admin = await signInThroughApi(request, 'admin@flowsight.test');
  const manager = await signInThroughApi(request, 'manager@flowsight.test');
  const companyId = manager.roles[0]?.company_id;
  if (companyId === null || companyId === undefined) throw new Error('The manager has no company');
  const meters = await buildingMeters(request, manager.access_token, companyId);
  expect(meters.mainLine.unit_name).toBe('Mechanical Room');
  await postReadings(request, admin.access_token, meters, info);

  await signIn(page, 'manager@flowsight.test');
  await expect(page).toHaveURL('/dashboard');

  // Use by fixture: the fixtures, then unaccounted water on its own, never the main line.
  const breakdown = page.getByTestId('fixture-breakdown');
  const unaccounted = breakdown.getByRole('list', { name: 'Unaccounted water' });
  await expect(unaccounted).toContainText('Unaccounted water');
  await expect(unaccounted).toContainText('Common-area taps, unmetered fixtures, leaks in walls');
  await expect(unaccounted.getByRole('listitem')).toHaveText(/\d gal\d+(\.\d)?%$/);
  const fixtures = breakdown.getByRole('list', { name: 'Use by fixture' });
  await expect(fixtures).toContainText('Water line');
  await expect(fixtures).not.toContainText('Main line');

  // Units using the most water: residential units, the Mechanical Room only under its category.
  const top = page.getByTestId('top-units');
  const residential = top.getByRole('list', { name: 'Units using the most water: Residential' });
  await expect(residential.getByRole('listitem').first()).toBeVisible();
  await expect(residential).not.toContainText('Mechanical Room');

  await top
    .getByRole('combobox', { name: 'Unit category' })
    .selectOption({ label: 'Building services' });
  const services = top.getByRole('list', {
    name: 'Units using the most water: Building services',
  });
  await expect(services).toContainText('Mechanical Room');
  await expect(top).toContainText('Building services ·');
});

// Micrometers from the bench to the fixture, at phone width: the company installer
// walks property → building → unit → fixture, types a stock micrometer's MAC and installs it on
// a toilet; the simulator's frames (the domain's encoder) then bring its first keep-alive and a
// usage report through the native ingest API, the installer's page shows the signal arrived and
// the unit's submissions tab shows the reading. The sensor tester passes one stock micrometer and
// fails another with a reason, which then stands in the failed list.
import { randomUUID } from 'node:crypto';
import { encodeUplink } from '@flowsight/domain/device-protocol';
import { ApplianceType, SensorState } from '@flowsight/domain/lookups';
import { type APIRequestContext, expect, type TestInfo, test } from '@playwright/test';
import { auth, getJson, signInThroughApi } from './support/api.ts';
import { signIn } from './support/ui.ts';

test.use({ viewport: { width: 390, height: 844 } });

type Listed<T> = { data: T[] };
type Place = { id: number; name: string };

/**
 * Stock micrometers nobody has touched, a different slice for each project (desktop and phone
 * run against the same server), from the high or the low end of the MACs so the two tests of a
 * run never pick the same one.
 */
async function stockMacs(
  request: APIRequestContext,
  token: string,
  info: TestInfo,
  end: 'ASC' | 'DESC',
  count: number,
): Promise<string[]> {
  const list = await getJson<Listed<{ mac_address: string }>>(
    request,
    `/api/sensors/unassigned?limit=20&filter.sensor_state_id=$eq:${SensorState.Stock}&sortBy=mac_address:${end}`,
    token,
  );
  const offset = info.project.name === 'phone' ? count : 0;
  const macs = list.data.slice(offset, offset + count).map((s) => s.mac_address);
  expect(macs).toHaveLength(count);
  return macs;
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

test('the installer installs a stock micrometer on a toilet and sees its first signal', async ({
  page,
  request,
}, info) => {
  test.setTimeout(90_000);
  const admin = await signInThroughApi(request, 'admin@flowsight.test');
  const installer = await signInThroughApi(request, 'installer@flowsight.test');
  const companyId = installer.roles[0]?.company_id;
  if (companyId === null || companyId === undefined) throw new Error('installer has no company');

  // A unit of its own in the installer's first property and building: its toilet slot is free.
  const [property] = (
    await getJson<Listed<Place>>(
      request,
      `/api/companies/${companyId}/properties?limit=1&sortBy=name:ASC`,
      installer.access_token,
    )
  ).data;
  if (!property) throw new Error('the installer’s company has no property');
  const [building] = (
    await getJson<Listed<Place>>(
      request,
      `/api/properties/${property.id}/buildings?limit=1&sortBy=name:ASC`,
      installer.access_token,
    )
  ).data;
  if (!building) throw new Error('the property has no building');
  const unitName = `E2E ${info.project.name} ${randomUUID().slice(0, 6)}`;
  const created = await request.post('/api/units', {
    headers: auth(admin.access_token),
    data: { building_id: building.id, name: unitName, unit_category_id: 1 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const unit = (await created.json()) as Place;
  const [mac = ''] = await stockMacs(request, admin.access_token, info, 'ASC', 1);

  await signIn(page, 'installer@flowsight.test');
  await expect(page).toHaveURL(/\/installation/);
  await expect(page.getByTestId('side-drawer')).toHaveCount(0);
  await expect(page.getByTestId('drawer-toggle')).toHaveCount(0);

  const pick = async (list: string, name: string) => {
    await page.getByTestId(list).getByRole('textbox').fill(name);
    await page
      .getByTestId(list)
      .getByTestId('pick-item')
      .filter({ has: page.getByText(name, { exact: true }) })
      .click();
  };
  await expect(page.getByRole('heading', { level: 1, name: 'Choose the property' })).toBeVisible();
  await pick('pick-property', property.name);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose the building' })).toBeVisible();
  await pick('pick-building', building.name);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose the unit' })).toBeVisible();
  await pick('pick-unit', unitName);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose the fixture' })).toBeVisible();

  // Back goes one step back and keeps the property and building.
  await page.getByTestId('installation-back').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose the unit' })).toBeVisible();
  await pick('pick-unit', unitName);
  await page.getByTestId(`fixture-${ApplianceType.MainToilet}`).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Scan the micrometer' })).toBeVisible();
  // Typed as it is printed on some labels: lower case, bytes separated.
  await page
    .getByRole('textbox', { name: 'MAC' })
    .fill(mac.toLowerCase().replace(/(..)(?!$)/g, '$1:'));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('confirm-mac')).toHaveText(mac);
  await expect(page.getByTestId('install-confirm')).toContainText(unitName);
  await expect(page.getByTestId('install-confirm')).toContainText('Main toilet');
  await page.getByTestId('install-button').click();
  await expect(page.getByTestId('signal-waiting')).toBeVisible();
  await expect(page.getByTestId('signal-waiting')).toContainText(mac);

  // The micrometer wakes up: its first keep-alive, then a usage report, as the simulator sends.
  const keyAnswer = await request.post('/api/integration-keys', {
    headers: auth(admin.access_token),
    data: { name: `e2e installation ${info.project.name}` },
  });
  expect(keyAnswer.status(), await keyAnswer.text()).toBe(201);
  const { key } = (await keyAnswer.json()) as { key: string };
  const keepalive = encodeUplink({
    kind: 'keepalive',
    version: 2,
    battery: 97,
    firmwareVersion: '2.4.1',
    reportIntervalS: 900,
    flags: 0,
  });
  const usage = encodeUplink({
    kind: 'usage',
    version: 2,
    seq: 1,
    volumeMgal: 1600,
    intervalS: 900,
    flowTimeS: 40,
    peakFlowMgpm: 2500,
    battery: 97,
  });
  const now = Date.now();
  const posted = await request.post('/api/ingest/uplinks', {
    headers: { 'x-api-key': key },
    data: {
      uplinks: [
        {
          mac,
          port: keepalive.port,
          payload: base64(keepalive.bytes),
          received_at: new Date(now).toISOString(),
          f_cnt: 1,
        },
        {
          mac,
          port: usage.port,
          payload: base64(usage.bytes),
          received_at: new Date(now + 1000).toISOString(),
          f_cnt: 2,
        },
      ],
    },
  });
  expect(posted.status(), await posted.text()).toBe(200);

  const arrived = page.getByTestId('signal-arrived');
  await expect(arrived).toBeVisible({ timeout: 15_000 });
  await expect(arrived).toContainText('First signal received');
  await expect(arrived).toContainText('Battery 97 %');
  await expect(arrived).toContainText('Firmware 2.4.1');

  // The next micrometer starts in the same unit; the toilet slot now shows this one.
  await page.getByTestId('next-in-unit').click();
  await expect(page.getByTestId(`fixture-${ApplianceType.MainToilet}`)).toContainText(mac);
  await expect(page.getByTestId(`fixture-${ApplianceType.MainToilet}`)).toBeDisabled();

  // The unit's page (as the company's manager) shows the micrometer's reading.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, 'manager@flowsight.test');
  const unitPath = `/companies/${companyId}/properties/${property.id}/buildings/${building.id}/units/${unit.id}`;
  await page.goto(`${unitPath}/submissions?mac=${mac}`);
  await expect(page.getByTestId('mac-filter')).toContainText(mac);
  await expect(page.getByTestId('submission-row').first()).toContainText(mac);
  await expect(page.getByTestId('submission-row').first()).toContainText('1.6 gal');
});

test('the sensor tester passes one stock micrometer and fails another with a reason', async ({
  page,
  request,
}, info) => {
  const admin = await signInThroughApi(request, 'admin@flowsight.test');
  const [good = '', bad = ''] = await stockMacs(request, admin.access_token, info, 'DESC', 2);
  const reason = `No pulse at 2 gal/min (${info.project.name})`;

  await signIn(page, 'tester@flowsight.test');
  await expect(page).toHaveURL(/\/micrometers\/testing/);
  await expect(page.getByTestId('side-drawer')).toHaveCount(0);
  const field = page.getByRole('textbox', { name: 'MAC' });
  await expect(field).toBeFocused();

  await field.fill(good);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByTestId('bench-mac')).toHaveText(good);
  await expect(page.getByTestId('bench-state')).toHaveText('In stock');
  await page.getByRole('button', { name: 'Pass' }).click();
  await expect(page.getByText(`${good} passed`)).toBeVisible();
  // Ready for the next sensor at once: empty, focused field.
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  await expect(page.getByTestId('bench-micrometer')).toHaveCount(0);

  await field.fill(bad);
  await field.press('Enter');
  await expect(page.getByTestId('bench-mac')).toHaveText(bad);
  await page.getByRole('button', { name: 'Fail' }).click();
  const dialog = page.getByRole('dialog');
  // A failure needs a reason.
  await dialog.getByRole('button', { name: 'Mark as failed' }).click();
  await expect(dialog).toContainText('A reason is required when a micrometer fails');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await dialog.getByRole('button', { name: 'Mark as failed' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${bad} failed`)).toBeVisible();
  await expect(field).toBeFocused();

  const failed = page.getByTestId('failed-test').filter({ hasText: bad });
  await expect(failed).toContainText(reason);
  await expect(failed).toContainText('Priya Natarajan');
  await expect(page.getByTestId('failed-test').filter({ hasText: good })).toHaveCount(0);

  // The passed one now reads Tested, the failed one Defective.
  await field.fill(good);
  await field.press('Enter');
  await expect(page.getByTestId('bench-state')).toHaveText('Tested');
  await field.fill(bad);
  await field.press('Enter');
  await expect(page.getByTestId('bench-state')).toHaveText('Defective');
  await expect(page.getByTestId('bench-last-test')).toContainText(reason);
});

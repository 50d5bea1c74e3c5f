// Readings end to end: a system admin creates an integration key in the UI, readings
// posted with it to the native ingest API show on the unit's submissions tab (opened with
// `?mac=`) and an unknown MAC's on /submissions/unassigned; once the key is revoked in the UI the
// next post is refused.
import { randomBytes, randomUUID } from 'node:crypto';
import { SensorState } from '@flowsight/domain/lookups';
import { generateDemoPortfolio } from '@flowsight/simulator/demo-portfolio';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signInThroughApi } from './support/api.ts';
import { usageFrame } from './support/frames.ts';

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('app-shell')).toBeVisible();
}

function postUplinks(
  request: APIRequestContext,
  key: string,
  uplinks: { mac: string; seq: number; minutesAgo: number }[],
) {
  return request.post('/api/ingest/uplinks', {
    headers: { 'x-api-key': key },
    data: {
      uplinks: uplinks.map(({ mac, seq, minutesAgo }) => ({
        mac,
        port: 1,
        payload: usageFrame(seq, 1250 + seq, 88),
        received_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
        f_cnt: seq,
        gateway: 'E2E-GATEWAY',
        rssi: -95,
        snr: 7.5,
      })),
    },
  });
}

/** Where the readings of `mac` landed: found through the companies' submissions lists. */
async function placeOf(request: APIRequestContext, token: string, mac: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const companies = (await (await request.get('/api/companies?limit=100', { headers })).json()) as {
    data: { id: number }[];
  };
  for (const company of companies.data) {
    const response = await request.get(
      `/api/companies/${company.id}/submissions?filter.mac_address=$eq:${mac}&limit=1`,
      { headers },
    );
    const rows = ((await response.json()) as { data: Record<string, number>[] }).data;
    const row = rows[0];
    if (row !== undefined) return row;
  }
  throw new Error(`No company has readings of ${mac}`);
}

test('readings posted with a UI-made key show on the unit and in unassigned; revoking refuses', {
  tag: '@desktop-only',
}, async ({ page, request }) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 8);
  const keyName = `E2E key ${tag}`;

  await signIn(page, 'admin@flowsight.test');
  await page.goto('/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await page.getByTestId('new-key').click();
  const form = page.getByTestId('new-key-dialog');
  await form.getByLabel('Name').fill(keyName);
  await form.getByRole('button', { name: 'Create' }).click();
  const shown = page.getByTestId('created-key-dialog');
  await expect(shown.getByTestId('created-key-warning')).toContainText('will not be shown again');
  const key = await shown.getByTestId('created-key').inputValue();
  expect(key.length).toBeGreaterThan(16);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByTestId('integration-key-row').filter({ hasText: keyName })).toContainText(
    'Active',
  );

  // A demo micrometer installed in a unit, and a MAC nobody knows.
  const sensor = generateDemoPortfolio().sensors.find(
    (s) => s.placement !== null && s.sensorStateId === SensorState.Installed,
  );
  if (sensor === undefined) throw new Error('The demo portfolio has no installed micrometer');
  const mac = sensor.macAddress;
  const unknownMac = `E2E0${randomBytes(6).toString('hex').toUpperCase()}`;
  // Distinct sequence numbers per run, so the desktop and phone runs never dedupe each other.
  const seq = 1 + (randomBytes(2).readUInt16BE(0) % 60_000);
  const posted = await postUplinks(request, key, [
    { mac, seq, minutesAgo: 45 },
    { mac, seq: seq + 1, minutesAgo: 30 },
    { mac, seq: seq + 2, minutesAgo: 15 },
    { mac: unknownMac, seq: 1, minutesAgo: 10 },
  ]);
  expect(posted.status(), await posted.text()).toBe(200);
  expect(await posted.json()).toMatchObject({ received: 4, unassigned: 1 });

  const admin = await signInThroughApi(request, 'admin@flowsight.test');
  const where = await placeOf(request, admin.access_token, mac);
  const unitPath = `/companies/${where.company_id}/properties/${where.property_id}/buildings/${where.building_id}/units/${where.unit_id}`;

  await page.goto(`${unitPath}/submissions?mac=${mac}`);
  await expect(page.getByRole('tab', { name: 'Submissions', selected: true })).toBeVisible();
  await expect(page.getByTestId('mac-filter')).toContainText(mac);
  const rows = page.getByTestId('submission-row');
  await expect(rows.first()).toContainText(mac);
  expect(await rows.count()).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('last-reading')).not.toHaveText('None yet');
  await expect(page.getByTestId('total-readings')).not.toHaveText('0');

  await page.goto(`/submissions/unassigned?search=${unknownMac}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Unassigned submissions' }),
  ).toBeVisible();
  await expect(page.getByTestId('submission-row')).toHaveCount(1);
  await expect(page.getByTestId('submission-row')).toContainText(unknownMac);

  await page.goto('/integrations');
  await page.getByRole('button', { name: `Revoke ${keyName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('integration-key-row').filter({ hasText: keyName })).toContainText(
    'Revoked',
  );
  const refused = await postUplinks(request, key, [{ mac, seq: seq + 3, minutesAgo: 5 }]);
  expect(refused.status()).toBe(401);
});

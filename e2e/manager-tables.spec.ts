// Tables a manager acts on, at a desktop's 1440 px: a company's submissions
// table shows every column — place, fixture, battery, gateway, details — without sideways
// scrolling, and the alerts filters stand on one even row.
import { randomBytes, randomUUID } from 'node:crypto';
import { SensorState } from '@flowsight/domain/lookups';
import { generateDemoPortfolio } from '@flowsight/simulator/demo-portfolio';
import { expect, test } from '@playwright/test';
import { signInThroughApi } from './support/api.ts';
import { usageFrame } from './support/frames.ts';
import { signIn } from './support/ui.ts';

test('the submissions table fits the card at 1440 px, every column shown', {
  tag: '@desktop-only',
}, async ({ page, request }) => {
  const admin = await signInThroughApi(request, 'admin@flowsight.test');
  const headers = { Authorization: `Bearer ${admin.access_token}` };
  const created = await request.post('/api/integration-keys', {
    headers,
    data: { name: `E2E tables ${randomUUID().slice(0, 8)}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { key } = (await created.json()) as { key: string };

  // Readings of an installed demo micrometer: a usage frame and a malformed one (the widest
  // details: the error and the bytes).
  const sensor = generateDemoPortfolio().sensors.find(
    (s) => s.placement !== null && s.sensorStateId === SensorState.Installed,
  );
  if (sensor === undefined) throw new Error('The demo portfolio has no installed micrometer');
  const seq = 1 + (randomBytes(2).readUInt16BE(0) % 60_000);
  const uplink = (payload: string, offset: number) => ({
    mac: sensor.macAddress,
    port: 1,
    payload,
    received_at: new Date(Date.now() - (20 - offset) * 60_000).toISOString(),
    f_cnt: seq + offset,
    gateway: 'E2E-GATEWAY-WITH-A-LONG-SERIAL',
    rssi: -95,
    snr: 7.5,
  });
  const posted = await request.post('/api/ingest/uplinks', {
    headers: { 'x-api-key': key },
    data: {
      uplinks: [
        uplink(usageFrame(seq, 1250, 88), 0),
        uplink(Buffer.from([0x02, 0xff, 0xee, 0xdd]).toString('base64'), 1),
      ],
    },
  });
  expect(posted.status(), await posted.text()).toBe(200);

  const companies = (await (await request.get('/api/companies?limit=100', { headers })).json()) as {
    data: { id: number }[];
  };
  let companyId: number | undefined;
  for (const company of companies.data) {
    const response = await request.get(
      `/api/companies/${company.id}/submissions?filter.mac_address=$eq:${sensor.macAddress}&limit=1`,
      { headers },
    );
    if (((await response.json()) as { data: unknown[] }).data.length > 0) {
      companyId = company.id;
      break;
    }
  }
  expect(companyId).toBeDefined();

  await signIn(page, 'admin@flowsight.test');
  await page.goto(`/companies/${companyId}/submissions?mac=${sensor.macAddress}`);
  const table = page.getByTestId('submissions-table');
  // The demo fleet's history loads in the background: the list may take a while.
  await expect(table.getByTestId('submission-row').first()).toBeVisible({ timeout: 30_000 });
  for (const name of ['Battery', 'Gateway', 'Details']) {
    await expect(table.getByRole('columnheader', { name })).toBeVisible();
  }
  const box = await table.evaluate((element) => {
    const container = element.parentElement as HTMLElement;
    return { scrollWidth: container.scrollWidth, clientWidth: container.clientWidth };
  });
  expect(box.scrollWidth, JSON.stringify(box)).toBeLessThanOrEqual(box.clientWidth);
});

test('the alerts filters stand on one row at 1440 px', { tag: '@desktop-only' }, async ({
  page,
}) => {
  await signIn(page, 'admin@flowsight.test');
  await page.goto('/alerts');
  const search = page.getByRole('searchbox').first();
  await expect(search).toBeVisible();
  const tops = await page
    .getByTestId('alert-list')
    .locator('> div')
    .first()
    .evaluate((grid) =>
      Array.from(grid.children, (field) => Math.round(field.getBoundingClientRect().top)),
    );
  expect(tops.length).toBeGreaterThanOrEqual(4);
  expect(new Set(tops).size, JSON.stringify(tops)).toBe(1);
});

// Alert emails and their signed actions: a toilet of the demo manager's company starts
// running — three hours of 15-minute usage frames with flow all the time, through the native
// ingest API — and the server opens a continuous-flow alert, which is emailed to the unit's
// contact. The email's "Fixed it" link opens the public confirmation page: opening it changes
// nothing (the alert is still New through the API); confirming with a note closes the alert and
// lands on /email-links/3; the same link is refused afterwards, on the page and by the API.
import { randomUUID } from 'node:crypto';
import { encodeUplink } from '@flowsight/domain/device-protocol';
import { ApplianceType, NotificationStatus } from '@flowsight/domain/lookups';
import { type APIRequestContext, expect, type TestInfo, test } from '@playwright/test';
import { auth, getJson, signInThroughApi } from './support/api.ts';
import { type Mail, newestMailTo } from './support/mail.ts';

type Listed<T> = { data: T[] };
type Toilet = {
  id: number;
  mac_address: string;
  notification_excluded: boolean;
  property_id: number;
  building_id: number;
  unit_id: number;
};
type LeakAlert = { id: number; notification_status_id: number; note: string | null };

const QUARTER = 900_000;
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/**
 * A toilet of the company with no open alert, a different one for each project (desktop and
 * phone share the server), taken from the high end of the MACs.
 */
async function quietToilet(
  request: APIRequestContext,
  token: string,
  companyId: number,
  info: TestInfo,
): Promise<Toilet> {
  const toilets = (
    await getJson<Listed<Toilet>>(
      request,
      `/api/companies/${companyId}/sensors?limit=50&filter.appliance_type_id=$eq:${ApplianceType.MainToilet}&sortBy=mac_address:DESC`,
      token,
    )
  ).data.filter((toilet) => !toilet.notification_excluded);
  const mine = toilets.filter((_, index) => index % 2 === (info.project.name === 'phone' ? 1 : 0));
  for (const toilet of mine.slice(1)) {
    const open = await getJson<{ count: number }>(
      request,
      `/api/notifications/count?filter.sensor_id=$eq:${toilet.id}&filter.notification_status_id=$in:1,2`,
      token,
    );
    if (open.count === 0) return toilet;
  }
  throw new Error('no quiet toilet in the company');
}

/** The confirmation link of one action in an alert email, as a path. */
function actionLink(mail: Mail, status: number): { path: string; alertId: number } {
  const match = new RegExp(`https?://[^/\\s]+(/confirmation/(\\d+)/${status}/[A-Za-z0-9_-]+)`).exec(
    mail.text,
  );
  if (!match?.[1] || !match[2]) throw new Error(`no status ${status} link in ${mail.file}`);
  return { path: match[1], alertId: Number(match[2]) };
}

test('an alert email’s Fixed it link: reading changes nothing, confirming closes once', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const admin = await signInThroughApi(request, 'admin@flowsight.test');
  const manager = await signInThroughApi(request, 'manager@flowsight.test');
  const companyId = manager.roles[0]?.company_id;
  if (companyId === null || companyId === undefined) throw new Error('manager has no company');
  const toilet = await quietToilet(request, manager.access_token, companyId, info);

  // The unit's email contact (the manager's), so this test's alert reaches an address of its own.
  const address = `alerts-${info.project.name}-${randomUUID().slice(0, 8)}@flowsight.test`;
  const contact = await request.post(`/api/users/${manager.user.id}/notification-contacts`, {
    headers: auth(admin.access_token),
    data: {
      company_id: companyId,
      property_id: toilet.property_id,
      building_id: toilet.building_id,
      unit_id: toilet.unit_id,
      notification_method_id: 1,
      destination: address,
    },
  });
  expect(contact.status(), await contact.text()).toBe(201);

  // Three hours of a running toilet: 7.5 gal every 15 minutes, flowing the whole time.
  const keyAnswer = await request.post('/api/integration-keys', {
    headers: auth(admin.access_token),
    data: { name: `e2e alert emails ${info.project.name}` },
  });
  expect(keyAnswer.status(), await keyAnswer.text()).toBe(201);
  const { key } = (await keyAnswer.json()) as { key: string };
  const now = Math.floor(Date.now() / 1000) * 1000;
  const uplinks = [];
  for (let end = now - 3 * 3_600_000 + QUARTER; end <= now; end += QUARTER) {
    const frame = encodeUplink({
      kind: 'usage',
      version: 2,
      seq: Math.floor(end / QUARTER) % 65_536,
      volumeMgal: 7500,
      intervalS: 900,
      flowTimeS: 900,
      peakFlowMgpm: 600,
      battery: 90,
    });
    uplinks.push({
      mac: toilet.mac_address,
      port: frame.port,
      payload: base64(frame.bytes),
      received_at: new Date(end).toISOString(),
    });
  }
  const since = Date.now();
  const posted = await request.post('/api/ingest/uplinks', {
    headers: { 'x-api-key': key },
    data: { uplinks },
  });
  expect(posted.status(), await posted.text()).toBe(200);

  // The server evaluates a few seconds after the batch and emails the unit's contact.
  const mail = await newestMailTo(address, {
    subject: /Flowsight alert: Continuous flow/,
    since,
    timeoutMs: 60_000,
  });
  expect(mail.text).toContain('Fixture: Main toilet');
  expect(mail.text).toContain('Rate: 21,600 gal/month');
  const fixedIt = actionLink(mail, NotificationStatus.Closed);
  const onIt = actionLink(mail, NotificationStatus.Acknowledged);
  expect(onIt.alertId).toBe(fixedIt.alertId);
  const alertUrl = `/api/notifications/${fixedIt.alertId}`;

  // Opening the link (as a mail scanner would) changes nothing.
  await page.goto(fixedIt.path);
  await expect(page.getByRole('heading', { level: 1, name: 'Fixed it' })).toBeVisible();
  const facts = page.getByTestId('email-action-alert');
  await expect(facts).toContainText('Continuous flow');
  await expect(facts).toContainText('Main toilet');
  await expect(facts).toContainText('21,600 gal/month');
  let alert = await getJson<LeakAlert>(request, alertUrl, manager.access_token);
  expect(alert.notification_status_id).toBe(NotificationStatus.New);

  // Confirming with a note closes it and lands on the thank-you page.
  await page.getByTestId('email-action-button').click();
  const dialog = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(400);
  const note = dialog.getByRole('textbox', { name: 'Note' });
  await expect(note).toHaveAttribute('placeholder', 'Please enter note');
  await expect(note).toHaveAttribute('rows', '5');
  await note.fill('  Replaced the flapper (e2e)  ');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/email-links\/3$/);
  await expect(page.getByTestId('email-link-done-3')).toContainText('the alert is closed');
  alert = await getJson<LeakAlert>(request, alertUrl, manager.access_token);
  expect(alert).toMatchObject({
    notification_status_id: NotificationStatus.Closed,
    note: 'Replaced the flapper (e2e)',
  });

  // The same link again: the page says it was used and offers nothing to confirm; the API refuses.
  await page.goto(fixedIt.path);
  await expect(page.getByTestId('email-action-problem')).toHaveText(
    'This link has already been used.',
  );
  await expect(page.getByTestId('email-action-button')).toHaveCount(0);
  const again = await request.post(`/api${fixedIt.path}`, { data: { note: 'again' } });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toBe(
    'This link has already been used',
  );
  // "On it" from the same email cannot reopen or change a closed alert.
  await page.goto(onIt.path);
  await expect(page.getByTestId('email-action-problem')).toHaveText(
    'This alert is already closed.',
  );
});

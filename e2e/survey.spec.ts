// Getting sensors into a building, on a phone: a technician surveys two units of a new
// building unit by unit — each answer saved as it is given, a photo of the plumbing taken with the
// camera input — and the company admin approves the finished survey and sends it to the customer;
// the customer approves through the emailed link (once), DX signs off the installation plan, an
// outside installer is assigned and the shipment recorded.
import { randomUUID } from 'node:crypto';
import { NotificationMethod } from '@flowsight/domain/lookups';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInThroughApi } from './support/api.ts';
import { newestMailTo } from './support/mail.ts';
import { enterDate, signIn } from './support/ui.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** A 1×1 PNG: the upload judges the kind of file by its content. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

type Created = { id: number };

type Setup = { surveyPath: string; customer: string };

/**
 * A new building of company.admin's company with two units, made by the system admin, and the
 * customer's email contact for it (company.admin's), to whom the survey goes.
 */
async function newBuilding(request: APIRequestContext, tag: string): Promise<Setup> {
  const admin = await signInThroughApi(request, 'admin@flowsight.test');
  const companyAdmin = await signInThroughApi(request, 'company.admin@flowsight.test');
  const companyId = companyAdmin.roles[0]?.company_id;
  const headers = { Authorization: `Bearer ${admin.access_token}` };
  const properties = await request.get(
    `/api/properties?filter.company_id=$eq:${companyId}&limit=1`,
    { headers },
  );
  const propertyId = ((await properties.json()) as { data: Created[] }).data[0]?.id;
  const post = async (url: string, data: object) => {
    const response = await request.post(url, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as Created).id;
  };
  const buildingId = await post('/api/buildings', {
    property_id: propertyId,
    name: `Survey ${tag}`,
  });
  for (const name of ['A1', 'A2']) {
    await post('/api/units', {
      building_id: buildingId,
      name: `${name}-${tag}`,
      unit_category_id: 1,
    });
  }
  const customer = `survey-${tag}@harbor.test`;
  const contact = await request.post(`/api/users/${companyAdmin.user.id}/notification-contacts`, {
    headers: { Authorization: `Bearer ${companyAdmin.access_token}` },
    data: {
      company_id: companyId,
      property_id: propertyId,
      building_id: buildingId,
      notification_method_id: NotificationMethod.Email,
      destination: customer,
    },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  return {
    surveyPath: `/companies/${companyId}/properties/${propertyId}/buildings/${buildingId}/survey`,
    customer,
  };
}

/** Answers one question of a fixture and waits until the server has it. */
async function answer(page: Page, fixture: number, question: string, option: string) {
  const section = page.getByTestId('survey-form').getByTestId(`fixture-${fixture}`);
  await section.getByTestId(`answer-${question}-${option}`).click();
  await expect(section.getByTestId(`answer-${question}-${option}`)).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(section.getByTestId('answer-state').first()).not.toHaveText('Saving…');
  await expect(section.getByText('Not saved')).toHaveCount(0);
}

test('a technician surveys two units on a phone with a photo; the admin approves and sends, the customer approves, DX signs off, an installer and a shipment follow @phone-only', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  const { surveyPath, customer } = await newBuilding(request, tag);

  await signIn(page, 'technician@flowsight.test');
  await page.goto(surveyPath);
  await expect(page.getByTestId('survey-progress')).toHaveText('0 of 2 units surveyed');
  await page.getByTestId('open-survey-form').click();
  const form = page.getByTestId('survey-form');
  await expect(form.getByTestId('unit-state')).toContainText(`Unit A1-${tag}`);

  // The first unit: a kitchen faucet on a 1/2″ supply, reachable, and a photo of it.
  await answer(page, 1, 'supply_size', '1/2');
  await answer(page, 1, 'access', 'Yes');
  await expect(form.getByTestId('fixture-1').getByTestId('answer-state').first()).toHaveText(
    'Saved',
  );
  await form.getByTestId('photo-input').setInputFiles({
    name: 'kitchen-supply.png',
    mimeType: 'image/png',
    buffer: PHOTO,
  });
  await expect(form.getByTestId('unit-photos').getByRole('img')).toHaveCount(1);
  // A second, wrong shot is taken and removed again.
  await form.getByTestId('photo-input').setInputFiles({
    name: 'blurred.png',
    mimeType: 'image/png',
    buffer: PHOTO,
  });
  const photos = form.getByTestId('unit-photos');
  await expect(photos.getByRole('img')).toHaveCount(2);
  // The thumbnails show the pictures (blob: URLs the page's security policy allows).
  for (const img of await photos.getByRole('img').all()) {
    await expect
      .poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
  }
  await photos
    .getByRole('button', { name: /^Remove photo/ })
    .last()
    .click();
  await page
    .getByRole('dialog', { name: 'Remove this photo?' })
    .getByRole('button', { name: 'Ok' })
    .click();
  await expect(photos.getByRole('img')).toHaveCount(1);
  await expect(form.getByTestId('form-progress')).toHaveText('1 of 2 units surveyed');

  // The second unit: no kitchen faucet at all.
  await form.getByTestId('next-unit').click();
  await expect(form.getByTestId('unit-state')).toContainText(`Unit A2-${tag}`);
  await answer(page, 1, 'supply_size', 'No');
  await expect(form.getByTestId('form-progress')).toHaveText('2 of 2 units surveyed');
  await expect(form.getByTestId('unsaved-answers')).toHaveCount(0);
  await page.getByRole('button', { name: 'Close the survey form' }).click();
  await expect(page.getByTestId('survey-progress')).toHaveText('2 of 2 units surveyed');
  await expect(page.getByTestId('survey-chip')).toHaveText('In Survey');
  await expect(page.getByTestId('survey-summary')).toContainText('1/2″ × 1');

  // The company admin approves the survey and sends it to the customer.
  await page.evaluate(() => window.localStorage.clear());
  const sentAfter = Date.now();
  await signIn(page, 'company.admin@flowsight.test');
  await page.goto(surveyPath);
  await page.getByTestId('survey-action-send').click();
  const dialog = page.getByTestId('send-dialog');
  await dialog.getByLabel('Message to the customer (optional)').fill('Ready for your approval');
  await dialog.getByTestId('action-confirm').click();
  await expect(page.getByText(/^Survey sent to /)).toContainText(customer);
  const mail = await newestMailTo(customer, {
    subject: new RegExp(`Survey of Survey ${tag}`),
    since: sentAfter,
  });
  expect(mail.text).toContain('2 of 2');
  await expect(page.getByTestId('survey-history')).toContainText('Sent to the customer');

  // The customer approves through the emailed link, once.
  const link = /https?:\/\/\S+\/survey-approval\/\S+/.exec(mail.text)?.[0];
  if (link === undefined) throw new Error(`no approval link in ${mail.file}`);
  const approvalPath = new URL(link).pathname;
  await page.goto(approvalPath);
  await expect(page.getByTestId('approval-facts')).toContainText(`Survey ${tag}`);
  await page.getByTestId('approve-survey').click();
  await expect(page.getByTestId('survey-approved')).toBeVisible();
  await page.goto(approvalPath);
  await expect(page.getByTestId('approval-unusable')).toBeVisible();

  // DX signs off the plan; an outside installer is assigned and the shipment recorded.
  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, 'admin@flowsight.test');
  await page.goto(surveyPath);
  await expect(page.getByTestId('survey-chip')).toHaveText('Survey approved by customer');
  await page.getByTestId('survey-action-dx').click();
  const plan = page.getByTestId('dx-dialog');
  await expect(plan.getByTestId('dx-count-1/2')).toHaveValue('1');
  await enterDate(page, 'dx-date', '2026-12-15');
  await plan.getByTestId('action-confirm').click();
  await expect(page.getByTestId('survey-status')).toHaveText('Completed');
  await expect(page.getByTestId('dx-plan')).toContainText('Dec 15, 2026');

  await page.getByTestId('assign-installer').click();
  const assign = page.getByTestId('installer-dialog');
  await assign.getByTestId('installer-kind-outside').click();
  await assign.getByTestId('installer-name').fill(`Flow Fitters ${tag}`);
  await assign.getByTestId('installer-phone').fill('555 0101');
  await enterDate(page, 'installer-date', '2026-12-16');
  await assign.getByTestId('action-confirm').click();
  await expect(page.getByTestId('installers-panel')).toContainText(`Flow Fitters ${tag}`);

  await page.getByTestId('record-shipment').click();
  const ship = page.getByTestId('shipment-dialog');
  await enterDate(page, 'shipment-date', '2026-12-10');
  await ship.getByTestId('shipment-carrier').fill('UPS');
  await ship.getByTestId('shipment-count-1/2').fill('1');
  await ship.getByTestId('action-confirm').click();
  await expect(page.getByTestId('shipping-panel')).toContainText('UPS');
});

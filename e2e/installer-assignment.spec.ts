// An installer's assignment, end to end: the company admin assigns the demo company's
// installer (installer@) to a new building with a date on the building's Survey tab, and the
// installer's own /installation page lists that building first; one tap starts installing there.
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { type Session, signInThroughApi } from './support/api.ts';
import { enterDate, signIn } from './support/ui.ts';

type Created = { id: number };
type Assigned = { building_id: number; scheduled_date: string | null };
const auth = (session: Session) => ({ Authorization: `Bearer ${session.access_token}` });

/** A new building in the first property of company.admin's company, made by the system admin. */
async function newBuilding(request: APIRequestContext, name: string) {
  const admin = await signInThroughApi(request, 'admin@flowsight.test');
  const companyAdmin = await signInThroughApi(request, 'company.admin@flowsight.test');
  const companyId = companyAdmin.roles[0]?.company_id;
  const properties = await request.get(
    `/api/properties?filter.company_id=$eq:${companyId}&limit=1`,
    { headers: auth(admin) },
  );
  const property = ((await properties.json()) as { data: (Created & { name: string })[] }).data[0];
  if (property === undefined) throw new Error('the demo company has no property');
  const created = await request.post('/api/buildings', {
    headers: auth(admin),
    data: { property_id: property.id, name },
  });
  expect(created.status(), await created.text()).toBe(201);
  const buildingId = ((await created.json()) as Created).id;
  return {
    buildingId,
    propertyId: property.id,
    propertyName: property.name,
    surveyPath: `/companies/${companyId}/properties/${property.id}/buildings/${buildingId}/survey`,
  };
}

/**
 * A day before every date the installer is already scheduled for (the projects share one
 * server), so the new assignment is the soonest.
 */
async function soonestDay(request: APIRequestContext, installer: Session): Promise<string> {
  const mine = await request.get('/api/buildings/installations/mine', {
    headers: auth(installer),
  });
  expect(mine.status(), await mine.text()).toBe(200);
  const dates = ((await mine.json()) as Assigned[])
    .map((row) => row.scheduled_date)
    .filter((date) => date !== null);
  const earliest = [...dates, '2026-12-20'].sort()[0] ?? '2026-12-20';
  const day = new Date(`${earliest}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

test('the company admin assigns installer@ to a building on its Survey tab; the installer sees it first on /installation', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tag = randomUUID().slice(0, 6);
  const buildingName = `Install ${tag}`;
  const { buildingId, propertyId, propertyName, surveyPath } = await newBuilding(
    request,
    buildingName,
  );
  const installer = await signInThroughApi(request, 'installer@flowsight.test');
  const installerName = `${installer.user.first_name} ${installer.user.last_name}`.trim();
  const date = await soonestDay(request, installer);

  // The company admin assigns the company's installer with a date.
  await signIn(page, 'company.admin@flowsight.test');
  await page.goto(surveyPath);
  const panel = page.getByTestId('installers-panel');
  await expect(panel).toContainText('No installer assigned yet.');
  await page.getByTestId('assign-installer').click();
  const dialog = page.getByTestId('installer-dialog');
  await expect(dialog.getByTestId('installer-kind-company')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await dialog.getByRole('combobox', { name: 'Company installer' }).click();
  await page.getByRole('option', { name: installerName }).click();
  await enterDate(page, 'installer-date', date);
  await dialog.getByTestId('action-confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(panel).toContainText(installerName);
  await expect(panel).toContainText('Company installer');

  // The installer signs in and finds the building first, with its property, date and status.
  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, 'installer@flowsight.test');
  await expect(page).toHaveURL(/\/installation/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose the property' })).toBeVisible();
  const first = page.getByTestId('assigned-buildings').getByTestId('assigned-building').first();
  await expect(first).toContainText(buildingName);
  await expect(first).toContainText(propertyName);
  await expect(first).toContainText('Scheduled');
  const shown = new Intl.DateTimeFormat('en', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
  await expect(first.getByTestId('assigned-date')).toHaveText(shown);

  // One tap: the building is chosen and the wizard asks for the unit.
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose the unit' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`property=${propertyId}&building=${buildingId}`));
  await expect(page.getByTestId('installation-summary')).toContainText(buildingName);
});

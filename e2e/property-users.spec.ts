// The property page's Users tab: a company admin opens it from the tabs and
// sees the people whose roles reach the property, with the users list's actions.
import { expect, test } from '@playwright/test';
import { signInThroughApi } from './support/api.ts';
import { signIn } from './support/ui.ts';

test('a company admin opens a property’s users tab and finds its people with their actions', async ({
  page,
  request,
}) => {
  const admin = await signInThroughApi(request, 'company.admin@flowsight.test');
  const companyId = admin.roles[0]?.company_id;
  const listed = await request.get(`/api/companies/${companyId}/properties?limit=1`, {
    headers: { Authorization: `Bearer ${admin.access_token}` },
  });
  const property = ((await listed.json()) as { data: { id: number; name: string }[] }).data[0];
  if (!property) throw new Error('the first demo company has no property');

  await signIn(page, 'company.admin@flowsight.test');
  await page.goto(`/companies/${companyId}/properties/${property.id}/buildings`);
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(new RegExp(`/properties/${property.id}/users$`));
  const list = page.getByTestId('property-users');
  await expect(
    list.getByRole('heading', { name: 'People with access to this property' }),
  ).toBeVisible();
  const rows = list.getByTestId('user-row');
  await expect(list.getByText(/^1–\d+ of \d+$/)).toBeVisible();
  // Other tests add people to the company, so each person is looked for by the list's search
  // (the first page need not hold them).
  const search = list.getByRole('searchbox', { name: 'Search by name or email' });
  for (const email of ['company.admin@flowsight.test', 'manager@flowsight.test']) {
    await search.fill(email);
    await expect(rows).toHaveCount(1);
    await expect(rows.filter({ hasText: email })).toHaveCount(1);
  }
  // The other company's admin holds no role that reaches this property.
  await search.fill('other.admin@flowsight.test');
  await expect(rows).toHaveCount(0);

  await search.fill('manager@flowsight.test');
  const manager = rows.filter({ hasText: 'manager@flowsight.test' });
  await manager.getByRole('button', { name: /^Actions for / }).click();
  const menu = page.getByRole('menu');
  for (const action of ['Edit', 'Roles', 'Delete']) {
    await expect(menu.getByRole('menuitem', { name: action })).toBeVisible();
  }
});

// Single-record reads: found inside the caller's scope, 404 outside it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorized, buildTestApp, type TestApp } from '../../testing/app.ts';

describe('portfolio single-record reads', () => {
  let t: TestApp;
  let ids: { company: number; property: number; building: number; unit: number };
  let foreign: typeof ids;
  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    const first = async (company: string) => {
      const { rows } = (await t.database.db.execute(sql`
        select c.id as company, min(p.id)::int as property, min(b.id)::int as building,
               min(u.id)::int as unit
        from companies c join properties p on p.company_id = c.id
        join buildings b on b.property_id = p.id join units u on u.building_id = b.id
        where c.id = (select company_id from user_roles r join users x on x.id = r.user_id
                      where x.email = ${company} order by r.id limit 1)
        group by c.id`)) as unknown as { rows: (typeof ids)[] };
      const row = rows[0];
      if (!row) throw new Error(`no portfolio for ${company}`);
      return row;
    };
    ids = await first('manager@flowsight.test');
    foreign = await first('other.admin@flowsight.test');
  });
  afterAll(() => t.close());

  it('answers each level with its name and parents for a company role', async () => {
    const get = authorized(t.app, await t.signIn('manager@flowsight.test'));
    const company = (await get(`/api/companies/${ids.company}`)).json();
    expect(company).toMatchObject({ id: ids.company, name: expect.any(String) });
    const property = (await get(`/api/properties/${ids.property}`)).json();
    expect(property).toMatchObject({
      company_id: ids.company,
      water_price_per_kgal: expect.any(Number),
    });
    const building = (await get(`/api/buildings/${ids.building}`)).json();
    expect(building).toMatchObject({ company_id: ids.company, property_id: ids.property });
    const unit = (await get(`/api/units/${ids.unit}`)).json();
    expect(unit).toMatchObject({ building_id: ids.building, name: expect.any(String) });
  });

  it("answers 404 for another company's records, and everything for system roles", async () => {
    const manager = authorized(t.app, await t.signIn('manager@flowsight.test'));
    const admin = authorized(t.app, await t.signIn('admin@flowsight.test'));
    for (const [path, id] of [
      ['companies', foreign.company],
      ['properties', foreign.property],
      ['buildings', foreign.building],
      ['units', foreign.unit],
    ] as const) {
      expect((await manager(`/api/${path}/${id}`)).statusCode, path).toBe(404);
      expect((await admin(`/api/${path}/${id}`)).statusCode, path).toBe(200);
    }
  });
});

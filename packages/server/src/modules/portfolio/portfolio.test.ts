// The portfolio calls end to end through the HTTP layer, on the demo portfolio: lists with the
// query language, reads in and out of scope, create/edit/delete with their refusals, names,
// counts, searches, billing links and the company time zone.

import { RoleType } from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import { type DemoParts, demoParts, insertSitePerson } from '../../testing/site-staff.ts';

type Ids = { company: number; property: number; building: number; unit: number };
type Call = AuthorizedRequest;

describe('portfolio API', () => {
  let t: TestApp;
  let own: Ids;
  let foreign: Ids;
  let admin: Call;
  let manager: Call;
  let companyAdmin: Call;
  let newYork: number;

  const query = async <T>(text: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(text)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    const first = async (email: string) => {
      const [row] = await query<Ids>(sql`
        select c.id as company, min(p.id)::int as property, min(b.id)::int as building,
               min(u.id)::int as unit
        from companies c join properties p on p.company_id = c.id
        join buildings b on b.property_id = p.id join units u on u.building_id = b.id
        where c.id = (select company_id from user_roles r join users x on x.id = r.user_id
                      where x.email = ${email} order by r.id limit 1)
        group by c.id`);
      if (!row) throw new Error(`no portfolio for ${email}`);
      return row;
    };
    own = await first('manager@flowsight.test');
    foreign = await first('other.admin@flowsight.test');
    admin = await t.as('admin@flowsight.test');
    manager = await t.as('manager@flowsight.test');
    companyAdmin = await t.as('company.admin@flowsight.test');
    const [zone] = await query<{ id: number }>(
      sql`select id from timezones where name = 'America/New_York'`,
    );
    newYork = zone?.id ?? 0;
  });
  afterAll(() => t.close());

  describe('lists', () => {
    it('pages companies with the list envelope, sorted and searched', async () => {
      const response = await admin('/api/companies?limit=2&sortBy=name:DESC');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.meta).toMatchObject({ itemsPerPage: 2, currentPage: 1, totalItems: 3 });
      expect(body.data).toHaveLength(2);
      const names = body.data.map((c: { name: string }) => c.name);
      expect(names).toEqual([...names].sort().reverse());
      expect(body.data[0]).toMatchObject({
        properties_count: expect.any(Number),
        units_count: expect.any(Number),
      });
      const searched = (await admin('/api/companies?search=lakeshore')).json();
      expect(searched.data.map((c: { name: string }) => c.name)).toEqual([
        'Lakeshore Living Partners',
      ]);
    });

    it('limits every list to the caller’s company', async () => {
      for (const path of ['companies', 'properties', 'buildings', 'units']) {
        const body = (await manager(`/api/${path}?limit=500`)).json();
        expect(body.data.length, path).toBeGreaterThan(0);
        const companies = new Set(
          body.data.map((row: { id: number; company_id?: number }) => row.company_id ?? row.id),
        );
        expect([...companies], path).toEqual([own.company]);
      }
    });

    it('filters with the query language and refuses unknown fields and bad values', async () => {
      const filtered = (
        await admin(
          `/api/units?filter.building_id=$eq:${own.building}&filter.floor=$gte:2&limit=500`,
        )
      ).json();
      expect(filtered.data.length).toBeGreaterThan(0);
      for (const row of filtered.data) {
        expect(row.building_id).toBe(own.building);
        expect(row.floor).toBeGreaterThanOrEqual(2);
      }
      const [expected] = await query<{ n: number }>(
        sql`select count(*)::int as n from units where building_id = ${own.building} and floor >= 2`,
      );
      expect(filtered.meta.totalItems).toBe(expected?.n);

      const unknown = await admin('/api/properties?filter.password=$eq:x');
      expect(unknown.statusCode).toBe(400);
      const badValue = await admin('/api/buildings?filter.survey_status=$in:one,two');
      expect(badValue.statusCode).toBe(400);
      expect(JSON.stringify(badValue.json().message)).toContain('survey_status');
      const badSort = await admin('/api/units?sortBy=secret:ASC');
      expect(badSort.statusCode).toBe(400);
    });

    it('answers the nested lists of a company, property and building', async () => {
      const properties = (await manager(`/api/companies/${own.company}/properties`)).json();
      expect(
        properties.data.every((p: { company_id: number }) => p.company_id === own.company),
      ).toBe(true);
      const buildings = (await manager(`/api/properties/${own.property}/buildings`)).json();
      expect(
        buildings.data.every((b: { property_id: number }) => b.property_id === own.property),
      ).toBe(true);
      const units = (await manager(`/api/buildings/${own.building}/units?limit=3`)).json();
      expect(units.data).toHaveLength(3);
      expect(units.data.every((u: { building_id: number }) => u.building_id === own.building)).toBe(
        true,
      );
      for (const path of [
        `/api/companies/${foreign.company}/properties`,
        `/api/properties/${foreign.property}/buildings`,
        `/api/buildings/${foreign.building}/units`,
      ]) {
        expect((await manager(path)).statusCode, path).toBe(404);
      }
    });
  });

  describe('counts, names and time zone', () => {
    it('counts each level from the database', async () => {
      const [expected] = await query<Record<string, number>>(sql`
        select (select count(*)::int from properties where company_id = ${own.company}) as properties,
               (select count(*)::int from buildings where company_id = ${own.company}) as buildings,
               (select count(*)::int from units where company_id = ${own.company}) as units,
               (select count(*)::int from units where company_id = ${own.company} and unit_category_id = 1) as residential,
               (select count(*)::int from buildings where property_id = ${own.property}) as property_buildings,
               (select count(*)::int from units where property_id = ${own.property}) as property_units,
               (select count(*)::int from units where building_id = ${own.building}) as building_units,
               (select coalesce(sum(tenants), 0)::int from units where building_id = ${own.building}) as tenants`);
      const count = async (path: string) => (await manager(path)).json().count;
      expect(await count(`/api/companies/${own.company}/properties-count`)).toBe(
        expected?.properties,
      );
      expect(await count(`/api/companies/${own.company}/buildings-count`)).toBe(
        expected?.buildings,
      );
      expect(await count(`/api/companies/${own.company}/units-count`)).toBe(expected?.units);
      expect(await count(`/api/companies/${own.company}/residential-units`)).toBe(
        expected?.residential,
      );
      expect(await count(`/api/properties/${own.property}/buildings-count`)).toBe(
        expected?.property_buildings,
      );
      expect(await count(`/api/properties/${own.property}/units-count`)).toBe(
        expected?.property_units,
      );
      expect(await count(`/api/buildings/${own.building}/units-count`)).toBe(
        expected?.building_units,
      );
      expect(await count(`/api/buildings/${own.building}/tenants-count`)).toBe(expected?.tenants);
      expect((await manager(`/api/companies/${foreign.company}/units-count`)).statusCode).toBe(404);
    });

    it('answers names, limited names and the lookups', async () => {
      const names = (await manager(`/api/companies/${own.company}/properties-names`)).json();
      expect(names.length).toBeGreaterThan(1);
      expect(Object.keys(names[0]).sort()).toEqual(['id', 'name']);
      const limited = (await manager(`/api/companies/${own.company}/properties-names/1`)).json();
      expect(limited).toEqual([names[0]]);
      expect(
        (await manager(`/api/properties/${own.property}/buildings-names`)).json().length,
      ).toBeGreaterThan(0);
      expect(
        (await manager(`/api/buildings/${own.building}/units-names`)).json().length,
      ).toBeGreaterThan(0);
      expect((await manager('/api/companies/names')).json()).toEqual([
        { id: own.company, name: expect.any(String) },
      ]);
      expect((await admin('/api/companies/names')).json()).toHaveLength(3);
      expect((await manager('/api/companies/types')).json()).toContainEqual({
        id: 3,
        name: 'Restricted partner',
      });
      for (const path of ['categories', 'types', 'states']) {
        expect((await manager(`/api/units/${path}`)).json().length, path).toBeGreaterThan(2);
      }
    });

    it('answers the company time zone, falling back to its properties’ usual zone', async () => {
      const body = (await manager(`/api/companies/${own.company}/timezone`)).json();
      const [usual] = await query<{ name: string }>(sql`
        select z.name from properties p join timezones z on z.id = p.timezone_id
        where p.company_id = ${own.company}
        group by z.name order by count(*) desc, min(z.id) limit 1`);
      const [self] = await query<{ name: string | null }>(sql`
        select z.name from companies c left join timezones z on z.id = c.timezone_id where c.id = ${own.company}`);
      expect(body.timezone).toBe(self?.name ?? usual?.name);
    });
  });

  describe('search', () => {
    it('answers at most 5 per level, prefix matches first, within scope', async () => {
      const units = (await admin('/api/units/search-top/1/5')).json();
      expect(units.length).toBe(5);
      const hits = (await manager('/api/buildings/search-top/a/5')).json();
      expect(hits.length).toBeGreaterThan(0);
      expect(hits.every((h: { company_id: number }) => h.company_id === own.company)).toBe(true);

      const [foreignProperty] = await query<{ name: string }>(
        sql`select name from properties where id = ${foreign.property}`,
      );
      const name = foreignProperty?.name ?? '';
      expect(
        (await admin(`/api/properties/search-top/${encodeURIComponent(name)}/5`)).json()[0],
      ).toMatchObject({ id: foreign.property, name });
      expect(
        (await manager(`/api/properties/search-top/${encodeURIComponent(name)}/5`)).json(),
      ).toEqual([]);
    });

    it('searches all four levels for the header, limited to the role', async () => {
      const body = (await manager('/api/search/a')).json();
      for (const level of ['companies', 'properties', 'buildings', 'units']) {
        expect(body[level].length, level).toBeLessThanOrEqual(5);
        for (const hit of body[level]) expect(hit.company_id).toBe(own.company);
      }
      expect(body.units[0]).toMatchObject({
        building_id: expect.any(Number),
        context: expect.any(String),
      });
      const restricted = await t.as('restricted.admin@flowsight.test');
      expect((await restricted('/api/search/a')).statusCode).toBe(403);
    });

    it('searches with non-Latin text up to the 100 characters the route accepts', async () => {
      const chinese = encodeURIComponent('水'.repeat(100));
      expect((await admin(`/api/search/${chinese}`)).statusCode).toBe(200);
      expect((await admin(`/api/units/search-top/${chinese}/5`)).json()).toEqual([]);
      expect((await admin(`/api/search/${encodeURIComponent('水'.repeat(101))}`)).statusCode).toBe(
        400,
      );
    });

    it('answers the company-scoped property and building searches', async () => {
      const properties = (
        await manager(`/api/companies/${own.company}/search-top-properties/a/5`)
      ).json();
      expect(properties.every((p: { company_id: number }) => p.company_id === own.company)).toBe(
        true,
      );
      const buildings = (
        await admin(`/api/companies/${foreign.company}/search-top-buildings/a/5`)
      ).json();
      expect(buildings.length).toBeGreaterThan(0);
      expect(buildings.every((b: { company_id: number }) => b.company_id === foreign.company)).toBe(
        true,
      );
      expect(
        (await manager(`/api/companies/${foreign.company}/search-top-buildings/a/5`)).statusCode,
      ).toBe(404);
    });
  });

  describe('create, change and delete', () => {
    it('creates a company → property → building → unit, edits and deletes them bottom up', async () => {
      const company = await admin('/api/companies', {
        method: 'POST',
        payload: {
          name: '  Riverbend Homes  ',
          company_type_id: 1,
          allow_assignment: true,
          email: '',
        },
      });
      expect(company.statusCode).toBe(201);
      expect(company.json()).toMatchObject({
        name: 'Riverbend Homes',
        email: null,
        properties_count: 0,
      });
      const companyId = company.json().id;

      const property = await admin('/api/properties', {
        method: 'POST',
        payload: {
          company_id: companyId,
          name: 'Riverbend Court',
          timezone_id: newYork,
          water_price_per_kgal: 12.345,
        },
      });
      expect(property.statusCode).toBe(201);
      expect(property.json()).toMatchObject({
        company_name: 'Riverbend Homes',
        timezone_name: 'America/New_York',
        water_price_per_kgal: 12.35,
      });
      const propertyId = property.json().id;

      const building = await admin('/api/buildings', {
        method: 'POST',
        payload: { property_id: propertyId, name: 'North', floors: 4 },
      });
      expect(building.statusCode).toBe(201);
      expect(building.json()).toMatchObject({
        company_id: companyId,
        property_name: 'Riverbend Court',
        survey_status: 0,
      });
      const buildingId = building.json().id;

      const unit = await admin('/api/units', {
        method: 'POST',
        payload: { building_id: buildingId, name: '4B', floor: 4, unit_category_id: 1, tenants: 2 },
      });
      expect(unit.statusCode).toBe(201);
      expect(unit.json()).toMatchObject({
        company_id: companyId,
        property_id: propertyId,
        building_name: 'North',
        tenants: 2,
      });
      const unitId = unit.json().id;

      const edited = await admin(`/api/units/${unitId}`, {
        method: 'PUT',
        payload: { name: '4C', unit_state_id: 2 },
      });
      expect(edited.json()).toMatchObject({ name: '4C', unit_state_id: 2, floor: 4 });
      const tenants = await admin(`/api/units/${unitId}/tenants`, {
        method: 'PUT',
        payload: { tenants: 3 },
      });
      expect(tenants.json().tenants).toBe(3);
      expect((await admin(`/api/buildings/${buildingId}/tenants-count`)).json().count).toBe(3);
      const renamed = await admin(`/api/properties/${propertyId}`, {
        method: 'PUT',
        payload: { water_price_per_kgal: 9.5 },
      });
      expect(renamed.json()).toMatchObject({ water_price_per_kgal: 9.5, name: 'Riverbend Court' });

      // Parents refuse while children remain, naming them; nothing is removed.
      const refused = await admin(`/api/companies/${companyId}`, { method: 'DELETE' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'This company still has 1 property, 1 building and 1 unit. Move or delete them first.',
      );
      const buildingRefused = await admin(`/api/buildings/${buildingId}`, { method: 'DELETE' });
      expect(buildingRefused.statusCode).toBe(409);
      expect(buildingRefused.json().message).toBe(
        'This building still has 1 unit. Move or delete them first.',
      );

      for (const path of [
        `units/${unitId}`,
        `buildings/${buildingId}`,
        `properties/${propertyId}`,
        `companies/${companyId}`,
      ]) {
        const response = await admin(`/api/${path}`, { method: 'DELETE' });
        expect(response.statusCode, path).toBe(200);
        expect((await admin(`/api/${path}`)).statusCode, path).toBe(404);
      }
      const [events] = await query<{ n: number }>(sql`
        select count(*)::int as n from events where entity_type in ('company', 'property', 'building', 'unit')
          and action in ('created', 'deleted') and entity_id in (${companyId}, ${propertyId}, ${buildingId}, ${unitId})`);
      expect(events?.n).toBeGreaterThanOrEqual(8);
    });

    it('refuses to delete a unit that still has micrometers, naming them', async () => {
      const [withSensors] = await query<{ id: number; n: number }>(sql`
        select unit_id as id, count(*)::int as n from sensors where company_id = ${own.company} and unit_id is not null
        group by unit_id order by unit_id limit 1`);
      const response = await companyAdmin(`/api/units/${withSensors?.id}`, { method: 'DELETE' });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toContain(`${withSensors?.n} micrometers`);
      expect((await companyAdmin(`/api/units/${withSensors?.id}`)).statusCode).toBe(200);
    });

    it('validates bodies with one message per problem', async () => {
      const response = await admin('/api/properties', {
        method: 'POST',
        payload: { company_id: own.company, name: '   ', water_price_per_kgal: -1 },
      });
      expect(response.statusCode).toBe(400);
      const messages = [response.json().message].flat().join('\n');
      expect(messages).toContain('Name is required');
      expect(messages).toContain('Water price must be between');
      expect(messages).toContain('timezone_id');
      const unknownCity = await admin('/api/buildings', {
        method: 'POST',
        payload: { property_id: own.property, name: 'X', city_id: 99_999_999 },
      });
      expect(unknownCity.statusCode).toBe(400);
      expect(unknownCity.json().message).toContain('city id 99999999 does not exist');
      const badCategory = await admin(`/api/units/${own.unit}`, {
        method: 'PUT',
        payload: { unit_category_id: 77 },
      });
      expect(badCategory.statusCode).toBe(400);
      expect(JSON.stringify(badCategory.json().message)).toContain(
        'Choose one of the listed values',
      );
    });

    it('lets a company admin work only inside their company, and not on staff-only fields', async () => {
      const elsewhere = await companyAdmin('/api/properties', {
        method: 'POST',
        payload: { company_id: foreign.company, name: 'Sneaky', timezone_id: newYork },
      });
      expect(elsewhere.statusCode).toBe(404);
      const inForeignBuilding = await companyAdmin('/api/units', {
        method: 'POST',
        payload: { building_id: foreign.building, name: 'Sneaky', unit_category_id: 1 },
      });
      expect(inForeignBuilding.statusCode).toBe(404);
      const [count] = await query<{ n: number }>(
        sql`select count(*)::int as n from units where name = 'Sneaky'`,
      );
      expect(count?.n).toBe(0);

      const staffOnly = await companyAdmin(`/api/companies/${own.company}`, {
        method: 'PUT',
        payload: { allow_assignment: false },
      });
      expect(staffOnly.statusCode).toBe(403);
      const phone = await companyAdmin(`/api/companies/${own.company}`, {
        method: 'PUT',
        payload: { phone: '(212) 555-0100' },
      });
      expect(phone.statusCode, phone.body).toBe(200);
      expect(phone.json().phone).toBe('(212) 555-0100');
      expect(
        (await manager(`/api/companies/${own.company}`, { method: 'PUT', payload: { phone: '1' } }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await companyAdmin(`/api/companies/${foreign.company}`, {
            method: 'PUT',
            payload: { phone: '1' },
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  describe('billing company properties', () => {
    it('links and unlinks a property of another company, shown on the company', async () => {
      const add = await admin(
        `/api/companies/${own.company}/billing-company-properties/${foreign.property}`,
        { method: 'POST' },
      );
      expect(add.statusCode).toBe(200);
      expect(
        (await admin(`/api/companies/${own.company}`)).json().billing_properties,
      ).toContainEqual(expect.objectContaining({ id: foreign.property }));
      // A company role does not learn another company's property through the link.
      expect((await manager(`/api/companies/${own.company}`)).json().billing_properties).toEqual(
        [],
      );
      const ownProperty = await admin(
        `/api/companies/${own.company}/billing-company-properties/${own.property}`,
        { method: 'POST' },
      );
      expect(ownProperty.statusCode).toBe(400);
      const remove = await admin(
        `/api/companies/${own.company}/billing-company-properties/${foreign.property}`,
        { method: 'DELETE' },
      );
      expect(remove.statusCode).toBe(200);
      const again = await admin(
        `/api/companies/${own.company}/billing-company-properties/${foreign.property}`,
        { method: 'DELETE' },
      );
      expect(again.statusCode).toBe(404);
    });
  });
  describe('site staff (a company role narrowed to a property or a building)', () => {
    let parts: DemoParts;
    let propertyAdmin: Call;
    let buildingAdmin: Call;
    const [propertyEmail, buildingEmail] = ['site.p@flowsight.test', 'site.b@flowsight.test'];

    beforeAll(async () => {
      parts = await demoParts(t);
      const place = { companyId: parts.company.id, propertyId: parts.a.id };
      await insertSitePerson(t, propertyEmail, RoleType.CompanyAdmin, place);
      await insertSitePerson(t, buildingEmail, RoleType.CompanyAdmin, {
        ...place,
        buildingId: parts.building.id,
      });
      propertyAdmin = await t.as(propertyEmail);
      buildingAdmin = await t.as(buildingEmail);
    });

    it("counts only the caller's part of the company, in the company row and the list", async () => {
      const [a] = await query<{ buildings: number; units: number }>(sql`
        select (select count(*) from buildings where property_id = ${parts.a.id})::int as buildings,
               (select count(*) from units where property_id = ${parts.a.id})::int as units`);
      const [whole] = await query<{ properties: number }>(
        sql`select count(*)::int as properties from properties where company_id = ${parts.company.id}`,
      );
      expect(whole?.properties).toBeGreaterThan(1);
      const company = (await propertyAdmin(`/api/companies/${parts.company.id}`)).json();
      expect(company).toMatchObject({
        properties_count: 1,
        buildings_count: a?.buildings,
        units_count: a?.units,
      });
      const list = (await propertyAdmin('/api/companies')).json();
      expect(list.data).toEqual([
        expect.objectContaining({ id: parts.company.id, properties_count: 1 }),
      ]);
      // The company-wide manager still counts the whole company.
      expect((await manager(`/api/companies/${parts.company.id}`)).json().properties_count).toBe(
        whole?.properties,
      );
    });

    it("counts a building role's part of its property, and its company", async () => {
      const [b] = await query<{ units: number }>(
        sql`select count(*)::int as units from units where building_id = ${parts.building.id}`,
      );
      const property = (await buildingAdmin(`/api/properties/${parts.a.id}`)).json();
      expect(property).toMatchObject({ buildings_count: 1, units_count: b?.units });
      const company = (await buildingAdmin(`/api/companies/${parts.company.id}`)).json();
      expect(company).toMatchObject({
        properties_count: 1,
        buildings_count: 1,
        units_count: b?.units,
      });
      const listed = (await buildingAdmin(`/api/companies/${parts.company.id}/properties`)).json();
      expect(listed.data).toEqual([
        expect.objectContaining({ id: parts.a.id, buildings_count: 1, units_count: b?.units }),
      ]);
    });

    it('refuses company-level writes to a property role and property-level ones to a building role, writing nothing', async () => {
      const [before] = await query<{
        phone: string | null;
        properties: number;
        buildings: number;
      }>(sql`
        select phone, (select count(*) from properties where company_id = ${parts.company.id})::int as properties,
               (select count(*) from buildings where property_id = ${parts.a.id})::int as buildings
        from companies where id = ${parts.company.id}`);
      const refusals = [
        await propertyAdmin(`/api/companies/${parts.company.id}`, {
          method: 'PUT',
          payload: { phone: '(212) 555-0177' },
        }),
        await propertyAdmin('/api/properties', {
          method: 'POST',
          payload: { company_id: parts.company.id, name: 'Site Court', timezone_id: 1 },
        }),
        await propertyAdmin(`/api/properties/${parts.a.id}`, { method: 'DELETE' }),
        await buildingAdmin(`/api/properties/${parts.a.id}`, {
          method: 'PUT',
          payload: { postal: '10002' },
        }),
        await buildingAdmin('/api/buildings', {
          method: 'POST',
          payload: { property_id: parts.a.id, name: 'Site Hall' },
        }),
        await buildingAdmin(`/api/buildings/${parts.building.id}`, { method: 'DELETE' }),
      ];
      for (const refused of refusals) {
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json().message).toMatch(/needs a role over the whole (company|property)/);
      }
      const [after] = await query<typeof before>(sql`
        select phone, (select count(*) from properties where company_id = ${parts.company.id})::int as properties,
               (select count(*) from buildings where property_id = ${parts.a.id})::int as buildings
        from companies where id = ${parts.company.id}`);
      expect(after).toEqual(before);
      // Within their place they still act.
      const edited = await propertyAdmin(`/api/properties/${parts.a.id}`, {
        method: 'PUT',
        payload: { postal: '10003' },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const edit = await buildingAdmin(`/api/buildings/${parts.building.id}`, {
        method: 'PUT',
        payload: { postal: '10003' },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      // Another property of the company is not found at all.
      expect((await propertyAdmin(`/api/properties/${parts.b.id}`)).statusCode).toBe(404);
    });
  });
});

// The portfolio's CSV exports through HTTP: file names, the caller's time zone on dates, formula
// neutralising on text cells (never on numbers), every row, and the access rule.
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';

type Call = AuthorizedRequest;

describe('portfolio CSV exports', () => {
  let t: TestApp;
  let admin: Call;
  const records = (body: string) => parse(body, { bom: true }) as string[][];

  beforeAll(async () => {
    t = await buildTestApp({ demo: true });
    admin = await t.as('admin@flowsight.test');
  });
  afterAll(() => t.close());

  it('exports a formula-like property name as text and a negative floor as a number', async () => {
    const [company] = (
      (await t.database.db.execute(sql`select min(id)::int as id from companies`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const property = await admin('/api/properties', {
      method: 'POST',
      payload: { company_id: company?.id, name: '=HYPERLINK("x")', timezone_id: 1 },
    });
    expect(property.statusCode).toBe(201);
    const building = await admin('/api/buildings', {
      method: 'POST',
      payload: { property_id: property.json().id, name: '+Tower', floors: 3 },
    });
    const unit = await admin('/api/units', {
      method: 'POST',
      payload: { building_id: building.json().id, name: '-B2', floor: -2, unit_category_id: 4 },
    });
    expect(unit.statusCode).toBe(201);

    const properties = records((await admin('/api/properties/export-all?timeZone=UTC')).body);
    const propertyRow = properties.find((row) => row[0] === String(property.json().id));
    expect(propertyRow?.[1]).toBe(`'=HYPERLINK("x")`);

    const units = records((await admin('/api/units/export-all?timeZone=UTC')).body);
    const header = units[0] ?? [];
    const unitRow = units.find((row) => row[0] === String(unit.json().id)) ?? [];
    expect(unitRow[header.indexOf('Name')]).toBe(`'-B2`);
    expect(unitRow[header.indexOf('Property')]).toBe(`'=HYPERLINK("x")`);
    expect(unitRow[header.indexOf('Building')]).toBe(`'+Tower`);
    expect(unitRow[header.indexOf('Floor')]).toBe('-2');
    expect(unitRow[header.indexOf('Category')]).toBe('Building services');
  });

  it('names the file, writes dates in the time zone asked for, and includes every row', async () => {
    for (const [path, entity, table] of [
      ['companies', 'companies', 'companies'],
      ['properties', 'properties', 'properties'],
      ['buildings', 'buildings', 'buildings'],
      ['units', 'units', 'units'],
    ] as const) {
      const response = await admin(`/api/${path}/export-all?timeZone=Asia/Kolkata`);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="${entity}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      const rows = records(response.body);
      const [expected] = (
        (await t.database.db.execute(sql`
        select count(*)::int as n, (select to_char(created_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI:SS') || ' +05:30'
          from ${sql.identifier(table)} order by id limit 1) as first_created
        from ${sql.identifier(table)}`)) as unknown as {
          rows: { n: number; first_created: string }[];
        }
      ).rows;
      expect(rows.length - 1, path).toBe(expected?.n);
      const created = (rows[0] ?? []).indexOf('Created');
      expect(rows[1]?.[created], path).toBe(expected?.first_created);
    }
  });

  it('exports the cities with their state and country', async () => {
    const response = await admin('/api/location/cities/export-all?timeZone=UTC');
    expect(response.headers['content-disposition']).toMatch(
      /filename="cities-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = records(response.body);
    expect(rows[0]).toEqual(['ID', 'City', 'State', 'Country', 'Latitude', 'Longitude']);
    const [count] = (
      (await t.database.db.execute(sql`select count(*)::int as n from cities`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(rows.length - 1).toBe(count?.n);
    expect(
      rows.some(
        (row) => row[1] === 'Denver' && row[2] === 'Colorado' && row[3] === 'United States',
      ),
    ).toBe(true);
  });

  it('refuses a bad time zone and company roles', async () => {
    expect((await admin('/api/companies/export-all?timeZone=Mars/Base')).statusCode).toBe(400);
    expect((await admin('/api/companies/export-all')).statusCode).toBe(400);
    const manager = await t.as('manager@flowsight.test');
    expect((await manager('/api/units/export-all?timeZone=UTC')).statusCode).toBe(403);
  });
});

import {
  applianceTypes,
  fixtureDetectionDefaults,
  type LookupName,
  lookupCatalogue,
} from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/database.ts';
import type { DatabaseHandle } from './client.ts';
import { lookupTables } from './lookup-seed.ts';
import { ensureSubmissionPartitions, prepareDatabase } from './prepare.ts';

type Row = Record<string, unknown>;

async function schemaFingerprint(handle: DatabaseHandle): Promise<string> {
  const { rows } = (await handle.db.execute(sql`
    select table_name, column_name, data_type, is_nullable, column_default
    from information_schema.columns where table_schema = 'public'
    order by table_name, column_name`)) as unknown as { rows: Row[] };
  const counts = (await handle.db.execute(sql`
    select (select count(*) from countries) as countries, (select count(*) from cities) as cities,
           (select count(*) from timezones) as timezones,
           (select count(*) from drizzle.__drizzle_migrations) as migrations`)) as unknown as {
    rows: Row[];
  };
  return JSON.stringify([rows, counts.rows]);
}

describe('database preparation', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('applies from empty and a second run changes nothing', async () => {
    const before = await schemaFingerprint(handle);
    await prepareDatabase(handle);
    expect(await schemaFingerprint(handle)).toBe(before);
  });

  it('seeds every lookup table exactly as the domain catalogue lists it', async () => {
    for (const [name, table] of Object.entries(lookupTables) as [LookupName, string][]) {
      const { rows } = (await handle.db.execute(
        sql`select id, name from ${sql.identifier(table)} order by id`,
      )) as unknown as { rows: { id: number; name: string }[] };
      expect(rows, table).toEqual(lookupCatalogue[name].map(({ id, name }) => ({ id, name })));
    }
    expect(applianceTypes).toHaveLength(22);
  });

  it("starts every fixture type on its kind's detection parameters", async () => {
    const { rows } = (await handle.db.execute(sql`
      select id, continuous_hours, hourly_min_gal::float8 as hourly_min_gal, night_flow,
             daily_high_gal::float8 as daily_high_gal
      from appliance_types order by id`)) as unknown as { rows: Row[] };
    expect(rows).toEqual(
      applianceTypes.map(({ id, kind }) => {
        const d = fixtureDetectionDefaults[kind];
        return {
          id,
          continuous_hours: d.continuousHours,
          hourly_min_gal: d.hourlyMinGal,
          night_flow: d.nightFlow,
          daily_high_gal: d.dailyHighGal,
        };
      }),
    );
  });

  it('loads US and Canadian states and cities and links time zones to countries', async () => {
    const { rows } = (await handle.db.execute(sql`
      select c.iso2, count(distinct s.id)::int as states, count(ci.id)::int as cities
      from countries c join states s on s.country_id = c.id join cities ci on ci.state_id = s.id
      where c.iso2 in ('US', 'CA') group by c.iso2 order by c.iso2`)) as unknown as {
      rows: { iso2: string; states: number; cities: number }[];
    };
    expect(rows.map((r) => r.iso2)).toEqual(['CA', 'US']);
    for (const row of rows) expect(row.cities).toBeGreaterThan(500);
    const zones = (await handle.db.execute(sql`
      select t.name from timezones t join country_timezones ct on ct.timezone_id = t.id
      join countries c on c.id = ct.country_id where c.iso2 = 'US'`)) as unknown as {
      rows: { name: string }[];
    };
    expect(zones.rows.map((z) => z.name)).toContain('America/New_York');
  });

  it('keeps monthly submissions partitions and routes a reading into its month', async () => {
    await ensureSubmissionPartitions(handle, new Date('2031-05-17T00:00:00Z'), 0, 0);
    await handle.db.execute(sql`
      insert into submissions (measured_at, mac_address, seq, kind, transport)
      values ('2031-05-31T23:59:59Z', '70B3D57ED0051A2B', 1, 'usage', 'test')`);
    const { rows } = (await handle.db.execute(sql`
      select tableoid::regclass::text as partition from submissions
      where mac_address = '70B3D57ED0051A2B'`)) as unknown as { rows: { partition: string }[] };
    expect(rows).toEqual([{ partition: 'submissions_203105' }]);
    // The natural key makes a redelivery a conflict, never a second row.
    await expect(
      handle.db.execute(sql`
        insert into submissions (measured_at, mac_address, seq, kind, transport)
        values ('2031-05-31T23:59:59Z', '70B3D57ED0051A2B', 1, 'usage', 'test')`),
    ).rejects.toThrow();
  });
});

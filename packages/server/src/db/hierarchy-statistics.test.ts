// The planner knows that a unit fixes its building, property and company (migration 0018): a
// place named with its scope (`property_id = $1 and company_id = $2`) is estimated at the rows it
// has, not at its rows divided by the number of companies, which led plans astray at ten times
// the demo fleet (docs/decisions.md, "The planner knows the hierarchy").
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/database.ts';
import { type DatabaseHandle, rowsOf } from './client.ts';

const HIERARCHY_TABLES = [
  'buildings',
  'units',
  'sensors',
  'gateways',
  'notifications',
  'usage_hourly',
  'usage_daily',
  'usage_monthly',
  'usage_company_hourly',
  'usage_company_daily',
];

describe('hierarchy statistics', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase({ demo: true });
    await handle.db.execute(sql`analyze units, sensors`);
  });
  afterAll(() => handle.close());

  /** The planner's row estimate of a statement, and the rows it gives. */
  async function estimateAndCount(table: string, where: ReturnType<typeof sql>) {
    const [plan] = await rowsOf<{ 'QUERY PLAN': unknown }>(
      handle.db,
      sql`explain (format json) select * from ${sql.identifier(table)} where ${where}`,
    );
    const parsed = plan?.['QUERY PLAN'];
    const json = (typeof parsed === 'string' ? JSON.parse(parsed) : parsed) as {
      Plan: { 'Plan Rows': number };
    }[];
    const [counted] = await rowsOf<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
    );
    return { estimate: json[0]?.Plan['Plan Rows'] ?? 0, count: counted?.n ?? 0 };
  }

  it('has dependency statistics on every table carrying the hierarchy', async () => {
    const rows = await rowsOf<{ table: string; kinds: string }>(
      handle.db,
      sql`select c.relname as table, array_to_string(s.stxkind, '') as kinds
          from pg_statistic_ext s join pg_class c on c.oid = s.stxrelid`,
    );
    for (const table of HIERARCHY_TABLES) {
      const kinds = rows.find((row) => row.table === table)?.kinds ?? '';
      expect(kinds, table).toContain('f');
      expect(kinds, table).toContain('d');
    }
  });

  it.each([
    ['units', 'property'],
    ['sensors', 'property'],
    ['sensors', 'building'],
  ] as const)(
    'estimates %s of a %s named with its company at the rows it has',
    async (table, level) => {
      // The place of the smallest company: independence would divide its rows the most.
      const [place] = await rowsOf<{ id: number; company_id: number }>(
        handle.db,
        sql`select ${sql.raw(`${level}_id`)} as id, company_id from ${sql.identifier(table)}
          where company_id is not null group by 1, 2 having count(*) >= 10
          order by sum(count(*)) over (partition by company_id), count(*) desc limit 1`,
      );
      expect(place).toBeDefined();
      const { estimate, count } = await estimateAndCount(
        table,
        sql`${sql.raw(`${level}_id`)} = ${place?.id} and company_id = ${place?.company_id}`,
      );
      expect(count).toBeGreaterThanOrEqual(10);
      // Taken as independent, the conditions give the count times the company's share of the rows.
      expect(estimate / count).toBeGreaterThan(0.6);
      expect(estimate / count).toBeLessThan(1.6);
    },
  );
});

// Reads every lookup table in one round trip.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { lookupTables } from '../../db/lookup-seed.ts';

export type LookupRecord = { id: number; name: string; kind?: string; category_id?: number };

export function createLookupsRepository(db: Database) {
  return {
    async findAll(): Promise<Record<string, LookupRecord[]>> {
      const parts = Object.entries(lookupTables).map(
        ([key, table]) =>
          sql`select ${key}::text as lookup, coalesce(json_agg(to_jsonb(t) order by t.id), '[]'::json) as rows from ${sql.identifier(table)} t`,
      );
      const result = (await db.execute(sql.join(parts, sql` union all `))) as unknown as {
        rows: { lookup: string; rows: LookupRecord[] | string }[];
      };
      return Object.fromEntries(
        result.rows.map((r) => [
          r.lookup,
          typeof r.rows === 'string' ? JSON.parse(r.rows) : r.rows,
        ]),
      );
    },
  };
}

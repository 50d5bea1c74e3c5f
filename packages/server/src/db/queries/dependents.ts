// What still depends on a row: every table whose foreign key points at it (read from the catalogue,
// so tables added later are covered without a list to keep up to date) plus the readings tables,
// which carry the hierarchy ids without foreign keys. Used to refuse deletes with a message that
// names the dependents (DESIGN section 4, the spec's error 1451 case).
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../client.ts';

export type Dependent = { table: string; count: number };
type Reference = { table: string; column: string };

/** Readings carry company/property/building/unit ids without foreign keys (partitioned, hot). */
const readingsColumns: Readonly<Record<string, string>> = {
  companies: 'company_id',
  properties: 'property_id',
  buildings: 'building_id',
  units: 'unit_id',
};
const READINGS_TABLES = ['submissions', 'usage_daily'] as const;
/** Counting stops here: the message needs "how many", not an exact figure for millions of rows. */
const COUNT_CAP = 1_000_000;

const referencesCache = new WeakMap<Executor, Map<string, Promise<Reference[]>>>();

/** Single-column foreign keys pointing at `table` that would block a delete. */
function referencesTo(db: Executor, table: string): Promise<Reference[]> {
  let perDatabase = referencesCache.get(db);
  if (!perDatabase) {
    perDatabase = new Map();
    referencesCache.set(db, perDatabase);
  }
  let references = perDatabase.get(table);
  if (!references) {
    references = (async () => {
      const rows = await rowsOf<Reference>(
        db,
        sql`
        select cl.relname as "table", a.attname as "column"
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.confrelid = to_regclass(${table})
          and c.conparentid = 0 and cardinality(c.conkey) = 1
          and c.confdeltype not in ('c', 'n', 'd')
        order by cl.relname, a.attname`,
      );
      return rows;
    })();
    perDatabase.set(table, references);
  }
  return references;
}

/** Tables with rows that still refer to `table`'s row `id`, with how many, largest first. */
export async function dependentsOf(
  db: Executor,
  table: string,
  id: number,
  options: { ignore?: readonly string[] } = {},
): Promise<Dependent[]> {
  const references = [...(await referencesTo(db, table))];
  const readingsColumn = readingsColumns[table];
  if (readingsColumn) {
    for (const readings of READINGS_TABLES)
      references.push({ table: readings, column: readingsColumn });
  }
  const totals = new Map<string, number>();
  for (const reference of references) {
    if (options.ignore?.includes(reference.table)) continue;
    const rows = await rowsOf<{ n: number }>(
      db,
      sql`
      select count(*)::int as n from (
        select 1 from ${sql.identifier(reference.table)}
        where ${sql.identifier(reference.column)} = ${id} limit ${COUNT_CAP}) found`,
    );
    const n = rows[0]?.n ?? 0;
    if (n > 0) totals.set(reference.table, (totals.get(reference.table) ?? 0) + n);
  }
  return [...totals]
    .map(([dependent, count]) => ({ table: dependent, count }))
    .sort((a, b) => b.count - a.count || a.table.localeCompare(b.table));
}

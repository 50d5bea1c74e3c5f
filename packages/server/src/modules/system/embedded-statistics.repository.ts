// The planner's statistics of the embedded database: which tables changed enough since their last
// ANALYZE, by autovacuum's own rule, and the ANALYZE of one table.
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.ts';

/** Autovacuum's defaults: analyse after 50 rows plus a tenth of the table changed. */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;
/** Pages a table may grow by past twice its size at the last ANALYZE before it is due anyway. */
const GROWN_PAGES = 8;

/**
 * The schema's tables due for ANALYZE, most changed first: those with more rows changed since the
 * last one than autovacuum's threshold, and those holding data with none at the last one or more
 * than twice the size they had then (never analysed, analysed while empty by a migration, or grown
 * while the counters of changes, which do not survive every restart or copy of the data, were not
 * counting).
 */
export async function tablesDueForAnalyze(db: Database): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_stat_user_tables s on s.relid = c.oid
        where n.nspname = current_schema() and c.relkind = 'r'
          and (coalesce(s.n_mod_since_analyze, 0)
                 > ${ANALYZE_THRESHOLD} + ${ANALYZE_SCALE_FACTOR} * greatest(c.reltuples, 0)
               or (c.relpages = 0 and pg_relation_size(c.oid) > 0)
               or pg_relation_size(c.oid)
                 > (2 * c.relpages + ${GROWN_PAGES}) * current_setting('block_size')::bigint)
        order by coalesce(s.n_mod_since_analyze, 0) desc, c.relname`,
  );
  return rows.map((row) => row.name);
}

export async function analyzeTable(db: Database, table: string): Promise<void> {
  await db.execute(sql`analyze ${sql.identifier(table)}`);
}

// The retention job's statements: its advisory lock, the monthly partitions of `submissions`, and
// dropping one whole partition (never row deletes: a dropped partition frees its disk at once and
// leaves no dead rows for vacuum).
import { sql } from 'drizzle-orm';
import { tryTransactionLock } from '../../db/advisory-lock.ts';
import { type Executor, rowsOf } from '../../db/client.ts';

/** Advisory lock key of the retention run ("RETN"). */
export const RETENTION_LOCK = 0x5245544e;

/** Takes the run's transaction-scoped lock; false when another replica holds it. */
export const lockRetention = (tx: Executor) => tryTransactionLock(tx, RETENTION_LOCK);

export type SubmissionsPartition = { name: string; month: string };

/**
 * The monthly partitions of `submissions` older than `before` (a UTC month start), oldest first.
 * `ensure_submissions_partition` names them `submissions_YYYYMM`.
 */
export async function partitionsBefore(
  tx: Executor,
  before: Date,
): Promise<SubmissionsPartition[]> {
  const rows = await rowsOf<{ name: string }>(
    tx,
    sql`
      select c.relname as name
      from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'submissions'::regclass and c.relname ~ '^submissions_[0-9]{6}$'
      order by c.relname`,
  );
  const limit = before.toISOString().slice(0, 7).replace('-', '');
  return rows
    .map(({ name }) => ({ name, month: `${name.slice(12, 16)}-${name.slice(16, 18)}` }))
    .filter(({ name }) => name.slice(12) < limit);
}

/** Drops one monthly partition; answers how many readings it held. */
export async function dropPartition(tx: Executor, name: string): Promise<number> {
  const table = sql.identifier(name);
  const [counted] = await rowsOf<{ readings: number }>(
    tx,
    sql`select count(*)::int as readings from ${table}`,
  );
  await tx.execute(sql`drop table ${table}`);
  return counted?.readings ?? 0;
}

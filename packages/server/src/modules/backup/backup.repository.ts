// The backups' statements: holding the embedded database still while its files are copied, and
// the other sessions of a PostgreSQL database a restore would pull the tables from under.
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client.ts';

/**
 * Runs `copy` inside a transaction that first checkpoints (every change is in the data files).
 * PGlite has one connection: while the transaction is open every other statement waits, so the
 * files `copy` reads do not change.
 */
export async function whileDatabaseStill<T>(db: Database, copy: () => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`checkpoint`);
    return copy();
  });
}

/** The other client sessions connected to the current database (PostgreSQL). */
export async function otherSessions(db: Database): Promise<number> {
  const [row] = await rowsOf<{ sessions: number }>(
    db,
    sql`select count(*)::int as sessions from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and backend_type = 'client backend'`,
  );
  return row?.sessions ?? 0;
}

/** True when the database has Flowsight's migrations applied (a backup worth restoring). */
export async function isFlowsightDatabase(db: Database): Promise<boolean> {
  const [row] = await rowsOf<{ migrations: number | null }>(
    db,
    sql`select case when to_regclass('drizzle.__drizzle_migrations') is null then null
        else (select count(*)::int from drizzle.__drizzle_migrations) end as migrations`,
  );
  return (row?.migrations ?? 0) > 0;
}

// The one way a periodic job keeps other replicas out of its round: a transaction-scoped advisory
// lock, taken without waiting. Released when the transaction ends, so a crashed replica never
// leaves it held.
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from './client.ts';

/** Takes lock `key` for the rest of the transaction; false when another session holds it. */
export async function tryTransactionLock(tx: Executor, key: number): Promise<boolean> {
  const [lock] = await rowsOf<{ locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${key}) as locked`,
  );
  return lock?.locked === true;
}

// Where the raw readings begin once retention has dropped older months: one row of
// `system_state`. The rollup rebuild reads it so that it never recomputes a bucket whose readings
// are gone (db/rollups.ts); the retention job writes it (modules/retention).
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { systemState } from '../schema/operations.ts';

const STATE_KEY = 'raw_readings_from';

/** The start of the oldest month of raw readings kept, or undefined when nothing was dropped. */
export async function rawReadingsFrom(db: Executor): Promise<Date | undefined> {
  const [row] = await db
    .select({ value: systemState.value })
    .from(systemState)
    .where(eq(systemState.key, STATE_KEY));
  return row ? new Date(row.value) : undefined;
}

/** Records that raw readings before `from` were dropped (only ever moves forward). */
export async function recordRawReadingsFrom(db: Executor, from: Date): Promise<void> {
  const value = from.toISOString();
  await db
    .insert(systemState)
    .values({ key: STATE_KEY, value })
    .onConflictDoUpdate({
      target: systemState.key,
      set: { value: sql`greatest(${systemState.value}, excluded.value)`, updatedAt: sql`now()` },
    });
}

// Everything a database needs before the app serves from it: migrations, the location dataset,
// and the monthly partitions of the raw readings table around today.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client.ts';
import { loadLocationDataset } from './seed/location.ts';

/** Months of submissions partitions kept ready before and after the current month. */
const PARTITION_MONTHS_BACK = 24;
const PARTITION_MONTHS_AHEAD = 3;

export async function prepareDatabase(handle: DatabaseHandle, now = new Date()): Promise<void> {
  await handle.migrate();
  await loadLocationDataset(handle.db);
  await ensureSubmissionPartitions(handle, now);
}

export async function ensureSubmissionPartitions(
  handle: DatabaseHandle,
  now: Date,
  monthsBack = PARTITION_MONTHS_BACK,
  monthsAhead = PARTITION_MONTHS_AHEAD,
): Promise<void> {
  await handle.db.execute(sql`
    select ensure_submissions_partition(month at time zone 'UTC')
    from generate_series(
      date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC') - make_interval(months => ${monthsBack}),
      date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC') + make_interval(months => ${monthsAhead}),
      interval '1 month'
    ) as month`);
}

const journalFile = new URL('../../src/db/migrations/meta/_journal.json', import.meta.url);

/** True when every committed migration has been applied to this database. */
export async function migrationsApplied(handle: DatabaseHandle): Promise<boolean> {
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  try {
    const result = (await handle.db.execute(
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { applied: number }[] };
    return (result.rows[0]?.applied ?? 0) >= journal.entries.length;
  } catch {
    return false;
  }
}

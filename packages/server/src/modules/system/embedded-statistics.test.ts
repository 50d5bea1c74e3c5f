// The embedded database's ANALYZE job: PGlite runs no autovacuum, so the job is what gives its
// planner statistics. Runs on PGlite, the database the job is for (a PostgreSQL server's own
// autovacuum does this there, and its change counters arrive asynchronously).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, rowsOf } from '../../db/client.ts';
import { testBackend } from '../../testing/backend.ts';
import { createTestDatabase } from '../../testing/database.ts';
import { tablesDueForAnalyze } from './embedded-statistics.repository.ts';
import { analyzeDueTables, createEmbeddedStatisticsJob } from './embedded-statistics.ts';

describe.runIf(testBackend() === 'pglite')('statistics of the embedded database', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase({ demo: true });
  });
  afterAll(() => handle.close());

  const statistics = async (table: string) =>
    (
      await rowsOf<{ reltuples: number; columns: number }>(
        handle.db,
        sql`select c.reltuples::float8 as reltuples,
                   (select count(*) from pg_stats s where s.tablename = c.relname)::int as columns
            from pg_class c where c.relname = ${table}`,
      )
    )[0];

  it('analyses the tables holding data that PGlite never analysed, then none', async () => {
    const due = await tablesDueForAnalyze(handle.db);
    expect(due).toEqual(expect.arrayContaining(['units', 'sensors', 'buildings']));
    expect((await statistics('units'))?.columns).toBe(0);

    expect(await analyzeDueTables(handle.db)).toEqual(due);
    const [units] = await rowsOf<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from units`,
    );
    expect(await statistics('units')).toEqual({ reltuples: units?.n, columns: expect.any(Number) });
    expect((await statistics('units'))?.columns).toBeGreaterThan(5);
    expect(await tablesDueForAnalyze(handle.db)).toEqual([]);
  });

  it('analyses a table again once more than autovacuum’s threshold of it changed', async () => {
    await analyzeDueTables(handle.db);
    const [before] = await rowsOf<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from gateways`,
    );
    // More than 50 rows plus a tenth of the table (the demo has fewer gateways: updated thrice).
    const times = Math.ceil((51 + (before?.n ?? 0) * 0.1) / Math.max(1, before?.n ?? 0));
    for (let i = 0; i < times; i++) {
      await handle.db.execute(sql`update gateways set updated_at = updated_at`);
    }
    // The change counters reach the statistics views within a second or so.
    await expect
      .poll(() => tablesDueForAnalyze(handle.db), { timeout: 5_000 })
      .toContain('gateways');
    await analyzeDueTables(handle.db);
    expect(await tablesDueForAnalyze(handle.db)).not.toContain('gateways');
  });

  it('runs a round as it starts, and stops after the round in flight', async () => {
    await handle.db.execute(sql`update units set updated_at = updated_at`);
    await expect.poll(() => tablesDueForAnalyze(handle.db), { timeout: 5_000 }).toContain('units');
    const warnings: unknown[] = [];
    const job = createEmbeddedStatisticsJob({
      db: handle.db,
      log: { info: () => {}, warn: (error) => warnings.push(error) },
      intervalMs: 3_600_000,
    });
    await job.start();
    await job.stop();
    expect(warnings).toEqual([]);
    expect(await tablesDueForAnalyze(handle.db)).not.toContain('units');
  });
});

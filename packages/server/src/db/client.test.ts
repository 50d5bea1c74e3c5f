import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/database.ts';
import { copyField, copyWriter, type DatabaseHandle, selectRows } from './client.ts';

type Row = Record<string, unknown>;

const sample = (day: string) => sql`
  select ${day}::date as day, ${`${day}T10:30:00Z`}::timestamptz as at,
         ${`${day}T10:30:00`}::timestamp as local_at, interval '90 minutes' as took,
         12.5::numeric as price, 7::int as n, 3.25::float8 as x, true as yes,
         json_build_object('a', 1) as doc, array['2026-03-08'::date] as days, null::text as nothing`;

describe('selectRows', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('returns the rows db.execute returns, dates and times as text', async () => {
    for (const day of ['2026-03-08', '2026-11-01']) {
      const executed = (await handle.db.execute(sample(day))) as unknown as { rows: Row[] };
      const selected = await selectRows<Row>(handle.db, sample(day));
      expect(selected).toEqual(executed.rows);
      expect(selected[0]?.day).toBe(day);
      expect(typeof selected[0]?.at).toBe('string');
    }
  });

  it('runs as a named prepared statement on PostgreSQL, in and out of a transaction', async () => {
    const query = sql`select ${41}::int + 1 as answer`;
    expect(await selectRows(handle.db, query)).toEqual([{ answer: 42 }]);
    await handle.db.transaction(async (tx) => {
      expect(await selectRows(tx, query)).toEqual([{ answer: 42 }]);
      const prepared = await selectRows<{ name: string }>(
        tx,
        sql`select name from pg_prepared_statements where statement like 'select $1::int + 1%'`,
      );
      // PGlite has no pool to prepare on: the same statement runs unnamed.
      expect(prepared.map((row) => row.name.slice(0, 2))).toEqual(
        handle.driver === 'postgres' ? ['s_'] : [],
      );
    });
  });
});

describe('copyWriter', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await handle.db.execute(sql`create table copied (n int primary key, label text)`);
  });
  afterAll(() => handle.close());

  it("streams COPY text into a table in the caller's transaction, on either driver", async () => {
    await handle.db.transaction(async (tx) => {
      const copy = copyWriter(tx);
      expect(copy).toBeDefined();
      await copy?.('copied (n, label)', `1\tone\n2\t${copyField('tab\there')}\n3\t\\N\n`);
    });
    expect(await selectRows(handle.db, sql`select n, label from copied order by n`)).toEqual([
      { n: 1, label: 'one' },
      { n: 2, label: 'tab\there' },
      { n: 3, label: null },
    ]);
  });

  it('stores nothing of a COPY that meets a stored key, and fails with the unique violation', async () => {
    const failed = await handle.db
      .transaction(async (tx) => {
        await copyWriter(tx)?.('copied (n, label)', '4\tfour\n1\tagain\n');
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    const causes = [failed, (failed as { cause?: unknown } | undefined)?.cause];
    expect(causes.map((e) => (e as { code?: string } | undefined)?.code)).toContain('23505');
    expect(await selectRows(handle.db, sql`select count(*)::int as n from copied`)).toEqual([
      { n: 3 },
    ]);
  });
});

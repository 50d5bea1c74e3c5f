// The embedded database's thread client: people's requests go before background work, and a
// COPY's rows cross to the worker.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyWriter, type Database } from './client.ts';
import { openPGliteThread, type PGliteThread } from './pglite-thread.ts';

let thread: PGliteThread;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'flowsight-thread-'));
  thread = await openPGliteThread(dataDir);
  await thread.exec('create table readings (n int)');
}, 60_000);

afterAll(async () => {
  await thread.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('requests before background work on the embedded database', () => {
  it('waits until a queued request is answered and its connection has been quiet', async () => {
    // A background transaction holds the one connection; a request queues behind it.
    const holding = thread.transaction(async (tx) => {
      await tx.query('select pg_sleep(0.2)');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const request = thread.priority
      .asRequest(() => thread.query('select 1 as one'))
      .then(() => performance.now());
    const yielded = thread.priority.yieldToRequests().then((answer) => ({
      at: performance.now(),
      ...answer,
    }));
    const answeredAt = await request;
    const { at, requestsRecently } = await yielded;
    await holding;
    // Not before the request's answer plus the quiet gap that says it is done with the database.
    expect(
      at - answeredAt,
      'ms from the answer to the yield, at least the quiet gap',
    ).toBeGreaterThanOrEqual(14);
    expect(requestsRecently).toBe(true);
  });

  it('does not wait for background statements', async () => {
    await thread.priority.yieldToRequests();
    const started = performance.now();
    const sleeping = thread.query('select pg_sleep(0.4)');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await thread.priority.yieldToRequests();
    // Yielding does not wait for the background statement still running.
    const waited = performance.now() - started;
    expect(waited, `ms until the yield, under 300 ms beside a 400 ms statement`).toBeLessThan(300);
    await sleeping;
  });

  it('counts every statement of a request, across awaits and its transactions', async () => {
    let requestDoneAt = 0;
    const request = thread.priority.asRequest(async () => {
      await thread.query('insert into readings values (1)');
      await new Promise((resolve) => setTimeout(resolve, 5));
      await thread.transaction(async (tx) => {
        await tx.query('select pg_sleep(0.15)');
        await tx.query('insert into readings values (2)');
      });
      requestDoneAt = performance.now();
    });
    // By now the request is inside its transaction's long statement.
    await new Promise((resolve) => setTimeout(resolve, 40));
    await thread.priority.yieldToRequests();
    expect(requestDoneAt).toBeGreaterThan(0);
    await request;
  });
});

describe('COPY on the embedded database thread', () => {
  it("reads a COPY's rows from the blob it is given, through Drizzle's transaction", async () => {
    await thread.exec('create table copied (n int, label text)');
    const db = drizzle({ client: thread as unknown as PGlite }) as unknown as Database;
    await db.transaction(async (tx) => {
      const copy = copyWriter(tx);
      expect(copy).toBeDefined();
      await copy?.('copied (n, label)', '1\tone\n2\t\\N\n');
    });
    const { rows } = await thread.query('select n, label from copied order by n');
    expect(rows).toEqual([
      { n: 1, label: 'one' },
      { n: 2, label: null },
    ]);
  });
});

// The embedded database's thread client: people's requests go before background work.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(at - answeredAt).toBeGreaterThanOrEqual(14);
    expect(requestsRecently).toBe(true);
  });

  it('does not wait for background statements', async () => {
    await thread.priority.yieldToRequests();
    const started = performance.now();
    const sleeping = thread.query('select pg_sleep(0.4)');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await thread.priority.yieldToRequests();
    // Yielding does not wait for the background statement still running.
    expect(performance.now() - started).toBeLessThan(300);
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

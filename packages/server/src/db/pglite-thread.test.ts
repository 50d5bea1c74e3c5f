// The embedded database's thread client: background work yields to requests.
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

describe('background work on the embedded database', () => {
  it('waits until a queued request is answered and its connection has been quiet', async () => {
    // A background transaction holds the one connection; a request queues behind it.
    const holding = thread.background.run(() =>
      thread.transaction(async (tx) => {
        await tx.query('select pg_sleep(0.2)');
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const request = thread.query('select 1 as one').then(() => performance.now());
    const yielded = thread.background.yieldToRequests().then((answer) => ({
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
    await thread.background.yieldToRequests();
    const started = performance.now();
    const sleeping = thread.background.run(() => thread.query('select pg_sleep(0.4)'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await thread.background.yieldToRequests();
    // Yielding does not wait for the background statement still running.
    expect(performance.now() - started).toBeLessThan(300);
    await sleeping;
  });

  it('keeps the background mark through awaits inside the work', async () => {
    await thread.background.run(async () => {
      await thread.query('insert into readings values (1)');
      await new Promise((resolve) => setTimeout(resolve, 5));
      await thread.transaction(async (tx) => {
        await tx.query('insert into readings values (2)');
      });
    });
    // Only background statements ran since the last request: nothing to wait for.
    const started = performance.now();
    await thread.background.yieldToRequests();
    expect(performance.now() - started).toBeLessThan(100);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, rowsOf } from '../db/client.ts';
import { createTestDatabase } from '../testing/database.ts';
import { TooManyRequests } from './errors.ts';
import { createRateLimitRepository, type RateLimitRepository } from './rate-limiter.repository.ts';
import { RateLimiter } from './rate-limiter.ts';

describe('RateLimiter', () => {
  const rule = { limit: 3, windowSeconds: 60 };
  let database: DatabaseHandle;
  let windows: RateLimitRepository;
  /** Keys unique to one test: every test shares the file's database. */
  let test = 0;
  let prefix = '';
  beforeAll(async () => {
    database = await createTestDatabase();
    windows = createRateLimitRepository(database.db);
  });
  afterAll(() => database.close());
  const key = (name: string) => `${prefix}${name}`;
  const fresh = () => {
    prefix = `t${++test}:`;
  };
  const refused = async (attempt: Promise<void>) => {
    const error = await attempt.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TooManyRequests);
    return error as TooManyRequests;
  };

  it('allows the limit, refuses the next with the seconds left, and opens a new window', async () => {
    fresh();
    let now = 1_000_000;
    const limiter = new RateLimiter(windows, () => now);
    for (let i = 0; i < 3; i++) await limiter.hit([{ key: key('a'), rule }]);
    now += 20_000;
    expect((await refused(limiter.hit([{ key: key('a'), rule }]))).retryAfterSeconds).toBe(40);
    await limiter.hit([{ key: key('b'), rule }]);
    now += 40_000;
    await expect(limiter.hit([{ key: key('a'), rule }])).resolves.toBeUndefined();
  });

  it('answers the message it is given', async () => {
    fresh();
    const limiter = new RateLimiter(windows, () => 0);
    const one = { key: key('a'), rule: { limit: 1, windowSeconds: 60 } };
    await limiter.hit([one], 'Too many calls');
    expect((await refused(limiter.hit([one], 'Too many calls'))).message).toBe('Too many calls');
  });

  it('counts every key of a hit and forgets a key on reset', async () => {
    fresh();
    const limiter = new RateLimiter(windows, () => 0);
    const address = { key: key('address'), rule: { limit: 10, windowSeconds: 60 } };
    const account = { key: key('account'), rule };
    for (let i = 0; i < 3; i++) await limiter.hit([account, address]);
    await refused(limiter.hit([account, address]));
    await limiter.reset(key('account'));
    await expect(limiter.hit([account, address])).resolves.toBeUndefined();
    // The address counted all five: five more are allowed, the sixth is not.
    for (let i = 0; i < 5; i++) await limiter.hit([address]);
    await refused(limiter.hit([address]));
  });

  it('takes one attempt back on release, within the current window only', async () => {
    fresh();
    let now = 0;
    const limiter = new RateLimiter(windows, () => now);
    for (let i = 0; i < 3; i++) await limiter.hit([{ key: key('a'), rule }]);
    await limiter.release(key('a'));
    await expect(limiter.hit([{ key: key('a'), rule }])).resolves.toBeUndefined();
    await refused(limiter.hit([{ key: key('a'), rule }]));
    await limiter.release(key('unknown'));
    now += 60_000;
    await limiter.release(key('a'));
    for (let i = 0; i < 3; i++) await limiter.hit([{ key: key('a'), rule }]);
    await refused(limiter.hit([{ key: key('a'), rule }]));
  });

  it('counts concurrent hits of several limiters on one database exactly once each', async () => {
    fresh();
    const limiters = [new RateLimiter(windows), new RateLimiter(windows)];
    const wide = { limit: 1000, windowSeconds: 60 };
    // The same keys in both orders: the upserts must neither lose a count nor deadlock.
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        limiters[i % 2]?.hit(
          i % 2
            ? [
                { key: key('x'), rule: wide },
                { key: key('y'), rule: wide },
              ]
            : [
                { key: key('y'), rule: wide },
                { key: key('x'), rule: wide },
              ],
        ),
      ),
    );
    const rows = await rowsOf<{ key: string; count: number }>(
      database.db,
      sql`select key, count from rate_limit_windows where key like ${`${prefix}%`} order by key`,
    );
    expect(rows).toEqual([
      { key: key('x'), count: 40 },
      { key: key('y'), count: 40 },
    ]);
  });

  it('deletes ended windows at most once a minute, and a pruned key starts again', async () => {
    fresh();
    let now = 10_000_000;
    const limiter = new RateLimiter(windows, () => now);
    const short = { limit: 1, windowSeconds: 1 };
    await limiter.hit([{ key: key('old'), rule: short }]);
    const count = async () =>
      (
        await rowsOf<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from rate_limit_windows where key = ${key('old')}`,
        )
      )[0]?.n;
    now += 30_000;
    await limiter.hit([{ key: key('other'), rule }]);
    expect(await count()).toBe(1);
    now += 30_000;
    await limiter.hit([{ key: key('other'), rule }]);
    expect(await count()).toBe(0);
    await expect(limiter.hit([{ key: key('old'), rule: short }])).resolves.toBeUndefined();
  });
});

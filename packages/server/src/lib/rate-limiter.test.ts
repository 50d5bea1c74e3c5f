import { describe, expect, it } from 'vitest';
import { TooManyRequests } from './errors.ts';
import { RateLimiter } from './rate-limiter.ts';

describe('RateLimiter', () => {
  const rule = { limit: 3, windowSeconds: 60 };

  it('allows the limit, refuses the next with the seconds left, and opens a new window', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(() => now);
    for (let i = 0; i < 3; i++) limiter.hit([{ key: 'a', rule }]);
    now += 20_000;
    try {
      limiter.hit([{ key: 'a', rule }]);
      expect.unreachable('the fourth attempt must be refused');
    } catch (error) {
      expect(error).toBeInstanceOf(TooManyRequests);
      expect((error as TooManyRequests).retryAfterSeconds).toBe(40);
    }
    limiter.hit([{ key: 'b', rule }]);
    now += 40_000;
    expect(() => limiter.hit([{ key: 'a', rule }])).not.toThrow();
  });

  it('counts every key of a hit and forgets a key on reset', () => {
    const limiter = new RateLimiter(() => 0);
    const address = { key: 'address', rule: { limit: 10, windowSeconds: 60 } };
    for (let i = 0; i < 3; i++) limiter.hit([{ key: 'account', rule }, address]);
    expect(() => limiter.hit([{ key: 'account', rule }, address])).toThrow(TooManyRequests);
    limiter.reset('account');
    expect(() => limiter.hit([{ key: 'account', rule }, address])).not.toThrow();
  });

  it('takes one attempt back on release, within the current window only', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    for (let i = 0; i < 3; i++) limiter.hit([{ key: 'a', rule }]);
    limiter.release('a');
    expect(() => limiter.hit([{ key: 'a', rule }])).not.toThrow();
    expect(() => limiter.hit([{ key: 'a', rule }])).toThrow(TooManyRequests);
    limiter.release('unknown');
    now += 60_000;
    limiter.release('a');
    for (let i = 0; i < 3; i++) limiter.hit([{ key: 'a', rule }]);
    expect(() => limiter.hit([{ key: 'a', rule }])).toThrow(TooManyRequests);
  });
});

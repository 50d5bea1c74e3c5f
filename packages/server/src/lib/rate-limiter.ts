// Fixed-window attempt counters for the sensitive calls (login, MFA, change-password,
// forgot-password), keyed by account, user and client address. Counters live in the process:
// with several replicas each keeps its own, so the effective limit is per replica (see
// docs/decisions.md).
import { authMessages } from '@flowsight/domain/auth';
import { TooManyRequests } from './errors.ts';

export type RateLimitRule = { readonly limit: number; readonly windowSeconds: number };

type Window = { count: number; resetsAt: number };

export class RateLimiter {
  readonly #windows = new Map<string, Window>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** Counts one attempt under each key; throws TooManyRequests when any is over its rule. */
  hit(
    entries: readonly { key: string; rule: RateLimitRule }[],
    message: string = authMessages.tooManyAttempts,
  ): void {
    const now = this.#now();
    let retryAfter = 0;
    for (const { key, rule } of entries) {
      let window = this.#windows.get(key);
      if (!window || window.resetsAt <= now) {
        window = { count: 0, resetsAt: now + rule.windowSeconds * 1000 };
        this.#windows.set(key, window);
      }
      window.count += 1;
      if (window.count > rule.limit) {
        retryAfter = Math.max(retryAfter, Math.ceil((window.resetsAt - now) / 1000));
      }
    }
    if (this.#windows.size > 50_000) this.#sweep(now);
    if (retryAfter > 0) {
      throw new TooManyRequests(message, retryAfter);
    }
  }

  /** Forgets a key's attempts, e.g. an account's failed logins after a successful one. */
  reset(key: string): void {
    this.#windows.delete(key);
  }

  /**
   * Takes one counted attempt back, e.g. the one of a sign-in that succeeded: the key then counts
   * failures only, while every attempt was still counted before it was checked.
   */
  release(key: string): void {
    const window = this.#windows.get(key);
    if (window && window.resetsAt > this.#now() && window.count > 0) window.count -= 1;
  }

  #sweep(now: number): void {
    for (const [key, window] of this.#windows)
      if (window.resetsAt <= now) this.#windows.delete(key);
  }
}

/**
 * Limits of the identity calls (docs/decisions.md, "Password guesses are limited per account and
 * address, and per account"). A password guess, at sign-in or change-password, counts under its
 * account and address (cleared when the whole sign-in succeeds), its account from anywhere (a
 * success is taken back) and its address. MFA codes count per address and per user across
 * challenges (a success is taken back), and a user gets a bounded number of challenges.
 */
export function identityRateLimits(loginLimitPerAddress = 100) {
  return {
    passwordPerAccountAndAddress: { limit: 10, windowSeconds: 15 * 60 },
    passwordPerAccount: { limit: 100, windowSeconds: 60 * 60 },
    passwordPerAddress: { limit: loginLimitPerAddress, windowSeconds: 15 * 60 },
    mfaPerAddress: { limit: 30, windowSeconds: 15 * 60 },
    mfaCodesPerUser: { limit: 10, windowSeconds: 60 * 60 },
    mfaChallengesPerUser: { limit: 5, windowSeconds: 15 * 60 },
    forgotPerAccount: { limit: 5, windowSeconds: 60 * 60 },
    forgotPerAddress: { limit: 30, windowSeconds: 60 * 60 },
  } as const satisfies Record<string, RateLimitRule>;
}
export type IdentityRateLimits = ReturnType<typeof identityRateLimits>;

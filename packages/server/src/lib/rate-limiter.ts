// Fixed-window attempt counters for the sensitive calls (login, MFA, change-password,
// forgot-password, ingest), keyed by account, user, client address or integration key. Counters
// live in PostgreSQL (the `rate_limit_windows` table), so every replica on the database counts in
// the same windows (docs/decisions.md, "Rate limits are counted in the database").
import { authMessages } from '@flowsight/domain/auth';
import { TooManyRequests } from './errors.ts';
import type { RateLimitRepository } from './rate-limiter.repository.ts';

export type RateLimitRule = { readonly limit: number; readonly windowSeconds: number };

/** How often a process deletes the windows that have ended (each replica does it on its own). */
const PRUNE_EVERY_MS = 60_000;

export class RateLimiter {
  readonly #windows: RateLimitRepository;
  readonly #now: () => number;
  #prunedAt: number;

  constructor(windows: RateLimitRepository, now: () => number = Date.now) {
    this.#windows = windows;
    this.#now = now;
    this.#prunedAt = now();
  }

  /** Counts one attempt under each key; throws TooManyRequests when any is over its rule. */
  async hit(
    entries: readonly { key: string; rule: RateLimitRule }[],
    message: string = authMessages.tooManyAttempts,
  ): Promise<void> {
    const now = this.#now();
    const limits = new Map(entries.map(({ key, rule }) => [key, rule.limit]));
    const counted = await this.#windows.hit(
      entries.map(({ key, rule }) => ({
        key,
        resetsAt: new Date(now + rule.windowSeconds * 1000),
      })),
      new Date(now),
    );
    let retryAfter = 0;
    for (const { key, count, resetsAtMs } of counted) {
      if (count > (limits.get(key) ?? Number.POSITIVE_INFINITY)) {
        retryAfter = Math.max(retryAfter, Math.ceil((resetsAtMs - now) / 1000));
      }
    }
    if (now - this.#prunedAt >= PRUNE_EVERY_MS) {
      this.#prunedAt = now;
      await this.#windows.prune(new Date(now));
    }
    if (retryAfter > 0) {
      throw new TooManyRequests(message, retryAfter);
    }
  }

  /**
   * Counts one attempt under each key in turn, narrowest first, and stops at the first that is
   * over its rule: a refused attempt is not counted under the wider keys after it, so an attacker
   * refused at their own address does not use up an account's or an address's budget.
   */
  async hitInTurn(
    entries: readonly { key: string; rule: RateLimitRule }[],
    message: string = authMessages.tooManyAttempts,
  ): Promise<void> {
    for (const entry of entries) await this.hit([entry], message);
  }

  /** Forgets a key's attempts, e.g. an account's failed logins after a successful one. */
  reset(key: string): Promise<void> {
    return this.#windows.reset(key);
  }

  /**
   * Takes one counted attempt back, e.g. the one of a sign-in that succeeded: the key then counts
   * failures only, while every attempt was still counted before it was checked.
   */
  release(key: string): Promise<void> {
    return this.#windows.release(key, new Date(this.#now()));
  }
}

/**
 * Limits of the identity calls (docs/decisions.md, "Password guesses are limited per account and
 * address, and per account"; docs/security.md, "Guessing"). A password guess, at sign-in or
 * change-password, counts in turn under its account and address (cleared when the whole sign-in
 * succeeds), its address, and its account from anywhere — or, from a known device or a signed-in
 * session, that device instead (a success is taken back from each). MFA codes count per address and per user across
 * challenges (a success is taken back), and a user gets a bounded number of challenges.
 */
export function identityRateLimits(loginLimitPerAddress = 100) {
  return {
    passwordPerAccountAndAddress: { limit: 10, windowSeconds: 15 * 60 },
    passwordPerAccount: { limit: 100, windowSeconds: 60 * 60 },
    passwordPerKnownDevice: { limit: 20, windowSeconds: 60 * 60 },
    passwordPerAddress: { limit: loginLimitPerAddress, windowSeconds: 15 * 60 },
    mfaPerAddress: { limit: 30, windowSeconds: 15 * 60 },
    mfaCodesPerUser: { limit: 10, windowSeconds: 60 * 60 },
    mfaChallengesPerUser: { limit: 5, windowSeconds: 15 * 60 },
    forgotPerAccount: { limit: 5, windowSeconds: 60 * 60 },
    forgotPerAddress: { limit: 30, windowSeconds: 60 * 60 },
  } as const satisfies Record<string, RateLimitRule>;
}
export type IdentityRateLimits = ReturnType<typeof identityRateLimits>;

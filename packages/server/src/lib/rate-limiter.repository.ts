// The rate limiter's windows in the database (db/schema/rate-limits.ts): one statement per hit,
// so that every replica on the database counts in the same rows.
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { type Database, selectRows } from '../db/client.ts';
import { rateLimitWindows } from '../db/schema/rate-limits.ts';

export type WindowHit = { key: string; count: number; resetsAtMs: number };

export function createRateLimitRepository(db: Database) {
  return {
    /**
     * Counts one attempt under each key and answers each key's count and window end. A window
     * that has ended by `now` starts again at 1 and ends at the entry's `resetsAt`. One upsert
     * for all keys: the row locks make concurrent hits of every replica count each attempt once;
     * keys are written in a fixed order so that two hits of the same keys cannot deadlock.
     */
    async hit(
      entries: readonly { key: string; resetsAt: Date }[],
      now: Date,
    ): Promise<WindowHit[]> {
      const unique = [...new Map(entries.map((e) => [e.key, e])).values()].sort((a, b) =>
        a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
      );
      if (unique.length === 0) return [];
      const at = now.toISOString();
      const values = sql.join(
        unique.map((e) => sql`(${e.key}, 1, ${e.resetsAt.toISOString()}::timestamptz)`),
        sql`, `,
      );
      const rows = await selectRows<{ key: string; count: number; resets_at_ms: number }>(
        db,
        sql`insert into rate_limit_windows as w (key, count, resets_at) values ${values}
            on conflict (key) do update set
              count = case when w.resets_at <= ${at}::timestamptz then 1 else w.count + 1 end,
              resets_at = case when w.resets_at <= ${at}::timestamptz
                               then excluded.resets_at else w.resets_at end
            returning key, count, (extract(epoch from resets_at) * 1000)::float8 as resets_at_ms`,
      );
      return rows.map((r) => ({
        key: r.key,
        count: Number(r.count),
        resetsAtMs: Number(r.resets_at_ms),
      }));
    },

    async reset(key: string): Promise<void> {
      await db.delete(rateLimitWindows).where(eq(rateLimitWindows.key, key));
    },

    /** Takes one attempt back from a key's window that is still open at `now`. */
    async release(key: string, now: Date): Promise<void> {
      await db
        .update(rateLimitWindows)
        .set({ count: sql`${rateLimitWindows.count} - 1` })
        .where(
          and(
            eq(rateLimitWindows.key, key),
            gt(rateLimitWindows.resetsAt, now),
            gt(rateLimitWindows.count, 0),
          ),
        );
    },

    /** Deletes the windows that ended by `now` (a later hit of their key starts a new one). */
    async prune(now: Date): Promise<void> {
      await db.delete(rateLimitWindows).where(lte(rateLimitWindows.resetsAt, now));
    },
  };
}
export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;

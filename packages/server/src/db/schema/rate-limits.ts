// Fixed-window attempt counters of the rate limiter (lib/rate-limiter.ts), shared by every server
// process on the database. A row per key; an expired window is reset by the next hit or pruned.
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';

export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetsAt: tstz('resets_at').notNull(),
});

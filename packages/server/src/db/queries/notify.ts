// NOTIFY on a channel, heard by every replica that LISTENs (`DatabaseHandle.listen`).
import { sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';

/** Sends `payload` (at most 8000 bytes) on `channel`; inside a transaction, at its commit. */
export async function notify(db: Executor, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

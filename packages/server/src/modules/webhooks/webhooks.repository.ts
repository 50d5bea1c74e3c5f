// The webhook tables: the only place of this module that knows the ORM. Endpoints are read by id
// or company (the service decides who may see them); due messages are leased with
// `for update skip locked`, so two replicas never send the same attempt.
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { companies } from '../../db/schema/portfolio.ts';
import {
  type WebhookMessageState,
  webhookAttempts,
  webhookEndpoints,
  webhookMessages,
} from '../../db/schema/webhooks.ts';
import { defineList, type ListQuery } from '../../lib/list-query.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type MessageRow = typeof webhookMessages.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

/** `GET /webhooks/:id/deliveries`: newest first by default. */
export const deliveryList = defineList({
  sortable: {
    id: webhookMessages.id,
    created_at: webhookMessages.createdAt,
    last_attempt_at: webhookMessages.lastAttemptAt,
  },
  filterable: {
    state: { column: webhookMessages.state, type: 'string' },
    event_type: { column: webhookMessages.eventType, type: 'string' },
    alert_id: { column: webhookMessages.alertId, type: 'number' },
  },
  searchable: [],
  defaultSort: [{ field: 'created_at', direction: 'DESC' }],
  tieBreaker: webhookMessages.id,
});

export type NewMessage = {
  endpointId: number;
  companyId: number;
  messageId: string;
  eventType: string;
  body: string;
  alertId: number | null;
  nextAttemptAt: Date;
};

export type AttemptOutcome = {
  at: Date;
  statusCode: number | null;
  responseBody: string | null;
  durationMs: number;
  error: string | null;
  succeeded: boolean;
};

export function createWebhooksRepository(db: Database) {
  return {
    async companyExists(companyId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row !== undefined;
    },

    async companyName(companyId: number): Promise<string | null> {
      const [row] = await db
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, companyId));
      return row?.name ?? null;
    },

    listByCompany: (companyId: number) =>
      db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.companyId, companyId))
        .orderBy(asc(webhookEndpoints.id)),

    async find(id: number): Promise<EndpointRow | undefined> {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      return row;
    },

    /** The enabled endpoints of a company taking an event type. */
    async subscribers(companyId: number, eventType: string): Promise<EndpointRow[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.companyId, companyId),
            eq(webhookEndpoints.enabled, true),
            sql`${webhookEndpoints.events} @> ${JSON.stringify([eventType])}::jsonb`,
          ),
        );
    },

    async insert(values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
      const [row] = await db.insert(webhookEndpoints).values(values).returning();
      if (!row) throw new Error('webhook endpoint not created');
      return row;
    },

    async update(
      id: number,
      values: Partial<
        Pick<EndpointRow, 'url' | 'description' | 'events' | 'enabled' | 'secretSealed'>
      > & { updatedAt: Date; secretRotatedAt?: Date },
    ): Promise<EndpointRow | undefined> {
      const [row] = await db
        .update(webhookEndpoints)
        .set(values)
        .where(eq(webhookEndpoints.id, id))
        .returning();
      return row;
    },

    async remove(id: number): Promise<void> {
      await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    },

    async queue(messages: readonly NewMessage[]): Promise<MessageRow[]> {
      if (messages.length === 0) return [];
      return db
        .insert(webhookMessages)
        .values([...messages])
        .returning();
    },

    /**
     * Leases up to `limit` messages due at `now` until `leaseUntil` (another round skips them
     * meanwhile) and answers them with their endpoints.
     */
    async leaseDue(now: Date, leaseUntil: Date, limit: number, only?: number) {
      const due = db
        .select({ id: webhookMessages.id })
        .from(webhookMessages)
        .where(
          and(
            eq(webhookMessages.state, 'pending'),
            lte(webhookMessages.nextAttemptAt, now),
            only === undefined ? undefined : eq(webhookMessages.id, only),
          ),
        )
        .orderBy(asc(webhookMessages.nextAttemptAt), asc(webhookMessages.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const leased = await db
        .update(webhookMessages)
        .set({ nextAttemptAt: leaseUntil })
        .where(inArray(webhookMessages.id, due))
        .returning();
      if (leased.length === 0) return [];
      const endpoints = await db
        .select()
        .from(webhookEndpoints)
        .where(
          inArray(
            webhookEndpoints.id,
            leased.map((m) => m.endpointId),
          ),
        );
      const byId = new Map(endpoints.map((e) => [e.id, e]));
      return leased.flatMap((message) => {
        const endpoint = byId.get(message.endpointId);
        return endpoint ? [{ message, endpoint }] : [];
      });
    },

    /** Records an attempt and where the message now stands. */
    async recordAttempt(
      message: Pick<MessageRow, 'id'>,
      attempt: number,
      outcome: AttemptOutcome,
      next: { state: WebhookMessageState; nextAttemptAt: Date | null },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(webhookAttempts).values({ messageId: message.id, attempt, ...outcome });
        await tx
          .update(webhookMessages)
          .set({
            attempts: attempt,
            lastAttemptAt: outcome.at,
            state: next.state,
            nextAttemptAt: next.nextAttemptAt,
          })
          .where(eq(webhookMessages.id, message.id));
      });
    },

    async message(id: number): Promise<MessageRow | undefined> {
      const [row] = await db.select().from(webhookMessages).where(eq(webhookMessages.id, id));
      return row;
    },

    /** A page of an endpoint's messages, each with its attempts (oldest first). */
    async deliveries(endpointId: number, query: ListQuery) {
      const condition = and(eq(webhookMessages.endpointId, endpointId), query.where);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(webhookMessages)
          .where(condition)
          .orderBy(...query.orderBy)
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: count() }).from(webhookMessages).where(condition),
      ]);
      const attempts = await this.attemptsOf(rows.map((row) => row.id));
      return { rows, attempts, total: total?.total ?? 0 };
    },

    async attemptsOf(messageIds: readonly number[]): Promise<AttemptRow[]> {
      if (messageIds.length === 0) return [];
      return db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.messageId, [...messageIds]))
        .orderBy(
          asc(webhookAttempts.messageId),
          asc(webhookAttempts.attempt),
          desc(webhookAttempts.id),
        );
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;

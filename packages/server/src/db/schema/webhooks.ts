// Outgoing webhooks: a company's endpoints (a URL, the events it takes, its signing secret sealed
// at rest), the messages queued for them (one event for one endpoint, its body fixed when queued
// so every retry signs the same bytes) and each delivery attempt with what the receiver answered.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns.ts';
import { createdBy } from './identity.ts';
import { companies } from './portfolio.ts';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it takes (`alert.opened`, ...). */
    events: jsonb('events').$type<string[]>().notNull(),
    /** The signing secret (`whsec_…`), sealed with the webhook secret key. */
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    secretRotatedAt: tstz('secret_rotated_at'),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId)],
);

/** Where a message stands: waiting for its next attempt, delivered, or given up on. */
export const webhookMessageStates = ['pending', 'succeeded', 'failed'] as const;
export type WebhookMessageState = (typeof webhookMessageStates)[number];

export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header: the same on every attempt, so receivers can drop repeats. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact JSON body sent (and signed) on every attempt. */
    body: text('body').notNull(),
    state: text('state').$type<WebhookMessageState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt is due (or, while one runs, until when it is leased); null when done. */
    nextAttemptAt: tstz('next_attempt_at'),
    alertId: integer('alert_id'),
    createdAt: createdAt(),
    lastAttemptAt: tstz('last_attempt_at'),
  },
  (t) => [
    uniqueIndex('webhook_messages_message_id_key').on(t.messageId),
    index('webhook_messages_due_idx').on(t.nextAttemptAt),
    index('webhook_messages_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: tstz('at').notNull(),
    /** The receiver's HTTP status; null when none came (refused, timed out). */
    statusCode: integer('status_code'),
    /** The start of the receiver's answer (at most 2,000 characters). */
    responseBody: text('response_body'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    succeeded: boolean('succeeded').notNull(),
  },
  (t) => [index('webhook_attempts_message_idx').on(t.messageId, t.attempt)],
);

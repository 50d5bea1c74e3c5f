// How the stored endpoints, messages and attempts become the API's answers.

import type { AttemptRow, EndpointRow, MessageRow } from './webhooks.repository.ts';
import { webhookEventTypes } from './webhooks.schemas.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;
export const knownEvents = (events: readonly string[]) =>
  webhookEventTypes.filter((type) => events.includes(type));

export const toEndpoint = (row: EndpointRow) => ({
  id: row.id,
  company_id: row.companyId,
  url: row.url,
  description: row.description,
  events: knownEvents(row.events),
  enabled: row.enabled,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  secret_rotated_at: iso(row.secretRotatedAt),
});

const toAttempt = (row: AttemptRow) => ({
  attempt: row.attempt,
  at: row.at.toISOString(),
  status_code: row.statusCode,
  response_body: row.responseBody,
  duration_ms: row.durationMs,
  error: row.error,
  succeeded: row.succeeded,
});

export const toDelivery = (row: MessageRow, attempts: readonly AttemptRow[]) => ({
  id: row.id,
  message_id: row.messageId,
  event_type: row.eventType,
  alert_id: row.alertId,
  state: row.state,
  attempts: row.attempts,
  next_attempt_at: row.state === 'pending' ? iso(row.nextAttemptAt) : null,
  created_at: row.createdAt.toISOString(),
  last_attempt_at: iso(row.lastAttemptAt),
  attempt_log: attempts.filter((a) => a.messageId === row.id).map(toAttempt),
});

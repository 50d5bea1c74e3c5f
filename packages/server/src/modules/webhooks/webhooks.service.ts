// Outgoing webhooks of a company: its administrators (a role over the whole company, or a system
// admin) register endpoints, each with the events it takes and a signing secret shown once
// (sealed at rest, rotatable). Alert events come from the alerts event bus (`alertsChanged`:
// opened, acknowledged, closed) and from escalation (`emitEscalated`); each is queued once per
// endpoint taking it, with its body fixed, and delivered by the delivery job (`deliverDue`):
// signed as Standard Webhooks, retried with growing delays until it succeeds or runs out of
// attempts, every attempt recorded with what the receiver answered.
import { NotificationStatus } from '@flowsight/domain/lookups';
import type { Database } from '../../db/client.ts';
import { recordEvent } from '../../db/queries/record-event.ts';
import { NotFound } from '../../lib/errors.ts';
import type { RoundClaim } from '../../lib/jobs.ts';
import type { ListQueryInput } from '../../lib/list-query.ts';
import type { SealedBox } from '../../lib/sealed-box.ts';
import {
  requireActsAt,
  type Scope,
  scopeLevel,
  seesEverything,
  systemScope,
} from '../../lib/tenant-scope.ts';
import type { AlertsService } from '../alerts/alerts.service.ts';
import type { AlertChange } from '../alerts/alerts.status.ts';
import { alertEvent } from './webhooks.payload.ts';
import {
  type AttemptRow,
  deliveryList,
  type EndpointRow,
  type MessageRow,
  type WebhooksRepository,
} from './webhooks.repository.ts';
import {
  TEST_EVENT,
  type WebhookEscalation,
  type WebhookEvent,
  type WebhookEventType,
  webhookEventTypes,
} from './webhooks.schemas.ts';
import type { SendResult, WebhookSender } from './webhooks.sender.ts';
import { newMessageId, newSigningSecret, signedHeaders } from './webhooks.signing.ts';
import { checkEndpointUrl } from './webhooks.url.ts';

/**
 * Waits before each retry: 5 s, 30 s, 2 min, 10 min, 1 h, 6 h, 12 h; a message is given up
 * (failed) after its first attempt and these seven retries, about 19 hours later.
 */
export const RETRY_DELAYS_MS = [
  5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000, 43_200_000,
] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Messages one delivery round sends at most. */
const ROUND_SIZE = 50;

export type WebhooksLog = { warn(object: unknown, message: string): void };

type Dependencies = {
  db: Database;
  repository: WebhooksRepository;
  alerts: Pick<AlertsService, 'get'>;
  secrets: SealedBox;
  send: WebhookSender;
  appUrl: string;
  allowLoopback: boolean;
  timeoutMs: number;
  log: WebhooksLog;
  now?: () => Date;
};

const iso = (date: Date | null) => date?.toISOString() ?? null;
const knownEvents = (events: readonly string[]) =>
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

const toDelivery = (row: MessageRow, attempts: readonly AttemptRow[]) => ({
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

/** The event a change on the alerts bus stands for, if any. */
export function eventOfChange(change: AlertChange): WebhookEventType | null {
  if (change.kind === 'opened') return 'alert.opened';
  if (change.kind !== 'status') return null;
  if (change.statusId === NotificationStatus.Acknowledged) return 'alert.acknowledged';
  if (change.statusId === NotificationStatus.Closed) return 'alert.closed';
  return null;
}

export function createWebhooks({
  db,
  repository,
  alerts,
  secrets,
  send,
  appUrl,
  allowLoopback,
  timeoutMs,
  log,
  now = () => new Date(),
}: Dependencies) {
  let pending: Promise<unknown> = Promise.resolve();

  /** Whether the scope manages this company's webhooks: a system role, or one over the company. */
  const manages = (scope: Scope, companyId: number) =>
    seesEverything(scope) || (scope.companyId === companyId && scopeLevel(scope) === 'company');

  /** The company, when the scope may manage its webhooks: NotFound outside it, Forbidden within. */
  async function requireCompany(scope: Scope, companyId: number) {
    if (!seesEverything(scope) && scope.companyId !== companyId) {
      throw new NotFound('Company not found');
    }
    requireActsAt(scope, 'company');
    if (!(await repository.companyExists(companyId))) throw new NotFound('Company not found');
  }

  /** The endpoint, when the scope manages its company (others: NotFound, nothing told apart). */
  async function requireEndpoint(scope: Scope, id: number): Promise<EndpointRow> {
    const row = await repository.find(id);
    if (!row || !manages(scope, row.companyId)) throw new NotFound('Webhook not found');
    return row;
  }

  /** Queues one event for each endpoint given; answers the messages. */
  async function queueFor(
    endpoints: readonly EndpointRow[],
    event: WebhookEvent,
    alertId: number | null,
  ) {
    const body = JSON.stringify(event);
    return repository.queue(
      endpoints.map((endpoint) => ({
        endpointId: endpoint.id,
        companyId: endpoint.companyId,
        messageId: newMessageId(),
        eventType: event.type,
        body,
        alertId,
        nextAttemptAt: now(),
      })),
    );
  }

  /** Queues an alert event for the endpoints of its company taking it. */
  async function emitAlert(
    type: WebhookEventType,
    alertId: number,
    companyId: number,
    escalation?: WebhookEscalation,
  ) {
    const endpoints = await repository.subscribers(companyId, type);
    if (endpoints.length === 0) return [];
    const alert = await alerts.get(systemScope, alertId);
    return queueFor(endpoints, alertEvent(type, now(), alert, appUrl, escalation), alertId);
  }

  /** Runs event work one piece after another, so tests and shutdown can wait for all of it. */
  function queue(work: () => Promise<unknown>, what: string) {
    const next = pending.then(work).catch((error: unknown) => log.warn({ err: error }, what));
    pending = next;
    return next;
  }

  /** One attempt of a leased message; records it and where the message stands after it. */
  async function attempt(message: MessageRow, endpoint: EndpointRow) {
    const at = now();
    const number = message.attempts + 1;
    let result: SendResult;
    if (!endpoint.enabled) {
      result = {
        statusCode: null,
        responseBody: null,
        durationMs: 0,
        error: 'The endpoint is disabled',
      };
    } else {
      let secret: string | null = null;
      try {
        secret = secrets.open(endpoint.secretSealed);
      } catch (error) {
        result = {
          statusCode: null,
          responseBody: null,
          durationMs: 0,
          error: error instanceof Error ? error.message : 'The signing secret could not be opened',
        };
      }
      if (secret !== null) {
        result = await send(
          endpoint.url,
          signedHeaders(secret, message.messageId, at, message.body),
          message.body,
        );
      }
    }
    // biome-ignore lint/style/noNonNullAssertion: every branch above sets it
    const outcome = result!;
    const succeeded =
      outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const delay = RETRY_DELAYS_MS[number - 1];
    const retries = endpoint.enabled && message.eventType !== TEST_EVENT && delay !== undefined;
    const next = succeeded
      ? { state: 'succeeded' as const, nextAttemptAt: null }
      : retries
        ? { state: 'pending' as const, nextAttemptAt: new Date(at.getTime() + delay) }
        : { state: 'failed' as const, nextAttemptAt: null };
    await repository.recordAttempt(message, number, { at, ...outcome, succeeded }, next);
    return succeeded;
  }

  /** Leases the due messages (or the one given) and attempts each. */
  async function deliver(only?: number) {
    const at = now();
    const leased = await repository.leaseDue(
      at,
      new Date(at.getTime() + timeoutMs + 30_000),
      ROUND_SIZE,
      only,
    );
    let succeeded = 0;
    for (const { message, endpoint } of leased) {
      if (await attempt(message, endpoint)) succeeded += 1;
    }
    return { attempted: leased.length, succeeded };
  }

  return {
    async list(scope: Scope, companyId: number) {
      await requireCompany(scope, companyId);
      return (await repository.listByCompany(companyId)).map(toEndpoint);
    },

    async create(
      scope: Scope,
      companyId: number,
      body: { url: string; description: string; events: readonly WebhookEventType[] },
    ) {
      await requireCompany(scope, companyId);
      const url = checkEndpointUrl(body.url, allowLoopback);
      const secret = newSigningSecret();
      const row = await repository.insert({
        companyId,
        url,
        description: body.description,
        events: knownEvents(body.events),
        secretSealed: secrets.seal(secret),
        createdBy: scope.userId > 0 ? scope.userId : null,
      });
      await recordEvent(db, scope, {
        entityType: 'webhook',
        entityId: row.id,
        action: 'created',
        companyId,
        to: { url, events: row.events },
      });
      return { ...toEndpoint(row), secret };
    },

    async get(scope: Scope, id: number) {
      return toEndpoint(await requireEndpoint(scope, id));
    },

    async update(
      scope: Scope,
      id: number,
      body: {
        url?: string | undefined;
        description?: string | undefined;
        events?: readonly WebhookEventType[] | undefined;
        enabled?: boolean | undefined;
      },
    ) {
      const before = await requireEndpoint(scope, id);
      const changes = {
        ...(body.url !== undefined ? { url: checkEndpointUrl(body.url, allowLoopback) } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.events !== undefined ? { events: knownEvents(body.events) } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      };
      const row = await repository.update(id, { ...changes, updatedAt: now() });
      if (!row) throw new NotFound('Webhook not found');
      await recordEvent(db, scope, {
        entityType: 'webhook',
        entityId: id,
        action: 'updated',
        companyId: row.companyId,
        from: { url: before.url, events: before.events, enabled: before.enabled },
        to: { url: row.url, events: row.events, enabled: row.enabled },
      });
      return toEndpoint(row);
    },

    async remove(scope: Scope, id: number) {
      const row = await requireEndpoint(scope, id);
      await repository.remove(id);
      await recordEvent(db, scope, {
        entityType: 'webhook',
        entityId: id,
        action: 'deleted',
        companyId: row.companyId,
        from: { url: row.url },
      });
      return toEndpoint(row);
    },

    /** A new signing secret, shown once; the old one signs nothing from now on. */
    async rotateSecret(scope: Scope, id: number) {
      await requireEndpoint(scope, id);
      const secret = newSigningSecret();
      const at = now();
      const row = await repository.update(id, {
        secretSealed: secrets.seal(secret),
        updatedAt: at,
        secretRotatedAt: at,
      });
      if (!row) throw new NotFound('Webhook not found');
      await recordEvent(db, scope, {
        entityType: 'webhook',
        entityId: id,
        action: 'secret-rotated',
        companyId: row.companyId,
      });
      return { id, secret, secret_rotated_at: at.toISOString() };
    },

    /** Sends a `webhook.test` event now (one attempt, whatever events it takes); its delivery. */
    async test(scope: Scope, id: number) {
      const endpoint = await requireEndpoint(scope, id);
      const company = await repository.companyName(endpoint.companyId);
      const event: WebhookEvent = {
        type: TEST_EVENT,
        timestamp: now().toISOString(),
        data: {
          endpoint_id: endpoint.id,
          company: { id: endpoint.companyId, name: company ?? '' },
          message: 'A test from Flowsight: this endpoint receives its webhooks.',
        },
      };
      const [message] = await queueFor([endpoint], event, null);
      if (!message) throw new Error('test message not queued');
      await deliver(message.id);
      const delivered = await repository.message(message.id);
      const attempts = await repository.attemptsOf([message.id]);
      return { ...toDelivery(delivered ?? message, attempts), payload: event };
    },

    async deliveries(scope: Scope, id: number, input: ListQueryInput, url: string) {
      await requireEndpoint(scope, id);
      return deliveryList.page(input, url, async (query) => {
        const page = await repository.deliveries(id, query);
        return { rows: page.rows.map((row) => toDelivery(row, page.attempts)), total: page.total };
      });
    },

    /**
     * The alerts event bus's listener: an opened, acknowledged ("On it") or closed ("Fixed it",
     * or by the system) alert is queued for the endpoints of its company taking that event.
     */
    alertsChanged(changes: readonly AlertChange[]) {
      for (const change of changes) {
        const type = eventOfChange(change);
        if (type === null) continue;
        void queue(
          () => emitAlert(type, change.alertId, change.companyId),
          'webhook event not queued',
        );
      }
    },

    /**
     * Queues `alert.escalated` for an alert passed on to the next contact (the escalation rules
     * call it once the escalation is recorded). Answers the messages queued.
     */
    emitEscalated(
      alert: { alertId: number; companyId: number },
      escalation: WebhookEscalation,
    ): Promise<MessageRow[] | undefined> {
      return queue(
        () => emitAlert('alert.escalated', alert.alertId, alert.companyId, escalation),
        'webhook event not queued',
      ) as Promise<MessageRow[] | undefined>;
    },

    /** One delivery round: the due messages, each attempted once. Null when not claimed. */
    async deliverDue(claim?: RoundClaim) {
      if (claim && !(await claim(db))) return null;
      return deliver();
    },

    /** Resolves when every event asked for so far has been queued. */
    async idle() {
      let seen: Promise<unknown>;
      do {
        seen = pending;
        await seen;
      } while (seen !== pending);
    },
  };
}
export type Webhooks = ReturnType<typeof createWebhooks>;

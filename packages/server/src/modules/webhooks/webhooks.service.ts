import type { Database } from '../../db/client.ts';
import { recordEvent } from '../../db/queries/record-event.ts';
import { NotFound } from '../../lib/errors.ts';
import type { RoundClaim } from '../../lib/jobs.ts';
import type { ListQueryInput } from '../../lib/list-query.ts';
import type { SealedBox } from '../../lib/sealed-box.ts';
import { createSerialQueue } from '../../lib/serial-queue.ts';
import {
  requireActsAt,
  type Scope,
  scopeLevel,
  seesEverything,
  systemScope,
} from '../../lib/tenant-scope.ts';
import type { AlertsService } from '../alerts/alerts.service.ts';
import type { AlertChange } from '../alerts/alerts.status.ts';
import { createWebhookDelivery } from './webhooks.delivery.ts';
import { alertEvent, eventOfChange, testEvent } from './webhooks.payload.ts';
import {
  deliveryList,
  type EndpointRow,
  type MessageRow,
  type WebhooksRepository,
} from './webhooks.repository.ts';
import type { WebhookEscalation, WebhookEvent, WebhookEventType } from './webhooks.schemas.ts';
import type { WebhookSender } from './webhooks.sender.ts';
import { knownEvents, toDelivery, toEndpoint } from './webhooks.shape.ts';
import { newMessageId, newSigningSecret } from './webhooks.signing.ts';
import { checkEndpointUrl } from './webhooks.url.ts';

export { MAX_ATTEMPTS, RETRY_DELAYS_MS } from './webhooks.delivery.ts';

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
  const work = createSerialQueue(log);

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

  const queue = work.run;

  const { deliver } = createWebhookDelivery({ repository, secrets, send, timeoutMs, now });

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
      const event = testEvent(endpoint.id, { id: endpoint.companyId, name: company ?? '' }, now());
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
    idle: work.idle,
  };
}
export type Webhooks = ReturnType<typeof createWebhooks>;

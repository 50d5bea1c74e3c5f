// Live alert updates (DESIGN section 3): every alert change published on the alerts event bus
// (alerts.status.ts) is announced with `pg_notify` on the `flowsight_alerts` channel; every
// replica LISTENs and passes each change to its Server-Sent Events clients whose scope covers the alert. The replica that made a change hears it back like
// any other, so a browser gets one message whichever replica it is connected to.
//
// A stream lives longer than the check its request passed: it holds the bearer token it was opened
// with, checks it again before it sends alert data and at every heartbeat, and ends as soon as the
// token no longer stands for a session (signed out, password changed, role removed, user disabled,
// expired). The browser's reconnect then meets the guard's 401.

import type { FastifyReply } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { notify } from '../../db/queries/notify.ts';
import { TooManyRequests } from '../../lib/errors.ts';
import { inScope, type Scope } from '../../lib/tenant-scope.ts';
import type { AlertChange, AlertEvents } from './alerts.status.ts';

export const ALERTS_CHANNEL = 'flowsight_alerts';
/** NOTIFY payloads are limited to 8000 bytes; changes go out in batches well under it. */
const BATCH = 40;
const HEARTBEAT_MS = 25_000;
/**
 * Live streams one user may hold open on a replica: a tab holds one, so this is a person with many
 * tabs and devices; beyond it a script opening streams would only hold the server's memory.
 */
export const MAX_STREAMS_PER_USER = 8;
/** Seconds a refused stream is told to wait (a closed tab's stream is gone by then). */
const STREAMS_RETRY_S = 30;

type Client = {
  scope: Scope;
  token: string;
  reply: FastifyReply;
  /** The client's checks and writes, one after another, so events keep their order. */
  queue: Promise<void>;
};

export type AlertLiveOptions = {
  /** Whether a token still stands for a session (the guard's check). */
  sessionValid: (token: string) => Promise<boolean>;
  /** Milliseconds between heartbeats, each after a check of the token (tests shorten it). */
  heartbeatMs?: number;
};

export function createAlertLive(
  database: DatabaseHandle,
  events: AlertEvents,
  options: AlertLiveOptions,
) {
  const { sessionValid, heartbeatMs = HEARTBEAT_MS } = options;
  const clients = new Set<Client>();
  let stopListening: (() => Promise<void>) | undefined;

  /** Writes to the client while its token is valid; ends the stream the first time it is not. */
  const send = (client: Client, text: string) => {
    client.queue = client.queue.then(async () => {
      if (!clients.has(client)) return;
      if (await sessionValid(client.token).catch(() => false)) {
        client.reply.raw.write(text);
      } else {
        clients.delete(client);
        client.reply.raw.end();
      }
    });
  };

  const deliver = (changes: readonly AlertChange[]) => {
    for (const client of clients) {
      const visible = changes.filter((change) =>
        inScope(client.scope, {
          companyId: change.companyId,
          propertyId: change.propertyId,
          buildingId: change.buildingId,
          unitId: change.unitId,
        }),
      );
      if (visible.length === 0) continue;
      const data = visible.map(({ alertId, kind, statusId }) => ({ alertId, kind, statusId }));
      send(client, `event: alerts\ndata: ${JSON.stringify(data)}\n\n`);
    }
  };

  const unsubscribe = events.subscribe((changes) => {
    for (let i = 0; i < changes.length; i += BATCH) {
      const payload = JSON.stringify(changes.slice(i, i + BATCH));
      void notify(database.db, ALERTS_CHANNEL, payload).catch(() => {});
    }
  });

  return {
    async start() {
      stopListening = await database.listen(ALERTS_CHANNEL, (payload) => {
        try {
          deliver(JSON.parse(payload) as AlertChange[]);
        } catch {
          // Not ours: ignore.
        }
      });
    },
    /** Holds the response open as an event stream for this scope, while `token` stays valid. */
    open(scope: Scope, token: string, reply: FastifyReply) {
      let held = 0;
      for (const client of clients) if (client.scope.userId === scope.userId) held += 1;
      if (held >= MAX_STREAMS_PER_USER) {
        throw new TooManyRequests(
          `At most ${MAX_STREAMS_PER_USER} live alert streams may be open for one person; close a tab or try again later`,
          STREAMS_RETRY_S,
        );
      }
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      reply.raw.write(': connected\n\nretry: 5000\n\n');
      const client: Client = { scope, token, reply, queue: Promise.resolve() };
      clients.add(client);
      const heartbeat = setInterval(() => send(client, ': ping\n\n'), heartbeatMs);
      heartbeat.unref();
      reply.raw.on('close', () => {
        clearInterval(heartbeat);
        clients.delete(client);
      });
    },
    async stop() {
      unsubscribe();
      for (const client of clients) client.reply.raw.end();
      clients.clear();
      await stopListening?.();
    },
    get clientCount() {
      return clients.size;
    },
  };
}
export type AlertLive = ReturnType<typeof createAlertLive>;

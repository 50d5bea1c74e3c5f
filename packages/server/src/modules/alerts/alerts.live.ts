// Live alert updates (DESIGN section 3): every alert change is announced with `pg_notify` on the
// `flowsight_alerts` channel; every replica LISTENs and passes each change to its Server-Sent
// Events clients whose scope covers the alert. The replica that made a change hears it back like
// any other, so a browser gets one message whichever replica it is connected to.

import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { inScope, type Scope } from '../../lib/tenant-scope.ts';
import type { AlertChange, AlertEngine } from './alerts.engine.ts';

export const ALERTS_CHANNEL = 'flowsight_alerts';
/** NOTIFY payloads are limited to 8000 bytes; changes go out in batches well under it. */
const BATCH = 40;
const HEARTBEAT_MS = 25_000;

type Client = { scope: Scope; reply: FastifyReply };

export function createAlertLive(database: DatabaseHandle, engine: AlertEngine) {
  const clients = new Set<Client>();
  let stopListening: (() => Promise<void>) | undefined;

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
      client.reply.raw.write(`event: alerts\ndata: ${JSON.stringify(data)}\n\n`);
    }
  };

  const unsubscribe = engine.onChange((changes) => {
    for (let i = 0; i < changes.length; i += BATCH) {
      const payload = JSON.stringify(changes.slice(i, i + BATCH));
      void database.db
        .execute(sql`select pg_notify(${ALERTS_CHANNEL}, ${payload})`)
        .catch(() => {});
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
    /** Holds the response open as an event stream for this scope. */
    open(scope: Scope, reply: FastifyReply) {
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      reply.raw.write(': connected\n\nretry: 5000\n\n');
      const client = { scope, reply };
      clients.add(client);
      const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), HEARTBEAT_MS);
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

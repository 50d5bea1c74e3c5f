// The event log (append-only): every state change worth auditing, with who made it and when.
// Writers pass the transaction they change data in, so the event commits with the change or not
// at all.

import type { Scope } from '../../lib/tenant-scope.ts';
import type { Executor } from '../client.ts';
import { events } from '../schema/alerts.ts';

export type EventInput = {
  readonly entityType: string;
  readonly entityId: number;
  readonly action: string;
  /** The company the event belongs to (its tenant), for scoped event lists. */
  readonly companyId: number | null;
  readonly from?: unknown;
  readonly to?: unknown;
  readonly note?: string | null;
};

export async function recordEvent(executor: Executor, actor: Scope | null, event: EventInput) {
  await executor.insert(events).values({
    // The system scope (id 0) is no person.
    actorUserId: actor && actor.userId > 0 ? actor.userId : null,
    actorRoleId: actor && actor.roleId > 0 ? actor.roleId : null,
    companyId: event.companyId,
    entityType: event.entityType,
    entityId: event.entityId,
    action: event.action,
    fromValue: event.from ?? null,
    toValue: event.to ?? null,
    note: event.note ?? null,
  });
}

// Alert status changes and the alerts event bus. The status service is the only writer of an
// alert's status: a person's "On it" / "Fixed it" (alerts.service.ts, the signed email links) and
// the detection engine's system close go through `write`, which updates the row and records its
// event in the caller's transaction; so do the other changes people make to an alert (its
// assignee, its snooze) and the system's end of a snooze (back to New). Every change (a status
// change, an assignment, a snooze, or an alert the engine opened or updated) is published on the
// bus once committed; the live stream (pg_notify, SSE) and the alert emails subscribe to it, so
// neither producer knows its listeners.
import type { Database, Executor } from '../../db/client.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import { writeAlertAssignee, writeAlertSnooze, writeAlertStatus } from './alerts.repository.ts';

/** A change to an alert, for live updates and emails. */
export type AlertChange = {
  readonly alertId: number;
  readonly kind: 'opened' | 'updated' | 'status' | 'assigned' | 'snooze';
  readonly companyId: number;
  readonly propertyId: number | null;
  readonly buildingId: number | null;
  readonly unitId: number | null;
  readonly statusId: number;
  /** An assignment: the new assignee (null: unassigned) and who assigned (0: the system). */
  readonly assigneeUserId?: number | null;
  readonly actorUserId?: number;
};
export type AlertChangeListener = (changes: readonly AlertChange[]) => void;

/** The in-process alerts event bus: committed changes, in batches, to every subscriber. */
export type AlertEvents = {
  publish(changes: readonly AlertChange[]): void;
  /** Answers the unsubscribe function. */
  subscribe(listener: AlertChangeListener): () => void;
};

export function createAlertEvents(): AlertEvents {
  const listeners = new Set<AlertChangeListener>();
  return {
    publish(changes) {
      if (changes.length === 0) return;
      for (const listener of listeners) listener(changes);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The alert a status change applies to (its id and places, for the event and the bus). */
export type AlertStatusTarget = {
  readonly alertId: number;
  readonly companyId: number;
  readonly propertyId: number | null;
  readonly buildingId: number | null;
  readonly unitId: number | null;
};

export type AlertStatusInput = {
  readonly statusId: number;
  /** When the status changed (closed_at too when closing). */
  readonly at: Date;
  readonly note?: string | undefined;
  /** The previous status, recorded in the event when known. */
  readonly from?: number | undefined;
  /** The system ends the alert's snooze (event 'snooze-ended'; the snooze is cleared). */
  readonly snoozeEnded?: boolean;
};
/** The note of a snooze's end (the system's, when its time is over, or a person's). */
export const snoozeEndedNote = (reason: string | null) =>
  reason ? `Snooze ended: ${reason}` : 'Snooze ended';
export type AlertAssignInput = { readonly from: number | null; readonly to: number | null };
/** A snooze until then with its reason, or (`until` null) its end now. */
export type AlertSnoozeInput = { readonly until: Date | null; readonly reason: string | null };

export function createAlertStatus(options: { db: Database; events: AlertEvents }) {
  const { db, events } = options;

  /**
   * Writes the status and its event in `ex` (the caller's transaction); `actor` null is the
   * system. Answers the change to publish once the transaction commits.
   */
  async function write(
    ex: Executor,
    actor: Scope | null,
    target: AlertStatusTarget,
    input: AlertStatusInput,
  ): Promise<AlertChange> {
    await writeAlertStatus(ex, actor, target, input);
    return { ...target, kind: 'status', statusId: input.statusId };
  }

  return {
    write,
    events,
    /** A new assignee (or none) in its own transaction, published once committed. */
    async assign(
      actor: Scope,
      target: AlertStatusTarget,
      input: AlertAssignInput,
      statusId: number,
    ) {
      await db.transaction((tx) => writeAlertAssignee(tx, actor, target, input));
      const change: AlertChange = {
        ...target,
        kind: 'assigned',
        statusId,
        assigneeUserId: input.to,
        actorUserId: actor.userId,
      };
      events.publish([change]);
      return change;
    },
    /** A snooze set or ended by a person, in its own transaction, published once committed. */
    async snooze(
      actor: Scope,
      target: AlertStatusTarget,
      input: AlertSnoozeInput,
      statusId: number,
    ) {
      await db.transaction((tx) => writeAlertSnooze(tx, actor, target, input));
      const change: AlertChange = { ...target, kind: 'snooze', statusId };
      events.publish([change]);
      return change;
    },
    /** A status change in its own transaction, published once committed. */
    async change(actor: Scope, target: AlertStatusTarget, input: AlertStatusInput) {
      const change = await db.transaction((tx) => write(tx, actor, target, input));
      events.publish([change]);
      return change;
    },
  };
}
export type AlertStatus = ReturnType<typeof createAlertStatus>;

// Queries of the alert texts: who an alert's texts go to (the covering SMS contacts, by the same
// rule as the emails), the deliveries queued once per alert, contact and event, the retries due,
// and what became of each. Every query here runs for the system (the alerts event bus or a job).
import { NotificationMethod } from '@flowsight/domain/lookups';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { smsDeliveries } from '../../db/schema/alerts.ts';
import type { RoundClaim } from '../../lib/jobs.ts';
import type { AlertMailRepository, CoveringContact } from '../alert-mail/alert-mail.repository.ts';

/** A text being tried: where it goes, what it says and how often it has been tried. */
export type PendingText = { id: number; toNumber: string; body: string; attempts: number };

export type NewText = {
  notificationId: number;
  contactId: number;
  event: string;
  toNumber: string;
  body: string;
};

/** The most texts one retry round takes. */
const ROUND_LIMIT = 100;

export function createAlertSmsRepository(db: Database, alertMail: AlertMailRepository) {
  const lease = (at: Date, leaseMs: number) => new Date(at.getTime() + leaseMs);
  return {
    /** The enabled SMS contacts covering the alert, one per number. */
    textRecipientsOf: (alertId: number): Promise<CoveringContact[]> =>
      alertMail.contactsCovering(alertId, NotificationMethod.Sms),

    /**
     * Queues the text unless this alert, contact and event has one already (answers null then),
     * leased to its first attempt for `leaseMs`: should the process die, a retry round takes it.
     */
    async queue(text: NewText, at: Date, leaseMs: number): Promise<PendingText | null> {
      const [queued] = await db
        .insert(smsDeliveries)
        .values({ ...text, nextAttemptAt: lease(at, leaseMs), createdAt: at, updatedAt: at })
        .onConflictDoNothing({
          target: [smsDeliveries.notificationId, smsDeliveries.contactId, smsDeliveries.event],
        })
        .returning({ id: smsDeliveries.id });
      return queued
        ? { id: queued.id, toNumber: text.toNumber, body: text.body, attempts: 0 }
        : null;
    },

    /**
     * Takes the queued texts due by `at`, leasing each for `leaseMs`, in one transaction: rows
     * another round holds are passed over. Null when `claim` (the job's period) is not this
     * replica's.
     */
    async claimDue(at: Date, leaseMs: number, claim?: RoundClaim): Promise<PendingText[] | null> {
      return db.transaction(async (tx) => {
        if (claim && !(await claim(tx))) return null;
        const due = tx
          .select({ id: smsDeliveries.id })
          .from(smsDeliveries)
          .where(and(eq(smsDeliveries.status, 'queued'), lte(smsDeliveries.nextAttemptAt, at)))
          .orderBy(smsDeliveries.nextAttemptAt)
          .limit(ROUND_LIMIT)
          .for('update', { skipLocked: true });
        const rows = await tx
          .update(smsDeliveries)
          .set({ nextAttemptAt: lease(at, leaseMs) })
          .where(inArray(smsDeliveries.id, due))
          .returning({
            id: smsDeliveries.id,
            toNumber: smsDeliveries.toNumber,
            body: smsDeliveries.body,
            attempts: smsDeliveries.attempts,
          });
        return rows.sort((a, b) => a.id - b.id);
      });
    },

    async markSent(id: number, attempts: number, providerMessageId: string, at: Date) {
      await db
        .update(smsDeliveries)
        .set({
          status: 'sent',
          attempts,
          providerMessageId,
          lastError: null,
          nextAttemptAt: null,
          sentAt: at,
          updatedAt: at,
        })
        .where(eq(smsDeliveries.id, id));
    },

    async markRetry(id: number, attempts: number, error: string, nextAt: Date, at: Date) {
      await db
        .update(smsDeliveries)
        .set({ attempts, lastError: error, nextAttemptAt: nextAt, updatedAt: at })
        .where(eq(smsDeliveries.id, id));
    },

    async markFailed(id: number, attempts: number, error: string, at: Date) {
      await db
        .update(smsDeliveries)
        .set({ status: 'failed', attempts, lastError: error, nextAttemptAt: null, updatedAt: at })
        .where(eq(smsDeliveries.id, id));
    },

    /** Every delivery of an alert (tests and support). */
    deliveriesOf: (alertId: number) =>
      db
        .select()
        .from(smsDeliveries)
        .where(eq(smsDeliveries.notificationId, alertId))
        .orderBy(smsDeliveries.id),
  };
}
export type AlertSmsRepository = ReturnType<typeof createAlertSmsRepository>;

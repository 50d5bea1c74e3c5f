// Queries of the alert emails: who an alert's emails (and texts) go to (enabled contacts whose
// place covers the alert), the property's time zone, the signed action tokens behind the "On it" /
// "Fixed it" buttons, which New alerts are due a reminder (never a snoozed one), and the address of
// an alert's assignee. Every query here runs for the
// system (a job or a holder of a link), never for a signed-in person's scope.
import { NotificationMethod, NotificationStatus, UserStatus } from '@flowsight/domain/lookups';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { tryTransactionLock } from '../../db/advisory-lock.ts';
import { type Database, selectRows } from '../../db/client.ts';
import { roleCovers } from '../../db/queries/scope-condition.ts';
import { notificationActionTokens, notifications } from '../../db/schema/alerts.ts';
import type { RoundClaim } from '../../lib/jobs.ts';
import { type Scope, scopeOfRole } from '../../lib/tenant-scope.ts';

export type AlertRecipient = { userId: number; email: string; firstName: string };
/** A contact an alert is told to, by email or text message. */
export type CoveringContact = {
  contactId: number;
  userId: number;
  destination: string;
  firstName: string;
};
export type ActionToken = {
  id: number;
  notificationId: number;
  statusId: number;
  recipientUserId: number;
  expiresAt: Date;
  usedAt: Date | null;
  recipientDisabled: boolean;
};
export type NewActionToken = {
  notificationId: number;
  statusId: number;
  recipientUserId: number;
  tokenHash: string;
  expiresAt: Date;
};

/** Advisory lock of the reminder job ("ALRM"): one replica at a time picks due alerts. */
export const ALERT_REMINDER_LOCK = 0x414c524d;

export function createAlertMailRepository(db: Database) {
  /**
   * Enabled contacts of the alert's company, by `methodId`, whose place covers the alert:
   * company-wide ones, and those of its property, building or unit. The contact's person must
   * also hold a role whose scope covers the alert (a system role, or a role of the company not
   * narrowed to another property, building or unit), so a manager of one property is never told
   * about another, whatever their contact names. A disabled person gets nothing; one address (or
   * number) is told once even when several contacts lead to it: through the oldest of them.
   */
  async function contactsCovering(alertId: number, methodId: number): Promise<CoveringContact[]> {
    const covers = roleCovers(
      {
        roleTypeId: sql`r.user_role_type_id`,
        companyId: sql`r.company_id`,
        propertyId: sql`r.property_id`,
        buildingId: sql`r.building_id`,
        unitId: sql`r.unit_id`,
      },
      {
        companyId: sql`n.company_id`,
        propertyId: sql`n.property_id`,
        buildingId: sql`n.building_id`,
        unitId: sql`n.unit_id`,
      },
    );
    const rows = await selectRows<{
      contact_id: number;
      user_id: number;
      destination: string;
      first_name: string;
    }>(
      db,
      sql`select distinct on (lower(c.destination)) c.id as contact_id, c.user_id, c.destination,
            u.first_name
          from notifications n
          join notification_contacts c on c.company_id = n.company_id
          join users u on u.id = c.user_id
          where n.id = ${alertId}
            and c.enabled
            and c.notification_method_id = ${methodId}
            and u.user_status_id <> ${UserStatus.Disabled}
            and (c.property_id is null or c.property_id = n.property_id)
            and (c.building_id is null or c.building_id = n.building_id)
            and (c.unit_id is null or c.unit_id = n.unit_id)
            and exists (select 1 from user_roles r where r.user_id = c.user_id and ${covers})
          order by lower(c.destination), c.id`,
    );
    return rows.map((r) => ({
      contactId: r.contact_id,
      userId: r.user_id,
      destination: r.destination,
      firstName: r.first_name,
    }));
  }

  return {
    contactsCovering,

    /** Who an alert's emails go to: its covering email contacts (`contactsCovering`). */
    async recipientsOf(alertId: number): Promise<AlertRecipient[]> {
      const contacts = await contactsCovering(alertId, NotificationMethod.Email);
      return contacts.map((c) => ({
        userId: c.userId,
        email: c.destination,
        firstName: c.firstName,
      }));
    },

    /** The address and first name of a person an alert was assigned to (none when disabled). */
    async assigneeOf(userId: number): Promise<AlertRecipient | undefined> {
      const [row] = await selectRows<{ id: number; email: string; first_name: string }>(
        db,
        sql`select id, email, first_name from users
            where id = ${userId} and user_status_id <> ${UserStatus.Disabled}`,
      );
      return row && { userId: row.id, email: row.email, firstName: row.first_name };
    },

    /** A person's full name (null when they have none). */
    async nameOf(userId: number): Promise<string | null> {
      const [row] = await selectRows<{ name: string | null }>(
        db,
        sql`select nullif(trim(concat(first_name, ' ', last_name)), '') as name from users where id = ${userId}`,
      );
      return row?.name ?? null;
    },

    /** The IANA time zone of the alert's property (UTC when it has none). */
    async timeZoneOf(alertId: number): Promise<string> {
      const [row] = await selectRows<{ name: string | null }>(
        db,
        sql`select z.name from notifications n
            left join properties p on p.id = n.property_id
            left join timezones z on z.id = p.timezone_id
            where n.id = ${alertId}`,
      );
      return row?.name ?? 'UTC';
    },

    async insertTokens(tokens: readonly NewActionToken[]) {
      if (tokens.length === 0) return;
      await db.insert(notificationActionTokens).values([...tokens]);
    },

    async findToken(tokenHash: string): Promise<ActionToken | undefined> {
      const [row] = await selectRows<{
        id: number;
        notification_id: number;
        status_id: number;
        recipient_user_id: number;
        expires_at: Date | string;
        used_at: Date | string | null;
        recipient_disabled: boolean;
      }>(
        db,
        sql`select t.id, t.notification_id, t.status_id, t.recipient_user_id, t.expires_at, t.used_at,
              u.user_status_id = ${UserStatus.Disabled} as recipient_disabled
            from notification_action_tokens t join users u on u.id = t.recipient_user_id
            where t.token_hash = ${tokenHash}`,
      );
      if (!row) return undefined;
      return {
        id: row.id,
        notificationId: row.notification_id,
        statusId: row.status_id,
        recipientUserId: row.recipient_user_id,
        expiresAt: new Date(row.expires_at),
        usedAt: row.used_at === null ? null : new Date(row.used_at),
        recipientDisabled: row.recipient_disabled,
      };
    },

    /** The user's roles as the scopes they would sign in with. */
    async rolesOf(userId: number): Promise<Scope[]> {
      const rows = await selectRows<Parameters<typeof scopeOfRole>[1]>(
        db,
        sql`select r.id as role_id, r.user_role_type_id, r.company_id, c.company_type_id,
              r.property_id, r.building_id, r.unit_id
            from user_roles r left join companies c on c.id = r.company_id
            where r.user_id = ${userId}`,
      );
      return rows.map((row) => scopeOfRole(userId, row));
    },

    /** Marks the token used if nobody has yet (two clicks at once: only one wins). */
    async claimToken(id: number, at: Date): Promise<boolean> {
      const claimed = await db
        .update(notificationActionTokens)
        .set({ usedAt: at })
        .where(and(eq(notificationActionTokens.id, id), isNull(notificationActionTokens.usedAt)))
        .returning({ id: notificationActionTokens.id });
      return claimed.length === 1;
    },

    /** Gives a claimed token back when the change it was for did not happen. */
    async releaseToken(id: number) {
      await db
        .update(notificationActionTokens)
        .set({ usedAt: null })
        .where(eq(notificationActionTokens.id, id));
    },

    /**
     * Picks the New alerts, not snoozed, whose first detection (or last reminder) is at least
     * `everyMs` old and
     * stamps their reminder time, in one transaction under the reminder lock: with several
     * replicas exactly one picks a given alert. Answers null when another replica holds the lock,
     * or when `claim` (the job's period) is not this replica's.
     */
    async claimDueReminders(
      at: Date,
      everyMs: number,
      claim?: RoundClaim,
    ): Promise<number[] | null> {
      return db.transaction(async (tx) => {
        if (!(await tryTransactionLock(tx, ALERT_REMINDER_LOCK))) return null;
        if (claim && !(await claim(tx))) return null;
        const cutoff = new Date(at.getTime() - everyMs);
        const due = await tx
          .update(notifications)
          .set({ lastRemindedAt: at })
          .where(
            and(
              eq(notifications.notificationStatusId, NotificationStatus.New),
              isNull(notifications.snoozedUntil),
              sql`coalesce(${notifications.lastRemindedAt}, ${notifications.firstDetectedAt}) <= ${cutoff.toISOString()}::timestamptz`,
            ),
          )
          .returning({ id: notifications.id });
        return due.map((d) => d.id).sort((a, b) => a - b);
      });
    },
  };
}
export type AlertMailRepository = ReturnType<typeof createAlertMailRepository>;

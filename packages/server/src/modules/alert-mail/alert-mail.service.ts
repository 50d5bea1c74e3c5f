// Alert emails and their signed actions (DESIGN section 8): the contacts covering an alert are
// emailed when it opens and reminded every ALERT_REMINDER_HOURS while it stays New; each email
// carries "On it" and "Fixed it" links `/confirmation/{id}/{status}/{token}` — a 256-bit random
// token per recipient and status, stored hashed, expiring, single use. Reading a link changes
// nothing (mail scanners follow links); only the confirming POST sets the status, as the recipient.
// A snoozed alert gets no reminders. A person an alert is assigned to (by someone else) is told by
// email, with a link to the alert's place in the app.
import { accessFor, mayCall } from '@flowsight/domain/access';
import { NotificationStatus } from '@flowsight/domain/lookups';
import { Invalid } from '../../lib/errors.ts';
import type { RoundClaim } from '../../lib/jobs.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashSecret, newSecretToken } from '../../lib/secrets.ts';
import { createSerialQueue } from '../../lib/serial-queue.ts';
import { inScope, systemScope } from '../../lib/tenant-scope.ts';
import type { AlertsService } from '../alerts/alerts.service.ts';
import type { Alert } from '../alerts/alerts.shape.ts';
import type { AlertChange } from '../alerts/alerts.status.ts';
import { type LinkProblem, linkErrors, linkMessages, showsNoAlert } from './alert-mail.links.ts';
import { alertMail, assignmentMail } from './alert-mail.mails.ts';
import type { AlertMailRepository } from './alert-mail.repository.ts';

/** How long an email's buttons work. */
export const ACTION_LINK_DAYS = 7;
const DAY_MS = 86_400_000;

export const actionStatuses = [NotificationStatus.Acknowledged, NotificationStatus.Closed] as const;
export type ActionStatus = (typeof actionStatuses)[number];
const isActionStatus = (statusId: number): statusId is ActionStatus =>
  actionStatuses.some((s) => s === statusId);

/** Who may change an alert's status signed in: a link acts only for them. */
const statusChange = accessFor('PUT', '/notifications/:id/status/:statusId');

export type AlertMailLog = { warn(object: unknown, message: string): void };

type Dependencies = {
  repository: AlertMailRepository;
  alerts: AlertsService;
  mailer: Mailer;
  appUrl: string;
  reminderHours: number;
  log: AlertMailLog;
  now?: () => Date;
};

/** What the confirmation page shows about the alert of a link it may use. */
export type ActionAlertSummary = Pick<
  Alert,
  | 'notification_type_id'
  | 'notification_status_id'
  | 'address'
  | 'room'
  | 'appliance'
  | 'rate'
  | 'monthly_cost'
  | 'first_detected'
  | 'property_name'
> & { time_zone: string };

export function createAlertMail({
  repository,
  alerts,
  mailer,
  appUrl,
  reminderHours,
  log,
  now = () => new Date(),
}: Dependencies) {
  const work = createSerialQueue(log);

  /** Emails one alert to every contact covering it, each with fresh tokens. */
  async function mailAlert(alertId: number, reminder: boolean): Promise<number> {
    const recipients = await repository.recipientsOf(alertId);
    if (recipients.length === 0) return 0;
    const alert = await alerts.get(systemScope, alertId);
    const timeZone = await repository.timeZoneOf(alertId);
    const expiresAt = new Date(now().getTime() + ACTION_LINK_DAYS * DAY_MS);
    let sent = 0;
    for (const recipient of recipients) {
      const links = actionStatuses.map((statusId) => ({ statusId, token: newSecretToken() }));
      await repository.insertTokens(
        links.map(({ statusId, token }) => ({
          notificationId: alertId,
          statusId,
          recipientUserId: recipient.userId,
          tokenHash: hashSecret(token),
          expiresAt,
        })),
      );
      const [onIt, fixedIt] = links.map(
        ({ statusId, token }) => `${appUrl}/confirmation/${alertId}/${statusId}/${token}`,
      );
      try {
        await mailer.send(
          alertMail({
            to: recipient.email,
            firstName: recipient.firstName,
            alert,
            timeZone,
            placeLink: `${appUrl}${alert.link}`,
            onItLink: onIt ?? '',
            fixedItLink: fixedIt ?? '',
            linkDays: ACTION_LINK_DAYS,
            reminder,
          }),
        );
        sent += 1;
      } catch (error) {
        // One unreachable address must not keep the others from hearing about the alert.
        log.warn({ err: error, alertId, to: recipient.email }, 'alert email failed');
      }
    }
    return sent;
  }

  /** Tells the assignee of an alert (assigned by `actorUserId`, 0: the system) by email. */
  async function mailAssignment(alertId: number, assigneeUserId: number, actorUserId: number) {
    const assignee = await repository.assigneeOf(assigneeUserId);
    if (!assignee) return;
    const alert = await alerts.get(systemScope, alertId);
    await mailer.send(
      assignmentMail({
        to: assignee.email,
        firstName: assignee.firstName,
        alert,
        assignedBy: actorUserId > 0 ? await repository.nameOf(actorUserId) : null,
        alertLink: `${appUrl}${alert.link}`,
      }),
    );
  }

  const queue = work.run;

  /** Finds the token of a link and what (if anything) stands in its way. */
  async function checkLink(alertId: number, statusId: number, token: string) {
    if (!isActionStatus(statusId))
      throw new Invalid('The status must be 2 (On it) or 3 (Fixed it)');
    const found = await repository.findToken(hashSecret(token));
    const matches =
      found !== undefined &&
      found.notificationId === alertId &&
      found.statusId === statusId &&
      !found.recipientDisabled;
    if (!matches) return { token: undefined, alert: undefined, problem: 'invalid' as const };
    const alert = await alerts.get(systemScope, alertId);
    const problem: LinkProblem | null =
      found.usedAt !== null
        ? 'used'
        : found.expiresAt.getTime() <= now().getTime()
          ? 'expired'
          : !(await recipientMayAct(found.recipientUserId, alert))
            ? 'no-access'
            : alert.notification_status_id === NotificationStatus.Closed
              ? 'closed'
              : null;
    return { token: found, alert, problem };
  }

  /** Whether the recipient, signed in, could change this alert's status through one of their roles. */
  async function recipientMayAct(userId: number, alert: Alert) {
    const roles = await repository.rolesOf(userId);
    return roles.some(
      (role) =>
        statusChange !== undefined &&
        mayCall(statusChange, role.roleTypeId) &&
        inScope(role, {
          companyId: alert.company_id,
          propertyId: alert.property_id,
          buildingId: alert.building_id,
          unitId: alert.unit_id,
        }),
    );
  }

  return {
    /**
     * The alerts event bus's listener: an opened alert is emailed to its contacts; an alert
     * assigned to someone by another person is emailed to the assignee.
     */
    alertsChanged(changes: readonly AlertChange[]) {
      for (const change of changes) {
        if (change.kind === 'opened') {
          void queue(() => mailAlert(change.alertId, false), 'alert email failed');
        }
        const { assigneeUserId, actorUserId = 0 } = change;
        if (change.kind === 'assigned' && assigneeUserId && assigneeUserId !== actorUserId) {
          void queue(
            () => mailAssignment(change.alertId, assigneeUserId, actorUserId),
            'alert assignment email failed',
          );
        }
      }
    },

    /**
     * One reminder round: New alerts quiet for the interval are emailed again. Null when another
     * replica picks them now, or (the job's `claim`) has in this period.
     */
    async sendReminders(claim?: RoundClaim): Promise<{ alerts: number; emails: number } | null> {
      const due = await repository.claimDueReminders(now(), reminderHours * 3_600_000, claim);
      if (due === null) return null;
      let emails = 0;
      for (const alertId of due) {
        await queue(async () => {
          emails += await mailAlert(alertId, true);
        }, 'alert reminder failed');
      }
      return { alerts: due.length, emails };
    },

    /** Resolves when every email asked for so far has been handed to the mailer. */
    idle: work.idle,

    /** What the confirmation page shows. Changes nothing, whatever the link. */
    async inspect(alertId: number, statusId: number, token: string) {
      const { alert, problem } = await checkLink(alertId, statusId, token);
      // A link that can no longer act shows nothing of the alert: whoever holds it may not be
      // its recipient, or no longer entitled to see it.
      const summary: ActionAlertSummary | null =
        alert === undefined || (problem !== null && showsNoAlert.includes(problem))
          ? null
          : {
              notification_type_id: alert.notification_type_id,
              notification_status_id: alert.notification_status_id,
              address: alert.address,
              room: alert.room,
              appliance: alert.appliance,
              rate: alert.rate,
              monthly_cost: alert.monthly_cost,
              first_detected: alert.first_detected,
              property_name: alert.property_name,
              time_zone: await repository.timeZoneOf(alertId),
            };
      return {
        notification_id: alertId,
        status_id: statusId,
        valid: problem === null,
        reason: problem,
        message: problem === null ? null : linkMessages[problem],
        alert: summary,
      };
    },

    /** The confirmed action: uses the token once and sets the status as its recipient. */
    async confirm(alertId: number, statusId: number, token: string, note?: string) {
      const { token: found, problem } = await checkLink(alertId, statusId, token);
      if (problem !== null || found === undefined) {
        const reason = problem ?? 'invalid';
        throw linkErrors[reason](linkMessages[reason]);
      }
      if (!(await repository.claimToken(found.id, now()))) {
        throw linkErrors.used(linkMessages.used);
      }
      try {
        const updated = await alerts.setStatus(
          { ...systemScope, userId: found.recipientUserId },
          alertId,
          statusId,
          note?.trim() || undefined,
        );
        return {
          notification_id: alertId,
          notification_status_id: updated.notification_status_id,
        };
      } catch (error) {
        await repository.releaseToken(found.id);
        throw error;
      }
    },
  };
}
export type AlertMail = ReturnType<typeof createAlertMail>;

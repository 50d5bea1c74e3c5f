// Alert texts: when a leak or usage alert opens, each enabled SMS contact covering it (by the
// alert emails' rule) is sent one short text; device-health alerts are left to email. Each text
// is recorded before it is sent, once per alert, contact and event, so nothing goes twice. A
// refusal that may pass (rate limit, provider down) is retried with back-off by the retry job
// until MAX_ATTEMPTS; a permanent one (a bad number) fails at once. The contacts API shows the
// last outcome on the contact.
import { NotificationCategory, notificationTypes } from '@flowsight/domain/lookups';
import { e164PhoneNumber } from '@flowsight/domain/phone-numbers';
import type { RoundClaim } from '../../lib/jobs.ts';
import { createSerialQueue } from '../../lib/serial-queue.ts';
import type { SmsResult, SmsSender } from '../../lib/sms.ts';
import { systemScope } from '../../lib/tenant-scope.ts';
import type { AlertsService } from '../alerts/alerts.service.ts';
import type { AlertChange } from '../alerts/alerts.status.ts';
import type { AlertSmsRepository, PendingText } from './alert-sms.repository.ts';
import { alertText } from './alert-sms.text.ts';

/** Tries of one text, the first included, before it is marked failed. */
export const MAX_ATTEMPTS = 5;
/** Wait before the second try; each later wait is four times the one before (1, 4, 16, 64 min). */
export const FIRST_RETRY_MS = 60_000;
/** How long a text being tried is held from other rounds (a process that dies lets it go). */
export const ATTEMPT_LEASE_MS = 5 * 60_000;

/** The categories whose alerts are texted: water being lost, not a sensor's battery. */
const textedCategories: readonly number[] = [NotificationCategory.Leak, NotificationCategory.Usage];
const isTexted = (typeId: number) => {
  const categoryId = notificationTypes.find((t) => t.id === typeId)?.categoryId;
  return categoryId !== undefined && textedCategories.includes(categoryId);
};

/** The wait after `attempts` tries before the next. */
export const retryDelayMs = (attempts: number) => FIRST_RETRY_MS * 4 ** Math.max(0, attempts - 1);

export type AlertSmsLog = {
  info(object: unknown, message: string): void;
  warn(object: unknown, message: string): void;
};

type Dependencies = {
  repository: AlertSmsRepository;
  alerts: AlertsService;
  sender: SmsSender;
  appUrl: string;
  log: AlertSmsLog;
  now?: () => Date;
};

export function createAlertSms({
  repository,
  alerts,
  sender,
  appUrl,
  log,
  now = () => new Date(),
}: Dependencies) {
  const work = createSerialQueue(log);

  /** One try of a text, and what it leaves recorded. Answers whether it went. */
  async function attempt(text: PendingText): Promise<boolean> {
    const to = e164PhoneNumber(text.toNumber);
    let result: SmsResult;
    if (to === null) {
      result = { ok: false, retryable: false, error: 'Not a phone number in international form' };
    } else {
      try {
        result = await sender.send({ to, body: text.body });
      } catch (error) {
        // The outbox's disk or an unexpected answer: worth another try.
        result = { ok: false, retryable: true, error: String(error) };
      }
    }
    const attempts = text.attempts + 1;
    const at = now();
    if (result.ok) {
      await repository.markSent(text.id, attempts, result.providerMessageId, at);
      return true;
    }
    log.warn({ deliveryId: text.id, attempts, error: result.error }, 'alert text not sent');
    if (result.retryable && attempts < MAX_ATTEMPTS) {
      const nextAt = new Date(at.getTime() + retryDelayMs(attempts));
      await repository.markRetry(text.id, attempts, result.error, nextAt, at);
    } else {
      await repository.markFailed(text.id, attempts, result.error, at);
    }
    return false;
  }

  /** Texts an opened alert to every SMS contact covering it that has not had this text. */
  async function textAlert(alertId: number, event: string): Promise<number> {
    const recipients = await repository.textRecipientsOf(alertId);
    if (recipients.length === 0) return 0;
    const alert = await alerts.get(systemScope, alertId);
    if (!isTexted(alert.notification_type_id)) return 0;
    const body = alertText(alert, appUrl);
    let sent = 0;
    for (const recipient of recipients) {
      const text = await repository.queue(
        {
          notificationId: alertId,
          contactId: recipient.contactId,
          event,
          toNumber: recipient.destination,
          body,
        },
        now(),
        ATTEMPT_LEASE_MS,
      );
      if (text && (await attempt(text))) sent += 1;
    }
    return sent;
  }

  const queue = work.run;

  return {
    /** The alerts event bus's listener: an opened alert is texted to its SMS contacts. */
    alertsChanged(changes: readonly AlertChange[]) {
      for (const change of changes) {
        if (change.kind === 'opened') {
          void queue(() => textAlert(change.alertId, 'opened'), 'alert text failed');
        }
      }
    },

    /**
     * One retry round: the queued texts due are tried again. Null when the job's `claim` says
     * another replica has this period's round.
     */
    async retryDue(claim?: RoundClaim): Promise<{ texts: number; sent: number } | null> {
      const due = await repository.claimDue(now(), ATTEMPT_LEASE_MS, claim);
      if (due === null) return null;
      let sent = 0;
      for (const text of due) {
        await queue(async () => {
          if (await attempt(text)) sent += 1;
        }, 'alert text retry failed');
      }
      return { texts: due.length, sent };
    },

    /** Resolves when every text asked for so far has been tried. */
    idle: work.idle,
  };
}
export type AlertSms = ReturnType<typeof createAlertSms>;

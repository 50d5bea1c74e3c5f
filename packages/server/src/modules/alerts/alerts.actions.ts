// What people do to an alert: "On it" and "Fixed it" (one or many at once), assigning it to a
// person, snoozing a leak alert and ending the snooze. Each change goes through the one writer of
// alert statuses (alerts.status.ts), which records its event and publishes it.

import {
  NotificationCategory,
  NotificationStatus,
  openNotificationStatuses,
} from '@flowsight/domain/lookups';
import { AppError, Conflict, Invalid } from '../../lib/errors.ts';
import { type Scope, seesEverything } from '../../lib/tenant-scope.ts';
import type { AlertRecord, AlertsRepository } from './alerts.repository.ts';
import type { Alert } from './alerts.shape.ts';
import { type AlertStatus, type AlertStatusTarget, snoozeEndedNote } from './alerts.status.ts';

/** A provider staff member without a name, as a tenant sees them. */
const FLOWSIGHT_STAFF = 'Flowsight staff';
const MIN_SNOOZE_MS = 5 * 60_000;
const MAX_SNOOZE_MS = 30 * 86_400_000;

const targetOf = (record: AlertRecord): AlertStatusTarget => ({
  alertId: record.id,
  companyId: record.company_id,
  propertyId: record.property_id,
  buildingId: record.building_id,
  unitId: record.unit_id,
});

type Dependencies = {
  repository: AlertsRepository;
  status: AlertStatus;
  now: () => Date;
  /** The alert in the caller's scope, or NotFound. */
  requireAlert: (scope: Scope, id: number) => Promise<AlertRecord>;
  /** The record as the caller sees it. */
  one: (scope: Scope, record: AlertRecord) => Promise<Alert>;
  /** The alert read again after a change, as the caller sees it. */
  reread: (scope: Scope, id: number) => Promise<Alert>;
};

export function createAlertActions({
  repository,
  status,
  now,
  requireAlert,
  one,
  reread,
}: Dependencies) {
  /**
   * "On it" (2) or "Fixed it" (3, with an optional note) of one alert. A closed alert stays
   * closed; saying "On it" twice changes nothing. Answers the record when nothing changed.
   */
  async function changeStatus(scope: Scope, id: number, statusId: number, note?: string) {
    const record = await requireAlert(scope, id);
    if (statusId !== NotificationStatus.Acknowledged && statusId !== NotificationStatus.Closed) {
      throw new Invalid('The status must be 2 (On it) or 3 (Fixed it)');
    }
    if (record.notification_status_id === NotificationStatus.Closed) {
      throw new Conflict('This alert is already closed');
    }
    const cleanNote = note?.trim() || undefined;
    if (record.notification_status_id === statusId && cleanNote === undefined) return record;
    await status.change(scope, targetOf(record), {
      statusId,
      at: now(),
      note: cleanNote,
      from: record.notification_status_id,
    });
    return undefined;
  }

  return {
    /**
     * "On it" (2) or "Fixed it" (3, with an optional note). A closed alert stays closed; saying
     * "On it" twice changes nothing.
     */
    async setStatus(scope: Scope, id: number, statusId: number, note?: string) {
      const unchanged = await changeStatus(scope, id, statusId, note);
      return unchanged ? one(scope, unchanged) : reread(scope, id);
    },
    /**
     * The status change of many alerts, each exactly as the single call (its event, its publish);
     * an alert's refusal is reported with the single call's words and never stops the others.
     */
    async bulkStatus(scope: Scope, ids: readonly number[], statusId: number, note?: string) {
      const changed: number[] = [];
      const failed: { id: number; message: string }[] = [];
      for (const id of ids) {
        try {
          await changeStatus(scope, id, statusId, note);
          changed.push(id);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          failed.push({ id, message: error.message });
        }
      }
      return { changed, failed };
    },
    /**
     * The people the alert may be assigned to, by name. A tenant sees the provider's staff by name
     * only ("Flowsight staff" when they have none), never their addresses.
     */
    async assignableUsers(scope: Scope, id: number) {
      const record = await requireAlert(scope, id);
      const people = await repository.assignableUsers(record);
      const tenant = !seesEverything(scope);
      return people.map(({ id: userId, name, email, named, staff }) =>
        tenant && staff
          ? { id: userId, name: named ? name : FLOWSIGHT_STAFF, email: null }
          : { id: userId, name, email },
      );
    },
    /**
     * Assigns the alert to a person of its company (or a system-role user), or to nobody (null).
     * The same assignee again changes nothing.
     */
    async assign(scope: Scope, id: number, userId: number | null) {
      const record = await requireAlert(scope, id);
      if (userId !== null) {
        const [person] = await repository.assignableUsers(record, userId);
        if (!person) throw new Invalid("This person cannot act on this alert's company");
      }
      if (record.assigned_to_user_id === userId) return one(scope, record);
      await status.assign(
        scope,
        targetOf(record),
        { from: record.assigned_to_user_id, to: userId },
        record.notification_status_id,
      );
      return reread(scope, id);
    },
    /**
     * Snoozes an open leak alert until a time more than 5 minutes and at most 30 days ahead: no
     * reminders meanwhile, and back to New when it ends. Snoozing again moves the end.
     */
    async snooze(scope: Scope, id: number, until: Date, reason: string) {
      const record = await requireAlert(scope, id);
      const ahead = until.getTime() - now().getTime();
      if (!(ahead > MIN_SNOOZE_MS && ahead <= MAX_SNOOZE_MS)) {
        throw new Invalid('The snooze must end more than 5 minutes and at most 30 days from now');
      }
      const cleanReason = reason.trim();
      if (cleanReason === '') throw new Invalid('A reason is required');
      if (
        record.notification_category_id !== NotificationCategory.Leak ||
        !openNotificationStatuses.some((s) => s === record.notification_status_id)
      ) {
        throw new Conflict('Only open leak alerts can be snoozed');
      }
      await status.snooze(
        scope,
        targetOf(record),
        { until, reason: cleanReason },
        record.notification_status_id,
      );
      return reread(scope, id);
    },
    /** Ends the alert's snooze now (its status unchanged). */
    async endSnooze(scope: Scope, id: number) {
      const record = await requireAlert(scope, id);
      if (record.snoozed_until === null) throw new Conflict('This alert is not snoozed');
      await status.snooze(
        scope,
        targetOf(record),
        { until: null, reason: snoozeEndedNote(record.snooze_reason) },
        record.notification_status_id,
      );
      return reread(scope, id);
    },
  };
}

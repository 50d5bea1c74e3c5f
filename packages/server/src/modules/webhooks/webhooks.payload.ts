// The bodies receivers get: an alert event built from the alert as the API shows it (`alerts.get`),
// which change on the alerts bus stands for which event, and the "Send a test" event.
import {
  NotificationStatus,
  notificationCategories,
  notificationTypes,
} from '@flowsight/domain/lookups';
import type { Alert } from '../alerts/alerts.shape.ts';
import type { AlertChange } from '../alerts/alerts.status.ts';
import {
  TEST_EVENT,
  type WebhookAlert,
  type WebhookEscalation,
  type WebhookEvent,
  type WebhookEventType,
} from './webhooks.schemas.ts';

const statusName = (statusId: number): WebhookAlert['status'] =>
  statusId === NotificationStatus.Closed
    ? 'closed'
    : statusId === NotificationStatus.Acknowledged
      ? 'acknowledged'
      : 'new';

const namedOrNull = (id: number | null, name: string | null) =>
  id === null ? null : { id, name: name ?? '' };

export function webhookAlert(alert: Alert, appUrl: string): WebhookAlert {
  const type = notificationTypes.find((row) => row.id === alert.notification_type_id);
  const category = notificationCategories.find((row) => row.id === alert.notification_category_id);
  return {
    id: alert.id,
    type: {
      id: alert.notification_type_id,
      name: type?.name ?? 'Alert',
      category: category?.name ?? '',
    },
    status: statusName(alert.notification_status_id),
    rate_gallons_per_month: alert.rate,
    estimated_monthly_cost: alert.monthly_cost,
    water_price_per_1000_gallons: alert.water_price,
    first_detected: alert.first_detected,
    last_detected: alert.last_detected,
    closed_at: alert.closed_at,
    note: alert.note,
    place: {
      company: { id: alert.company_id, name: alert.company_name ?? '' },
      property: namedOrNull(alert.property_id, alert.property_name),
      building: namedOrNull(alert.building_id, alert.building_name),
      unit: namedOrNull(alert.unit_id, alert.unit_name),
      address: alert.address,
      room: alert.room,
    },
    fixture: namedOrNull(alert.appliance_type_id, alert.appliance),
    micrometer:
      alert.sensor_id === null ? null : { id: alert.sensor_id, mac_address: alert.mac_address },
    assigned_to: alert.assigned_to_name,
    links: { web: `${appUrl}${alert.link}` },
  };
}

export function alertEvent(
  type: WebhookEventType,
  at: Date,
  alert: Alert,
  appUrl: string,
  escalation?: WebhookEscalation,
): WebhookEvent {
  return {
    type,
    timestamp: at.toISOString(),
    data: { alert: webhookAlert(alert, appUrl), ...(escalation ? { escalation } : {}) },
  };
}

/** The event a change on the alerts bus stands for, if any. */
export function eventOfChange(change: AlertChange): WebhookEventType | null {
  if (change.kind === 'opened') return 'alert.opened';
  if (change.kind !== 'status') return null;
  if (change.statusId === NotificationStatus.Acknowledged) return 'alert.acknowledged';
  if (change.statusId === NotificationStatus.Closed) return 'alert.closed';
  return null;
}

/** The "Send a test" event of an endpoint. */
export function testEvent(
  endpointId: number,
  company: { id: number; name: string },
  at: Date,
): WebhookEvent {
  return {
    type: TEST_EVENT,
    timestamp: at.toISOString(),
    data: {
      endpoint_id: endpointId,
      company,
      message: 'A test from Flowsight: this endpoint receives its webhooks.',
    },
  };
}

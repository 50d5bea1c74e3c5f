// The text message of an alert: what, where, how much water, and a link that opens the alert in
// the app, short enough for one SMS segment (160 characters) in most cases. The place is cut
// first when it runs long, never the link; only GSM-7 characters, which keep a segment 160 long.
import { notificationTypes } from '@flowsight/domain/lookups';
import type { Alert } from '../alerts/alerts.shape.ts';

/** One GSM-7 segment; longer texts are split by the provider and cost more. */
export const SMS_SEGMENT = 160;

type TextedAlert = Pick<
  Alert,
  | 'id'
  | 'notification_type_id'
  | 'address'
  | 'building_name'
  | 'property_name'
  | 'appliance'
  | 'rate'
>;

/** The alert's own page: the alerts list with its dialog open. */
export const alertPageLink = (appUrl: string, alertId: number) =>
  `${appUrl}/alerts?alert=${alertId}`;

export function alertText(alert: TextedAlert, appUrl: string): string {
  const kind = notificationTypes.find((t) => t.id === alert.notification_type_id)?.name ?? 'Alert';
  const fixture = alert.appliance ? ` (${alert.appliance})` : '';
  const rate =
    alert.rate === null ? '' : `, ${Math.round(alert.rate).toLocaleString('en-US')} gal/mo`;
  const link = alertPageLink(appUrl, alert.id);
  const place = alert.address || alert.building_name || alert.property_name || 'your portfolio';
  const text = (where: string) => `Flowsight: ${kind} at ${where}${fixture}${rate}. ${link}`;
  const full = text(place);
  const over = full.length - SMS_SEGMENT;
  if (over <= 0) return full;
  const room = place.length - over - 3;
  return room >= 12 ? text(`${place.slice(0, room).trimEnd()}...`) : full;
}

// One alert as the API answers it (`alertSchema`) and how a stored record becomes one (`toAlert`):
// its place's page, its water and cost so far, its last action and, for a leak, its incident.
import type { LeakIncident } from '@flowsight/domain/leak-incidents';
import { NotificationStatus } from '@flowsight/domain/lookups';
import { deepestPlacePath } from '@flowsight/domain/paths';
import { waterCost, waterPrice } from '@flowsight/domain/water-cost';
import { z } from 'zod';
import { iso } from '../../lib/timestamps.ts';
import type { AlertLastEvent, AlertRecord, DeviceOpenAlert } from './alerts.repository.ts';

export const lastActionKinds = [
  'opened',
  'acknowledged',
  'closed',
  'assigned',
  'unassigned',
  'snoozed',
  'snooze-ended',
  'reopened',
] as const;

export const alertSchema = z.object({
  _id: z.number().int(),
  id: z.number().int(),
  company_id: z.number().int(),
  property_id: z.number().int().nullable(),
  building_id: z.number().int().nullable(),
  unit_id: z.number().int().nullable(),
  sensor_id: z.number().int().nullable(),
  mac_address: z.string().nullable(),
  gateway_id: z.number().int().nullable(),
  gateway_serial: z.string().nullable(),
  appliance_type_id: z.number().int().nullable(),
  appliance: z.string().nullable(),
  room_type_id: z.number().int().nullable(),
  room: z.string().nullable(),
  notification_type_id: z.number().int(),
  notification_category_id: z.number().int(),
  notification_status_id: z.number().int(),
  rate: z.number().nullable().describe('Gallons per month'),
  monthly_cost: z.number().nullable().describe("Rate at the property's water price"),
  water_price: z.number().describe('Price per 1,000 gallons'),
  first_detected: z.string(),
  firstDetected: z.string().describe('first_detected under the specification’s name'),
  status: z
    .number()
    .int()
    .describe('notification_status_id under the specification’s name: 1 New, 2 On it, 3 Fixed it'),
  last_detected: z.string(),
  note: z.string().nullable(),
  address: z.string(),
  link: z.string().describe('Web path of the place the alert is about'),
  company_name: z.string().nullable(),
  property_name: z.string().nullable(),
  building_name: z.string().nullable(),
  unit_name: z.string().nullable(),
  status_changed_at: z.string().nullable(),
  status_changed_by: z.string().nullable(),
  closed_at: z.string().nullable(),
  assigned_to_user_id: z.number().int().nullable(),
  assigned_to_name: z.string().nullable(),
  last_action: z
    .object({
      kind: z.enum(lastActionKinds),
      at: z.string(),
      by: z.string().nullable().describe('Who acted; null: the system'),
    })
    .nullable()
    .describe('The newest event of the alert'),
  snoozed_until: z.string().nullable(),
  snooze_reason: z.string().nullable(),
  device_open_alerts: z
    .array(z.object({ id: z.number().int(), notification_type_id: z.number().int() }))
    .describe('The other open alerts of the same micrometer or gateway'),
  incident: z
    .object({
      id: z.number().int().describe('Its lead alert (the largest rate), whose row the cost is on'),
      alert_ids: z.array(z.number().int()).describe('Its open leak alerts, the lead first'),
      rate: z.number().describe('Gallons per month, each gallon counted once'),
      monthly_cost: z.number().describe("The rate at the property's water price"),
    })
    .nullable()
    .describe(
      'An open leak alert’s incident: the open leak alerts that describe the same water (one meter, or a building’s main line with its unaccounted water and fixture leaks), costed once (docs/detection.md, "Incidents"); null for other alerts',
    ),
});
export type Alert = z.infer<typeof alertSchema>;
type LastAction = NonNullable<Alert['last_action']>;

/** What a page of alerts adds to each row: its newest event and its device's other open alerts. */
export type AlertExtras = {
  lastEvent?: AlertLastEvent | undefined;
  deviceOpen?: readonly DeviceOpenAlert[];
  /** The incidents of the open leak alerts around the page's, by alert id. */
  incidents?: ReadonlyMap<number, LeakIncident>;
};

/** The kind of last action an event stands for. */
function lastActionKind(event: AlertLastEvent): LastAction['kind'] {
  switch (event.action) {
    case 'status':
      return event.to_value === NotificationStatus.Closed
        ? 'closed'
        : event.to_value === NotificationStatus.Acknowledged
          ? 'acknowledged'
          : 'reopened';
    case 'assigned':
      return event.to_value === null ? 'unassigned' : 'assigned';
    case 'snoozed':
      return 'snoozed';
    case 'snooze-ended':
      return 'snooze-ended';
    default:
      return 'opened';
  }
}

export function toAlert(record: AlertRecord, extras: AlertExtras = {}): Alert {
  const price = waterPrice(record.water_price);
  const link = deepestPlacePath({
    companyId: record.company_id,
    propertyId: record.property_id,
    buildingId: record.building_id,
    unitId: record.unit_id,
  });
  const { building_street, ...rest } = record;
  const { lastEvent } = extras;
  const incident = extras.incidents?.get(record.id);
  return {
    ...rest,
    snoozed_until: iso(record.snoozed_until),
    // No event yet: the alert's opening (by the system) is its last action.
    last_action: lastEvent
      ? { kind: lastActionKind(lastEvent), at: iso(lastEvent.at) ?? '', by: lastEvent.by }
      : { kind: 'opened', at: iso(record.first_detected) ?? '', by: null },
    device_open_alerts: (extras.deviceOpen ?? [])
      .filter(
        (other) =>
          other.id !== record.id &&
          ((record.sensor_id !== null && other.sensor_id === record.sensor_id) ||
            (record.gateway_id !== null && other.gateway_id === record.gateway_id)),
      )
      .map((other) => ({ id: other.id, notification_type_id: other.notification_type_id })),
    incident: incident
      ? {
          id: incident.id,
          alert_ids: [...incident.alertIds],
          rate: incident.rate,
          monthly_cost: incident.monthlyCost,
        }
      : null,
    _id: record.id,
    rate: record.rate,
    monthly_cost: record.rate === null ? null : waterCost(record.rate, price),
    water_price: price,
    first_detected: iso(record.first_detected) ?? '',
    firstDetected: iso(record.first_detected) ?? '',
    status: record.notification_status_id,
    last_detected: iso(record.last_detected) ?? '',
    status_changed_at: iso(record.status_changed_at),
    closed_at: iso(record.closed_at),
    address: [building_street ?? record.building_name, record.unit_name].filter(Boolean).join(', '),
    link: `${link}/alerts`,
  };
}

/** The list filters beyond the list kit's: assignee and snooze. */

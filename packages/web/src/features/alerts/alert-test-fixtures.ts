// The alert the alert tests start from: a new running toilet in Unit 4B of Harbor Point, with the
// fields every alert answer carries (each test adds what its feature reads).
import type { Alert } from './api/get-alert';

export type AlertFixture = Omit<
  Alert,
  | 'last_action'
  | 'snoozed_until'
  | 'snooze_reason'
  | 'device_open_alerts'
  | 'assigned_to_user_id'
  | 'assigned_to_name'
>;

export function alertFixture(id: number, extra: Partial<AlertFixture> = {}): AlertFixture {
  const alert = {
    _id: id,
    id,
    company_id: 1,
    property_id: 2,
    building_id: 3,
    unit_id: 4,
    sensor_id: 70,
    mac_address: '70B3D57ED0000001',
    gateway_id: null,
    gateway_serial: null,
    appliance_type_id: 5,
    appliance: 'Main toilet',
    room_type_id: 2,
    room: 'Main bathroom',
    notification_type_id: 1,
    notification_category_id: 1,
    notification_status_id: 1,
    rate: 21600,
    monthly_cost: 216,
    incident: null,
    water_price: 10,
    first_detected: '2026-03-04T10:00:00.000Z',
    last_detected: '2026-03-04T12:00:00.000Z',
    note: null,
    address: '12 Harbor Street, Unit 4B',
    link: '/companies/1/properties/2/buildings/3/units/4/alerts',
    company_name: 'Harbor Homes',
    property_name: 'Harbor Point',
    building_name: 'North',
    unit_name: 'Unit 4B',
    status_changed_at: null,
    status_changed_by: null,
    closed_at: null,
    ...extra,
  };
  // The specification's names of first_detected and notification_status_id follow them.
  return { ...alert, firstDetected: alert.first_detected, status: alert.notification_status_id };
}

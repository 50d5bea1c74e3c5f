// The alerts' CSV export: its columns, and one stored alert as a row of it.
import { notificationStatuses, notificationTypes } from '@flowsight/domain/lookups';
import { type CsvColumn, placeNameColumns } from '../../lib/csv.ts';
import type { AlertRecord } from './alerts.repository.ts';
import { type Alert, toAlert } from './alerts.shape.ts';

type CsvRow = Omit<Alert, 'status'> & { type: string; status: string; first: Date; last: Date };
/** The columns of the alerts' CSV export. */
export const alertCsvColumns: readonly CsvColumn<CsvRow>[] = [
  { key: 'id', header: 'Alert', kind: 'number' },
  { key: 'type', header: 'Type', kind: 'text' },
  { key: 'status', header: 'Status', kind: 'text' },
  ...placeNameColumns('company', 'property'),
  { key: 'address', header: 'Address', kind: 'text' },
  { key: 'room', header: 'Room', kind: 'text' },
  { key: 'appliance', header: 'Fixture', kind: 'text' },
  { key: 'mac_address', header: 'MAC', kind: 'text' },
  { key: 'gateway_serial', header: 'Gateway', kind: 'text' },
  { key: 'rate', header: 'Rate (gal/month)', kind: 'number' },
  { key: 'monthly_cost', header: 'Monthly cost', kind: 'number' },
  { key: 'first', header: 'First detected', kind: 'date' },
  { key: 'last', header: 'Last detected', kind: 'date' },
  { key: 'note', header: 'Note', kind: 'text' },
];

/** A stored alert as an export row: its type and status by name, its times as dates. */
export function alertCsvRow(record: AlertRecord): CsvRow {
  const alert = toAlert(record);
  return {
    ...alert,
    type: notificationTypes.find((t) => t.id === alert.notification_type_id)?.name ?? '',
    status: notificationStatuses.find((s) => s.id === alert.notification_status_id)?.name ?? '',
    first: new Date(alert.first_detected),
    last: new Date(alert.last_detected),
  };
}

// The micrometer lists' columns for the list kit, by name: each page picks the ones it shows. On
// phone cards the MAC is the title with the state and status chips beside it, the unit column
// carries the whole place, and the times read in full rather than "3 hours ago".
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '@/components/data-table/list-column';
import { timeAgo } from '@/lib/time-ago';
import { useUnitTitle } from '@/lib/unit-title';
import type { Micrometer } from '../api/get-micrometers';
import { NO_VALUE, useMicrometerFormat, useMicrometerLabel } from '../utils/micrometer-format';
import { MicrometerStateChip, MicrometerStatusChip } from './micrometer-chips';

export type MicrometerColumn =
  | 'mac'
  | 'fixture'
  | 'unit'
  | 'building'
  | 'company'
  | 'state'
  | 'status'
  | 'battery'
  | 'uplinkLoss'
  | 'keepalive'
  | 'submission'
  | 'firmware'
  | 'production'
  | 'office';

/** A fitted micrometer's health, the last columns of every list of fitted ones. */
export const healthColumns = [
  'state',
  'status',
  'battery',
  'uplinkLoss',
  'keepalive',
  'submission',
] as const satisfies readonly MicrometerColumn[];

type LastHeardProps = { at: string | null; exact: (iso: string | null) => string };

/** When a micrometer was last heard, relative to now; "N/A" when never. */
function LastHeard({ at, exact }: LastHeardProps) {
  const { i18n } = useTranslation();
  if (at === null) return exact(at);
  return (
    <Box component="time" dateTime={at} title={exact(at)}>
      {timeAgo(at, Date.now(), i18n.language)}
    </Box>
  );
}

/** Long names may wrap onto a second line; the rest stay on one. */
const wrapping = { whiteSpace: 'normal', minWidth: 90 } as const;
const oneLine = { whiteSpace: 'nowrap' } as const;

/** The columns named in `shown`, in that order, and the row's action column when there is one. */
export function useMicrometerColumns(
  shown: readonly MicrometerColumn[],
  rowAction?: (row: Micrometer) => ReactNode,
): ListColumn<Micrometer>[] {
  const { t } = useTranslation();
  const format = useMicrometerFormat();
  const lookupLabel = useMicrometerLabel();
  const unitTitle = useUnitTitle();
  const placeOf = (row: Micrometer) =>
    [row.unit_name === null ? null : unitTitle(row.unit_name), row.building_name, row.company_name]
      .filter((part): part is string => part !== null && part !== '')
      .join(' · ') || null;

  // A technician scans these for silent sensors: on every desktop width (the phone cards show
  // them too), as "3 hours ago", the exact time on hover.
  const lastHeard = (
    id: MicrometerColumn,
    header: string,
    field: 'last_keepalive' | 'last_submission',
  ): ListColumn<Micrometer> => ({
    id,
    header,
    cell: ({ row }) => <LastHeard at={row.original[field]} exact={format.dateTime} />,
    meta: {
      sortField: field,
      from: 'md',
      headSx: { whiteSpace: 'normal' },
      cellSx: wrapping,
      cardCell: (row) => format.dateTime(row[field]),
    },
  });
  const columns: Record<MicrometerColumn, ListColumn<Micrometer>> = {
    mac: {
      id: 'mac',
      header: t('micrometers.fields.mac'),
      cell: ({ row }) => <Box sx={{ fontFamily: 'monospace' }}>{row.original.mac_address}</Box>,
      meta: { sortField: 'mac_address', opens: true, card: 'title', cellSx: oneLine },
    },
    fixture: {
      id: 'fixture',
      header: t('micrometers.fields.fixture'),
      cell: ({ row }) => lookupLabel('fixtures', row.original.appliance_type_id) || NO_VALUE,
      meta: {
        sortField: 'appliance_type_id',
        headSx: { whiteSpace: 'normal' },
        cellSx: wrapping,
        cardCell: (row) =>
          row.appliance_type_id === null ? null : lookupLabel('fixtures', row.appliance_type_id),
      },
    },
    unit: {
      id: 'unit',
      header: t('micrometers.fields.unit'),
      cell: ({ row }) => row.original.unit_name ?? NO_VALUE,
      meta: {
        sortField: 'unit_name',
        cellSx: oneLine,
        cardLabel: t('micrometers.fields.place'),
        cardCell: placeOf,
      },
    },
    building: {
      id: 'building',
      header: t('micrometers.fields.building'),
      cell: ({ row }) => row.original.building_name ?? NO_VALUE,
      meta: {
        sortField: 'building_name',
        from: 'md',
        headSx: { whiteSpace: 'normal' },
        cellSx: wrapping,
        card: 'hidden',
      },
    },
    company: {
      id: 'company',
      header: t('micrometers.fields.company'),
      cell: ({ row }) => row.original.company_name ?? NO_VALUE,
      meta: {
        sortField: 'company_name',
        from: 'lg',
        headSx: { whiteSpace: 'normal' },
        cellSx: wrapping,
        card: 'hidden',
      },
    },
    state: {
      id: 'state',
      header: t('micrometers.fields.state'),
      cell: ({ row }) => <MicrometerStateChip stateId={row.original.sensor_state_id} />,
      meta: { sortField: 'sensor_state_id', cellSx: oneLine, card: 'badge' },
    },
    status: {
      id: 'status',
      header: t('micrometers.fields.status'),
      cell: ({ row }) => <MicrometerStatusChip statusId={row.original.sensor_status_id} />,
      meta: { sortField: 'sensor_status_id', cellSx: oneLine, card: 'badge' },
    },
    battery: {
      id: 'battery',
      header: t('micrometers.fields.battery'),
      cell: ({ row }) => format.battery(row.original.battery),
      meta: { sortField: 'battery', align: 'right', cellSx: oneLine },
    },
    // Device health: frames missing from the counter over the last days ("2.3 %", in full on
    // hover and on phone cards).
    uplinkLoss: {
      id: 'uplinkLoss',
      header: t('micrometers.fields.uplinkLoss'),
      cell: ({ row }) => (
        <Box component="span" title={format.uplinkLoss(row.original.uplink_loss)}>
          {format.uplinkLossPercent(row.original.uplink_loss)}
        </Box>
      ),
      meta: {
        align: 'right',
        from: 'lg',
        headSx: { whiteSpace: 'normal' },
        cellSx: oneLine,
        cardCell: (row) => (row.uplink_loss == null ? null : format.uplinkLoss(row.uplink_loss)),
      },
    },
    keepalive: lastHeard('keepalive', t('micrometers.fields.lastKeepalive'), 'last_keepalive'),
    submission: lastHeard('submission', t('micrometers.fields.lastSubmission'), 'last_submission'),
    firmware: {
      id: 'firmware',
      header: t('micrometers.fields.firmware'),
      cell: ({ row }) => row.original.firmware_version ?? NO_VALUE,
      meta: { from: 'lg', cellSx: oneLine, card: 'hidden' },
    },
    production: {
      id: 'production',
      header: t('micrometers.fields.productionDate'),
      cell: ({ row }) => format.date(row.original.install_date),
      meta: { sortField: 'install_date', from: 'md', cellSx: oneLine },
    },
    office: {
      id: 'office',
      header: t('micrometers.fields.officeAssignment'),
      cell: ({ row }) => row.original.office_assignment?.building_name ?? NO_VALUE,
      meta: { from: 'md', cellSx: oneLine, card: 'hidden' },
    },
  };
  const action: ListColumn<Micrometer>[] =
    rowAction === undefined
      ? []
      : [
          {
            id: 'action',
            header: t('micrometers.fields.actions'),
            cell: ({ row }) => rowAction(row.original),
            meta: { ownClicks: true, cellSx: oneLine, card: 'action' },
          },
        ];
  return [...shown.map((name) => columns[name]), ...action];
}

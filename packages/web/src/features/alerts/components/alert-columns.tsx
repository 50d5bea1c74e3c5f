// The alert list's columns for the list kit: type (the row's open button), status (and a snooze),
// place (the names above the alert that the page does not already show), fixture (and the
// device's other open alerts as chips), assigned to, last action, rate, cost, first and last
// detected. The same declarations make the phone cards: type and status on top, place and fixture
// under them, rate and first detection as details.
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '@/components/data-table/list-column';
import type { ActionableAlert as AlertRecord } from '../api/alert-actions';
import { NO_VALUE, useAlertFormat, useAlertLabel } from '../utils/alert-format';
import type { SortableAlertField } from '../utils/alert-list-params';
import {
  DeviceAlertChips,
  LastActionCell,
  SnoozedLine,
  useIncidentNote,
  useLastActionText,
  useSnoozedText,
} from './alert-action-parts';
import { AlertStatusChip } from './alert-status-chip';

export type AlertListLevel = PortfolioLevel | 'all';

/** Which place column sort fits a level: the next name down from it. */
const placeSort: Record<AlertListLevel, SortableAlertField | undefined> = {
  all: 'company_name',
  company: 'building_name',
  property: 'building_name',
  building: 'unit_name',
  unit: undefined,
};

/** The names above the alert's place that the page does not already show. */
function placeOf(alert: AlertRecord, level: AlertListLevel) {
  switch (level) {
    case 'all':
      return [alert.company_name, alert.property_name, alert.building_name];
    case 'company':
      return [alert.property_name, alert.building_name];
    case 'property':
      return [alert.building_name];
    case 'building':
    case 'unit':
      return [];
  }
}

const placeText = (alert: AlertRecord, level: AlertListLevel) =>
  placeOf(alert, level).filter(Boolean).join(' › ');
const addressOf = (alert: AlertRecord) =>
  alert.address || (alert.unit_name ?? alert.building_name ?? '');

const secondary = { color: 'text.secondary' } as const;
const noWrap = { whiteSpace: 'nowrap' } as const;

function DateCell({ parts }: { parts: { day: string; time: string | null } }) {
  return (
    <>
      {parts.day}
      {parts.time !== null && (
        <Typography variant="caption" component="div" sx={secondary}>
          {parts.time}
        </Typography>
      )}
    </>
  );
}

/** A column the table does not show, only the phone cards. */
const cardOnly = { headSx: { display: 'none' }, cellSx: { display: 'none' } } as const;

/**
 * The columns of an alert list at `level` (a unit's list has no place column); `onOpenAlert`
 * opens another alert of the row's device from its chip.
 */
export function useAlertColumns(
  level: AlertListLevel,
  onOpenAlert: (id: number) => void,
): ListColumn<AlertRecord>[] {
  const { t } = useTranslation();
  const label = useAlertLabel();
  const format = useAlertFormat();
  const lastAction = useLastActionText();
  const incidentNote = useIncidentNote();
  const snoozed = useSnoozedText();
  const place: ListColumn<AlertRecord> = {
    id: 'place',
    header: t('alerts.list.columns.place'),
    cell: ({ row }) => (
      <>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {addressOf(row.original)}
        </Typography>
        {placeText(row.original, level) !== '' && (
          <Typography
            variant="caption"
            component="div"
            sx={{ ...secondary, overflowWrap: 'anywhere' }}
          >
            {placeText(row.original, level)}
          </Typography>
        )}
      </>
    ),
    meta: {
      sortField: placeSort[level],
      cellSx: { minWidth: 160, maxWidth: 300 },
      card: 'subtitle',
      cardCell: (alert) => [placeText(alert, level), addressOf(alert)].filter(Boolean).join(' › '),
    },
  };
  return [
    {
      id: 'type',
      header: t('alerts.list.columns.type'),
      cell: ({ row }) => (
        <>
          <Box component="span" sx={{ fontWeight: 600, ...noWrap }}>
            {label('types', row.original.notification_type_id)}
          </Box>
          <Typography variant="caption" component="div" sx={secondary}>
            {label('categories', row.original.notification_category_id)}
          </Typography>
        </>
      ),
      meta: {
        sortField: 'notification_type_id',
        opens: true,
        card: 'title',
        cardCell: (alert) => label('types', alert.notification_type_id),
      },
    },
    {
      id: 'status',
      header: t('alerts.list.columns.status'),
      cell: ({ row }) => (
        <>
          <AlertStatusChip statusId={row.original.notification_status_id} />
          <SnoozedLine alert={row.original} />
        </>
      ),
      meta: {
        sortField: 'notification_status_id',
        card: 'badge',
        cardCell: (alert) => <AlertStatusChip statusId={alert.notification_status_id} />,
      },
    },
    {
      id: 'snoozed',
      header: t('alerts.snooze.column'),
      cell: () => null,
      meta: { ...cardOnly, card: 'subtitle', cardCell: (alert) => snoozed(alert) },
    },
    ...(level === 'unit' ? [] : [place]),
    {
      id: 'fixture',
      header: t('alerts.list.columns.fixture'),
      cell: ({ row }) => (
        <>
          <Typography variant="body2">{format.fixture(row.original)}</Typography>
          <Typography
            variant="caption"
            component="div"
            sx={{ ...secondary, fontFamily: 'monospace' }}
          >
            {format.device(row.original)}
          </Typography>
          <DeviceAlertChips alert={row.original} onOpenAlert={onOpenAlert} />
        </>
      ),
      meta: {
        cellSx: { minWidth: 140 },
        card: 'subtitle',
        cardCell: (alert) =>
          [format.fixture(alert), format.device(alert)].filter(Boolean).join(' · '),
      },
    },
    {
      id: 'deviceAlerts',
      header: t('alerts.device.column'),
      cell: () => null,
      meta: {
        ...cardOnly,
        card: 'action',
        ownClicks: true,
        cardCell: (alert) =>
          (alert.device_open_alerts ?? []).length === 0 ? null : (
            <DeviceAlertChips alert={alert} onOpenAlert={onOpenAlert} />
          ),
      },
    },
    {
      id: 'assigned',
      header: t('alerts.list.columns.assigned'),
      cell: ({ row }) => row.original.assigned_to_name ?? NO_VALUE,
      meta: {
        from: 'lg',
        cellSx: { minWidth: 90, overflowWrap: 'anywhere' },
        cardCell: (alert) => alert.assigned_to_name ?? null,
      },
    },
    {
      id: 'lastAction',
      header: t('alerts.list.columns.lastAction'),
      cell: ({ row }) => <LastActionCell alert={row.original} />,
      meta: {
        from: 'lg',
        cellSx: { minWidth: 110 },
        cardCell: (alert) => {
          const text = lastAction(alert.last_action);
          return text === null ? null : `${text.kind} · ${text.when} · ${text.by}`;
        },
      },
    },
    {
      id: 'rate',
      header: t('alerts.list.columns.rate'),
      cell: ({ row }) => {
        const note = incidentNote(row.original);
        return (
          <>
            {format.rate(row.original)}
            {note !== null && (
              <Box
                component="span"
                sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}
                data-testid="alert-incident-note"
              >
                {note}
              </Box>
            )}
          </>
        );
      },
      meta: {
        sortField: 'rate',
        cellSx: noWrap,
        cardCell: (alert) => {
          if (alert.rate === null) return null;
          const note = incidentNote(alert);
          return note === null ? format.rate(alert) : `${format.rate(alert)} · ${note}`;
        },
      },
    },
    {
      id: 'cost',
      header: t('alerts.list.columns.cost'),
      cell: ({ row }) => format.cost(row.original),
      meta: { from: 'xl', cellSx: noWrap, card: 'hidden' },
    },
    {
      id: 'first',
      header: t('alerts.list.columns.firstDetected'),
      cell: ({ row }) => <DateCell parts={format.dateParts(row.original.first_detected)} />,
      meta: {
        sortField: 'first_detected',
        cellSx: noWrap,
        cardCell: (alert) => format.date(alert.first_detected),
      },
    },
    {
      id: 'last',
      header: t('alerts.list.columns.lastDetected'),
      cell: ({ row }) => <DateCell parts={format.dateParts(row.original.last_detected)} />,
      meta: { sortField: 'last_detected', from: 'xl', cellSx: noWrap, card: 'hidden' },
    },
  ];
}

// The readings lists' columns for the list kit: when, MAC, kind, place and fixture (where the
// list asks for them), gallons, interval, flow time, peak flow, battery, gateway and details.
// At 1440 px long texts wrap so every column fits the card; on phone cards the time is the title
// with the kind beside it, the MAC under it, the figures as details.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '@/components/data-table/list-column';
import type { SubmissionRow } from '../api/get-submissions';
import {
  NO_VALUE,
  useFixtureLabel,
  useKindLabel,
  useSubmissionFormat,
} from '../utils/submission-format';
import type { SubmissionKind } from '../utils/submission-params';

const kindColor = {
  usage: 'primary',
  usage_v1: 'warning',
  keepalive: 'default',
  malformed: 'error',
} as const satisfies Record<SubmissionKind, 'primary' | 'warning' | 'default' | 'error'>;

function KindChip({ kind }: { kind: SubmissionKind }) {
  const kindLabel = useKindLabel();
  return (
    <Chip
      size="small"
      variant={kind === 'usage' ? 'outlined' : 'filled'}
      color={kindColor[kind]}
      label={kindLabel(kind)}
    />
  );
}

/** What else a reading says: a malformed uplink's error and bytes, else its firmware. */
function ReadingDetails({ row }: { row: SubmissionRow }) {
  const { t } = useTranslation();
  if (row.error !== null) {
    return (
      <Box sx={{ minWidth: 140, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
        <Typography variant="body2" sx={{ color: 'error.main' }} data-testid="reading-error">
          {row.error}
        </Typography>
        {row.payload_hex !== null && (
          <Typography
            variant="caption"
            sx={{ color: 'text.secondary', fontFamily: 'monospace', overflowWrap: 'anywhere' }}
          >
            {t('submissions.fields.payload')}: {row.payload_hex}
          </Typography>
        )}
      </Box>
    );
  }
  return row.firmware_version === null
    ? NO_VALUE
    : t('submissions.fields.firmwareValue', { version: row.firmware_version });
}

const placeOf = (row: SubmissionRow) =>
  [row.unit_name, row.building_name].filter((part) => part !== null && part !== '').join(' · ') ||
  NO_VALUE;

const oneLine = { whiteSpace: 'nowrap' } as const;
/** A text that may wrap onto a second line, at least this wide. */
const wrapping = (minWidth: number) =>
  ({ whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth }) as const;

export type SubmissionColumnsOptions = {
  /** Show where each reading belongs (unit and building). */
  place: boolean;
  /** Show each reading's fixture. */
  fixtures: boolean;
};

export function useSubmissionColumns({
  place,
  fixtures,
}: SubmissionColumnsOptions): ListColumn<SubmissionRow>[] {
  const { t } = useTranslation();
  const format = useSubmissionFormat();
  const fixtureLabel = useFixtureLabel();
  const figure = (
    id: string,
    header: string,
    render: (row: SubmissionRow) => string,
    sortField?: string,
  ): ListColumn<SubmissionRow> => ({
    id,
    header,
    cell: ({ row }) => render(row.original),
    meta: { sortField, align: 'right', from: 'xl', cellSx: oneLine, card: 'hidden' },
  });
  const placeColumn: ListColumn<SubmissionRow> = {
    id: 'place',
    header: t('submissions.fields.place'),
    cell: ({ row }) => placeOf(row.original),
    meta: { from: 'md', cellSx: wrapping(120) },
  };
  const fixtureColumn: ListColumn<SubmissionRow> = {
    id: 'fixture',
    header: t('submissions.fields.fixture'),
    cell: ({ row }) => fixtureLabel(row.original.appliance_type_id) || NO_VALUE,
    meta: {
      from: 'md',
      cellSx: wrapping(110),
      cardCell: (row) => fixtureLabel(row.appliance_type_id) || null,
    },
  };
  return [
    {
      id: 'measured',
      header: t('submissions.fields.measuredAt'),
      cell: ({ row }) => format.dateTime(row.original.measured_at),
      meta: { sortField: 'measured_at', cellSx: wrapping(110), card: 'title' },
    },
    {
      id: 'mac',
      header: t('submissions.fields.mac'),
      cell: ({ row }) => <Box sx={{ fontFamily: 'monospace' }}>{row.original.mac_address}</Box>,
      meta: { sortField: 'mac_address', cellSx: oneLine, card: 'subtitle' },
    },
    {
      id: 'kind',
      header: t('submissions.fields.kind'),
      cell: ({ row }) => <KindChip kind={row.original.kind} />,
      meta: { from: 'sm', cellSx: oneLine, card: 'badge' },
    },
    ...(place ? [placeColumn] : []),
    ...(fixtures ? [fixtureColumn] : []),
    {
      ...figure('gallons', t('submissions.fields.gallons'), (row) => format.gallons(row.gallons)),
      meta: { sortField: 'volume', align: 'right', cellSx: oneLine },
    },
    figure('interval', t('submissions.fields.interval'), (row) => format.seconds(row.interval_s)),
    figure('flowTime', t('submissions.fields.flowTime'), (row) => format.seconds(row.flow_time_s)),
    figure('peakFlow', t('submissions.fields.peakFlow'), (row) => format.flow(row.peak_flow_gpm)),
    {
      id: 'battery',
      header: t('submissions.fields.battery'),
      cell: ({ row }) => format.battery(row.original.battery),
      meta: { sortField: 'battery', from: 'sm', align: 'right', cellSx: oneLine },
    },
    {
      id: 'gateway',
      header: t('submissions.fields.gateway'),
      cell: ({ row }) => (
        <>
          {row.original.gateway_serial ?? NO_VALUE}
          {(row.original.rssi !== null || row.original.snr !== null) && (
            <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
              {format.signal(row.original.rssi, row.original.snr)}
            </Typography>
          )}
        </>
      ),
      meta: { from: 'lg', cellSx: wrapping(120), card: 'hidden' },
    },
    {
      id: 'details',
      header: t('submissions.fields.details'),
      cell: ({ row }) => <ReadingDetails row={row.original} />,
      meta: {
        from: 'md',
        cellSx: wrapping(120),
        // A card tells only what went wrong with a malformed uplink.
        cardCell: (row) => (row.error === null ? null : <ReadingDetails row={row} />),
      },
    },
  ];
}

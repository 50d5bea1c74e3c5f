// A server-paged readings list: MAC search typed with a pause, kind and fixture filters, a date
// range (the server's last 30 days when none is chosen, which the list says), the one micrometer a
// `?mac=` link asked for as a removable chip, sorting, export to CSV, and loading, empty and error
// states. All of it lives in the address. On phones each reading is a card instead of a row.
import { SEARCH_DEBOUNCE_MS } from '@flowsight/domain/constants';
import FileDownloadRounded from '@mui/icons-material/FileDownloadRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateInput, NOT_A_DATE } from '@/components/date-input';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { ListPagination } from '@/components/list-pagination';
import { ListPanel } from '@/components/list-panel';
import { SortableHeadCell } from '@/components/sortable-head-cell';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { useExportSubmissions } from '../api/export-submissions';
import { type SubmissionRow, useSubmissions } from '../api/get-submissions';
import type { SubmissionSource } from '../api/submission-source';
import {
  NO_VALUE,
  useFixtureLabel,
  useFixtureOptions,
  useKindLabel,
  useSubmissionFormat,
} from '../utils/submission-format';
import {
  DEFAULT_WINDOW_DAYS,
  parseSubmissionSort,
  SUBMISSION_KINDS,
  SUBMISSION_PAGE_SIZES,
  type SubmissionKind,
  type SubmissionListParams,
  searchFromSubmissionParams,
  submissionParamsFrom,
} from '../utils/submission-params';

export type SubmissionsTableProps = {
  source: SubmissionSource;
  /** The table's accessible name. */
  label: string;
  emptyText: string;
  /** Offer the kind filter (lists of one kind leave it out). */
  kindFilter?: boolean;
  /** Offer the fixture filter and column (readings of a place). */
  fixtures?: boolean;
  /** Show where each reading belongs (unit and building). */
  place?: boolean;
  /** Shown between the filters and the table, e.g. the totals. */
  summary?: (params: SubmissionListParams) => ReactNode;
};

type Column = {
  key: string;
  label: string;
  sortField?: string;
  /** Shown from this breakpoint up (all widths when absent). */
  from?: 'sm' | 'md' | 'lg' | 'xl';
  align?: 'right';
  /**
   * Texts that may wrap onto a second line (with this minimum width), so that at 1440 px every
   * column fits the card without sideways scrolling.
   */
  wrapFrom?: number;
  render: (row: SubmissionRow) => ReactNode;
};

const displayFrom = (from: Column['from']) =>
  from === undefined ? {} : { display: { xs: 'none', [from]: 'table-cell' } };

const kindColor = {
  usage: 'primary',
  usage_v1: 'warning',
  keepalive: 'default',
  malformed: 'error',
} as const satisfies Record<SubmissionKind, 'primary' | 'warning' | 'default' | 'error'>;

type KindChipProps = { kind: SubmissionKind };

function KindChip({ kind }: KindChipProps) {
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

type ReadingDetailsProps = { row: SubmissionRow };

/** What else a reading says: a malformed uplink's error and bytes, else its firmware. */
function ReadingDetails({ row }: ReadingDetailsProps) {
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

export function SubmissionsTable({
  source,
  label,
  emptyText,
  kindFilter = false,
  fixtures = false,
  place = false,
  summary,
}: SubmissionsTableProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const format = useSubmissionFormat();
  const fixtureLabel = useFixtureLabel();
  const fixtureOptions = useFixtureOptions();
  const kindLabel = useKindLabel();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = submissionParamsFrom(searchParams);
  const rows = useSubmissions(source, params);
  const exporter = useExportSubmissions();
  const [searchText, setSearchText] = useState(params.search);
  const sort = parseSubmissionSort(params.sortBy);

  const change = (next: Partial<SubmissionListParams>) =>
    setSearchParams(searchFromSubmissionParams({ ...params, page: 1, ...next }), {
      replace: true,
    });

  // The address follows what was typed once typing pauses.
  useEffect(() => {
    if (searchText === params.search) return;
    const timer = window.setTimeout(() => change({ search: searchText }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  });

  const sortBy = (field: string) => {
    const direction = sort.field === field && sort.direction === 'DESC' ? 'ASC' : 'DESC';
    change({ sortBy: `${field}:${direction}` });
  };

  const exportCsv = () =>
    exporter.mutate(
      { source, params },
      {
        onSuccess: (fileName) =>
          showMessage(t('submissions.export.done', { file: fileName }), 'success'),
        onError: (error) =>
          showMessage(
            `${t('submissions.export.failed')} ${errorMessages(error).map(translate).join(' ')}`,
            'error',
          ),
      },
    );

  const columns: Column[] = [
    {
      key: 'measured',
      label: t('submissions.fields.measuredAt'),
      sortField: 'measured_at',
      wrapFrom: 110,
      render: (row) => format.dateTime(row.measured_at),
    },
    {
      key: 'mac',
      label: t('submissions.fields.mac'),
      sortField: 'mac_address',
      render: (row) => <Box sx={{ fontFamily: 'monospace' }}>{row.mac_address}</Box>,
    },
    {
      key: 'kind',
      label: t('submissions.fields.kind'),
      from: 'sm',
      render: (row) => <KindChip kind={row.kind} />,
    },
    ...(place
      ? [
          {
            key: 'place',
            label: t('submissions.fields.place'),
            from: 'md',
            wrapFrom: 120,
            render: placeOf,
          } satisfies Column,
        ]
      : []),
    ...(fixtures
      ? [
          {
            key: 'fixture',
            label: t('submissions.fields.fixture'),
            from: 'md',
            wrapFrom: 110,
            render: (row) => fixtureLabel(row.appliance_type_id) || NO_VALUE,
          } satisfies Column,
        ]
      : []),
    {
      key: 'gallons',
      label: t('submissions.fields.gallons'),
      sortField: 'volume',
      align: 'right',
      render: (row) => format.gallons(row.gallons),
    },
    {
      key: 'interval',
      label: t('submissions.fields.interval'),
      from: 'xl',
      align: 'right',
      render: (row) => format.seconds(row.interval_s),
    },
    {
      key: 'flowTime',
      label: t('submissions.fields.flowTime'),
      from: 'xl',
      align: 'right',
      render: (row) => format.seconds(row.flow_time_s),
    },
    {
      key: 'peakFlow',
      label: t('submissions.fields.peakFlow'),
      from: 'xl',
      align: 'right',
      render: (row) => format.flow(row.peak_flow_gpm),
    },
    {
      key: 'battery',
      label: t('submissions.fields.battery'),
      sortField: 'battery',
      from: 'sm',
      align: 'right',
      render: (row) => format.battery(row.battery),
    },
    {
      key: 'gateway',
      label: t('submissions.fields.gateway'),
      from: 'lg',
      wrapFrom: 120,
      render: (row) => (
        <>
          {row.gateway_serial ?? NO_VALUE}
          {(row.rssi !== null || row.snr !== null) && (
            <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
              {format.signal(row.rssi, row.snr)}
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'details',
      label: t('submissions.fields.details'),
      from: 'md',
      wrapFrom: 120,
      render: (row) => <ReadingDetails row={row} />,
    },
  ];

  const data = rows.data?.data ?? [];
  const total = rows.data?.meta.totalItems ?? 0;
  const rangeChosen = params.from !== null || params.to !== null;

  const dateField = (which: 'from' | 'to') => (
    <DateInput
      label={t(which === 'from' ? 'submissions.filters.from' : 'submissions.filters.to')}
      value={params[which] ?? ''}
      onChange={(value) => value !== NOT_A_DATE && change({ [which]: value === '' ? null : value })}
      sx={{ flex: 1, minWidth: 0 }}
      data-testid={`filter-${which}`}
    />
  );

  const states = rows.isPending ? (
    <Typography sx={{ py: 4, textAlign: 'center' }}>{t('common.loading')}</Typography>
  ) : rows.isSuccess && data.length === 0 ? (
    <Typography
      sx={{ py: 4, px: 2, textAlign: 'center', color: 'text.secondary' }}
      data-testid="submissions-empty"
    >
      {emptyText}
    </Typography>
  ) : null;

  return (
    <Stack spacing={2} data-testid="submissions-list">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ alignItems: { xs: 'stretch', md: 'center' }, flexWrap: 'wrap' }}
      >
        <TextField
          type="search"
          label={t('submissions.filters.search')}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          sx={{ flex: 2, minWidth: 200 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded />
                </InputAdornment>
              ),
            },
          }}
        />
        {(kindFilter || fixtures) && (
          <Stack direction="row" spacing={2} sx={{ flex: 2, minWidth: 0 }}>
            {kindFilter && (
              <TextField
                select
                label={t('submissions.filters.kind')}
                value={params.kind ?? ''}
                onChange={(event) =>
                  change({
                    kind: SUBMISSION_KINDS.find((kind) => kind === event.target.value) ?? null,
                  })
                }
                sx={{ flex: 1, minWidth: 0 }}
                data-testid="filter-kind"
                slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              >
                <MenuItem value="">{t('submissions.filters.all')}</MenuItem>
                {SUBMISSION_KINDS.map((kind) => (
                  <MenuItem key={kind} value={kind}>
                    {kindLabel(kind)}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {fixtures && (
              <TextField
                select
                label={t('submissions.filters.fixture')}
                value={params.fixture === null ? '' : String(params.fixture)}
                onChange={(event) =>
                  change({ fixture: event.target.value === '' ? null : Number(event.target.value) })
                }
                sx={{ flex: 1, minWidth: 0 }}
                data-testid="filter-fixture"
                slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              >
                <MenuItem value="">{t('submissions.filters.all')}</MenuItem>
                {fixtureOptions.map((option) => (
                  <MenuItem key={option.id} value={String(option.id)}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
        )}
        <Stack direction="row" spacing={2} sx={{ flex: 2, minWidth: 0 }}>
          {dateField('from')}
          {dateField('to')}
        </Stack>
        <Button
          variant="outlined"
          startIcon={<FileDownloadRounded />}
          onClick={exportCsv}
          loading={exporter.isPending}
          data-testid="export-submissions"
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          {t('submissions.export.button')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {params.mac !== null && (
          <Chip
            color="primary"
            label={t('submissions.filters.macChip', { mac: params.mac })}
            onDelete={() => change({ mac: null })}
            data-testid="mac-filter"
          />
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="window-note">
          {rangeChosen
            ? t('submissions.window.range', {
                from:
                  params.from === null ? t('submissions.window.start') : format.date(params.from),
                to: params.to === null ? t('submissions.window.today') : format.date(params.to),
              })
            : t('submissions.window.default', { days: DEFAULT_WINDOW_DAYS })}
        </Typography>
        {rangeChosen && (
          <Button size="small" onClick={() => change({ from: null, to: null })}>
            {t('submissions.window.clear')}
          </Button>
        )}
      </Stack>
      {summary?.(params)}
      <ListPanel
        query={rows}
        loadError={t('submissions.loadError')}
        retryLabel={t('submissions.retry')}
      >
        {phone ? (
          <Stack aria-label={label} role="list">
            {states}
            {data.map((row) => (
              <ReadingCard
                key={row.id}
                row={row}
                place={place ? placeOf(row) : null}
                fixture={fixtures ? fixtureLabel(row.appliance_type_id) : null}
              />
            ))}
          </Stack>
        ) : (
          <TableContainer>
            <Table
              size="small"
              aria-label={label}
              data-testid="submissions-table"
              // Up to twelve columns share the card: cells pad less between them, the card's
              // edge keeps its usual margin.
              sx={{
                '& .MuiTableCell-root': { px: 1 },
                '& .MuiTableCell-root:first-of-type': { pl: 2 },
                '& .MuiTableCell-root:last-of-type': { pr: 2 },
              }}
            >
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <SortableHeadCell
                      key={column.key}
                      label={column.label}
                      field={column.sortField}
                      sort={sort}
                      onSort={sortBy}
                      firstDirection="DESC"
                      align={column.align}
                      sx={displayFrom(column.from)}
                    />
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {states !== null && (
                  <TableRow>
                    <TableCell colSpan={columns.length} sx={{ p: 0 }}>
                      {states}
                    </TableCell>
                  </TableRow>
                )}
                {data.map((row) => (
                  <TableRow key={row.id} hover data-testid="submission-row">
                    {columns.map((column) => (
                      <TableCell
                        key={column.key}
                        align={column.align}
                        sx={{
                          ...displayFrom(column.from),
                          ...(column.wrapFrom === undefined
                            ? { whiteSpace: 'nowrap' }
                            : {
                                whiteSpace: 'normal',
                                overflowWrap: 'anywhere',
                                minWidth: column.wrapFrom,
                              }),
                        }}
                      >
                        {column.render(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <ListPagination
          total={total}
          page={params.page}
          limit={params.limit}
          sizes={SUBMISSION_PAGE_SIZES}
          label={t('submissions.rowsPerPage')}
          onChange={change}
        />
      </ListPanel>
    </Stack>
  );
}

type ReadingCardProps = { row: SubmissionRow; place: string | null; fixture: string | null };

/** One reading at phone width: when, which micrometer, what kind, and its figures. */
function ReadingCard({ row, place, fixture }: ReadingCardProps) {
  const { t } = useTranslation();
  const format = useSubmissionFormat();
  const facts: [string, ReactNode][] = [
    [t('submissions.fields.gallons'), format.gallons(row.gallons)],
    [t('submissions.fields.battery'), format.battery(row.battery)],
    ...(place === null ? [] : ([[t('submissions.fields.place'), place]] as [string, string][])),
    ...(fixture === null || fixture === ''
      ? []
      : ([[t('submissions.fields.fixture'), fixture]] as [string, string][])),
  ];
  return (
    <Box
      role="listitem"
      data-testid="submission-row"
      sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {format.dateTime(row.measured_at)}
        </Typography>
        <KindChip kind={row.kind} />
      </Stack>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', mt: 0.5 }}>
        {row.mac_address}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: 1.5,
          rowGap: 0.25,
          m: 0,
          mt: 0.5,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        {facts.map(([name, value]) => (
          <Box key={name} sx={{ display: 'contents', typography: 'body2' }}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
      {row.error !== null && <ReadingDetails row={row} />}
    </Box>
  );
}

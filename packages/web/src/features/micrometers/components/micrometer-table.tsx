// A server-paged micrometer list: search typed with a pause, the filters the page offers, sorting
// and paging — all kept in the address — with loading, empty and error states; on phones each
// micrometer is a card. A row opens the detail dialog, which the address names with `?mac=` (a
// link with `?mac=` also pre-fills the search with it). A list with a default filter opens with it
// when the address names no filter.
import { SEARCH_DEBOUNCE_MS } from '@flowsight/domain/constants';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
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
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPagination } from '@/components/list-pagination';
import { SortableHeadCell } from '@/components/sortable-head-cell';
import { usePlaceNames } from '@/lib/place-names';
import { timeAgo } from '@/lib/time-ago';
import { useUnitTitle } from '@/lib/unit-title';
import { type ExtraFilters, type Micrometer, useMicrometers } from '../api/get-micrometers';
import {
  dialogMacFrom,
  hasAddressFilters,
  MICROMETER_PAGE_SIZES,
  type MicrometerFilter,
  type MicrometerFilters,
  type MicrometerListParams,
  micrometerParamsFrom,
  parseMicrometerSort,
  searchFromMicrometerParams,
} from '../utils/list-params';
import {
  type MicrometerLookup,
  NO_VALUE,
  useMicrometerFormat,
  useMicrometerLabel,
  useMicrometerOptions,
} from '../utils/micrometer-format';
import { useMicrometerErrorText } from '../utils/micrometer-messages';
import type { MicrometerSource } from '../utils/micrometer-source';
import { MicrometerStateChip, MicrometerStatusChip } from './micrometer-chips';
import { MicrometerDialog } from './micrometer-dialog';

export type MicrometerColumn =
  | 'mac'
  | 'fixture'
  | 'unit'
  | 'building'
  | 'company'
  | 'state'
  | 'status'
  | 'battery'
  | 'keepalive'
  | 'submission'
  | 'firmware'
  | 'production'
  | 'office';

export type MicrometerTableProps = {
  source: MicrometerSource;
  /** The list's accessible name. */
  label: string;
  emptyText: string;
  columns: readonly MicrometerColumn[];
  filters: readonly MicrometerFilter[];
  /** The filters the list opens with when the address names none (by phone or not). */
  defaultFilters?: (isPhone: boolean) => MicrometerFilters;
  /** Filters the page always adds, e.g. the excluded list's. */
  extra?: ExtraFilters;
  /** A last cell per row, e.g. "Include again". */
  rowAction?: (row: Micrometer) => ReactNode;
  /** Shown above the filters, e.g. a building's bulk actions. */
  toolbar?: ReactNode;
};

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

type ColumnSpec = {
  label: string;
  sortField?: string;
  /** Shown from this breakpoint up (all widths when absent). */
  from?: 'md' | 'lg' | 'xl';
  align?: 'right';
  /** Long names may wrap onto a second line. */
  wrap?: boolean;
  render: (row: Micrometer) => ReactNode;
};

const displayFrom = (from: ColumnSpec['from']) =>
  from === undefined ? {} : { display: { xs: 'none', [from]: 'table-cell' } };

const filterLookups = {
  state: 'states',
  status: 'statuses',
  fixture: 'fixtures',
  category: 'categories',
} as const satisfies Record<Exclude<MicrometerFilter, 'company'>, MicrometerLookup>;

export function MicrometerTable({
  source,
  label,
  emptyText,
  columns,
  filters,
  defaultFilters,
  extra,
  rowAction,
  toolbar,
}: MicrometerTableProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const format = useMicrometerFormat();
  const lookupLabel = useMicrometerLabel();
  const errorText = useMicrometerErrorText();
  const [searchParams, setSearchParams] = useSearchParams();
  const opening = defaultFilters?.(phone);
  const params = micrometerParamsFrom(searchParams, opening);
  const dialogMac = dialogMacFrom(searchParams);
  const rows = useMicrometers(source, params, extra);
  const [searchText, setSearchText] = useState(params.search);
  const sort = parseMicrometerSort(params.sortBy);
  const explicitFilters = opening === undefined ? [] : filters;

  const write = (next: MicrometerListParams, mac: string | null) =>
    setSearchParams(searchFromMicrometerParams(next, { mac, explicitFilters }), { replace: true });
  const change = (next: Partial<MicrometerListParams>) =>
    write({ ...params, page: 1, ...next }, dialogMac);
  const setFilter = (name: MicrometerFilter, value: number | null) =>
    change({ filters: { ...params.filters, [name]: value } });

  // On arrival: the default filter shows in the address, and a `?mac=` link fills the search.
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current) return;
    arrived.current = true;
    const prefill = dialogMac !== null && params.search === '' ? dialogMac : null;
    if (prefill !== null) setSearchText(prefill);
    if (prefill !== null || (opening !== undefined && !hasAddressFilters(searchParams))) {
      write({ ...params, search: prefill ?? params.search }, dialogMac);
    }
  });

  // The address follows what was typed once typing pauses.
  useEffect(() => {
    if (searchText === params.search) return;
    const timer = window.setTimeout(() => change({ search: searchText }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  });

  const openDialog = (mac: string | null) => write(params, mac);

  const sortBy = (field: string) => {
    const direction = sort.field === field && sort.direction === 'ASC' ? 'DESC' : 'ASC';
    change({ sortBy: `${field}:${direction}` });
  };

  const specs: Record<MicrometerColumn, ColumnSpec> = {
    mac: {
      label: t('micrometers.fields.mac'),
      sortField: 'mac_address',
      render: (row) => <Box sx={{ fontFamily: 'monospace' }}>{row.mac_address}</Box>,
    },
    fixture: {
      wrap: true,
      label: t('micrometers.fields.fixture'),
      sortField: 'appliance_type_id',
      render: (row) => lookupLabel('fixtures', row.appliance_type_id) || NO_VALUE,
    },
    unit: {
      label: t('micrometers.fields.unit'),
      sortField: 'unit_name',
      render: (row) => row.unit_name ?? NO_VALUE,
    },
    building: {
      wrap: true,
      label: t('micrometers.fields.building'),
      sortField: 'building_name',
      from: 'md',
      render: (row) => row.building_name ?? NO_VALUE,
    },
    company: {
      wrap: true,
      label: t('micrometers.fields.company'),
      sortField: 'company_name',
      from: 'lg',
      render: (row) => row.company_name ?? NO_VALUE,
    },
    state: {
      label: t('micrometers.fields.state'),
      sortField: 'sensor_state_id',
      render: (row) => <MicrometerStateChip stateId={row.sensor_state_id} />,
    },
    status: {
      label: t('micrometers.fields.status'),
      sortField: 'sensor_status_id',
      render: (row) => <MicrometerStatusChip statusId={row.sensor_status_id} />,
    },
    battery: {
      label: t('micrometers.fields.battery'),
      sortField: 'battery',
      align: 'right',
      render: (row) => format.battery(row.battery),
    },
    // A technician scans these for silent sensors: on every desktop width (the phone cards show
    // them too), as "3 hours ago", the exact time on hover.
    keepalive: {
      label: t('micrometers.fields.lastKeepalive'),
      sortField: 'last_keepalive',
      from: 'md',
      wrap: true,
      render: (row) => <LastHeard at={row.last_keepalive} exact={format.dateTime} />,
    },
    submission: {
      label: t('micrometers.fields.lastSubmission'),
      sortField: 'last_submission',
      from: 'md',
      wrap: true,
      render: (row) => <LastHeard at={row.last_submission} exact={format.dateTime} />,
    },
    firmware: {
      label: t('micrometers.fields.firmware'),
      from: 'lg',
      render: (row) => row.firmware_version ?? NO_VALUE,
    },
    production: {
      label: t('micrometers.fields.productionDate'),
      sortField: 'install_date',
      from: 'md',
      render: (row) => format.date(row.install_date),
    },
    office: {
      label: t('micrometers.fields.officeAssignment'),
      from: 'md',
      render: (row) => row.office_assignment?.building_name ?? NO_VALUE,
    },
  };
  const shown = columns.map((key) => ({ key, ...specs[key] }));
  const cellCount = shown.length + (rowAction === undefined ? 0 : 1);

  const data = rows.data?.data ?? [];
  const total = rows.data?.meta.totalItems ?? 0;

  const states = rows.isPending ? (
    <Typography sx={{ py: 4, textAlign: 'center' }}>{t('common.loading')}</Typography>
  ) : rows.isSuccess && data.length === 0 ? (
    <Typography
      sx={{ py: 4, px: 2, textAlign: 'center', color: 'text.secondary' }}
      data-testid="micrometers-empty"
    >
      {emptyText}
    </Typography>
  ) : null;

  return (
    <Stack spacing={2} data-testid="micrometers-list">
      {toolbar}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          // Two filters a row on phones, so the list stays in reach; one row on wide screens.
          '& > *': { flex: { xs: '1 1 calc(50% - 8px)', sm: '1 1 150px' }, minWidth: 0 },
        }}
      >
        <TextField
          type="search"
          label={t('micrometers.filters.search')}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          sx={{ '&&': { flex: { xs: '1 1 100%', sm: '2 1 260px' } } }}
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
        {filters.map((name) =>
          name === 'company' ? (
            <CompanyFilter
              key={name}
              value={params.filters.company}
              onChange={(id) => setFilter('company', id)}
            />
          ) : (
            <LookupFilter
              key={name}
              name={name}
              lookup={filterLookups[name]}
              value={params.filters[name]}
              onChange={(id) => setFilter(name, id)}
            />
          ),
        )}
      </Box>
      <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
        {rows.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {rows.isError ? (
          <Stack spacing={2} sx={{ p: 3, alignItems: 'flex-start' }}>
            <Alert
              severity="error"
              role="alert"
              sx={{ alignSelf: 'stretch', whiteSpace: 'pre-line' }}
            >
              {t('micrometers.list.loadError')} {errorText(rows.error)}
            </Alert>
            <Button onClick={() => void rows.refetch()}>{t('micrometers.list.retry')}</Button>
          </Stack>
        ) : (
          <>
            {phone ? (
              <Stack aria-label={label} role="list">
                {states}
                {data.map((row) => (
                  <MicrometerCard
                    key={row.id}
                    row={row}
                    columns={columns}
                    onOpen={() => openDialog(row.mac_address)}
                    action={rowAction?.(row)}
                  />
                ))}
              </Stack>
            ) : (
              <TableContainer>
                <Table
                  size="small"
                  aria-label={label}
                  data-testid="micrometers-table"
                  // Up to ten columns share the card at 1440 px, the last-heard times included:
                  // cells pad less between them, the card's edge keeps its usual margin.
                  sx={{
                    '& .MuiTableCell-root': { px: 1 },
                    '& .MuiTableCell-root:first-of-type': { pl: 2 },
                    '& .MuiTableCell-root:last-of-type': { pr: 2 },
                  }}
                >
                  <TableHead>
                    <TableRow>
                      {shown.map((column) => (
                        <SortableHeadCell
                          key={column.key}
                          label={column.label}
                          field={column.sortField}
                          sort={sort}
                          onSort={sortBy}
                          align={column.align}
                          sx={{
                            ...displayFrom(column.from),
                            ...(column.wrap === true ? { whiteSpace: 'normal' } : {}),
                          }}
                        />
                      ))}
                      {rowAction !== undefined && (
                        <TableCell sx={{ fontWeight: 600 }}>
                          {t('micrometers.fields.actions')}
                        </TableCell>
                      )}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {states !== null && (
                      <TableRow>
                        <TableCell colSpan={cellCount} sx={{ p: 0 }}>
                          {states}
                        </TableCell>
                      </TableRow>
                    )}
                    {data.map((row) => (
                      <TableRow
                        key={row.id}
                        hover
                        data-testid="micrometer-row"
                        onClick={() => openDialog(row.mac_address)}
                        sx={{ cursor: 'pointer' }}
                      >
                        {shown.map((column) => (
                          <TableCell
                            key={column.key}
                            align={column.align}
                            sx={{
                              whiteSpace: column.wrap === true ? 'normal' : 'nowrap',
                              minWidth: column.wrap === true ? 90 : undefined,
                              ...displayFrom(column.from),
                            }}
                          >
                            {column.key === 'mac' ? (
                              <Box
                                component="button"
                                type="button"
                                onClick={(event) => {
                                  event.stopPropagation();
                                  openDialog(row.mac_address);
                                }}
                                aria-label={t('micrometers.list.open', { mac: row.mac_address })}
                                sx={{
                                  all: 'unset',
                                  cursor: 'pointer',
                                  fontFamily: 'monospace',
                                  color: 'primary.main',
                                  '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
                                }}
                              >
                                {row.mac_address}
                              </Box>
                            ) : (
                              column.render(row)
                            )}
                          </TableCell>
                        ))}
                        {rowAction !== undefined && (
                          <TableCell
                            sx={{ whiteSpace: 'nowrap' }}
                            onClick={(event) => event.stopPropagation()}
                          >
                            {rowAction(row)}
                          </TableCell>
                        )}
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
              sizes={MICROMETER_PAGE_SIZES}
              label={t('micrometers.list.rowsPerPage')}
              onChange={change}
            />
          </>
        )}
      </Paper>
      {dialogMac !== null && <MicrometerDialog mac={dialogMac} onClose={() => openDialog(null)} />}
    </Stack>
  );
}

type LookupFilterProps = {
  name: Exclude<MicrometerFilter, 'company'>;
  lookup: MicrometerLookup;
  value: number | null;
  onChange: (id: number | null) => void;
};

function LookupFilter({ name, lookup, value, onChange }: LookupFilterProps) {
  const { t } = useTranslation();
  const options = useMicrometerOptions(lookup);
  return (
    <TextField
      select
      label={t(`micrometers.filters.${name}`)}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      data-testid={`filter-${name}`}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">{t('micrometers.filters.all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

type CompanyFilterProps = { value: number | null; onChange: (id: number | null) => void };

function CompanyFilter({ value, onChange }: CompanyFilterProps) {
  const { t } = useTranslation();
  const companies = usePlaceNames('company', null);
  const options = companies.data ?? [];
  return (
    <TextField
      select
      label={t('micrometers.filters.company')}
      value={
        value === null || (companies.isSuccess && !options.some((o) => o.id === value))
          ? ''
          : String(value)
      }
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      data-testid="filter-company"
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">{t('micrometers.filters.all')}</MenuItem>
      {value !== null && !companies.isSuccess && (
        <MenuItem value={String(value)}>{t('common.loading')}</MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

type MicrometerCardProps = {
  row: Micrometer;
  columns: readonly MicrometerColumn[];
  onOpen: () => void;
  action?: ReactNode;
};

/** One micrometer at phone width: its MAC and chips, then what the list shows of it. */
function MicrometerCard({ row, columns, onOpen, action }: MicrometerCardProps) {
  const { t } = useTranslation();
  const format = useMicrometerFormat();
  const label = useMicrometerLabel();
  const unitTitle = useUnitTitle();
  const facts: [string, string][] = [];
  const unit = row.unit_name === null ? null : unitTitle(row.unit_name);
  const place = [unit, row.building_name, row.company_name].filter(
    (part): part is string => part !== null && part !== '',
  );
  if (columns.includes('fixture') && row.appliance_type_id !== null) {
    facts.push([t('micrometers.fields.fixture'), label('fixtures', row.appliance_type_id)]);
  }
  if (place.length > 0) facts.push([t('micrometers.fields.place'), place.join(' · ')]);
  facts.push([t('micrometers.fields.battery'), format.battery(row.battery)]);
  if (columns.includes('production')) {
    facts.push([t('micrometers.fields.productionDate'), format.date(row.install_date)]);
  }
  facts.push([t('micrometers.fields.lastKeepalive'), format.dateTime(row.last_keepalive)]);
  if (columns.includes('submission')) {
    facts.push([t('micrometers.fields.lastSubmission'), format.dateTime(row.last_submission)]);
  }
  return (
    <Box
      role="listitem"
      data-testid="micrometer-row"
      sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box
        component="button"
        type="button"
        onClick={onOpen}
        aria-label={t('micrometers.list.open', { mac: row.mac_address })}
        sx={{
          all: 'unset',
          display: 'block',
          width: '100%',
          cursor: 'pointer',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
        }}
      >
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}
        >
          <Typography sx={{ fontFamily: 'monospace', fontWeight: 600, color: 'primary.main' }}>
            {row.mac_address}
          </Typography>
          <Stack direction="row" spacing={0.5}>
            <MicrometerStateChip stateId={row.sensor_state_id} />
            <MicrometerStatusChip statusId={row.sensor_status_id} />
          </Stack>
        </Stack>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 1.5,
            rowGap: 0.25,
            m: 0,
            mt: 0.75,
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
      </Box>
      {action !== undefined && <Box sx={{ mt: 1 }}>{action}</Box>}
    </Box>
  );
}

// A server-paged list of alerts — every alert in scope (`/alerts`) or one place's (the record
// pages' alerts tab): search, status (several), category, type and, on `/alerts`, company
// filters; sortable columns; page, filters and the open alert kept in the address; loading, empty
// and error states; one card per alert on phones. A row opens the alert dialog. Export sends the
// same filters to the CSV stream.
import { SEARCH_DEBOUNCE_MS } from '@flowsight/domain/constants';
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FilterAltOffRounded from '@mui/icons-material/FilterAltOffRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { ListPagination } from '@/components/list-pagination';
import { ListPanel } from '@/components/list-panel';
import { SortableHeadCell } from '@/components/sortable-head-cell';
import { useTranslateMessage } from '@/i18n/messages';
import { ApiError } from '@/lib/api-error';
import { downloadFile } from '@/lib/download-file';
import { useCompanyNames } from '@/lib/place-names';
import type { Alert as AlertRecord } from '../api/get-alert';
import { type AlertSource, useAlerts } from '../api/get-alerts';
import {
  useAlertFormat,
  useAlertLabel,
  useAlertOptions,
  useAlertTypeOptions,
} from '../utils/alert-format';
import {
  ALERT_PAGE_SIZES,
  type AlertListParams,
  alertApiFilters,
  alertParamsFrom,
  alertSearchFrom,
  openAlertFrom,
  parseAlertSort,
  type SortableAlertField,
} from '../utils/alert-list-params';
import { AlertDialog } from './alert-dialog';
import { AlertStatusChip } from './alert-status-chip';

export type AlertListProps = {
  source: AlertSource;
  /** The statuses the list opens with when the address names none. */
  defaultStatuses?: readonly number[];
};

/** Which place column sort fits a level: the next name down from it. */
const placeSort: Record<PortfolioLevel | 'all', SortableAlertField | null> = {
  all: 'company_name',
  company: 'building_name',
  property: 'building_name',
  building: 'unit_name',
  unit: null,
};
const levelFilter = {
  company: 'filter.company_id',
  property: 'filter.property_id',
  building: 'filter.building_id',
  unit: 'filter.unit_id',
} as const;
const PHONE_SORTS = [
  'first_detected:DESC',
  'first_detected:ASC',
  'last_detected:DESC',
  'rate:DESC',
  'notification_status_id:ASC',
] as const;

export function AlertList({ source, defaultStatuses = [] }: AlertListProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [searchParams, setSearchParams] = useSearchParams();
  const params = alertParamsFrom(searchParams, defaultStatuses);
  const openAlert = openAlertFrom(searchParams);
  const alerts = useAlerts(source, params);
  const everyAlert = 'scope' in source;
  const companies = useCompanyNames(everyAlert);
  const label = useAlertLabel();
  const format = useAlertFormat();
  const statusOptions = useAlertOptions('statuses');
  const categoryOptions = useAlertOptions('categories');
  const typeOptions = useAlertTypeOptions(params.categoryId);
  const [searchText, setSearchText] = useState(params.search);
  const [exporting, setExporting] = useState(false);
  const sort = parseAlertSort(params.sortBy);
  const level = everyAlert ? 'all' : source.level;

  const change = (next: Partial<AlertListParams>) =>
    setSearchParams(alertSearchFrom({ ...params, page: 1, ...next }, defaultStatuses, openAlert), {
      replace: true,
    });
  const open = (id: number | null) => setSearchParams(alertSearchFrom(params, defaultStatuses, id));

  // The address follows what was typed once typing pauses.
  useEffect(() => {
    if (searchText === params.search) return;
    const timer = window.setTimeout(() => change({ search: searchText }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  });

  const sortBy = (field: SortableAlertField) => {
    const direction = sort.field === field && sort.direction === 'DESC' ? 'ASC' : 'DESC';
    change({ sortBy: `${field}:${direction}` });
  };

  const filtered =
    params.search !== '' ||
    params.categoryId !== null ||
    params.typeId !== null ||
    params.companyId !== null ||
    params.statusIds.join() !== [...defaultStatuses].join();
  const clearFilters = () => {
    setSearchText('');
    setSearchParams(
      alertSearchFrom(
        { ...alertParamsFrom(new URLSearchParams(), defaultStatuses), limit: params.limit },
        defaultStatuses,
      ),
      { replace: true },
    );
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const query = new URLSearchParams(alertApiFilters(params));
      if (!everyAlert) query.set(levelFilter[source.level], `$eq:${source.id}`);
      await downloadFile({ url: `/notifications/export-all-stream?${query}` });
      showMessage(t('alerts.list.exportDone'), 'success');
    } catch (error) {
      // Spec section 8: the server's message when it sent one, else the export's own text.
      const reasons = error instanceof ApiError ? error.messages : [];
      showMessage(
        reasons.length > 0 ? reasons.map(translate).join('\n') : t('alerts.list.exportFailed'),
        'error',
      );
    } finally {
      setExporting(false);
    }
  };

  const rows = alerts.data?.data ?? [];
  const total = alerts.data?.meta.totalItems ?? 0;
  const known = rows.find((row) => row.id === openAlert);

  const loading = alerts.isPending && (
    <Typography sx={{ py: 4, textAlign: 'center' }}>{t('common.loading')}</Typography>
  );
  const empty = alerts.isSuccess && rows.length === 0 && (
    <Typography
      sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
      data-testid="alerts-empty"
    >
      {filtered ? t('alerts.list.emptyFiltered') : t('alerts.list.empty')}
    </Typography>
  );

  /** The names above the alert's place that the page does not already show. */
  const placeOf = (alert: AlertRecord) => {
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
  };
  const placeText = (alert: AlertRecord) => placeOf(alert).filter(Boolean).join(' › ');
  const addressOf = (alert: AlertRecord) =>
    alert.address || (alert.unit_name ?? alert.building_name ?? '');
  const showPlace = level !== 'unit';

  type Column = { key: string; label: string; field: SortableAlertField | null; wide?: boolean };
  const columns: Column[] = [
    { key: 'type', label: t('alerts.list.columns.type'), field: 'notification_type_id' },
    { key: 'status', label: t('alerts.list.columns.status'), field: 'notification_status_id' },
    ...(showPlace
      ? [{ key: 'place', label: t('alerts.list.columns.place'), field: placeSort[level] }]
      : []),
    { key: 'fixture', label: t('alerts.list.columns.fixture'), field: null },
    { key: 'rate', label: t('alerts.list.columns.rate'), field: 'rate' },
    { key: 'cost', label: t('alerts.list.columns.cost'), field: null, wide: true },
    {
      key: 'first',
      label: t('alerts.list.columns.firstDetected'),
      field: 'first_detected',
    },
    {
      key: 'last',
      label: t('alerts.list.columns.lastDetected'),
      field: 'last_detected',
      wide: true,
    },
  ];
  const wideOnly = { display: { xs: 'none', xl: 'table-cell' } } as const;
  const _head = { whiteSpace: 'nowrap', fontWeight: 600 } as const;

  const table = (
    <TableContainer>
      <Table size="small" aria-label={t('alerts.list.label')} data-testid="alerts-table">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <SortableHeadCell
                key={column.key}
                label={column.label}
                field={column.field}
                sort={sort}
                onSort={sortBy}
                firstDirection="DESC"
                sx={column.wide ? wideOnly : {}}
              />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {(alerts.isPending || (alerts.isSuccess && rows.length === 0)) && (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ p: 0 }}>
                {loading}
                {empty}
              </TableCell>
            </TableRow>
          )}
          {rows.map((alert) => (
            <TableRow
              key={alert.id}
              hover
              onClick={() => open(alert.id)}
              sx={{ cursor: 'pointer', verticalAlign: 'top' }}
              data-testid="alert-row"
              data-alert-id={alert.id}
            >
              <TableCell>
                <Button
                  variant="text"
                  size="small"
                  aria-label={t('alerts.list.openAlert', { id: alert.id })}
                  onClick={(event) => {
                    event.stopPropagation();
                    open(alert.id);
                  }}
                  sx={{
                    fontWeight: 600,
                    p: 0,
                    minWidth: 0,
                    textTransform: 'none',
                    textAlign: 'left',
                    justifyContent: 'flex-start',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {label('types', alert.notification_type_id)}
                </Button>
                <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                  {label('categories', alert.notification_category_id)}
                </Typography>
              </TableCell>
              <TableCell>
                <AlertStatusChip statusId={alert.notification_status_id} />
              </TableCell>
              {showPlace && (
                <TableCell sx={{ minWidth: 160, maxWidth: 300 }}>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {addressOf(alert)}
                  </Typography>
                  {placeText(alert) !== '' && (
                    <Typography
                      variant="caption"
                      component="div"
                      sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
                    >
                      {placeText(alert)}
                    </Typography>
                  )}
                </TableCell>
              )}
              <TableCell sx={{ minWidth: 140 }}>
                <Typography variant="body2">{format.fixture(alert)}</Typography>
                <Typography
                  variant="caption"
                  component="div"
                  sx={{ color: 'text.secondary', fontFamily: 'monospace' }}
                >
                  {format.device(alert)}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.rate(alert)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', ...wideOnly }}>{format.cost(alert)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <DateCell parts={format.dateParts(alert.first_detected)} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', ...wideOnly }}>
                <DateCell parts={format.dateParts(alert.last_detected)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );

  const cards = (
    <Stack spacing={1} sx={{ p: 1 }} data-testid="alerts-cards">
      {loading}
      {empty}
      {rows.map((alert) => (
        <Card key={alert.id} variant="outlined" data-testid="alert-row" data-alert-id={alert.id}>
          <CardActionArea
            onClick={() => open(alert.id)}
            aria-label={t('alerts.list.openAlert', { id: alert.id })}
            sx={{ p: 1.5 }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>
                {label('types', alert.notification_type_id)}
              </Typography>
              <AlertStatusChip statusId={alert.notification_status_id} />
            </Stack>
            {showPlace && (
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {[placeText(alert), addressOf(alert)].filter(Boolean).join(' › ')}
              </Typography>
            )}
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {[format.fixture(alert), format.device(alert)].filter(Boolean).join(' · ')}
            </Typography>
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              {[alert.rate === null ? '' : format.rate(alert), format.date(alert.first_detected)]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </CardActionArea>
        </Card>
      ))}
    </Stack>
  );

  const fieldSize = phone ? 'small' : 'medium';

  return (
    <Stack spacing={2} data-testid="alert-list">
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          // Even rows at every width: on desktops (1200 px up) every field on one row; below,
          // two by two, the search taking a row of its own when that evens out the rest.
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            lg: everyAlert ? 'repeat(5, minmax(0, 1fr))' : 'repeat(4, minmax(0, 1fr))',
          },
          '& > .wide': {
            gridColumn: { xs: 'span 2', md: everyAlert ? 'span 2' : 'auto', lg: 'auto' },
          },
        }}
      >
        <TextField
          type="search"
          className="wide"
          size={fieldSize}
          label={t('alerts.list.searchLabel')}
          placeholder={t('alerts.list.searchPlaceholder')}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded />
                </InputAdornment>
              ),
            },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'alerts-search' },
          }}
        />
        <TextField
          select
          size={fieldSize}
          label={t('alerts.list.filters.status')}
          value={params.statusIds}
          onChange={(event) => {
            const value: unknown = event.target.value;
            const ids = (Array.isArray(value) ? value : String(value).split(','))
              .map(Number)
              .filter((id) => Number.isInteger(id) && id > 0);
            change({ statusIds: [...new Set(ids)].sort((a, b) => a - b) });
          }}
          data-testid="filter-status"
          slotProps={{
            inputLabel: { shrink: true },
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (selected) => {
                const ids = selected as number[];
                return ids.length === 0
                  ? t('alerts.list.filters.allStatuses')
                  : ids.map((id) => label('statuses', id)).join(', ');
              },
            },
          }}
        >
          {statusOptions.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size={fieldSize}
          label={t('alerts.list.filters.category')}
          value={params.categoryId ?? ''}
          onChange={(event) =>
            change({
              categoryId: event.target.value === '' ? null : Number(event.target.value),
              typeId: null,
            })
          }
          data-testid="filter-category"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('alerts.list.filters.allCategories')}</MenuItem>
          {categoryOptions.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size={fieldSize}
          label={t('alerts.list.filters.type')}
          value={params.typeId ?? ''}
          onChange={(event) =>
            change({ typeId: event.target.value === '' ? null : Number(event.target.value) })
          }
          data-testid="filter-type"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('alerts.list.filters.allTypes')}</MenuItem>
          {typeOptions.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.label}
            </MenuItem>
          ))}
          {params.typeId !== null && !typeOptions.some((option) => option.id === params.typeId) && (
            <MenuItem value={params.typeId}>{label('types', params.typeId)}</MenuItem>
          )}
        </TextField>
        {everyAlert && (
          <TextField
            select
            size={fieldSize}
            label={t('alerts.list.filters.company')}
            value={params.companyId ?? ''}
            onChange={(event) =>
              change({ companyId: event.target.value === '' ? null : Number(event.target.value) })
            }
            data-testid="filter-company"
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('alerts.list.filters.allCompanies')}</MenuItem>
            {(companies.data ?? []).map((company) => (
              <MenuItem key={company.id} value={company.id}>
                {company.name}
              </MenuItem>
            ))}
            {params.companyId !== null &&
              !(companies.data ?? []).some((company) => company.id === params.companyId) && (
                <MenuItem value={params.companyId}>#{params.companyId}</MenuItem>
              )}
          </TextField>
        )}
        {phone && (
          <TextField
            select
            size={fieldSize}
            label={t('alerts.list.filters.sort')}
            value={params.sortBy}
            onChange={(event) => change({ sortBy: event.target.value })}
            data-testid="alerts-sort"
          >
            {PHONE_SORTS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`alerts.list.sort.${value.replace(':', '_') as PhoneSortKey}`)}
              </MenuItem>
            ))}
            {!(PHONE_SORTS as readonly string[]).includes(params.sortBy) && (
              <MenuItem value={params.sortBy}>{params.sortBy}</MenuItem>
            )}
          </TextField>
        )}
      </Box>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Box>
          {filtered && (
            <Button
              size="small"
              startIcon={<FilterAltOffRounded />}
              onClick={clearFilters}
              data-testid="alerts-clear-filters"
            >
              {t('alerts.list.filters.clear')}
            </Button>
          )}
        </Box>
        <Button
          variant="outlined"
          size="small"
          startIcon={<FileDownloadOutlined />}
          loading={exporting}
          onClick={() => void exportCsv()}
          data-testid="alerts-export"
        >
          {t('alerts.list.export')}
        </Button>
      </Stack>
      <ListPanel
        query={alerts}
        loadError={t('alerts.list.loadError')}
        retryLabel={t('alerts.list.retry')}
      >
        {phone ? cards : table}
        <ListPagination
          total={total}
          page={params.page}
          limit={params.limit}
          sizes={ALERT_PAGE_SIZES}
          label={t('alerts.list.rowsPerPage')}
          onChange={change}
        />
      </ListPanel>
      {openAlert !== null && (
        <AlertDialog alertId={openAlert} known={known} onClose={() => open(null)} />
      )}
    </Stack>
  );
}

function DateCell({ parts }: { parts: { day: string; time: string | null } }) {
  return (
    <>
      {parts.day}
      {parts.time !== null && (
        <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
          {parts.time}
        </Typography>
      )}
    </>
  );
}

type PhoneSortKey =
  | 'first_detected_DESC'
  | 'first_detected_ASC'
  | 'last_detected_DESC'
  | 'rate_DESC'
  | 'notification_status_id_ASC';

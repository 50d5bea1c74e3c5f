// A server-paged list of alerts — every alert in scope (`/alerts`) or one place's (the record
// pages' alerts tab): search, status (several), category, type and, on `/alerts`, company
// filters; sortable columns; page, filters and the open alert kept in the address; loading, empty
// and error states; one card per alert on phones. A row opens the alert dialog (rows become
// selectable, through the list kit's selection, with the bulk actions that act on them). Export sends the same filters to the CSV stream. The table is the list kit's
// (`components/data-table`), the columns `alert-columns.tsx`, the filters `alert-filters.tsx`.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table';
import { PageCheckbox } from '@/components/data-table/selection-column';
import { useListTable } from '@/components/data-table/use-list-table';
import { useTranslateMessage } from '@/i18n/messages';
import { useAddressSearch } from '@/lib/address-search';
import { errorMessages } from '@/lib/api-error';
import { useListSearch } from '@/lib/use-list-search';
import { getMatchingAlertIds } from '../api/alert-actions';
import { type AlertSource, sourceApiFilters, useAlerts } from '../api/get-alerts';
import {
  ALERT_PAGE_SIZES,
  type AlertListParams,
  alertParamsFrom,
  alertSearchFrom,
  openAlertFrom,
} from '../utils/alert-list-params';
import { AlertBulkBar, AlertBulkDialog, type BulkStatus } from './alert-bulk-actions';
import { useAlertColumns } from './alert-columns';
import { AlertDialog } from './alert-dialog';
import { AlertFilters } from './alert-filters';
import { AlertListActions } from './alert-list-actions';

export type AlertListProps = {
  source: AlertSource;
  /** The statuses the list opens with when the address names none. */
  defaultStatuses?: readonly number[];
};

/** Whether any filter differs from the list's defaults. */
const isFiltered = (params: AlertListParams, defaultStatuses: readonly number[]) =>
  params.search !== '' ||
  params.categoryId !== null ||
  params.typeId !== null ||
  params.companyId !== null ||
  params.assigned !== null ||
  params.statusIds.join() !== [...defaultStatuses].join();

export function AlertList({ source, defaultStatuses = [] }: AlertListProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [searchParams, setSearchParams] = useAddressSearch();
  const params = alertParamsFrom(searchParams, defaultStatuses);
  const openAlert = openAlertFrom(searchParams);
  const alerts = useAlerts(source, params);
  const everyAlert = 'scope' in source;

  const change = (next: Partial<AlertListParams>) =>
    setSearchParams(alertSearchFrom({ ...params, page: 1, ...next }, defaultStatuses, openAlert), {
      replace: true,
    });
  const search = useListSearch(params.search, (text) => change({ search: text }));
  const open = (id: number | null) => setSearchParams(alertSearchFrom(params, defaultStatuses, id));
  const columns = useAlertColumns(everyAlert ? 'all' : source.level, open);

  const clearFilters = () => {
    search.setText('');
    setSearchParams(
      alertSearchFrom(
        { ...alertParamsFrom(new URLSearchParams(), defaultStatuses), limit: params.limit },
        defaultStatuses,
      ),
      { replace: true },
    );
  };

  const rows = alerts.data?.data ?? [];
  const total = alerts.data?.meta.totalItems ?? 0;
  // On phones, cards take checkboxes only in the select mode; the table always has them.
  const [selectMode, setSelectMode] = useState(false);
  const selecting = !phone || selectMode;
  const list = useListTable({
    columns,
    query: alerts,
    state: params,
    onChange: change,
    firstDirection: 'DESC',
    selection: selecting
      ? { label: (alert) => t('alerts.bulk.rowName', { id: alert.id }) }
      : undefined,
  });
  const filtered = isFiltered(params, defaultStatuses);
  const pageSelected = rows.length > 0 && list.selectedIds.length === rows.length;
  const selection = useBulkSelection(source, params, list, pageSelected);
  const [bulkStatus, setBulkStatus] = useState<BulkStatus | null>(null);

  return (
    <Stack spacing={2} data-testid="alert-list">
      <AlertFilters
        params={params}
        everyAlert={everyAlert}
        phone={phone}
        search={search}
        onChange={change}
      />
      <AlertListActions
        source={source}
        params={params}
        filtered={filtered}
        onClearFilters={clearFilters}
        extra={
          phone && (
            <Button
              size="small"
              variant={selectMode ? 'contained' : 'text'}
              aria-pressed={selectMode}
              onClick={() => {
                if (selectMode) selection.clear();
                setSelectMode(!selectMode);
              }}
            >
              {t('alerts.bulk.selectMode')}
            </Button>
          )
        }
      />
      {selecting && (selection.ids.length > 0 || (phone && rows.length > 0)) && (
        <AlertBulkBar
          count={selection.ids.length}
          total={total}
          allMatching={selection.allMatching !== null}
          offerAll={pageSelected}
          selectingAll={selection.selectingAll}
          selectAllError={selection.selectAllError}
          onSelectAll={selection.selectAll}
          onClear={selection.clear}
          onAction={setBulkStatus}
          lead={phone && <PageCheckbox table={list.table} />}
        />
      )}
      <DataTable
        list={list}
        label={t('alerts.list.label')}
        loadError={t('alerts.list.loadError')}
        emptyText={filtered ? t('alerts.list.emptyFiltered') : t('alerts.list.empty')}
        pageSizes={ALERT_PAGE_SIZES}
        testIds={{ table: 'alerts-table', cards: 'alerts-cards', empty: 'alerts-empty' }}
        rowProps={(alert) => ({ 'data-testid': 'alert-row', 'data-alert-id': alert.id })}
        rowSx={{ verticalAlign: 'top' }}
        // Eleven columns at 1440 px: cells keep a narrower padding so none is pushed out of view.
        tableSx={{ '& .MuiTableCell-root': { px: 1 } }}
        onOpen={(alert) => open(alert.id)}
        openLabel={(alert) => t('alerts.list.openAlert', { id: alert.id })}
      />
      {bulkStatus !== null && (
        <AlertBulkDialog
          status={bulkStatus}
          ids={selection.ids}
          onClose={() => setBulkStatus(null)}
          onDone={selection.clear}
        />
      )}
      {openAlert !== null && (
        <AlertDialog
          alertId={openAlert}
          known={rows.find((row) => row.id === openAlert)}
          onClose={() => open(null)}
          onOpenAlert={open}
        />
      )}
    </Stack>
  );
}

/**
 * The alerts a bulk action acts on: the rows checked on this page or, once asked, every alert
 * matching the filters (`GET /notifications/ids`). A change of filters, sort or page starts over.
 */
function useBulkSelection(
  source: AlertSource,
  params: AlertListParams,
  list: { selectedIds: (string | number)[]; clearSelection: () => void },
  pageSelected: boolean,
) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const [allMatching, setAllMatching] = useState<{ ids: number[]; total: number } | null>(null);
  const [selectingAll, setSelectingAll] = useState(false);
  const [selectAllError, setSelectAllError] = useState<string | null>(null);
  const listKey = [
    JSON.stringify(sourceApiFilters(source, params)),
    params.page,
    params.limit,
    params.sortBy,
  ].join();
  const { clearSelection } = list;
  const clear = () => {
    clearSelection();
    setAllMatching(null);
    setSelectAllError(null);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: starts over when the list changes
  useEffect(() => {
    clearSelection();
    setAllMatching(null);
    setSelectAllError(null);
  }, [listKey]);

  const selectAll = async () => {
    setSelectingAll(true);
    setSelectAllError(null);
    try {
      setAllMatching(await getMatchingAlertIds(sourceApiFilters(source, params)));
    } catch (error) {
      setSelectAllError(
        [t('alerts.bulk.selectAllFailed'), ...errorMessages(error).map(translate)].join('\n'),
      );
    } finally {
      setSelectingAll(false);
    }
  };
  // A box unticked after selecting every match goes back to the page's ticked rows.
  const pageIds = list.selectedIds.map(Number);
  const every = pageSelected ? allMatching : null;
  return {
    ids: every === null ? pageIds : every.ids,
    allMatching: every,
    selectingAll,
    selectAllError,
    selectAll: () => void selectAll(),
    clear,
  };
}

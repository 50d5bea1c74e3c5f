// A server-paged list of alerts — every alert in scope (`/alerts`) or one place's (the record
// pages' alerts tab): search, status (several), category, type and, on `/alerts`, company
// filters; sortable columns; page, filters and the open alert kept in the address; loading, empty
// and error states; one card per alert on phones. A row opens the alert dialog (rows become
// selectable, through the list kit's selection, with the bulk actions that act on them). Export sends the same filters to the CSV stream. The table is the list kit's
// (`components/data-table`), the columns `alert-columns.tsx`, the filters `alert-filters.tsx`.
import { SEARCH_DEBOUNCE_MS } from '@flowsight/domain/constants';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import { useListTable } from '@/components/data-table/use-list-table';
import { type AlertSource, useAlerts } from '../api/get-alerts';
import {
  ALERT_PAGE_SIZES,
  type AlertListParams,
  alertParamsFrom,
  alertSearchFrom,
  openAlertFrom,
} from '../utils/alert-list-params';
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
  params.statusIds.join() !== [...defaultStatuses].join();

export function AlertList({ source, defaultStatuses = [] }: AlertListProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [searchParams, setSearchParams] = useSearchParams();
  const params = alertParamsFrom(searchParams, defaultStatuses);
  const openAlert = openAlertFrom(searchParams);
  const alerts = useAlerts(source, params);
  const everyAlert = 'scope' in source;
  const columns = useAlertColumns(everyAlert ? 'all' : source.level);
  const [searchText, setSearchText] = useState(params.search);

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

  const rows = alerts.data?.data ?? [];
  const list = useListTable({
    columns,
    rows,
    total: alerts.data?.meta.totalItems ?? 0,
    rowId: (alert) => alert.id,
    state: params,
    onChange: change,
    firstDirection: 'DESC',
  });
  const filtered = isFiltered(params, defaultStatuses);

  return (
    <Stack spacing={2} data-testid="alert-list">
      <AlertFilters
        params={params}
        everyAlert={everyAlert}
        phone={phone}
        searchText={searchText}
        onSearchText={setSearchText}
        onChange={change}
      />
      <AlertListActions
        source={source}
        params={params}
        filtered={filtered}
        onClearFilters={clearFilters}
      />
      <DataTable
        list={list}
        query={alerts}
        label={t('alerts.list.label')}
        loadError={t('alerts.list.loadError')}
        retryLabel={t('alerts.list.retry')}
        emptyText={filtered ? t('alerts.list.emptyFiltered') : t('alerts.list.empty')}
        pageSizes={ALERT_PAGE_SIZES}
        rowsPerPageLabel={t('alerts.list.rowsPerPage')}
        testIds={{ table: 'alerts-table', cards: 'alerts-cards', empty: 'alerts-empty' }}
        rowProps={(alert) => ({ 'data-testid': 'alert-row', 'data-alert-id': alert.id })}
        rowSx={{ verticalAlign: 'top' }}
        onOpen={(alert) => open(alert.id)}
        openLabel={(alert) => t('alerts.list.openAlert', { id: alert.id })}
      />
      {openAlert !== null && (
        <AlertDialog
          alertId={openAlert}
          known={rows.find((row) => row.id === openAlert)}
          onClose={() => open(null)}
        />
      )}
    </Stack>
  );
}

// A server-paged micrometer list: search typed with a pause, the filters the page offers, sorting
// and paging — all kept in the address — with loading, empty and error states; on phones each
// micrometer is a card. A row opens the detail dialog, which the address names with `?mac=` (a
// link with `?mac=` also pre-fills the search with it). A list with a default filter opens with it
// when the address names no filter. The table is the list kit's (`components/data-table`), the
// columns `micrometer-columns.tsx`, the filters `micrometer-filters.tsx`.
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table';
import { useListTable } from '@/components/data-table/use-list-table';
import { useAddressSearch } from '@/lib/address-search';
import { useListSearch } from '@/lib/use-list-search';
import { type ExtraFilters, type Micrometer, useMicrometers } from '../api/get-micrometers';
import {
  dialogMacFrom,
  hasAddressFilters,
  MICROMETER_PAGE_SIZES,
  type MicrometerFilter,
  type MicrometerFilters,
  type MicrometerListParams,
  micrometerParamsFrom,
  searchFromMicrometerParams,
} from '../utils/list-params';
import { useMicrometerErrorText } from '../utils/micrometer-messages';
import type { MicrometerSource } from '../utils/micrometer-source';
import { type MicrometerColumn, useMicrometerColumns } from './micrometer-columns';
import { MicrometerDialog } from './micrometer-dialog';
import { MicrometerFiltersBar } from './micrometer-filters';

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

// Up to ten columns share the card at 1440 px, the last-heard times included: cells pad less
// between them, the card's edge keeps its usual margin.
const tableSx = {
  '& .MuiTableCell-root': { px: 1 },
  '& .MuiTableCell-root:first-of-type': { pl: 2 },
  '& .MuiTableCell-root:last-of-type': { pr: 2 },
} as const;

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
  const errorText = useMicrometerErrorText();
  const [searchParams, setSearchParams] = useAddressSearch();
  const opening = defaultFilters?.(phone);
  const params = micrometerParamsFrom(searchParams, opening);
  const dialogMac = dialogMacFrom(searchParams);
  const rows = useMicrometers(source, params, extra);
  const explicitFilters = opening === undefined ? [] : filters;

  const write = (next: MicrometerListParams, mac: string | null) =>
    setSearchParams(searchFromMicrometerParams(next, { mac, explicitFilters }), { replace: true });
  const change = (next: Partial<MicrometerListParams>) =>
    write({ ...params, page: 1, ...next }, dialogMac);
  const search = useListSearch(params.search, (text) => change({ search: text }));
  const setFilter = (name: MicrometerFilter, value: number | null) =>
    change({ filters: { ...params.filters, [name]: value } });

  // On arrival: the default filter shows in the address, and a `?mac=` link fills the search.
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current) return;
    arrived.current = true;
    const prefill = dialogMac !== null && params.search === '' ? dialogMac : null;
    if (prefill !== null) search.setText(prefill);
    if (prefill !== null || (opening !== undefined && !hasAddressFilters(searchParams))) {
      write({ ...params, search: prefill ?? params.search }, dialogMac);
    }
  });

  const openDialog = (mac: string | null) => write(params, mac);
  const list = useListTable({
    columns: useMicrometerColumns(columns, rowAction),
    query: rows,
    state: params,
    onChange: change,
  });

  return (
    <Stack spacing={2} data-testid="micrometers-list">
      {toolbar}
      <MicrometerFiltersBar
        filters={filters}
        values={params.filters}
        onFilter={setFilter}
        search={search}
      />
      <DataTable
        list={list}
        label={label}
        loadError={t('micrometers.list.loadError')}
        describeError={errorText}
        emptyText={emptyText}
        pageSizes={MICROMETER_PAGE_SIZES}
        testIds={{ table: 'micrometers-table', empty: 'micrometers-empty' }}
        rowProps={() => ({ 'data-testid': 'micrometer-row' })}
        tableSx={tableSx}
        onOpen={(row) => openDialog(row.mac_address)}
        openLabel={(row) => t('micrometers.list.open', { mac: row.mac_address })}
      />
      {dialogMac !== null && <MicrometerDialog mac={dialogMac} onClose={() => openDialog(null)} />}
    </Stack>
  );
}

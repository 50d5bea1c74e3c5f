// The one portfolio list (companies, properties, buildings or units), driven by a declaration:
// search typed with a pause, lookup filters and sorting kept in the address, loading, empty and
// error states, and rows that open the record's page. The table and phone cards are the list
// kit's (`components/data-table`); columns marked `from` give way on narrower screens.
import Stack from '@mui/material/Stack';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import type { ListColumn } from '@/components/data-table/list-column';
import { useListTable } from '@/components/data-table/use-list-table';
import { useAddressSearch } from '@/lib/address-search';
import { useListSearch } from '@/lib/use-list-search';
import {
  type ListSpec,
  listParamsFrom,
  PORTFOLIO_PAGE_SIZES,
  type PortfolioListParams,
  searchFrom,
} from '../utils/list-params';
import { type PortfolioFilter, PortfolioFilters } from './portfolio-filters';

type Page = { data: { id: number; name: string }[]; meta: { totalItems: number } };

/** What one portfolio list declares: its address spec, its read, columns, filters and texts. */
export type PortfolioListDeclaration<TPage extends Page, TKey extends QueryKey> = {
  spec: ListSpec;
  /** The read of one page for the address's list parameters. */
  listQuery: (params: PortfolioListParams) => UseQueryOptions<TPage, Error, TPage, TKey>;
  columns: readonly ListColumn<TPage['data'][number]>[];
  filters?: readonly PortfolioFilter[];
  rowPath: (row: TPage['data'][number]) => string;
  searchLabel: string;
  emptyText: string;
  /** The table's accessible name. */
  label: string;
};

export type PortfolioTableProps<
  TPage extends Page,
  TKey extends QueryKey,
> = PortfolioListDeclaration<TPage, TKey> & {
  /** Buttons beside the search, e.g. "New property". */
  actions?: ReactNode;
};

export function PortfolioTable<TPage extends Page, TKey extends QueryKey>({
  spec,
  listQuery,
  columns,
  filters = [],
  rowPath,
  searchLabel,
  emptyText,
  label,
  actions,
}: PortfolioTableProps<TPage, TKey>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useAddressSearch();
  const params = listParamsFrom(searchParams, spec);
  const rows = useQuery(listQuery(params));

  const change = (next: Partial<PortfolioListParams>) =>
    setSearchParams(searchFrom({ ...params, page: 1, ...next }, spec), { replace: true });
  const search = useListSearch(params.search, (text) => change({ search: text }));

  const setFilter = (field: string, value: string) => {
    const { [field]: _dropped, ...others } = params.filters;
    change({ filters: value === '' ? others : { ...others, [field]: value } });
  };

  const list = useListTable({
    columns,
    query: rows,
    state: params,
    onChange: change,
  });

  return (
    <Stack spacing={2}>
      <PortfolioFilters
        filters={filters}
        values={params.filters}
        onFilter={setFilter}
        searchLabel={searchLabel}
        search={search}
        actions={actions}
      />
      <DataTable
        list={list}
        label={label}
        loadError={t('portfolio.list.loadError')}
        emptyText={emptyText}
        pageSizes={PORTFOLIO_PAGE_SIZES}
        testIds={{ table: 'portfolio-table', empty: 'portfolio-empty' }}
        rowProps={() => ({ 'data-testid': 'portfolio-row' })}
        onOpen={(row) => void navigate(rowPath(row))}
      />
    </Stack>
  );
}

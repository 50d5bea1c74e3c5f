// A server-paged portfolio list (companies, properties, buildings or units): search typed with a
// pause, lookup filters and sorting kept in the address, loading, empty and error states, and
// rows that open the record's page. Columns marked `from` give way on narrower screens; the
// table scrolls sideways when what is left is still too wide.
import { SEARCH_DEBOUNCE_MS } from '@flowsight/domain/constants';
import SearchRounded from '@mui/icons-material/SearchRounded';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ListPagination } from '@/components/list-pagination';
import { ListPanel } from '@/components/list-panel';
import { SortableHeadCell } from '@/components/sortable-head-cell';
import {
  type ListSpec,
  listParamsFrom,
  PORTFOLIO_PAGE_SIZES,
  type PortfolioListParams,
  parseSort,
  searchFrom,
} from '../utils/list-params';
import { useTranslatePortfolioMessage } from '../utils/portfolio-messages';

export type PortfolioColumn<Row> = {
  key: string;
  label: string;
  /** The server's sort field, when the column sorts. */
  sortField?: string;
  /** Shown from this breakpoint up (all widths when absent). */
  from?: 'sm' | 'md' | 'lg';
  align?: 'right';
  render: (row: Row) => ReactNode;
};

export type PortfolioFilter = {
  /** The server field (`filter.<field>`), one of the list spec's filters. */
  field: string;
  label: string;
  options: readonly { id: number; label: string }[];
};

type Page = { data: { id: number; name: string }[]; meta: { totalItems: number } };

export type PortfolioTableProps<TPage extends Page, TKey extends QueryKey> = {
  spec: ListSpec;
  /** The read of one page for the address's list parameters. */
  listQuery: (params: PortfolioListParams) => UseQueryOptions<TPage, Error, TPage, TKey>;
  columns: readonly PortfolioColumn<TPage['data'][number]>[];
  filters?: readonly PortfolioFilter[];
  rowPath: (row: TPage['data'][number]) => string;
  searchLabel: string;
  emptyText: string;
  /** The table's accessible name. */
  label: string;
  /** Buttons beside the search, e.g. "New property". */
  actions?: ReactNode;
};

const displayFrom = (from: PortfolioColumn<unknown>['from']) =>
  from === undefined ? {} : { display: { xs: 'none', [from]: 'table-cell' } };

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
  const _translate = useTranslatePortfolioMessage();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = listParamsFrom(searchParams, spec);
  const rows = useQuery(listQuery(params));
  const [searchText, setSearchText] = useState(params.search);
  const sort = parseSort(params.sortBy, spec);

  const change = (next: Partial<PortfolioListParams>) =>
    setSearchParams(searchFrom({ ...params, page: 1, ...next }, spec), { replace: true });

  // The address follows what was typed once typing pauses (spec section 9: 400 ms).
  useEffect(() => {
    if (searchText === params.search) return;
    const timer = window.setTimeout(() => change({ search: searchText }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  });

  const sortBy = (field: string) => {
    const direction = sort.field === field && sort.direction === 'ASC' ? 'DESC' : 'ASC';
    change({ sortBy: `${field}:${direction}` });
  };

  const setFilter = (field: string, value: string) => {
    const { [field]: _dropped, ...others } = params.filters;
    change({ filters: value === '' ? others : { ...others, [field]: value } });
  };

  const data = rows.data?.data ?? [];
  const total = rows.data?.meta.totalItems ?? 0;

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ alignItems: { xs: 'stretch', md: 'center' } }}
      >
        <TextField
          type="search"
          label={searchLabel}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          sx={{ flex: 2, minWidth: 0 }}
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
        {filters.map((filter) => (
          <TextField
            key={filter.field}
            select
            label={filter.label}
            value={params.filters[filter.field] ?? ''}
            onChange={(event) => setFilter(filter.field, event.target.value)}
            sx={{ flex: 1, minWidth: 170 }}
            data-testid={`filter-${filter.field}`}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('portfolio.list.all')}</MenuItem>
            {filter.options.map((option) => (
              <MenuItem key={option.id} value={String(option.id)}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        ))}
        {actions}
      </Stack>
      <ListPanel
        query={rows}
        loadError={t('portfolio.list.loadError')}
        retryLabel={t('portfolio.list.retry')}
      >
        <TableContainer>
          <Table size="small" aria-label={label} data-testid="portfolio-table">
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <SortableHeadCell
                    key={column.key}
                    label={column.label}
                    field={column.sortField}
                    sort={sort}
                    onSort={sortBy}
                    align={column.align}
                    sx={displayFrom(column.from)}
                  />
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.isPending && (
                <TableRow>
                  <TableCell colSpan={columns.length} sx={{ py: 4, textAlign: 'center' }}>
                    {t('common.loading')}
                  </TableCell>
                </TableRow>
              )}
              {rows.isSuccess && data.length === 0 && (
                <TableRow>
                  <TableCell
                    colSpan={columns.length}
                    sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
                    data-testid="portfolio-empty"
                  >
                    {emptyText}
                  </TableCell>
                </TableRow>
              )}
              {data.map((row) => (
                <TableRow
                  key={row.id}
                  hover
                  data-testid="portfolio-row"
                  onClick={(event) => {
                    // The name's own link handles its clicks (and new-tab clicks).
                    if ((event.target as HTMLElement).closest('a') === null) {
                      void navigate(rowPath(row));
                    }
                  }}
                  sx={{ cursor: 'pointer' }}
                >
                  {columns.map((column, index) => (
                    <TableCell
                      key={column.key}
                      align={column.align}
                      sx={{
                        ...displayFrom(column.from),
                        ...(index === 0 ? { minWidth: 140 } : { whiteSpace: 'nowrap' }),
                      }}
                    >
                      {index === 0 ? (
                        <Link
                          component={RouterLink}
                          to={rowPath(row)}
                          underline="hover"
                          sx={{ fontWeight: 500 }}
                        >
                          {column.render(row)}
                        </Link>
                      ) : (
                        column.render(row)
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <ListPagination
          total={total}
          page={params.page}
          limit={params.limit}
          sizes={PORTFOLIO_PAGE_SIZES}
          label={t('portfolio.list.rowsPerPage')}
          onChange={change}
        />
      </ListPanel>
    </Stack>
  );
}

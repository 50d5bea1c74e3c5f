// The list kit's component: a list page's results in the `ListPanel` frame — the column menu when
// the list lets columns be hidden, the table (or, below the `sm` breakpoint, one card per row from
// the same columns), the loading and empty states, and the paging bar.
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/list-pagination';
import { ListPanel, type ListPanelProps } from '@/components/list-panel';
import { ColumnMenu } from './column-menu';
import { PhoneCards } from './phone-cards';
import type { RowRendering } from './row-rendering';
import { TableView } from './table-view';
import type { ListTable } from './use-list-table';

export type DataTableProps<T> = RowRendering<T> &
  Omit<ListPanelProps, 'query' | 'children' | 'data-testid'> & {
    /** The table, and the read its rows come from. */
    list: ListTable<T>;
    /** The table's (and the cards') accessible name. */
    label: string;
    emptyText: string;
    pageSizes: readonly number[];
    /** The page size picker's label; "Rows per page" unless the list counts something else. */
    rowsPerPageLabel?: string;
    testIds?: { table?: string; cards?: string; empty?: string };
    /** On phones: a card per row (the default), or the table with its narrow columns hidden. */
    phoneLayout?: 'cards' | 'table';
    tableSx?: SxProps<Theme>;
    rowSx?: SxProps<Theme>;
  };

export function DataTable<T>({
  list,
  loadError,
  retryLabel,
  describeError,
  label,
  emptyText,
  pageSizes,
  rowsPerPageLabel,
  testIds = {},
  phoneLayout = 'cards',
  tableSx,
  rowSx,
  ...rendering
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { table, hideable, query } = list;
  const rows = table.getRowModel().rows;
  const { pageIndex, pageSize } = table.getState().pagination;

  const status = query.isPending ? (
    <Typography sx={{ py: 4, textAlign: 'center' }}>{t('common.loading')}</Typography>
  ) : query.isSuccess && rows.length === 0 ? (
    <Typography
      sx={{ py: 4, px: 2, textAlign: 'center', color: 'text.secondary' }}
      data-testid={testIds.empty}
    >
      {emptyText}
    </Typography>
  ) : null;

  return (
    <ListPanel
      query={query}
      loadError={loadError}
      retryLabel={retryLabel}
      describeError={describeError}
    >
      {hideable.length > 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1, pt: 0.5 }}>
          <ColumnMenu table={table} />
        </Box>
      )}
      {phone && phoneLayout === 'cards' ? (
        <PhoneCards
          rows={rows}
          label={label}
          testId={testIds.cards}
          status={status}
          selectLabel={list.selectLabel}
          {...rendering}
        />
      ) : (
        <TableView
          headers={table.getHeaderGroups().flatMap((group) => group.headers)}
          rows={rows}
          label={label}
          testId={testIds.table}
          status={status}
          sx={tableSx}
          rowSx={rowSx}
          {...rendering}
        />
      )}
      <ListPagination
        total={table.getRowCount()}
        page={pageIndex + 1}
        limit={pageSize}
        sizes={pageSizes}
        label={rowsPerPageLabel ?? t('dataTable.rowsPerPage')}
        onChange={({ page, limit }) =>
          limit === undefined ? table.setPageIndex((page ?? 1) - 1) : table.setPageSize(limit)
        }
      />
    </ListPanel>
  );
}

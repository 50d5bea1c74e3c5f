// The list kit's table: TanStack Table over one server page of rows, its sort and page taken from
// the list's address state (`lib/list-params.ts`) and every change written back there — the
// server sorts and pages, so sorting and paging are manual. Row selection (a page at a time) and
// column visibility are opt-in and kept in memory. The table carries the read its rows come from,
// so the list's component shows that read's loading, error and empty states.
import {
  type ColumnDef,
  getCoreRowModel,
  type OnChangeFn,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
  type Table,
  type Updater,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { useState } from 'react';
import type { ListPanelProps } from '@/components/list-panel';
import type { ListPaging, SortDirection } from '@/lib/list-params';
import type { ListColumn } from './list-column';
import { selectionColumn } from './selection-column';

/** What a list writes to its address: a page, a page size (back to page 1) or a sort. */
export type ListChange = { page?: number; limit?: number; sortBy?: string };

/** One page of a server list, as the API returns it. */
export type ListPage<T> = { data: readonly T[]; meta: { totalItems: number } };

/** The read the rows come from (TanStack Query's result), for the list's loading and error states. */
export type ListQuery = ListPanelProps['query'] & { isPending: boolean; isSuccess: boolean };

/**
 * The rows on show: the read of the server's page (its data undefined while it loads), or — for a
 * list paged in memory — the read, the current page's rows and the count of the whole list.
 */
export type ListRows<T> =
  | { query: ListQuery & { data: ListPage<T> | undefined } }
  | { query: ListQuery; rows: readonly T[]; total: number };

/** Rows are told apart by their `id`, as every list the API returns names it. */
export type ListRow = { id: string | number };

export type UseListTableOptions<T extends ListRow> = ListRows<T> & {
  columns: readonly ListColumn<T>[];
  /** The list's address state: page, page size and `field:ASC|DESC`. */
  state: ListPaging & { sortBy: string };
  /** Writes a change to the address (the feature's own writer, which keeps its filters). */
  onChange: (change: ListChange) => void;
  /** The direction a first click on a column sorts by. */
  firstDirection?: SortDirection;
  /** A checkbox per row and one for the page; names a row for its checkbox's label. */
  selection?: { label: (row: T) => string };
  /** Columns a person may hide from a menu, and those hidden at first. */
  columnVisibility?: { hideable: readonly string[]; hidden?: readonly string[] };
};

export type ListTable<T> = {
  table: Table<T>;
  query: ListQuery;
  /** The ids of the selected rows on this page. */
  selectedIds: (string | number)[];
  clearSelection: () => void;
  /** The columns the column menu offers; empty when visibility is not opted into. */
  hideable: readonly string[];
  /** Names a row for its checkbox, when the list selects rows. */
  selectLabel?: (row: T) => string;
};

/** `field:DIR` as TanStack's sorting state, naming the column that sorts by the field. */
export function sortingOf<T>(sortBy: string, columns: readonly ListColumn<T>[]): SortingState {
  const [field, direction] = sortBy.split(':');
  const column = columns.find((candidate) => candidate.meta?.sortField === field);
  return column === undefined ? [] : [{ id: column.id, desc: direction === 'DESC' }];
}

/** TanStack's sorting state as `field:DIR`, or null when it names no sortable column. */
export function sortByOf<T>(sorting: SortingState, columns: readonly ListColumn<T>[]) {
  const [first] = sorting;
  const field = columns.find((column) => column.id === first?.id)?.meta?.sortField;
  return first === undefined || field === undefined
    ? null
    : `${field}:${first.desc ? 'DESC' : 'ASC'}`;
}

const next = <S>(updater: Updater<S>, old: S): S =>
  typeof updater === 'function' ? (updater as (previous: S) => S)(old) : updater;

/** Hidden columns as TanStack's visibility state. */
const visibilityOf = (hidden: readonly string[] = []): VisibilityState =>
  Object.fromEntries(hidden.map((id) => [id, false]));

const rowId = (row: ListRow) => row.id;

export function useListTable<T extends ListRow>(options: UseListTableOptions<T>): ListTable<T> {
  const { columns, state, onChange, firstDirection = 'ASC', selection, columnVisibility } = options;
  const { query } = options;
  const rows = 'rows' in options ? options.rows : (options.query.data?.data ?? []);
  const total = 'rows' in options ? options.total : (options.query.data?.meta.totalItems ?? 0);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [visibility, setVisibility] = useState(() => visibilityOf(columnVisibility?.hidden));
  const sorting = sortingOf(state.sortBy, columns);
  const pagination: PaginationState = { pageIndex: state.page - 1, pageSize: state.limit };
  const hideable = columnVisibility?.hideable ?? [];

  const onSortingChange: OnChangeFn<SortingState> = (updater) => {
    const sortBy = sortByOf(next(updater, sorting), columns);
    if (sortBy !== null) onChange({ sortBy });
  };
  const onPaginationChange: OnChangeFn<PaginationState> = (updater) => {
    const { pageIndex, pageSize } = next(updater, pagination);
    onChange(pageSize !== state.limit ? { limit: pageSize } : { page: pageIndex + 1 });
  };

  const definitions: ColumnDef<T, unknown>[] = [
    ...(selection === undefined ? [] : [selectionColumn(selection.label)]),
    ...columns.map((column) => ({
      ...column,
      enableSorting: column.meta?.sortField !== undefined,
      enableHiding: hideable.includes(column.id),
    })),
  ];

  const table = useReactTable<T>({
    data: rows as T[],
    columns: definitions,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(rowId(row)),
    manualSorting: true,
    manualPagination: true,
    rowCount: total,
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: firstDirection === 'DESC',
    enableRowSelection: selection !== undefined,
    state: { sorting, pagination, rowSelection, columnVisibility: visibility },
    onSortingChange,
    onPaginationChange,
    onRowSelectionChange: setRowSelection,
    onColumnVisibilityChange: setVisibility,
  });

  const selectedIds = rows.filter((row) => rowSelection[String(rowId(row))] === true).map(rowId);
  return {
    table,
    query,
    selectedIds,
    clearSelection: () => setRowSelection({}),
    hideable,
    selectLabel: selection?.label,
  };
}

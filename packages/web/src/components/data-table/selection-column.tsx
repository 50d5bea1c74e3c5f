// The list kit's selection column: a labelled checkbox per row and, in the heading, one that
// selects every row of the page shown (half-checked when only some are).
import Checkbox from '@mui/material/Checkbox';
import type { ColumnDef, Row, Table } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';

export const SELECTION_COLUMN = 'select';

type PageCheckboxProps<T> = { table: Table<T> };

/** Selects or clears every row of the page. */
export function PageCheckbox<T>({ table }: PageCheckboxProps<T>) {
  const { t } = useTranslation();
  return (
    <Checkbox
      size="small"
      checked={table.getIsAllPageRowsSelected()}
      indeterminate={table.getIsSomePageRowsSelected()}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
      slotProps={{ input: { 'aria-label': t('dataTable.selectAll') } }}
    />
  );
}

type RowCheckboxProps<T> = { row: Row<T>; label: string };

export function RowCheckbox<T>({ row, label }: RowCheckboxProps<T>) {
  const { t } = useTranslation();
  return (
    <Checkbox
      size="small"
      checked={row.getIsSelected()}
      disabled={!row.getCanSelect()}
      onChange={row.getToggleSelectedHandler()}
      onClick={(event) => event.stopPropagation()}
      slotProps={{ input: { 'aria-label': t('dataTable.selectRow', { name: label }) } }}
    />
  );
}

/** The column, naming each row's checkbox with `label`. */
export function selectionColumn<T>(label: (row: T) => string): ColumnDef<T, unknown> {
  return {
    id: SELECTION_COLUMN,
    header: ({ table }) => <PageCheckbox table={table} />,
    cell: ({ row }) => <RowCheckbox row={row} label={label(row.original)} />,
    enableSorting: false,
    enableHiding: false,
    meta: { ownClicks: true, card: 'hidden', headSx: { width: 48 }, cellSx: { width: 48 } },
  };
}

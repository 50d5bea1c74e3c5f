// A list table's column heading: plain text, or a button that sorts by its field. The active
// column shows its direction (and tells assistive technology through `aria-sort`); the others
// show the direction their first click sorts by.
import type { SxProps, Theme } from '@mui/material/styles';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ReactNode } from 'react';

export type SortOrder = 'ASC' | 'DESC';

export type SortableHeadCellProps<F extends string> = {
  label: ReactNode;
  /** The field it sorts by; none for a column that does not sort. */
  field: F | null | undefined;
  sort: { field: F | string | null | undefined; direction: SortOrder };
  onSort: (field: F) => void;
  /** What a first click on an inactive column sorts by. */
  firstDirection?: SortOrder;
  align?: TableCellProps['align'];
  sx?: SxProps<Theme>;
};

const headStyle = { whiteSpace: 'nowrap', fontWeight: 600 } as const;
const lower = (direction: SortOrder) => (direction === 'ASC' ? 'asc' : 'desc');

export function SortableHeadCell<F extends string>({
  label,
  field,
  sort,
  onSort,
  firstDirection = 'ASC',
  align,
  sx,
}: SortableHeadCellProps<F>) {
  const active = field !== null && field !== undefined && sort.field === field;
  return (
    <TableCell
      align={align}
      sortDirection={active ? lower(sort.direction) : false}
      sx={[headStyle, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {field === null || field === undefined ? (
        label
      ) : (
        <TableSortLabel
          active={active}
          direction={lower(active ? sort.direction : firstDirection)}
          onClick={() => onSort(field)}
        >
          {label}
        </TableSortLabel>
      )}
    </TableCell>
  );
}

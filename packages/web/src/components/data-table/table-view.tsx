// The list kit's desktop table: MUI's Table rendered from TanStack's header and row models —
// sortable headings as buttons, columns giving way below their breakpoint, the loading or empty
// state across the row, and a row that opens on click (its open button named for the keyboard).
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { type Cell, flexRender, type Header, type Row } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { SortableHeadCell } from '@/components/sortable-head-cell';
import { displayFrom } from './list-column';
import { OpenButton } from './open-button';
import type { RowRendering } from './row-rendering';
import { SELECTION_COLUMN } from './selection-column';

export type TableViewProps<T> = RowRendering<T> & {
  headers: Header<T, unknown>[];
  rows: Row<T>[];
  label: string;
  testId?: string;
  /** The loading or empty state, shown across the table instead of rows. */
  status: ReactNode;
  sx?: SxProps<Theme>;
  rowSx?: SxProps<Theme>;
};

const sxList = (...parts: (SxProps<Theme> | undefined)[]) =>
  parts.flatMap((part) => (part === undefined ? [] : Array.isArray(part) ? part : [part]));

function HeadCell<T>({ header }: { header: Header<T, unknown> }) {
  const { column } = header;
  const meta = column.columnDef.meta;
  const sx = sxList(displayFrom(meta?.from, 'table-cell'), meta?.headSx);
  if (column.id === SELECTION_COLUMN) {
    return (
      <TableCell padding="checkbox" sx={sx}>
        {flexRender(column.columnDef.header, header.getContext())}
      </TableCell>
    );
  }
  const sorted = column.getIsSorted();
  const label = flexRender(column.columnDef.header, header.getContext());
  return (
    <SortableHeadCell
      label={
        meta?.help === undefined ? (
          label
        ) : (
          <Tooltip title={meta.help} describeChild>
            <Box
              component="span"
              sx={{ textDecoration: 'underline dotted', textUnderlineOffset: 3 }}
            >
              {label}
            </Box>
          </Tooltip>
        )
      }
      field={meta?.sortField === undefined ? null : column.id}
      sort={{
        field: sorted === false ? null : column.id,
        direction: sorted === 'asc' ? 'ASC' : 'DESC',
      }}
      onSort={() => column.toggleSorting()}
      firstDirection={column.getFirstSortDir() === 'desc' ? 'DESC' : 'ASC'}
      align={meta?.align}
      sx={sx}
    />
  );
}

type BodyCellProps<T> = { cell: Cell<T, unknown>; open: (() => void) | null; openLabel: string };

function BodyCell<T>({ cell, open, openLabel }: BodyCellProps<T>) {
  const meta = cell.column.columnDef.meta;
  const content = flexRender(cell.column.columnDef.cell, cell.getContext());
  return (
    <TableCell
      align={meta?.align}
      padding={cell.column.id === SELECTION_COLUMN ? 'checkbox' : 'normal'}
      sx={sxList(meta?.cellSx, displayFrom(meta?.from, 'table-cell'))}
      onClick={meta?.ownClicks === true ? (event) => event.stopPropagation() : undefined}
    >
      {meta?.opens === true && open !== null ? (
        <OpenButton label={openLabel} onOpen={open}>
          {content}
        </OpenButton>
      ) : (
        content
      )}
    </TableCell>
  );
}

export function TableView<T>({
  headers,
  rows,
  label,
  testId,
  status,
  sx,
  rowSx,
  rowProps,
  onOpen,
  openLabel,
}: TableViewProps<T>) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label} data-testid={testId} sx={sx}>
        <TableHead>
          <TableRow>
            {headers.map((header) => (
              <HeadCell key={header.id} header={header} />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {status !== null && status !== false && (
            <TableRow>
              <TableCell colSpan={headers.length} sx={{ p: 0 }}>
                {status}
              </TableCell>
            </TableRow>
          )}
          {rows.map((row) => {
            const open = onOpen === undefined ? null : () => onOpen(row.original);
            return (
              <TableRow
                key={row.id}
                hover
                selected={row.getIsSelected()}
                onClick={open ?? undefined}
                sx={sxList(open === null ? undefined : { cursor: 'pointer' }, rowSx)}
                {...rowProps?.(row.original)}
              >
                {row.getVisibleCells().map((cell) => (
                  <BodyCell
                    key={cell.id}
                    cell={cell}
                    open={open}
                    openLabel={openLabel?.(row.original) ?? ''}
                  />
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

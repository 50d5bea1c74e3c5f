// A report's preview: every row of the report under its column headings, with a totals row when
// the report has one (and the lines that follow it, e.g. the gallons report's unaccounted water). Wide reports scroll sideways with the first column kept in view (phones
// included); printed, the table is laid out in full on the page.
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReportColumnKind } from '../utils/report-format';

export type ReportTableColumn = { key: string; label: string; kind: ReportColumnKind };

export type ReportTableProps = {
  label: string;
  columns: readonly ReportTableColumn[];
  /** Cell texts, one array per row in the order of `columns`. */
  rows: readonly (readonly string[])[];
  /** The totals row's texts (empty cells as ''), or none. */
  totals?: readonly string[];
  /** Footer lines after the totals, in the same form. */
  afterTotals?: readonly (readonly string[])[];
  emptyText: string;
};

const sticky = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  borderRight: 1,
  borderRightColor: 'divider',
  '@media print': { position: 'static', borderRight: 0, maxWidth: 'none' },
} as const;

const alignOf = (kind: ReportColumnKind) =>
  kind === 'number' || kind === 'money' ? 'right' : 'left';

export function ReportTable({
  label,
  columns,
  rows,
  totals,
  afterTotals = [],
  emptyText,
}: ReportTableProps) {
  return (
    <TableContainer
      tabIndex={0}
      aria-label={label}
      sx={{
        maxWidth: '100%',
        overflowX: 'auto',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        '@media print': { overflow: 'visible' },
      }}
    >
      <Table
        size="small"
        data-testid="report-table"
        // On paper every column must fit the page's width: cells wrap and pad less.
        sx={{
          '@media print': {
            '& td, & th': { fontSize: 10, whiteSpace: 'normal', px: 0.75, py: 0.25 },
          },
        }}
      >
        <TableHead>
          <TableRow>
            {columns.map((column, index) => (
              <TableCell
                key={column.key}
                align={alignOf(column.kind)}
                sx={{ fontWeight: 600, whiteSpace: 'nowrap', ...(index === 0 ? sticky : {}) }}
              >
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ border: 0 }}>
                <Box
                  sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
                  data-testid="report-empty"
                >
                  {emptyText}
                </Box>
              </TableCell>
            </TableRow>
          )}
          {rows.map((cells, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no id of their own
            <TableRow key={rowIndex} hover data-testid="report-row">
              {cells.map((cell, index) => {
                const column = columns[index];
                return (
                  <TableCell
                    key={column?.key ?? index}
                    align={alignOf(column?.kind ?? 'text')}
                    sx={{
                      // One line per row keeps a long report compact; only the first
                      // (sticky) column wraps, so it never covers the whole phone screen. On
                      // wider screens it keeps room for a name on one or two lines even when
                      // many period columns compete for the width.
                      whiteSpace: index === 0 ? 'normal' : 'nowrap',
                      fontVariantNumeric: 'tabular-nums',
                      ...(index === 0
                        ? {
                            ...sticky,
                            minWidth: { xs: 96, md: 160 },
                            maxWidth: { xs: 132, sm: 240 },
                          }
                        : {}),
                    }}
                  >
                    {cell}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
        {totals !== undefined && rows.length > 0 && (
          <TableFooter>
            {[totals, ...afterTotals].map((line, lineIndex) => (
              <TableRow
                // biome-ignore lint/suspicious/noArrayIndexKey: footer lines have no id of their own
                key={lineIndex}
                data-testid={lineIndex === 0 ? 'report-totals' : 'report-footer-line'}
              >
                {line.map((cell, index) => {
                  const column = columns[index];
                  return (
                    <TableCell
                      key={column?.key ?? index}
                      align={alignOf(column?.kind ?? 'text')}
                      sx={{
                        fontWeight: lineIndex === 0 ? 700 : 500,
                        color: 'text.primary',
                        fontSize: 'inherit',
                        whiteSpace: 'nowrap',
                        ...(index === 0 ? sticky : {}),
                      }}
                    >
                      {cell}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableFooter>
        )}
      </Table>
    </TableContainer>
  );
}

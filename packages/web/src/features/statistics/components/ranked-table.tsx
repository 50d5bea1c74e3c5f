// A ranked table of the units tab (top units, top properties, a building's units): a titled
// section whose first column stays in view while the table scrolls sideways on phones.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

const head = { fontWeight: 600, whiteSpace: 'nowrap' } as const;
/** The first column stays in view while a wide table scrolls sideways on phones. */
const stickyFirst = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
} as const;

export type RankedTableProps = {
  title: string;
  columns: readonly { key: string; label: string; numeric?: boolean }[];
  rows: readonly { key: string | number; cells: readonly ReactNode[] }[];
  emptyText: string;
  testId: string;
};

export function RankedTable({ title, columns, rows, emptyText, testId }: RankedTableProps) {
  const titleId = `${testId}-title`;
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ borderRadius: 2 }}>
        <TableContainer>
          <Table size="small" aria-labelledby={titleId} data-testid={testId}>
            <TableHead>
              <TableRow>
                {columns.map((column, index) => (
                  <TableCell
                    key={column.key}
                    align={column.numeric ? 'right' : 'left'}
                    sx={{ ...head, ...(index === 0 ? stickyFirst : {}) }}
                  >
                    {column.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell
                    colSpan={columns.length}
                    sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}
                  >
                    {emptyText}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((row) => (
                <TableRow key={row.key} hover data-testid={`${testId}-row`}>
                  {row.cells.map((cell, index) => (
                    <TableCell
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells follow the fixed columns
                      key={index}
                      align={columns[index]?.numeric ? 'right' : 'left'}
                      sx={
                        index === 0 ? { ...stickyFirst, minWidth: 120 } : { whiteSpace: 'nowrap' }
                      }
                    >
                      {cell}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}

// The figures behind a column chart as a table: what "show as table" opens.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { ChartSeries, ColumnDatum } from './column-chart';

export type ChartDataTableProps = {
  title: string;
  series: readonly ChartSeries[];
  data: readonly ColumnDatum[];
  totals: readonly number[];
  formatValue: (value: number) => string;
  projectedLabel: string;
  /** Heads a column of the buckets' notes; none when not set. */
  noteLabel?: string;
};

export function ChartDataTable({
  title,
  series,
  data,
  totals,
  formatValue,
  projectedLabel,
  noteLabel,
}: ChartDataTableProps) {
  const { t } = useTranslation();
  const stacked = series.length > 1;
  return (
    <TableContainer
      sx={{
        maxHeight: 360,
        // Phones: tighter cells and figures on one line (headings wrap); a wider table scrolls
        // sideways inside its frame.
        '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } },
        '& tbody .MuiTableCell-alignRight': { whiteSpace: 'nowrap' },
      }}
    >
      <Table size="small" stickyHeader aria-label={title} data-testid="chart-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('usage.chart.period')}</TableCell>
            {series.map((one) => (
              <TableCell key={one.key} align="right">
                {one.label}
              </TableCell>
            ))}
            {stacked && <TableCell align="right">{t('usage.chart.total')}</TableCell>}
            {noteLabel !== undefined && <TableCell align="right">{noteLabel}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((datum, index) => (
            <TableRow key={datum.key}>
              <TableCell component="th" scope="row">
                {datum.detail ?? datum.label}
                {datum.projected === true ? ` (${projectedLabel})` : ''}
              </TableCell>
              {series.map((one, seriesIndex) => (
                <TableCell key={one.key} align="right">
                  {formatValue(datum.values[seriesIndex] ?? 0)}
                </TableCell>
              ))}
              {stacked && <TableCell align="right">{formatValue(totals[index] ?? 0)}</TableCell>}
              {noteLabel !== undefined && <TableCell align="right">{datum.note ?? ''}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

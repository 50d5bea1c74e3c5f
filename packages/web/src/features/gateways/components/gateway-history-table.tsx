// A gateway's building history, newest first: the building (with its property), when it was
// assigned and unassigned, and who assigned it. On phones the property moves under the building.

import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { displayDate } from '@/lib/display-date';
import type { GatewayHistoryRow } from '../api/get-gateway-history';

const smUp = { display: { xs: 'none', sm: 'table-cell' } } as const;
/** Phones show the day only, so the three columns they keep fit without wrapping. */
const PHONE_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

export type GatewayHistoryTableProps = { rows: readonly GatewayHistoryRow[] };

export function GatewayHistoryTable({ rows }: GatewayHistoryTableProps) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const when = (date: string) =>
    phone ? displayDate(date, i18n.language, PHONE_DATE) : displayDate(date, i18n.language);
  if (rows.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="history-empty">
        {t('gateways.history.empty')}
      </Typography>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={t('gateways.history.title')} data-testid="gateway-history">
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>{t('gateways.history.building')}</TableCell>
            <TableCell sx={{ fontWeight: 600, ...smUp }}>
              {t('gateways.history.property')}
            </TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{t('gateways.history.assigned')}</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{t('gateways.history.unassigned')}</TableCell>
            <TableCell sx={{ fontWeight: 600, ...smUp }}>{t('gateways.history.by')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid="history-row">
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {row.building_name}
                </Typography>
                <Typography
                  variant="caption"
                  sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary' }}
                >
                  {row.property_name}
                </Typography>
              </TableCell>
              <TableCell sx={smUp}>{row.property_name}</TableCell>
              <TableCell>{when(row.assigned_at)}</TableCell>
              <TableCell>
                {row.unassigned_at === null
                  ? t('gateways.history.current')
                  : when(row.unassigned_at)}
              </TableCell>
              <TableCell sx={smUp}>{row.assigned_by?.name || '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

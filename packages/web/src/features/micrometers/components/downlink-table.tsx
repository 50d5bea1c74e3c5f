import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '@/components/list-pagination';
import { ListPanel } from '@/components/list-panel';
import {
  type Downlink,
  type DownlinkListParams,
  type DownlinkStatus,
  useDownlinks,
} from '../api/get-downlinks';
import { NO_VALUE, useMicrometerFormat, useMicrometerLabel } from '../utils/micrometer-format';
import { useMicrometerErrorText } from '../utils/micrometer-messages';

export const DOWNLINK_PAGE_SIZES = [25, 50, 100] as const;

const statusColor = {
  queued: 'info',
  sent: 'success',
  failed: 'error',
} as const satisfies Record<DownlinkStatus, 'info' | 'success' | 'error'>;

export type DownlinkStatusChipProps = { status: DownlinkStatus };

export function DownlinkStatusChip({ status }: DownlinkStatusChipProps) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={statusColor[status]}
      variant={status === 'queued' ? 'outlined' : 'filled'}
      label={t(`micrometers.downlink.statuses.${status}`)}
      data-testid="downlink-status"
    />
  );
}

/** "Report interval 900 s, Keep-alive interval 3600 s". */
function useParamsText(): (params: Downlink['params']) => string {
  const { t } = useTranslation();
  const label = useMicrometerLabel();
  return (params) =>
    Object.entries(params)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([id, value]) =>
        t('micrometers.downlink.paramValue', { name: label('params', Number(id)), value }),
      )
      .join(', ');
}

export type DownlinkTableProps = {
  params: DownlinkListParams;
  onPage?: (change: { page?: number; limit?: number }) => void;
  label: string;
  emptyText: string;
};

export function DownlinkTable({ params, onPage, label, emptyText }: DownlinkTableProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const format = useMicrometerFormat();
  const paramsText = useParamsText();
  const errorText = useMicrometerErrorText();
  const downlinks = useDownlinks(params);
  const rows = downlinks.data?.data ?? [];
  const total = downlinks.data?.meta.totalItems ?? 0;

  const states = downlinks.isPending ? (
    <Typography sx={{ py: 3, textAlign: 'center' }}>{t('common.loading')}</Typography>
  ) : downlinks.isSuccess && rows.length === 0 ? (
    <Typography
      sx={{ py: 3, px: 2, textAlign: 'center', color: 'text.secondary' }}
      data-testid="downlinks-empty"
    >
      {emptyText}
    </Typography>
  ) : null;

  const statusCell = (row: Downlink) => (
    <Stack spacing={0.25} sx={{ alignItems: 'flex-start' }}>
      <DownlinkStatusChip status={row.status} />
      {row.error !== null && (
        <Typography variant="caption" sx={{ color: 'error.main' }}>
          {row.error}
        </Typography>
      )}
      {row.sent_at !== null && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('micrometers.downlink.sentAt', { when: format.dateTime(row.sent_at) })}
        </Typography>
      )}
    </Stack>
  );

  return (
    <ListPanel
      query={downlinks}
      loadError={t('micrometers.downlink.loadError')}
      describeError={errorText}
      data-testid="downlinks"
    >
      {phone ? (
        <Stack role="list" aria-label={label}>
          {states}
          {rows.map((row) => (
            <Box
              key={row.id}
              role="listitem"
              data-testid="downlink-row"
              sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
            >
              <Stack
                direction="row"
                spacing={1}
                sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                    {row.mac_address}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {format.dateTime(row.created_at)} · {row.building_name ?? NO_VALUE}
                  </Typography>
                </Box>
                {statusCell(row)}
              </Stack>
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {paramsText(row.params)}
              </Typography>
            </Box>
          ))}
        </Stack>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                {[
                  t('micrometers.downlink.queuedAt'),
                  t('micrometers.fields.mac'),
                  t('micrometers.fields.building'),
                  t('micrometers.downlink.params'),
                  t('micrometers.downlink.payload'),
                  t('micrometers.downlink.status'),
                ].map((heading) => (
                  <TableCell key={heading} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {heading}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {states !== null && (
                <TableRow>
                  <TableCell colSpan={6} sx={{ p: 0 }}>
                    {states}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((row) => (
                <TableRow key={row.id} data-testid="downlink-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {format.dateTime(row.created_at)}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{row.mac_address}</TableCell>
                  <TableCell>{row.building_name ?? NO_VALUE}</TableCell>
                  <TableCell sx={{ minWidth: 200 }}>{paramsText(row.params)}</TableCell>
                  <TableCell
                    sx={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' }}
                  >
                    {row.payload_hex}
                  </TableCell>
                  <TableCell>{statusCell(row)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {onPage !== undefined && (
        <ListPagination
          total={total}
          page={params.page}
          limit={params.limit}
          sizes={DOWNLINK_PAGE_SIZES}
          label={t('micrometers.list.rowsPerPage')}
          onChange={onPage}
        />
      )}
    </ListPanel>
  );
}

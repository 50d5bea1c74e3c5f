// The gateways list's columns for the list kit: serial (the row's open button), name, building
// (or "in stock"), status, last seen and whether alerts are off. On phone cards the serial is the
// title with the status (and a bell-off icon) beside it, name and building under it.
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '@/components/data-table/list-column';
import { displayDate } from '@/lib/display-date';
import type { Gateway } from '../api/get-gateways';
import { GatewayStatusChip } from './gateway-status-chip';

export function useGatewayColumns(): ListColumn<Gateway>[] {
  const { t, i18n } = useTranslation();
  const inStock = t('gateways.inStock');
  return [
    {
      id: 'serial',
      header: t('gateways.columns.serial'),
      cell: ({ row }) => (
        <Box component="span" sx={{ fontWeight: 600 }}>
          {row.original.serial_number}
        </Box>
      ),
      meta: { sortField: 'serial_number', opens: true, card: 'title' },
    },
    {
      id: 'name',
      header: t('gateways.columns.name'),
      cell: ({ row }) => row.original.name ?? '—',
      meta: {
        sortField: 'name',
        from: 'md',
        card: 'subtitle',
        cardCell: (gateway) =>
          [gateway.name, gateway.building_name ?? inStock].filter(Boolean).join(' · '),
      },
    },
    {
      id: 'building',
      header: t('gateways.columns.building'),
      cell: ({ row }) =>
        row.original.building_name ?? (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {inStock}
          </Box>
        ),
      meta: { sortField: 'building_name', card: 'hidden' },
    },
    {
      id: 'status',
      header: t('gateways.columns.status'),
      cell: ({ row }) => <GatewayStatusChip statusId={row.original.gateway_status_id} />,
      meta: { sortField: 'gateway_status_id', card: 'badge' },
    },
    {
      id: 'lastSeen',
      header: t('gateways.columns.lastSeen'),
      cell: ({ row }) => displayDate(row.original.last_seen_at, i18n.language),
      meta: { sortField: 'last_seen_at', from: 'md', cellSx: { whiteSpace: 'nowrap' } },
    },
    {
      id: 'alerts',
      header: t('gateways.columns.alertsDisabled'),
      cell: ({ row }) => (
        <Box
          component="span"
          sx={{ color: row.original.alerts_disabled ? 'warning.main' : 'text.secondary' }}
        >
          {row.original.alerts_disabled ? t('gateways.alertsDisabled') : t('gateways.alertsOn')}
        </Box>
      ),
      meta: {
        card: 'badge',
        cardCell: (gateway) =>
          gateway.alerts_disabled ? (
            <NotificationsOffOutlined
              fontSize="small"
              titleAccess={t('gateways.alertsDisabled')}
              sx={{ color: 'warning.main', verticalAlign: 'middle' }}
            />
          ) : null,
      },
    },
  ];
}

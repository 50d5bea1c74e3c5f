// /gateways (spec section 2; hidden for restricted companies): the gateways the caller may see,
// paged by the server, with search, a status filter and sorting kept in the address. A row opens
// the gateway's detail dialog (`?gateway=<id>`, also where the header's gateway search lands).
// Phones get one card per gateway instead of the table.
import { SEARCH_DEBOUNCE_MS } from '@flowsight/domain/constants';
import AddRounded from '@mui/icons-material/AddRounded';
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPagination } from '@/components/list-pagination';
import { ListPanel } from '@/components/list-panel';
import { SortableHeadCell } from '@/components/sortable-head-cell';
import { displayDate } from '@/lib/display-date';
import { useSignedInSession } from '@/lib/session';
import { type Gateway, type GatewayListParams, useGateways } from '../api/get-gateways';
import { GatewayDetailDialog } from '../components/gateway-detail-dialog';
import { GatewayFormDialog } from '../components/gateway-form-dialog';
import { GatewayStatusChip } from '../components/gateway-status-chip';
import { gatewayPermissions } from '../utils/gateway-access';
import { useGatewayError } from '../utils/gateway-messages';
import { gatewayStatusIds, gatewayStatusKey } from '../utils/gateway-status';
import {
  GATEWAY_PAGE_SIZES,
  listParamsFrom,
  openGatewayFrom,
  parseSort,
  type SortableGatewayField,
  searchFrom,
} from '../utils/list-params';

const wideOnly = { display: { xs: 'none', md: 'table-cell' } } as const;

export function GatewaysPage() {
  const { t, i18n } = useTranslation();
  const describeError = useGatewayError();
  const { activeRole } = useSignedInSession();
  const permissions = gatewayPermissions(activeRole.user_role_type_id);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [searchParams, setSearchParams] = useSearchParams();
  const params = listParamsFrom(searchParams);
  const openGateway = openGatewayFrom(searchParams);
  const gateways = useGateways(params);
  const [searchText, setSearchText] = useState(params.search);
  const [creating, setCreating] = useState(false);
  const sort = parseSort(params.sortBy);

  const change = (next: Partial<GatewayListParams>) =>
    setSearchParams(searchFrom({ ...params, page: 1, ...next }, openGateway), { replace: true });
  const open = (id: number | null) => setSearchParams(searchFrom(params, id));

  // The address follows what was typed once typing pauses.
  useEffect(() => {
    if (searchText === params.search) return;
    const timer = window.setTimeout(() => change({ search: searchText }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  });

  const sortBy = (field: SortableGatewayField) => {
    const direction = sort.field === field && sort.direction === 'ASC' ? 'DESC' : 'ASC';
    change({ sortBy: `${field}:${direction}` });
  };

  const columns: { field: SortableGatewayField | null; label: string; wide?: boolean }[] = [
    { field: 'serial_number', label: t('gateways.columns.serial') },
    { field: 'name', label: t('gateways.columns.name'), wide: true },
    { field: 'building_name', label: t('gateways.columns.building') },
    { field: 'gateway_status_id', label: t('gateways.columns.status') },
    { field: 'last_seen_at', label: t('gateways.columns.lastSeen'), wide: true },
    { field: null, label: t('gateways.columns.alertsDisabled') },
  ];

  const rows = gateways.data?.data ?? [];
  const total = gateways.data?.meta.totalItems ?? 0;
  const lastSeen = (gateway: Gateway) => displayDate(gateway.last_seen_at, i18n.language);
  const alertsText = (gateway: Gateway) =>
    gateway.alerts_disabled ? t('gateways.alertsDisabled') : t('gateways.alertsOn');

  const empty = gateways.isSuccess && rows.length === 0 && (
    <Typography
      sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
      data-testid="gateways-empty"
    >
      {t('gateways.empty')}
    </Typography>
  );
  const loading = gateways.isPending && (
    <Typography sx={{ py: 4, textAlign: 'center' }}>{t('common.loading')}</Typography>
  );

  const cards = (
    <Stack spacing={1} sx={{ p: 1 }} data-testid="gateways-cards">
      {loading}
      {empty}
      {rows.map((gateway) => (
        <Card key={gateway.id} variant="outlined" data-testid="gateway-row">
          <CardActionArea onClick={() => open(gateway.id)} sx={{ p: 1.5 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {gateway.serial_number}
              </Typography>
              {gateway.alerts_disabled && (
                <NotificationsOffOutlined
                  fontSize="small"
                  titleAccess={t('gateways.alertsDisabled')}
                  sx={{ color: 'warning.main' }}
                />
              )}
              <GatewayStatusChip statusId={gateway.gateway_status_id} />
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {[gateway.name, gateway.building_name ?? t('gateways.inStock')]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('gateways.lastSeenAt', { when: lastSeen(gateway) })}
            </Typography>
          </CardActionArea>
        </Card>
      ))}
    </Stack>
  );

  const table = (
    <TableContainer>
      <Table size="small" aria-label={t('gateways.title')} data-testid="gateways-table">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <SortableHeadCell
                key={column.label}
                label={column.label}
                field={column.field}
                sort={sort}
                onSort={sortBy}
                sx={column.wide ? wideOnly : {}}
              />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {(gateways.isPending || (gateways.isSuccess && rows.length === 0)) && (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ p: 0 }}>
                {loading}
                {empty}
              </TableCell>
            </TableRow>
          )}
          {rows.map((gateway) => (
            <TableRow
              key={gateway.id}
              hover
              onClick={() => open(gateway.id)}
              sx={{ cursor: 'pointer' }}
              data-testid="gateway-row"
            >
              <TableCell>
                <Button
                  variant="text"
                  size="small"
                  onClick={(event) => {
                    event.stopPropagation();
                    open(gateway.id);
                  }}
                  sx={{ fontWeight: 600, p: 0, minWidth: 0, textTransform: 'none' }}
                >
                  {gateway.serial_number}
                </Button>
              </TableCell>
              <TableCell sx={wideOnly}>{gateway.name ?? '—'}</TableCell>
              <TableCell>
                {gateway.building_name ?? (
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {t('gateways.inStock')}
                  </Box>
                )}
              </TableCell>
              <TableCell>
                <GatewayStatusChip statusId={gateway.gateway_status_id} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', ...wideOnly }}>{lastSeen(gateway)}</TableCell>
              <TableCell
                sx={{ color: gateway.alerts_disabled ? 'warning.main' : 'text.secondary' }}
              >
                {alertsText(gateway)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );

  return (
    <Stack spacing={3} data-testid="gateways-page">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 } }}>
          {t('gateways.title')}
        </Typography>
        {permissions.create && (
          <Button
            variant="contained"
            startIcon={<AddRounded />}
            onClick={() => setCreating(true)}
            data-testid="gateway-create"
          >
            {t('gateways.actions.create')}
          </Button>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap>
        <TextField
          type="search"
          label={t('gateways.searchLabel')}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          sx={{ flex: 2, minWidth: 0 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded />
                </InputAdornment>
              ),
            },
            htmlInput: { 'data-testid': 'gateways-search' },
          }}
        />
        <TextField
          select
          label={t('gateways.filterStatus')}
          value={params.statusId ?? ''}
          onChange={(event) =>
            change({ statusId: event.target.value === '' ? null : Number(event.target.value) })
          }
          sx={{ flex: 1, minWidth: 180 }}
          data-testid="filter-status"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('gateways.allStatuses')}</MenuItem>
          {gatewayStatusIds.map((id) => {
            const key = gatewayStatusKey(id);
            return (
              <MenuItem key={id} value={id}>
                {key === null ? String(id) : t(key)}
              </MenuItem>
            );
          })}
        </TextField>
      </Stack>
      <ListPanel
        query={gateways}
        loadError={t('gateways.loadError')}
        retryLabel={t('gateways.retry')}
        describeError={describeError}
      >
        {phone ? cards : table}
        <ListPagination
          total={total}
          page={params.page}
          limit={params.limit}
          sizes={GATEWAY_PAGE_SIZES}
          label={t('gateways.rowsPerPage')}
          onChange={change}
        />
      </ListPanel>
      {openGateway !== null && (
        <GatewayDetailDialog
          key={openGateway}
          gatewayId={openGateway}
          permissions={permissions}
          onClose={() => open(null)}
        />
      )}
      {creating && (
        <GatewayFormDialog
          gateway={null}
          onClose={() => setCreating(false)}
          onCreated={(id) => open(id)}
        />
      )}
    </Stack>
  );
}

// /gateways (spec section 2; hidden for restricted companies): the gateways the caller may see,
// paged by the server, with search, a status filter and sorting kept in the address. A row opens
// the gateway's detail dialog (`?gateway=<id>`, also where the header's gateway search lands).
// Phones get one card per gateway instead of the table. The table is the list kit's
// (`components/data-table`); columns and filters live in `components/gateway-*.tsx`.
import AddRounded from '@mui/icons-material/AddRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table';
import { useListTable } from '@/components/data-table/use-list-table';
import { useAddressSearch } from '@/lib/address-search';
import { useSignedInSession } from '@/lib/session';
import { useListSearch } from '@/lib/use-list-search';
import { type GatewayListParams, useGateways } from '../api/get-gateways';
import { useGatewayColumns } from '../components/gateway-columns';
import { GatewayDetailDialog } from '../components/gateway-detail-dialog';
import { GatewayFilters } from '../components/gateway-filters';
import { GatewayFormDialog } from '../components/gateway-form-dialog';
import { gatewayPermissions } from '../utils/gateway-access';
import { useGatewayError } from '../utils/gateway-messages';
import {
  GATEWAY_PAGE_SIZES,
  listParamsFrom,
  openGatewayFrom,
  searchFrom,
} from '../utils/list-params';

export function GatewaysPage() {
  const { t } = useTranslation();
  const describeError = useGatewayError();
  const { activeRole } = useSignedInSession();
  const permissions = gatewayPermissions(activeRole.user_role_type_id);
  const [searchParams, setSearchParams] = useAddressSearch();
  const params = listParamsFrom(searchParams);
  const openGateway = openGatewayFrom(searchParams);
  const gateways = useGateways(params);
  const [creating, setCreating] = useState(false);

  const change = (next: Partial<GatewayListParams>) =>
    setSearchParams(searchFrom({ ...params, page: 1, ...next }, openGateway), { replace: true });
  const search = useListSearch(params.search, (text) => change({ search: text }));
  const open = (id: number | null) => setSearchParams(searchFrom(params, id));

  const list = useListTable({
    columns: useGatewayColumns(),
    query: gateways,
    state: params,
    onChange: change,
  });

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
      <GatewayFilters
        statusId={params.statusId}
        onStatus={(statusId) => change({ statusId })}
        search={search}
      />
      <DataTable
        list={list}
        label={t('gateways.title')}
        loadError={t('gateways.loadError')}
        describeError={describeError}
        emptyText={t('gateways.empty')}
        pageSizes={GATEWAY_PAGE_SIZES}
        testIds={{ table: 'gateways-table', cards: 'gateways-cards', empty: 'gateways-empty' }}
        rowProps={() => ({ 'data-testid': 'gateway-row' })}
        onOpen={(gateway) => open(gateway.id)}
        openLabel={(gateway) => gateway.serial_number}
      />
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

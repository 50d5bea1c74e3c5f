// The gateways list's filters bar: search (written to the address once typing pauses, by the
// page) and status.
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { FilterSelect, ListSearchField } from '@/components/data-table/filter-fields';
import type { ListSearch } from '@/lib/use-list-search';
import { gatewayStatusIds, gatewayStatusKey } from '../utils/gateway-status';

export type GatewayFiltersProps = {
  statusId: number | null;
  onStatus: (statusId: number | null) => void;
  search: ListSearch;
};

export function GatewayFilters({ statusId, onStatus, search }: GatewayFiltersProps) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap>
      <ListSearchField label={t('gateways.searchLabel')} search={search} testId="gateways-search" />
      <FilterSelect
        label={t('gateways.filterStatus')}
        value={statusId}
        options={gatewayStatusIds.map((id) => {
          const key = gatewayStatusKey(id);
          return { id, label: key === null ? String(id) : t(key) };
        })}
        onChange={onStatus}
        allLabel={t('gateways.allStatuses')}
        sx={{ flex: 1, minWidth: 180 }}
        testId="filter-status"
      />
    </Stack>
  );
}

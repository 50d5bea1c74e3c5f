// The gateways list's filters bar: search (written to the address once typing pauses, by the
// page) and status.
import SearchRounded from '@mui/icons-material/SearchRounded';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { gatewayStatusIds, gatewayStatusKey } from '../utils/gateway-status';

export type GatewayFiltersProps = {
  statusId: number | null;
  onStatus: (statusId: number | null) => void;
  searchText: string;
  onSearchText: (text: string) => void;
};

export function GatewayFilters({
  statusId,
  onStatus,
  searchText,
  onSearchText,
}: GatewayFiltersProps) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap>
      <TextField
        type="search"
        label={t('gateways.searchLabel')}
        value={searchText}
        onChange={(event) => onSearchText(event.target.value)}
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
        value={statusId ?? ''}
        onChange={(event) =>
          onStatus(event.target.value === '' ? null : Number(event.target.value))
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
  );
}

// The users list's filters bar: search (written to the address once typing pauses, by the page),
// role and status. Company callers are offered only the company roles their people can hold.
import { RoleType, roleTypes, UserStatus } from '@flowsight/domain/lookups';
import SearchRounded from '@mui/icons-material/SearchRounded';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { UserListParams } from '../api/get-users';
import { statusKey } from './user-columns';

export type UserFiltersProps = {
  params: UserListParams;
  /** The caller sees one company's people only. */
  companyCaller: boolean;
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (next: Partial<UserListParams>) => void;
};

const idOrNull = (value: string) => (value === '' ? null : Number(value));
const selectSlots = { inputLabel: { shrink: true }, select: { displayEmpty: true } };

export function UserFilters({
  params,
  companyCaller,
  searchText,
  onSearchText,
  onChange,
}: UserFiltersProps) {
  const { t } = useTranslation();
  // Company callers see only the people of their company, who hold no system role.
  const roles = roleTypes.filter((role) => !companyCaller || role.id > RoleType.SystemTechnician);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap>
      <TextField
        type="search"
        label={t('users.search')}
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
        }}
      />
      <TextField
        select
        label={t('users.filterRole')}
        value={params.roleTypeId ?? ''}
        onChange={(event) => onChange({ roleTypeId: idOrNull(event.target.value) })}
        sx={{ flex: 1, minWidth: 180 }}
        data-testid="filter-role"
        slotProps={selectSlots}
      >
        <MenuItem value="">{t('users.allRoles')}</MenuItem>
        {roles.map((role) => (
          <MenuItem key={role.id} value={role.id}>
            {role.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('users.filterStatus')}
        value={params.statusId ?? ''}
        onChange={(event) => onChange({ statusId: idOrNull(event.target.value) })}
        sx={{ flex: 1, minWidth: 160 }}
        data-testid="filter-status"
        slotProps={selectSlots}
      >
        <MenuItem value="">{t('users.allStatuses')}</MenuItem>
        {Object.values(UserStatus).map((id) => (
          <MenuItem key={id} value={id}>
            {t(statusKey[id])}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

// The users list's filters bar: search (written to the address once typing pauses, by the page),
// role and status. Company callers are offered only the company roles their people can hold.
import { RoleType, roleTypes, UserStatus } from '@flowsight/domain/lookups';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { FilterSelect, ListSearchField } from '@/components/data-table/filter-fields';
import type { ListSearch } from '@/lib/use-list-search';
import type { UserListParams } from '../api/get-users';
import { statusKey } from './user-columns';

export type UserFiltersProps = {
  params: UserListParams;
  /** The caller sees one company's people only. */
  companyCaller: boolean;
  search: ListSearch;
  onChange: (next: Partial<UserListParams>) => void;
};

export function UserFilters({ params, companyCaller, search, onChange }: UserFiltersProps) {
  const { t } = useTranslation();
  // Company callers see only the people of their company, who hold no system role.
  const roles = roleTypes.filter((role) => !companyCaller || role.id > RoleType.SystemTechnician);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap>
      <ListSearchField label={t('users.search')} search={search} />
      <FilterSelect
        label={t('users.filterRole')}
        value={params.roleTypeId}
        options={roles.map((role) => ({ id: role.id, label: role.name }))}
        onChange={(roleTypeId) => onChange({ roleTypeId })}
        allLabel={t('users.allRoles')}
        sx={{ flex: 1, minWidth: 180 }}
        testId="filter-role"
      />
      <FilterSelect
        label={t('users.filterStatus')}
        value={params.statusId}
        options={Object.values(UserStatus).map((id) => ({ id, label: t(statusKey[id]) }))}
        onChange={(statusId) => onChange({ statusId })}
        allLabel={t('users.allStatuses')}
        sx={{ flex: 1, minWidth: 160 }}
        testId="filter-status"
      />
    </Stack>
  );
}

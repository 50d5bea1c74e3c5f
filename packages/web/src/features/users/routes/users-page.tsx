// /users (spec section 2): the people the caller may see, paged by the server, with search,
// role and status filters and sorting kept in the address. User managers (system admin and
// support, company admins) invite, edit, disable, delete and change roles and contacts; others
// only read. The table is the list kit's (`components/data-table`); columns, filters and the
// row actions live in `components/user-*.tsx`.
import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table';
import { useListTable } from '@/components/data-table/use-list-table';
import { useAddressSearch } from '@/lib/address-search';
import { useSignedInSession } from '@/lib/session';
import { useListSearch } from '@/lib/use-list-search';
import { type UserListParams, useUsers } from '../api/get-users';
import { useUserActions } from '../components/user-actions';
import { useUserColumns } from '../components/user-columns';
import { UserFilters } from '../components/user-filters';
import { listParamsFrom, searchFrom, USER_PAGE_SIZES } from '../utils/list-params';
import { contactsAccess, fixedCompanyId, mayManageUsers } from '../utils/role-placement';

type UsersPageProps = {
  /** The property page's users tab: those whose roles reach this property, under a subheading. */
  readonly propertyId?: number;
};

export function UsersPage({ propertyId }: UsersPageProps = {}) {
  const { t } = useTranslation();
  const { activeRole } = useSignedInSession();
  const [searchParams, setSearchParams] = useAddressSearch();
  const params = listParamsFrom(searchParams);
  const users = useUsers(params, propertyId);
  const canManage = mayManageUsers(activeRole.user_role_type_id);
  const companyCaller = fixedCompanyId(activeRole) !== null;
  const actions = useUserActions({
    activeRole,
    canManage,
    canReadContacts: contactsAccess(activeRole).read,
  });

  const change = (next: Partial<UserListParams>) =>
    setSearchParams(searchFrom({ ...params, page: 1, ...next }), { replace: true });
  const search = useListSearch(params.search, (text) => change({ search: text }));

  const list = useListTable({
    columns: useUserColumns({ showCompany: !companyCaller, onMenu: actions.openMenu }),
    query: users,
    state: params,
    onChange: change,
  });

  return (
    <Stack spacing={3} data-testid={propertyId === undefined ? 'users-page' : 'property-users'}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        {propertyId === undefined ? (
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 } }}>
            {t('users.title')}
          </Typography>
        ) : (
          <Typography variant="h6" component="h2">
            {t('users.propertyTitle')}
          </Typography>
        )}
        {canManage && (
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1Rounded />}
            onClick={actions.openInvite}
            data-testid="invite-user"
          >
            {t('users.invite')}
          </Button>
        )}
      </Stack>
      {!canManage && <Alert severity="info">{t('users.readOnly')}</Alert>}
      <UserFilters
        params={params}
        companyCaller={companyCaller}
        search={search}
        onChange={change}
      />
      <DataTable
        list={list}
        label={t('users.title')}
        loadError={t('users.loadError')}
        emptyText={propertyId === undefined ? t('users.empty') : t('users.propertyEmpty')}
        pageSizes={USER_PAGE_SIZES}
        testIds={{ table: 'users-table', empty: 'users-empty' }}
        rowProps={() => ({ 'data-testid': 'user-row' })}
      />
      {actions.view}
    </Stack>
  );
}

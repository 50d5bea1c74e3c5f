// /users (spec section 2): the people the caller may see, paged by the server, with search,
// role and status filters and sorting kept in the address. User managers (system admin and
// support, company admins) invite, edit, disable, delete and change roles and contacts; others
// only read.
import { SEARCH_DEBOUNCE_MS } from '@flowsight/domain/constants';
import { RoleType, roleTypes, UserStatus } from '@flowsight/domain/lookups';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmationDialog } from '@/components/feedback/confirmation-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { ListPagination } from '@/components/list-pagination';
import { ListPanel } from '@/components/list-panel';
import { SortableHeadCell } from '@/components/sortable-head-cell';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { displayDate } from '@/lib/display-date';
import { useSignedInSession } from '@/lib/session';
import { useDeleteUser } from '../api/delete-user';
import { type UserListParams, type UserRow, useUsers } from '../api/get-users';
import { useUpdateUser } from '../api/update-user';
import { NotificationContactsPanel } from '../components/notification-contacts-panel';
import { UserFormDialog } from '../components/user-form-dialog';
import { UserRolesDialog } from '../components/user-roles-dialog';
import {
  listParamsFrom,
  parseSort,
  type SortableUserField,
  searchFrom,
  USER_PAGE_SIZES,
} from '../utils/list-params';
import { contactsAccess, fixedCompanyId, mayManageUsers } from '../utils/role-placement';

const statusKey = {
  [UserStatus.Invited]: 'users.statuses.invited',
  [UserStatus.Active]: 'users.statuses.active',
  [UserStatus.Disabled]: 'users.statuses.disabled',
} as const;
const statusColour = {
  [UserStatus.Invited]: 'info',
  [UserStatus.Active]: 'success',
  [UserStatus.Disabled]: 'default',
} as const;

function isKnownStatus(id: number): id is keyof typeof statusKey {
  return id in statusKey;
}

type Dialogs =
  | { kind: 'invite' }
  | { kind: 'edit'; user: UserRow }
  | { kind: 'roles'; user: UserRow }
  | { kind: 'contacts'; user: UserRow }
  | { kind: 'delete'; user: UserRow }
  | { kind: 'disable'; user: UserRow };

/** Phone and dates give way on narrow screens; on phones the email moves under the name. */
const wideOnly = { display: { xs: 'none', md: 'table-cell' } } as const;
const smUpOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;
/** The least needed column gives way to roles and companies below 1536 px. */
const xlOnly = { display: { xs: 'none', xl: 'table-cell' } } as const;

const fullName = (user: UserRow) => `${user.first_name} ${user.last_name}`.trim();

/** The distinct names of a user's roles ("Company Admin, Property Manager"), or a dash. */
const roleNamesOf = (user: UserRow) =>
  [
    ...new Set(
      user.roles.map(
        (role) =>
          roleTypes.find((type) => type.id === role.user_role_type_id)?.name ??
          String(role.user_role_type_id),
      ),
    ),
  ].join(', ') || '—';

/** The distinct companies a user's roles belong to, or a dash (system roles have none). */
const companyNamesOf = (user: UserRow) =>
  [
    ...new Set(
      user.roles.flatMap((role) => (role.company_name === null ? [] : [role.company_name])),
    ),
  ].join(', ') || '—';

type UsersPageProps = {
  /** The property page's users tab: those whose roles reach this property, under a subheading. */
  readonly propertyId?: number;
};

export function UsersPage({ propertyId }: UsersPageProps = {}) {
  const { t, i18n } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const { activeRole } = useSignedInSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = listParamsFrom(searchParams);
  const users = useUsers(params, propertyId);
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const canManage = mayManageUsers(activeRole.user_role_type_id);
  // Others' contacts are changed only by user managers (the brief's read-only rule for managers).
  const canEditContacts = canManage;
  const canReadContacts = contactsAccess(activeRole).read;
  const [searchText, setSearchText] = useState(params.search);
  const [dialog, setDialog] = useState<Dialogs | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; user: UserRow } | null>(null);
  const sort = parseSort(params.sortBy);

  const change = (next: Partial<UserListParams>) =>
    setSearchParams(searchFrom({ ...params, page: 1, ...next }), { replace: true });

  // The address follows what was typed once typing pauses.
  useEffect(() => {
    if (searchText === params.search) return;
    const timer = window.setTimeout(() => change({ search: searchText }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  });

  const sortBy = (field: SortableUserField) => {
    const direction = sort.field === field && sort.direction === 'ASC' ? 'DESC' : 'ASC';
    change({ sortBy: `${field}:${direction}` });
  };

  const closeDialog = () => setDialog(null);
  const openFromMenu = (next: Dialogs) => {
    setMenu(null);
    setDialog(next);
  };

  const setStatus = (user: UserRow, statusId: 2 | 3) => {
    updateUser.mutate(
      { id: user.id, changes: { user_status_id: statusId } },
      {
        onSuccess: () =>
          showMessage(
            statusId === UserStatus.Disabled
              ? t('users.disabledNotice', { name: fullName(user) })
              : t('users.enabledNotice', { name: fullName(user) }),
          ),
        onError: (error) => showMessage(errorMessages(error).map(translate).join('\n'), 'error'),
        onSettled: closeDialog,
      },
    );
  };

  const removeUser = (user: UserRow) => {
    deleteUser.mutate(user.id, {
      onSuccess: (answer) => showMessage(translate(answer.message)),
      onError: (error) => showMessage(errorMessages(error).map(translate).join('\n'), 'error'),
      onSettled: closeDialog,
    });
  };

  // A company's own people all belong to it: the company column is for those who see several.
  const showCompany = fixedCompanyId(activeRole) === null;
  const columns: {
    field: SortableUserField | null;
    label: string;
    wide?: boolean;
    smUp?: boolean;
    xl?: boolean;
  }[] = [
    { field: 'first_name', label: t('users.columns.name') },
    { field: 'email', label: t('users.columns.email'), smUp: true },
    { field: null, label: t('users.columns.role'), smUp: true },
    ...(showCompany ? [{ field: null, label: t('users.columns.company'), wide: true }] : []),
    { field: null, label: t('users.columns.phone'), wide: true },
    { field: null, label: t('users.columns.status') },
    { field: 'last_login_at', label: t('users.columns.lastLogin'), wide: true },
    { field: 'created_at', label: t('users.columns.created'), xl: true },
  ];

  const rows = users.data?.data ?? [];
  const total = users.data?.meta.totalItems ?? 0;

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
            onClick={() => setDialog({ kind: 'invite' })}
            data-testid="invite-user"
          >
            {t('users.invite')}
          </Button>
        )}
      </Stack>
      {!canManage && <Alert severity="info">{t('users.readOnly')}</Alert>}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap>
        <TextField
          type="search"
          label={t('users.search')}
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
          }}
        />
        <TextField
          select
          label={t('users.filterRole')}
          value={params.roleTypeId ?? ''}
          onChange={(event) =>
            change({ roleTypeId: event.target.value === '' ? null : Number(event.target.value) })
          }
          sx={{ flex: 1, minWidth: 180 }}
          data-testid="filter-role"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('users.allRoles')}</MenuItem>
          {roleTypes
            // Company callers see only the people of their company, who hold no system role.
            .filter(
              (role) => fixedCompanyId(activeRole) === null || role.id > RoleType.SystemTechnician,
            )
            .map((role) => (
              <MenuItem key={role.id} value={role.id}>
                {role.name}
              </MenuItem>
            ))}
        </TextField>
        <TextField
          select
          label={t('users.filterStatus')}
          value={params.statusId ?? ''}
          onChange={(event) =>
            change({ statusId: event.target.value === '' ? null : Number(event.target.value) })
          }
          sx={{ flex: 1, minWidth: 160 }}
          data-testid="filter-status"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('users.allStatuses')}</MenuItem>
          {Object.values(UserStatus).map((id) => (
            <MenuItem key={id} value={id}>
              {t(statusKey[id])}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <ListPanel query={users} loadError={t('users.loadError')} retryLabel={t('users.retry')}>
        <TableContainer>
          <Table size="small" aria-label={t('users.title')} data-testid="users-table">
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <SortableHeadCell
                    key={column.label}
                    label={column.label}
                    field={column.field}
                    sort={sort}
                    onSort={sortBy}
                    firstDirection="DESC"
                    sx={{
                      ...(column.wide ? wideOnly : {}),
                      ...(column.smUp ? smUpOnly : {}),
                      ...(column.xl ? xlOnly : {}),
                    }}
                  />
                ))}
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {t('users.columns.actions')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {users.isPending && (
                <TableRow>
                  <TableCell colSpan={columns.length + 1} sx={{ py: 4, textAlign: 'center' }}>
                    {t('common.loading')}
                  </TableCell>
                </TableRow>
              )}
              {users.isSuccess && rows.length === 0 && (
                <TableRow>
                  <TableCell
                    colSpan={columns.length + 1}
                    sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
                    data-testid="users-empty"
                  >
                    {propertyId === undefined ? t('users.empty') : t('users.propertyEmpty')}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((user) => (
                <TableRow key={user.id} hover data-testid="user-row">
                  <TableCell sx={{ minWidth: 120 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {fullName(user)}
                    </Typography>
                    <Typography
                      variant="caption"
                      sx={{
                        display: { xs: 'block', sm: 'none' },
                        color: 'text.secondary',
                        overflowWrap: 'anywhere',
                      }}
                    >
                      {user.email}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 180, ...smUpOnly }}>
                    {user.email}
                  </TableCell>
                  <TableCell sx={{ minWidth: 140, ...smUpOnly }} data-testid="user-roles">
                    {roleNamesOf(user)}
                  </TableCell>
                  {showCompany && (
                    <TableCell sx={{ minWidth: 120, ...wideOnly }} data-testid="user-companies">
                      {companyNamesOf(user)}
                    </TableCell>
                  )}
                  <TableCell sx={{ whiteSpace: 'nowrap', ...wideOnly }}>
                    {user.phone ?? '—'}
                  </TableCell>
                  <TableCell>
                    {isKnownStatus(user.user_status_id) && (
                      <Chip
                        size="small"
                        variant="outlined"
                        color={statusColour[user.user_status_id]}
                        label={t(statusKey[user.user_status_id])}
                      />
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', ...wideOnly }}>
                    {displayDate(user.last_login_at, i18n.language)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', ...xlOnly }}>
                    {displayDate(user.created_at, i18n.language)}
                  </TableCell>
                  <TableCell align="right">
                    <IconButton
                      aria-label={t('users.actions.more', { name: fullName(user) })}
                      aria-haspopup="menu"
                      onClick={(event) => setMenu({ anchor: event.currentTarget, user })}
                    >
                      <MoreVertRounded />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <ListPagination
          total={total}
          page={params.page}
          limit={params.limit}
          sizes={USER_PAGE_SIZES}
          label={t('users.rowsPerPage')}
          onChange={change}
        />
      </ListPanel>
      <Menu anchorEl={menu?.anchor ?? null} open={menu !== null} onClose={() => setMenu(null)}>
        {menu !== null && canManage && (
          <MenuItem onClick={() => openFromMenu({ kind: 'edit', user: menu.user })}>
            {t('users.actions.edit')}
          </MenuItem>
        )}
        {menu !== null && (
          <MenuItem onClick={() => openFromMenu({ kind: 'roles', user: menu.user })}>
            {t('users.actions.roles')}
          </MenuItem>
        )}
        {menu !== null && canReadContacts && (
          <MenuItem onClick={() => openFromMenu({ kind: 'contacts', user: menu.user })}>
            {t('users.actions.contacts')}
          </MenuItem>
        )}
        {menu !== null && canManage && menu.user.user_status_id !== UserStatus.Disabled && (
          <MenuItem onClick={() => openFromMenu({ kind: 'disable', user: menu.user })}>
            {t('users.actions.disable')}
          </MenuItem>
        )}
        {menu !== null && canManage && menu.user.user_status_id === UserStatus.Disabled && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              setStatus(menu.user, UserStatus.Active);
            }}
          >
            {t('users.actions.enable')}
          </MenuItem>
        )}
        {menu !== null && canManage && (
          <MenuItem
            onClick={() => openFromMenu({ kind: 'delete', user: menu.user })}
            sx={{ color: 'error.main' }}
          >
            {t('users.actions.delete')}
          </MenuItem>
        )}
      </Menu>
      {dialog?.kind === 'invite' && (
        <UserFormDialog open user={null} activeRole={activeRole} onClose={closeDialog} />
      )}
      {dialog?.kind === 'edit' && (
        <UserFormDialog open user={dialog.user} activeRole={activeRole} onClose={closeDialog} />
      )}
      {dialog?.kind === 'roles' && (
        <UserRolesDialog
          user={dialog.user}
          activeRole={activeRole}
          canManage={canManage}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'contacts' && (
        <Dialog open onClose={closeDialog} fullWidth maxWidth="sm">
          <DialogTitle>{t('users.contacts.title', { name: fullName(dialog.user) })}</DialogTitle>
          <DialogContent>
            <NotificationContactsPanel
              userId={dialog.user.id}
              editable={canEditContacts}
              companyId={fixedCompanyId(activeRole)}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={closeDialog}>{t('common.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
      <ConfirmationDialog
        open={dialog?.kind === 'delete'}
        text={
          dialog?.kind === 'delete'
            ? t('users.deleteConfirm', { name: fullName(dialog.user), email: dialog.user.email })
            : undefined
        }
        busy={deleteUser.isPending}
        onConfirm={() => dialog?.kind === 'delete' && removeUser(dialog.user)}
        onCancel={closeDialog}
      />
      <ConfirmationDialog
        open={dialog?.kind === 'disable'}
        text={
          dialog?.kind === 'disable'
            ? t('users.disableConfirm', { name: fullName(dialog.user) })
            : undefined
        }
        busy={updateUser.isPending}
        onConfirm={() => dialog?.kind === 'disable' && setStatus(dialog.user, UserStatus.Disabled)}
        onCancel={closeDialog}
      />
    </Stack>
  );
}

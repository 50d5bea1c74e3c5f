// The users list's columns for the list kit: name, email, roles, companies (for those who see
// several), phone, status, last login, created, and the row's actions button. Phone, dates and
// companies give way on narrower screens; on phone cards the name is the title, the status its
// chip, the email under it.
import { roleTypes, UserStatus } from '@flowsight/domain/lookups';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '@/components/data-table/list-column';
import { displayDate } from '@/lib/display-date';
import type { UserRow } from '../api/get-users';

export const statusKey = {
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

export const fullName = (user: UserRow) => `${user.first_name} ${user.last_name}`.trim();

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

const oneLine = { whiteSpace: 'nowrap' } as const;

export type UserColumnsOptions = {
  /** A company's own people all belong to it: the company column is for those who see several. */
  showCompany: boolean;
  /** Opens the row's actions menu at its button. */
  onMenu: (anchor: HTMLElement, user: UserRow) => void;
};

export function useUserColumns({ showCompany, onMenu }: UserColumnsOptions): ListColumn<UserRow>[] {
  const { t, i18n } = useTranslation();
  const company: ListColumn<UserRow> = {
    id: 'company',
    header: t('users.columns.company'),
    cell: ({ row }) => <span data-testid="user-companies">{companyNamesOf(row.original)}</span>,
    meta: { from: 'md', cellSx: { minWidth: 120 } },
  };
  return [
    {
      id: 'name',
      header: t('users.columns.name'),
      cell: ({ row }) => (
        <Box component="span" sx={{ typography: 'body2', fontWeight: 500 }}>
          {fullName(row.original)}
        </Box>
      ),
      meta: { sortField: 'first_name', cellSx: { minWidth: 120 }, card: 'title' },
    },
    {
      id: 'email',
      header: t('users.columns.email'),
      cell: ({ row }) => row.original.email,
      meta: {
        sortField: 'email',
        from: 'sm',
        cellSx: { overflowWrap: 'anywhere', minWidth: 180 },
        card: 'subtitle',
      },
    },
    {
      id: 'role',
      header: t('users.columns.role'),
      cell: ({ row }) => <span data-testid="user-roles">{roleNamesOf(row.original)}</span>,
      meta: { from: 'sm', cellSx: { minWidth: 140 } },
    },
    ...(showCompany ? [company] : []),
    {
      id: 'phone',
      header: t('users.columns.phone'),
      cell: ({ row }) => row.original.phone ?? '—',
      meta: { from: 'md', cellSx: oneLine, cardCell: (user) => user.phone },
    },
    {
      id: 'status',
      header: t('users.columns.status'),
      cell: ({ row }) => {
        const statusId = row.original.user_status_id;
        return isKnownStatus(statusId) ? (
          <Chip
            size="small"
            variant="outlined"
            color={statusColour[statusId]}
            label={t(statusKey[statusId])}
          />
        ) : null;
      },
      meta: { card: 'badge' },
    },
    {
      id: 'lastLogin',
      header: t('users.columns.lastLogin'),
      // Someone who never signed in reads "Never", not the date's "N/A".
      cell: ({ row }) =>
        row.original.last_login_at === null
          ? t('users.columns.neverSignedIn')
          : displayDate(row.original.last_login_at, i18n.language),
      meta: { sortField: 'last_login_at', from: 'md', cellSx: oneLine },
    },
    {
      id: 'created',
      header: t('users.columns.created'),
      cell: ({ row }) => displayDate(row.original.created_at, i18n.language),
      meta: { sortField: 'created_at', from: 'xl', cellSx: oneLine, card: 'hidden' },
    },
    {
      id: 'actions',
      header: t('users.columns.actions'),
      cell: ({ row }) => (
        <IconButton
          aria-label={t('users.actions.more', { name: fullName(row.original) })}
          aria-haspopup="menu"
          onClick={(event) => onMenu(event.currentTarget, row.original)}
        >
          <MoreVertRounded />
        </IconButton>
      ),
      meta: { align: 'right', ownClicks: true, card: 'action' },
    },
  ];
}

// What a person does to users on the users list: invite; from a row's menu edit, roles, contacts,
// disable or enable, delete — with the confirmations and the snackbar's report. The list opens
// the menu and the invite dialog; `view` is the menu and dialogs to render once.
import type { SessionRole } from '@flowsight/domain/auth';
import { UserStatus } from '@flowsight/domain/lookups';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '@/components/feedback/confirmation-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { useDeleteUser } from '../api/delete-user';
import type { UserRow } from '../api/get-users';
import { useUpdateUser } from '../api/update-user';
import { fixedCompanyId } from '../utils/role-placement';
import { NotificationContactsPanel } from './notification-contacts-panel';
import { fullName } from './user-columns';
import { UserFormDialog } from './user-form-dialog';
import { UserRolesDialog } from './user-roles-dialog';

type UserDialog =
  | { kind: 'invite' }
  | { kind: 'edit'; user: UserRow }
  | { kind: 'roles'; user: UserRow }
  | { kind: 'contacts'; user: UserRow }
  | { kind: 'delete'; user: UserRow }
  | { kind: 'disable'; user: UserRow };

export type UserActionsOptions = {
  activeRole: SessionRole;
  /** User managers (system admin and support, company admins) change people; others read. */
  canManage: boolean;
  canReadContacts: boolean;
};

export type UserActions = {
  openMenu: (anchor: HTMLElement, user: UserRow) => void;
  openInvite: () => void;
  view: ReactNode;
};

/** Disabling, enabling and deleting a user, each reported in the snackbar. */
function useUserWrites(onSettled: () => void) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const showError = (error: unknown) =>
    showMessage(errorMessages(error).map(translate).join('\n'), 'error');
  const setStatus = (user: UserRow, statusId: 2 | 3) =>
    updateUser.mutate(
      { id: user.id, changes: { user_status_id: statusId } },
      {
        onSuccess: () =>
          showMessage(
            statusId === UserStatus.Disabled
              ? t('users.disabledNotice', { name: fullName(user) })
              : t('users.enabledNotice', { name: fullName(user) }),
          ),
        onError: showError,
        onSettled,
      },
    );
  const removeUser = (user: UserRow) =>
    deleteUser.mutate(user.id, {
      onSuccess: (answer) => showMessage(translate(answer.message)),
      onError: showError,
      onSettled,
    });
  return { setStatus, removeUser, updating: updateUser.isPending, deleting: deleteUser.isPending };
}

export function useUserActions({
  activeRole,
  canManage,
  canReadContacts,
}: UserActionsOptions): UserActions {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<UserDialog | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; user: UserRow } | null>(null);
  const closeDialog = () => setDialog(null);
  const writes = useUserWrites(closeDialog);
  // Others' contacts are changed only by user managers (the brief's read-only rule for managers).
  const canEditContacts = canManage;
  const openFromMenu = (next: UserDialog) => {
    setMenu(null);
    setDialog(next);
  };
  const user = menu?.user;
  const disabled = user?.user_status_id === UserStatus.Disabled;

  const menuView = (
    <Menu anchorEl={menu?.anchor ?? null} open={menu !== null} onClose={() => setMenu(null)}>
      {user !== undefined && canManage && (
        <MenuItem onClick={() => openFromMenu({ kind: 'edit', user })}>
          {t('users.actions.edit')}
        </MenuItem>
      )}
      {user !== undefined && (
        <MenuItem onClick={() => openFromMenu({ kind: 'roles', user })}>
          {t('users.actions.roles')}
        </MenuItem>
      )}
      {user !== undefined && canReadContacts && (
        <MenuItem onClick={() => openFromMenu({ kind: 'contacts', user })}>
          {t('users.actions.contacts')}
        </MenuItem>
      )}
      {user !== undefined && canManage && !disabled && (
        <MenuItem onClick={() => openFromMenu({ kind: 'disable', user })}>
          {t('users.actions.disable')}
        </MenuItem>
      )}
      {user !== undefined && canManage && disabled && (
        <MenuItem
          onClick={() => {
            setMenu(null);
            writes.setStatus(user, UserStatus.Active);
          }}
        >
          {t('users.actions.enable')}
        </MenuItem>
      )}
      {user !== undefined && canManage && (
        <MenuItem
          onClick={() => openFromMenu({ kind: 'delete', user })}
          sx={{ color: 'error.main' }}
        >
          {t('users.actions.delete')}
        </MenuItem>
      )}
    </Menu>
  );

  const dialogsView = (
    <>
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
        busy={writes.deleting}
        onConfirm={() => dialog?.kind === 'delete' && writes.removeUser(dialog.user)}
        onCancel={closeDialog}
      />
      <ConfirmationDialog
        open={dialog?.kind === 'disable'}
        text={
          dialog?.kind === 'disable'
            ? t('users.disableConfirm', { name: fullName(dialog.user) })
            : undefined
        }
        busy={writes.updating}
        onConfirm={() =>
          dialog?.kind === 'disable' && writes.setStatus(dialog.user, UserStatus.Disabled)
        }
        onCancel={closeDialog}
      />
    </>
  );

  return {
    openMenu: (anchor, row) => setMenu({ anchor, user: row }),
    openInvite: () => setDialog({ kind: 'invite' }),
    view: (
      <>
        {menuView}
        {dialogsView}
      </>
    ),
  };
}

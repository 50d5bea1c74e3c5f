// A person's roles, described in words; user managers add and delete them (spec section 8,
// "Role deletion": 'Deleted successfully', never the last role).
import type { SessionRole } from '@flowsight/domain/auth';
import { grantBounds } from '@flowsight/domain/role-grants';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogPanel, FormDialog } from '@/components/dialogs/form-dialog';
import { ConfirmationDialog } from '@/components/feedback/confirmation-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { useAddUserRole } from '../api/add-user-role';
import { useDeleteUserRole } from '../api/delete-user-role';
import type { UserRole } from '../api/get-user-roles';
import { useUserRoles } from '../api/get-user-roles';
import type { UserRow } from '../api/get-users';
import { grantOf, NO_ROLE, type RoleDraft, roleDraftComplete } from '../utils/role-placement';
import { RoleFields } from './role-fields';

export type UserRolesDialogProps = {
  user: UserRow;
  activeRole: SessionRole;
  canManage: boolean;
  onClose: () => void;
};

export function UserRolesDialog({ user, activeRole, canManage, onClose }: UserRolesDialogProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const roles = useUserRoles(user.id);
  const addRole = useAddUserRole();
  const deleteRole = useDeleteUserRole();
  const bounds = grantBounds(activeRole);
  // Nothing is preset: a role is a deliberate choice (a system role most of all).
  const [draft, setDraft] = useState<RoleDraft>(NO_ROLE);
  const [submitted, setSubmitted] = useState(false);
  const [toDelete, setToDelete] = useState<UserRole | null>(null);
  const name = `${user.first_name} ${user.last_name}`.trim();

  const add = () => {
    setSubmitted(true);
    if (!roleDraftComplete(draft, bounds)) return;
    addRole.mutate(
      { userId: user.id, role: grantOf(draft, bounds) },
      {
        onSuccess: () => {
          showMessage(t('users.roles.added'));
          setSubmitted(false);
          setDraft(NO_ROLE);
        },
      },
    );
  };

  const confirmDelete = () => {
    if (toDelete === null) return;
    deleteRole.mutate(
      { userId: user.id, roleId: toDelete.id },
      {
        onSuccess: (answer) => showMessage(translate(answer.message)),
        onError: (error) => showMessage(errorMessages(error).map(translate).join('\n'), 'error'),
        onSettled: () => setToDelete(null),
      },
    );
  };

  return (
    <FormDialog open onClose={onClose} maxWidth="sm">
      <DialogPanel title={t('users.roles.title', { name })}>
        {roles.isPending && <LinearProgress aria-label={t('common.loading')} />}
        {roles.isError && (
          <Alert severity="error">{errorMessages(roles.error).map(translate).join('\n')}</Alert>
        )}
        {roles.data?.length === 0 && <Typography>{t('users.roles.empty')}</Typography>}
        {roles.data !== undefined && roles.data.length > 0 && (
          <List dense data-testid="user-roles">
            {roles.data.map((role) => (
              <ListItem
                key={role.id}
                divider
                secondaryAction={
                  canManage && (
                    <IconButton
                      edge="end"
                      aria-label={t('users.roles.delete', { role: role.description })}
                      onClick={() => setToDelete(role)}
                    >
                      <DeleteOutlineRounded />
                    </IconButton>
                  )
                }
              >
                <ListItemText primary={role.description} />
              </ListItem>
            ))}
          </List>
        )}
        {canManage && (
          <>
            <Divider sx={{ my: 2 }} />
            <Stack spacing={2}>
              <RoleFields
                value={draft}
                onChange={setDraft}
                activeRole={activeRole}
                showErrors={submitted}
              />
              {addRole.error !== null && (
                <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
                  {errorMessages(addRole.error).map(translate).join('\n')}
                </Alert>
              )}
              <Button
                variant="outlined"
                onClick={add}
                loading={addRole.isPending}
                sx={{ alignSelf: 'flex-start' }}
              >
                {t('users.roles.add')}
              </Button>
            </Stack>
          </>
        )}
      </DialogPanel>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
      <ConfirmationDialog
        open={toDelete !== null}
        text={t('users.roles.deleteConfirm', { role: toDelete?.description ?? '' })}
        busy={deleteRole.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </FormDialog>
  );
}

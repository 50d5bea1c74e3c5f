// The alert dialog's "Assigned to" picker: the people the alert may be assigned to
// (`GET /notifications/{id}/assignable-users`) and "Unassigned"; a choice is saved at once
// (`PUT /notifications/{id}/assignee`), the field waiting meanwhile and the server's words shown
// under it on failure.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import {
  type ActionableAlert,
  useAssignableUsers,
  useSetAlertAssignee,
} from '../api/alert-actions';

const NOBODY = '';

export function AlertAssignField({ alert }: { alert: ActionableAlert }) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const users = useAssignableUsers(alert.id, true);
  const mutation = useSetAlertAssignee();
  const current = alert.assigned_to_user_id ?? null;
  const value = mutation.isPending
    ? String(mutation.variables.userId ?? NOBODY)
    : String(current ?? NOBODY);
  const list = users.data ?? [];
  const missing = current !== null && !list.some((user) => user.id === current);

  const choose = (raw: string) => {
    const userId = raw === NOBODY ? null : Number(raw);
    if (userId === current) return;
    const name = list.find((user) => user.id === userId)?.name ?? '';
    mutation.mutate(
      { id: alert.id, userId },
      {
        onSuccess: () =>
          showMessage(
            userId === null ? t('alerts.assign.unassigned') : t('alerts.assign.assigned', { name }),
            'success',
          ),
      },
    );
  };

  const helper = mutation.isPending
    ? t('alerts.assign.saving')
    : mutation.isError
      ? [t('alerts.assign.failed'), ...errorMessages(mutation.error).map(translate)].join(' ')
      : users.isError
        ? [t('alerts.assign.loadFailed'), ...errorMessages(users.error).map(translate)].join(' ')
        : undefined;

  return (
    <TextField
      select
      fullWidth
      size="small"
      label={t('alerts.assign.label')}
      value={value}
      onChange={(event) => choose(event.target.value)}
      disabled={mutation.isPending}
      error={mutation.isError || users.isError}
      helperText={helper}
      data-testid="alert-assignee"
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value={NOBODY}>{t('alerts.assign.nobody')}</MenuItem>
      {list.map((user) => (
        <MenuItem key={user.id} value={String(user.id)}>
          {user.name}
        </MenuItem>
      ))}
      {missing && (
        <MenuItem value={String(current)}>{alert.assigned_to_name ?? `#${current}`}</MenuItem>
      )}
      {users.isPending && (
        <MenuItem disabled value="loading">
          {t('common.loading')}
        </MenuItem>
      )}
    </TextField>
  );
}

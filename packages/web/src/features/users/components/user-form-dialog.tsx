// Invite a person (email, names, phone and one role) or change one (names, phone, email).
import type { SessionRole } from '@flowsight/domain/auth';
import { grantableRoleTypes, grantBounds } from '@flowsight/domain/role-grants';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog, FormDialogActions } from '@/components/dialogs/form-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { formMessages, useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { useCreateUser } from '../api/create-user';
import type { UserRow } from '../api/get-users';
import { useUpdateUser } from '../api/update-user';
import { grantOf, NO_ROLE, type RoleDraft, roleDraftComplete } from '../utils/role-placement';
import { RoleFields } from './role-fields';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 ()\-.]{5,30}$/;
const NAME_MAX = 100;

type Values = { email: string; firstName: string; lastName: string; phone: string };

export type UserFormDialogProps = {
  open: boolean;
  /** The person to change; null invites a new one. */
  user: UserRow | null;
  activeRole: SessionRole;
  onClose: () => void;
};

function problems(values: Values, t: (key: 'users.phoneInvalid') => string) {
  const name = (text: string, required: string) =>
    text.trim() === '' ? required : text.trim().length > NAME_MAX ? formMessages.nameTooLong : '';
  return {
    email:
      values.email.trim() === ''
        ? formMessages.emailRequired
        : EMAIL.test(values.email.trim())
          ? ''
          : formMessages.emailInvalid,
    firstName: name(values.firstName, formMessages.firstNameRequired),
    lastName: name(values.lastName, formMessages.lastNameRequired),
    phone:
      values.phone.trim() === '' || PHONE.test(values.phone.trim()) ? '' : t('users.phoneInvalid'),
  };
}

export function UserFormDialog({ open, user, activeRole, onClose }: UserFormDialogProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const mutation = user === null ? createUser : updateUser;
  const grantable = grantableRoleTypes(activeRole);
  const bounds = grantBounds(activeRole);
  const [values, setValues] = useState<Values>({
    email: user?.email ?? '',
    firstName: user?.first_name ?? '',
    lastName: user?.last_name ?? '',
    phone: user?.phone ?? '',
  });
  const [role, setRole] = useState<RoleDraft>({ ...NO_ROLE, roleTypeId: grantable[0] ?? null });
  const [submitted, setSubmitted] = useState(false);
  const found = problems(values, t);
  const valid =
    Object.values(found).every((problem) => problem === '') &&
    (user !== null || roleDraftComplete(role, bounds));

  const field = (name: keyof Values) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    error: submitted && found[name] !== '',
    helperText: submitted && found[name] !== '' ? translate(found[name]) : undefined,
    fullWidth: true,
  });

  const onSubmit = () => {
    setSubmitted(true);
    if (!valid) return;
    const phone = values.phone.trim();
    if (user === null) {
      createUser.mutate(
        {
          email: values.email.trim(),
          first_name: values.firstName.trim(),
          last_name: values.lastName.trim(),
          ...(phone === '' ? {} : { phone }),
          roles: [grantOf(role, bounds)],
        },
        {
          onSuccess: (created) => {
            showMessage(t('users.invited', { email: created.email }));
            onClose();
          },
        },
      );
    } else {
      updateUser.mutate(
        {
          id: user.id,
          changes: {
            email: values.email.trim(),
            first_name: values.firstName.trim(),
            last_name: values.lastName.trim(),
            phone: phone === '' ? null : phone,
          },
        },
        {
          onSuccess: () => {
            showMessage(t('users.updated'));
            onClose();
          },
        },
      );
    }
  };

  return (
    <FormDialog open={open} onClose={onClose} maxWidth="sm">
      <DialogForm
        title={user === null ? t('users.inviteTitle') : t('users.editTitle')}
        onSubmit={onSubmit}
        data-testid="user-form"
        actions={
          <FormDialogActions
            cancelLabel={t('users.cancel')}
            submitLabel={user === null ? t('users.sendInvite') : t('users.save')}
            onCancel={onClose}
            submitLoading={mutation.isPending}
          />
        }
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          {user === null && <DialogContentText>{t('users.inviteHint')}</DialogContentText>}
          <TextField
            {...field('email')}
            type="email"
            required
            autoFocus
            label={t('users.fields.email')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
            <TextField {...field('firstName')} required label={t('users.fields.firstName')} />
            <TextField {...field('lastName')} required label={t('users.fields.lastName')} />
          </Stack>
          <TextField {...field('phone')} type="tel" label={t('users.fields.phone')} />
          {user === null && (
            <RoleFields
              value={role}
              onChange={setRole}
              activeRole={activeRole}
              showErrors={submitted}
            />
          )}
          {mutation.error !== null && (
            <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
              {errorMessages(mutation.error).map(translate).join('\n')}
            </Alert>
          )}
        </Stack>
      </DialogForm>
    </FormDialog>
  );
}

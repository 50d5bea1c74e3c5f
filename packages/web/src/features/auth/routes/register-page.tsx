import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { formMessages } from '@/i18n/messages';
import { useAddressSearch } from '@/lib/address-search';
import { errorMessages, isApiError } from '@/lib/api-error';
import { useInvitation } from '../api/get-invitation';
import { type RegisterAccountInput, useRegisterAccount } from '../api/register-account';
import { AuthCard } from '../components/auth-card';
import { InvalidLinkIcon } from '../components/auth-card-icon';
import { AuthSubmit } from '../components/auth-submit';
import { FormTextField } from '../components/form-text-field';
import {
  NewPasswordFields,
  type NewPasswordValues,
  newPasswordReady,
} from '../components/new-password-fields';
import { ServerMessages } from '../components/server-messages';
import type { NoticeKey } from '../utils/navigation-state';
import { nameProblem } from '../utils/validation';

const firstNameProblem = nameProblem(formMessages.firstNameRequired);
const lastNameProblem = nameProblem(formMessages.lastNameRequired);

type RegisterValues = NewPasswordValues & { firstName: string; lastName: string };

type Invitation = { email: string; first_name: string; last_name: string };

type RegisterFormProps = {
  token: string;
  invitation: Invitation;
};

function RegisterForm({ token, invitation }: RegisterFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const registerAccount = useRegisterAccount();
  const form = useForm<RegisterValues>({
    // Checked as the person types, never on blur alone (see the password form).
    mode: 'onChange',
    defaultValues: {
      firstName: invitation.first_name,
      lastName: invitation.last_name,
      newPassword: '',
      confirmPassword: '',
    },
  });
  const { register, handleSubmit, formState, control } = form;
  const [firstName, lastName, newPassword, confirmPassword] = useWatch({
    control,
    name: ['firstName', 'lastName', 'newPassword', 'confirmPassword'],
  });
  const valid =
    firstNameProblem(firstName) === true &&
    lastNameProblem(lastName) === true &&
    newPasswordReady({ newPassword, confirmPassword });

  const onSubmit = handleSubmit(({ firstName, lastName, newPassword }) => {
    const input: RegisterAccountInput = {
      token,
      first_name: firstName.trim(),
      last_name: lastName.trim(),
      password: newPassword,
    };
    const notice: NoticeKey = 'auth.register.success';
    registerAccount.mutate(input, {
      onSuccess: () => void navigate('/login', { replace: true, state: { notice } }),
    });
  });

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate spacing={2.5} useFlexGap onSubmit={onSubmit}>
        <TextField
          label={t('auth.fields.email')}
          type="email"
          name="username"
          autoComplete="username"
          value={invitation.email}
          fullWidth
          slotProps={{ input: { readOnly: true } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} useFlexGap>
          <FormTextField
            label={t('auth.fields.firstName')}
            autoComplete="given-name"
            autoFocus
            required
            error={formState.errors.firstName}
            registration={register('firstName', { validate: firstNameProblem })}
          />
          <FormTextField
            label={t('auth.fields.lastName')}
            autoComplete="family-name"
            required
            error={formState.errors.lastName}
            registration={register('lastName', { validate: lastNameProblem })}
          />
        </Stack>
        <NewPasswordFields />
        <AuthSubmit
          mutation={registerAccount}
          label={t('auth.register.submit')}
          disabled={!formState.isDirty || !valid}
        />
      </Stack>
    </FormProvider>
  );
}

function InvalidInvitation() {
  const { t } = useTranslation();
  return (
    <AuthCard
      data-testid="register-page"
      title={t('auth.register.invalidTitle')}
      subtitle={t('auth.register.invalidDescription')}
      icon={<InvalidLinkIcon />}
    >
      <Button component={RouterLink} to="/login" variant="contained" size="large">
        {t('auth.register.goToLogin')}
      </Button>
    </AuthCard>
  );
}

type InvitedRegistrationProps = {
  token: string;
};

function InvitedRegistration({ token }: InvitedRegistrationProps) {
  const { t } = useTranslation();
  const invitation = useInvitation(token);

  if (invitation.isPending) return <PageLoader label={t('auth.register.checking')} />;
  if (isApiError(invitation.error, 404)) return <InvalidInvitation />;
  return (
    <AuthCard
      data-testid="register-page"
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
    >
      {invitation.isError ? (
        <ServerMessages messages={errorMessages(invitation.error)} />
      ) : (
        <RegisterForm token={token} invitation={invitation.data} />
      )}
    </AuthCard>
  );
}

/**
 * Accepting an invitation (`/register?token=..`): the invited address is shown, the person sets
 * their name and a password, and then signs in.
 */
export function RegisterPage() {
  const [searchParams] = useAddressSearch();
  const token = searchParams.get('token') ?? '';
  return token === '' ? <InvalidInvitation /> : <InvitedRegistration token={token} />;
}

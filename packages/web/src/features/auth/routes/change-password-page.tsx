import { PASSWORD_RESET_REDIRECT_MS } from '@flowsight/domain/constants';
import { oldPasswordSchema, passwordMessages } from '@flowsight/domain/password';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { PASSWORD_CHANGED_MESSAGE } from '@/i18n/messages';
import { useAddressSearch } from '@/lib/address-search';
import { useAuth } from '@/lib/session';
import { useChangePassword } from '../api/change-password';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { InvalidLinkIcon } from '../components/auth-card-icon';
import { AuthSubmit } from '../components/auth-submit';
import {
  NewPasswordFields,
  type NewPasswordValues,
  newPasswordReady,
} from '../components/new-password-fields';
import { PasswordTextField } from '../components/password-text-field';
import { ServerMessages } from '../components/server-messages';
import { defaultPathOf } from '../utils/landing-path';

type ChangePasswordValues = NewPasswordValues & { oldPassword: string };

const emptyValues: ChangePasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

function oldPasswordProblem(value: string): string | true {
  return oldPasswordSchema.safeParse(value).success || passwordMessages.oldRequired;
}

type PasswordFormProps = {
  /** Reset mode: the emailed link's address and token. */
  reset: { email: string; token: string } | null;
};

/** Submit stays disabled until the form is both changed and valid (spec section 5). */
function PasswordForm({ reset }: PasswordFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isLoggedIn, signOut } = useAuth();
  const resetPassword = useResetPassword();
  const changePassword = useChangePassword();
  const mutation = reset === null ? changePassword : resetPassword;
  const [succeeded, setSucceeded] = useState(false);
  const form = useForm<ChangePasswordValues>({
    // Checked as the person types, never on blur alone: an error appearing on blur would shift
    // the links under the field just as they are clicked.
    mode: 'onChange',
    defaultValues: emptyValues,
  });
  const { register, handleSubmit, formState, control } = form;
  const [oldPassword, newPassword, confirmPassword] = useWatch({
    control,
    name: ['oldPassword', 'newPassword', 'confirmPassword'],
  });
  const valid =
    (reset !== null || oldPasswordProblem(oldPassword) === true) &&
    newPasswordReady({ newPassword, confirmPassword });

  // Reset mode: the success message stays up for a moment, then sign-in takes over.
  useEffect(() => {
    if (!succeeded || reset === null) return;
    const timer = window.setTimeout(
      () => void navigate('/login', { replace: true }),
      PASSWORD_RESET_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [succeeded, reset, navigate]);

  const onSubmit = handleSubmit(({ oldPassword, newPassword }) => {
    setSucceeded(false);
    const onSuccess = () => {
      setSucceeded(true);
      form.reset(emptyValues);
    };
    if (reset === null) {
      changePassword.mutate({ oldPassword, newPassword }, { onSuccess });
    } else {
      resetPassword.mutate(
        { ...reset, newPassword },
        {
          onSuccess: () => {
            // The reset retired every token of the account, this browser's included.
            if (isLoggedIn) signOut();
            onSuccess();
          },
        },
      );
    }
  });

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate spacing={2.5} useFlexGap onSubmit={onSubmit}>
        {reset === null && (
          <PasswordTextField
            label={t('auth.fields.oldPassword')}
            autoComplete="current-password"
            autoFocus
            required
            error={formState.errors.oldPassword}
            registration={register('oldPassword', {
              validate: oldPasswordProblem,
            })}
          />
        )}
        {reset !== null && (
          // Lets password managers file the new password under the right account.
          <input type="hidden" name="username" autoComplete="username" value={reset.email} />
        )}
        <NewPasswordFields autoFocus={reset !== null} />
        <AuthSubmit
          mutation={mutation}
          label={t('auth.passwordForm.submit')}
          disabled={!formState.isDirty || !valid}
          notice={
            succeeded && (
              <ServerMessages
                severity="success"
                messages={
                  reset === null
                    ? [PASSWORD_CHANGED_MESSAGE]
                    : [PASSWORD_CHANGED_MESSAGE, t('auth.passwordForm.redirecting')]
                }
              />
            )
          }
        />
      </Stack>
    </FormProvider>
  );
}

/**
 * One page, two uses (spec section 2): reset with the emailed link's `email` and `token`, or
 * change for a signed-in user. Neither shows `Invalid request`.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useAddressSearch();
  const { isInitialized, activeRole } = useAuth();
  const email = searchParams.get('email') ?? '';
  const token = searchParams.get('token') ?? '';

  if (email !== '' && token !== '') {
    return (
      <AuthCard
        data-testid="change-password-page"
        title={t('auth.passwordForm.resetTitle')}
        subtitle={t('auth.passwordForm.resetSubtitle', { email })}
        footer={
          <Button component={RouterLink} to="/login" startIcon={<ArrowBackRounded />}>
            {t('auth.passwordForm.backToLogin')}
          </Button>
        }
      >
        <PasswordForm reset={{ email, token }} />
      </AuthCard>
    );
  }

  if (!isInitialized) return <PageLoader />;
  if (activeRole !== null) {
    return (
      <AuthCard
        data-testid="change-password-page"
        title={t('auth.passwordForm.changeTitle')}
        subtitle={t('auth.passwordForm.changeSubtitle')}
        footer={
          <Button
            component={RouterLink}
            to={defaultPathOf(activeRole)}
            startIcon={<ArrowBackRounded />}
          >
            {t('common.back')}
          </Button>
        }
      >
        <PasswordForm reset={null} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      data-testid="change-password-page"
      title={t('messages.invalidRequest')}
      subtitle={t('auth.passwordForm.invalidDescription')}
      icon={<InvalidLinkIcon />}
    >
      <Stack spacing={1.5}>
        <Button component={RouterLink} to="/forgot-password" variant="contained" size="large">
          {t('auth.passwordForm.requestNewLink')}
        </Button>
        <Button component={RouterLink} to="/login" size="large">
          {t('auth.passwordForm.backToLogin')}
        </Button>
      </Stack>
    </AuthCard>
  );
}

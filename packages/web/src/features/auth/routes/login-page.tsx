import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useAuth } from '@/lib/session';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { AuthSubmit } from '../components/auth-submit';
import { FormTextField } from '../components/form-text-field';
import { PasswordTextField } from '../components/password-text-field';
import { readNotice } from '../utils/navigation-state';
import { emailProblem, loginPasswordProblem } from '../utils/validation';

type LoginValues = { email: string; password: string };

/**
 * Sign-in with email and password. Accounts with MFA continue on /code-verification; the others
 * are signed in here, and the guest guard takes them on to where they were going.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { startSession } = useAuth();
  const login = useLogin();
  const notice = readNotice(location.state);
  const { register, handleSubmit, formState } = useForm<LoginValues>({
    // Checked on submit, then as the person corrects: an error appearing on blur would shift
    // the links under the field just as they are clicked.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
  });

  // A new attempt that fails the field checks also clears the server's earlier answer.
  const onSubmit = handleSubmit(
    (credentials) => {
      login.mutate(credentials, {
        onSuccess: (answer) => {
          if (answer.mfa_enabled) {
            // The challenge travels in history state, never in the address bar.
            void navigate(
              { pathname: '/code-verification', search: location.search },
              { state: { mfaToken: answer.mfa_token, email: credentials.email } },
            );
          } else {
            startSession(answer);
          }
        },
      });
    },
    () => login.reset(),
  );

  return (
    <AuthCard
      data-testid="login-page"
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
    >
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
        {notice !== null && login.error === null && (
          <Alert severity="success" role="status">
            {t(notice)}
          </Alert>
        )}
        <FormTextField
          label={t('auth.fields.email')}
          type="email"
          inputMode="email"
          autoComplete="username"
          autoFocus
          required
          error={formState.errors.email}
          registration={register('email', { validate: emailProblem })}
        />
        <PasswordTextField
          label={t('auth.fields.password')}
          autoComplete="current-password"
          required
          error={formState.errors.password}
          registration={register('password', { validate: loginPasswordProblem })}
        />
        <Link
          component={RouterLink}
          to="/forgot-password"
          variant="body2"
          sx={{ alignSelf: 'flex-end', fontWeight: 500 }}
        >
          {t('auth.login.forgotPassword')}
        </Link>
        <AuthSubmit mutation={login} label={t('auth.login.submit')} />
      </Stack>
    </AuthCard>
  );
}

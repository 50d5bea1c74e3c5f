import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useAuth } from '@/lib/session';
import { useLoginMfa } from '../api/login-mfa';
import { AuthCard } from '../components/auth-card';
import { AuthSubmit } from '../components/auth-submit';
import { FormTextField } from '../components/form-text-field';
import { readMfaToken } from '../utils/navigation-state';
import { codeProblem } from '../utils/validation';

type CodeValues = { code: string };

/**
 * The second sign-in step: the 6-digit code emailed for the login attempt whose challenge
 * arrived in history state. Without one (opened directly, or expired) it sends back to sign in.
 */
export function CodeVerificationPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const mfaToken = readMfaToken(location.state);
  const { startSession } = useAuth();
  const loginMfa = useLoginMfa();
  const { register, handleSubmit, formState } = useForm<CodeValues>({
    // Checked on submit, then as the person corrects: an error appearing on blur would shift
    // the links under the field just as they are clicked.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { code: '' },
  });
  const backToLogin = (
    <Button
      component={RouterLink}
      to={{ pathname: '/login', search: location.search }}
      startIcon={<ArrowBackRounded />}
    >
      {t('auth.codeVerification.backToLogin')}
    </Button>
  );

  if (mfaToken === null) {
    return (
      <AuthCard
        data-testid="code-verification-page"
        title={t('auth.codeVerification.expiredTitle')}
        subtitle={t('auth.codeVerification.expiredDescription')}
        footer={backToLogin}
      />
    );
  }

  // A new attempt that fails the field checks also clears the server's earlier answer.
  const onSubmit = handleSubmit(
    ({ code }) => {
      loginMfa.mutate({ mfa_token: mfaToken, code: code.trim() }, { onSuccess: startSession });
    },
    () => loginMfa.reset(),
  );

  return (
    <AuthCard
      data-testid="code-verification-page"
      title={t('auth.codeVerification.title')}
      subtitle={t('auth.codeVerification.subtitle')}
      footer={backToLogin}
    >
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
        <FormTextField
          label={t('auth.fields.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          required
          error={formState.errors.code}
          registration={register('code', { validate: codeProblem })}
        />
        <AuthSubmit mutation={loginMfa} label={t('auth.codeVerification.submit')} />
      </Stack>
    </AuthCard>
  );
}

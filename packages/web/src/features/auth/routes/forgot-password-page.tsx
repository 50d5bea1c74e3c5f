import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useSendPasswordResetEmail } from '../api/send-password-reset-email';
import { AuthCard } from '../components/auth-card';
import { AuthSubmit } from '../components/auth-submit';
import { FormTextField } from '../components/form-text-field';
import { readEmail } from '../utils/navigation-state';
import { emailProblem } from '../utils/validation';

type ForgotPasswordValues = { email: string };

/** Asks for the account's email and mails it a reset link, then says to check the mail. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const sendEmail = useSendPasswordResetEmail();
  const { register, handleSubmit, formState } = useForm<ForgotPasswordValues>({
    // Checked on submit, then as the person corrects: an error appearing on blur would shift
    // the links under the field just as they are clicked.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // "Send again" on the check-mail page comes back here with the address filled in.
    defaultValues: { email: readEmail(location.state) ?? '' },
  });

  // A new attempt that fails the field checks also clears the server's earlier answer.
  const onSubmit = handleSubmit(
    ({ email }) => {
      sendEmail.mutate(
        { email },
        { onSuccess: () => void navigate('/check-mail', { state: { email: email.trim() } }) },
      );
    },
    () => sendEmail.reset(),
  );

  return (
    <AuthCard
      data-testid="forgot-password-page"
      title={t('auth.forgotPassword.title')}
      subtitle={t('auth.forgotPassword.subtitle')}
      footer={
        <Button component={RouterLink} to="/login" startIcon={<ArrowBackRounded />}>
          {t('auth.forgotPassword.backToLogin')}
        </Button>
      }
    >
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
        <FormTextField
          label={t('auth.fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoFocus
          required
          error={formState.errors.email}
          registration={register('email', { validate: emailProblem })}
        />
        <AuthSubmit mutation={sendEmail} label={t('auth.forgotPassword.submit')} />
      </Stack>
    </AuthCard>
  );
}

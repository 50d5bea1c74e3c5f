import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { AuthCardIcon } from '../components/auth-card-icon';
import { readEmail } from '../utils/navigation-state';

/**
 * After "forgot password": the link is on its way. It never says whether the address has an
 * account, just as the server's answer does not.
 */
export function CheckMailPage() {
  const { t } = useTranslation();
  const email = readEmail(useLocation().state);

  return (
    <AuthCard
      data-testid="check-mail-page"
      title={t('auth.checkMail.title')}
      icon={
        <AuthCardIcon>
          <MarkEmailReadOutlined />
        </AuthCardIcon>
      }
      subtitle={
        email === null
          ? t('auth.checkMail.descriptionNoEmail')
          : t('auth.checkMail.description', { email })
      }
    >
      <Stack spacing={2.5}>
        <Button component={RouterLink} to="/login" variant="contained" size="large">
          {t('auth.checkMail.backToLogin')}
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          {t('auth.checkMail.spamHint')}{' '}
          <Link component={RouterLink} to="/forgot-password" state={{ email }}>
            {t('auth.checkMail.sendAgain')}
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}

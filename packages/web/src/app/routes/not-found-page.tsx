import HomeRounded from '@mui/icons-material/HomeRounded';
import TravelExploreRounded from '@mui/icons-material/TravelExploreRounded';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StatusMessage } from '@/components/status-message';

/** Shown for any path no route matches, and for loaders that answer 404. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusMessage
      data-testid="not-found-page"
      icon={<TravelExploreRounded />}
      code={404}
      title={t('notFound.title')}
      description={t('notFound.description')}
      actions={
        <Button
          component={RouterLink}
          to="/"
          variant="contained"
          size="large"
          startIcon={<HomeRounded />}
        >
          {t('common.backHome')}
        </Button>
      }
    />
  );
}

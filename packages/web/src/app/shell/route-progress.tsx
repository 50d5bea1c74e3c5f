// A thin bar above the page while the next route's code (or a redirect's target) loads: the page
// shown until then stays, and nobody stares at an unchanged or empty area wondering.
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

export function RouteProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <LinearProgress
      aria-label={t('common.loading')}
      data-testid="route-progress"
      sx={{ position: 'sticky', top: 0, zIndex: 1, mb: 1, mt: -1 }}
    />
  );
}

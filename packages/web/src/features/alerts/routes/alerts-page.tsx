// /alerts (system roles; spec section 2): every alert, opening on the open statuses 1 and 2 when
// the address names none.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AlertList } from '../components/alert-list';
import { DEFAULT_ALERT_STATUSES } from '../utils/alert-list-params';

const everyAlert = { scope: 'all' } as const;

export function AlertsPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} data-testid="alerts-page">
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 } }}>
        {t('alerts.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('alerts.list.intro')}</Typography>
      <AlertList source={everyAlert} defaultStatuses={DEFAULT_ALERT_STATUSES} />
    </Stack>
  );
}

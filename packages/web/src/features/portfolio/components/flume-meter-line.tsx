// The building's Flume meter in one line under its title: "Flume meter <device> ·
// account <name> · last synced <when>", and the last error in words when there is one. Nothing
// at all without a meter, while loading, or when the call fails: the line is a fact, not a state.
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { displayDate } from '@/lib/display-date';
import { timeAgo } from '@/lib/time-ago';
import { useBuildingFlumeMeter } from '../api/get-building-flume-meter';

export function FlumeMeterLine({ buildingId }: { buildingId: number }) {
  const { t, i18n } = useTranslation();
  const { data: meter } = useBuildingFlumeMeter(buildingId);
  if (meter === undefined || meter === null) return null;
  const names = { device: meter.device_id, account: meter.account_name };
  return (
    <Box component="span" sx={{ display: 'block', mt: 0.25 }} data-testid="building-flume-meter">
      {meter.last_sync_at === null ? (
        t('portfolio.flumeMeter.lineNotSynced', names)
      ) : (
        <span title={displayDate(meter.last_sync_at, i18n.language)}>
          {t('portfolio.flumeMeter.line', {
            ...names,
            when: timeAgo(meter.last_sync_at, Date.now(), i18n.language),
          })}
        </span>
      )}
      {meter.last_error !== null && (
        <Box
          component="span"
          sx={{ display: 'block', color: 'error.main' }}
          data-testid="building-flume-error"
        >
          {t('portfolio.flumeMeter.error', { error: meter.last_error })}
        </Box>
      )}
    </Box>
  );
}

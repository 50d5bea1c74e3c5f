// The micrometer on the bench: state, battery, firmware, when it was last heard and its newest
// readings, refreshed live while the page is visible.
import { SensorState } from '@flowsight/domain/lookups';
import FiberManualRecordRounded from '@mui/icons-material/FiberManualRecordRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { displayDate } from '@/lib/display-date';
import { timeAgo } from '@/lib/time-ago';
import type { BenchMicrometer } from '../api/get-micrometer-by-mac';
import type { BenchReading } from '../api/get-micrometer-readings';

const stateColor = (id: number): 'success' | 'error' | 'info' | 'default' => {
  if (id === SensorState.Tested) return 'success';
  if (id === SensorState.Defective) return 'error';
  if (id === SensorState.Installed) return 'info';
  return 'default';
};

type FactProps = { label: string; value: string; detail?: string; testId: string };

function Fact({ label, value, detail, testId }: FactProps) {
  return (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, fontSize: 18, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      {detail !== undefined && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {detail}
        </Typography>
      )}
    </Box>
  );
}

export type BenchMicrometerCardProps = {
  micrometer: BenchMicrometer;
  readings: readonly BenchReading[] | undefined;
  /** The clock the "… ago" texts are measured against. */
  now: number;
};

export function BenchMicrometerCard({ micrometer, readings, now }: BenchMicrometerCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const heard = (value: string | null) =>
    value === null ? t('sensorTesting.card.never') : timeAgo(value, now, language);
  const exact = (value: string | null) =>
    value === null ? undefined : displayDate(value, language, { timeStyle: 'medium' });
  const lastTest = micrometer.last_test;

  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, p: 2 }} data-testid="bench-micrometer">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography
          component="h2"
          sx={{ fontFamily: 'monospace', fontSize: 20, fontWeight: 700, letterSpacing: 0.5 }}
          data-testid="bench-mac"
        >
          {micrometer.mac_address}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Chip
          label={t(
            `sensorTesting.states.${micrometer.sensor_state_id}` as 'sensorTesting.states.1',
          )}
          color={stateColor(micrometer.sensor_state_id)}
          data-testid="bench-state"
        />
      </Stack>
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ alignItems: 'center', color: 'success.main', mt: 0.5 }}
      >
        <FiberManualRecordRounded sx={{ fontSize: 12 }} />
        <Typography variant="caption">{t('sensorTesting.card.live')}</Typography>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
          gap: 2,
          mt: 2,
        }}
      >
        <Fact
          testId="bench-battery"
          label={t('sensorTesting.card.battery')}
          value={
            micrometer.battery === null
              ? t('sensorTesting.card.unknown')
              : t('sensorTesting.card.percent', { value: micrometer.battery })
          }
        />
        <Fact
          testId="bench-firmware"
          label={t('sensorTesting.card.firmware')}
          value={micrometer.firmware_version ?? t('sensorTesting.card.unknown')}
        />
        <Fact
          testId="bench-keepalive"
          label={t('sensorTesting.card.lastKeepalive')}
          value={heard(micrometer.last_keepalive)}
          detail={exact(micrometer.last_keepalive)}
        />
        <Fact
          testId="bench-submission"
          label={t('sensorTesting.card.lastReading')}
          value={heard(micrometer.last_submission)}
          detail={exact(micrometer.last_submission)}
        />
      </Box>
      {lastTest !== null && (
        <Typography variant="body2" sx={{ mt: 2 }} data-testid="bench-last-test">
          {lastTest.passed
            ? t('sensorTesting.card.lastPassed', {
                date: displayDate(lastTest.tested_at, language),
              })
            : t('sensorTesting.card.lastFailed', {
                date: displayDate(lastTest.tested_at, language),
                reason: lastTest.notes ?? '',
              })}
        </Typography>
      )}
      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('sensorTesting.readings.title')}
      </Typography>
      {readings === undefined ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('common.loading')}
        </Typography>
      ) : readings.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('sensorTesting.readings.empty')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={0.75} sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {readings.map((reading) => (
            <Stack
              component="li"
              key={reading.id}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'baseline' }}
              data-testid="bench-reading"
            >
              <Typography variant="body2" sx={{ minWidth: 86, color: 'text.secondary' }}>
                {displayDate(reading.measured_at, language, { timeStyle: 'medium' })}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t(`sensorTesting.kinds.${reading.kind}`)}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', minWidth: 0 }} noWrap>
                {reading.gallons !== null
                  ? t('sensorTesting.readings.gallons', { value: reading.gallons })
                  : reading.battery !== null
                    ? t('sensorTesting.card.percent', { value: reading.battery })
                    : (reading.error ?? '')}
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

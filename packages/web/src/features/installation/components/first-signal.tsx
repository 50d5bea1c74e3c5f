// After installing: waits for the micrometer's first keep-alive or reading after the assignment
// (asking the server every few seconds) and shows it arrived.
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '@/lib/api-error';
import { displayDate } from '@/lib/display-date';
import { type InstalledMicrometer, useMicrometer } from '../api/get-micrometer';
import { signalArrived } from '../utils/installation-steps';

export type FirstSignalProps = {
  sensorId: number;
  since: string;
  onNextInUnit: () => void;
  onNextUnit: () => void;
};

function useElapsedSeconds(since: string, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  return Math.max(0, Math.round((now - Date.parse(since)) / 1000));
}

export function FirstSignal({ sensorId, since, onNextInUnit, onNextUnit }: FirstSignalProps) {
  const { t, i18n } = useTranslation();
  const waiting = useCallback((m: InstalledMicrometer) => !signalArrived(m, since), [since]);
  const micrometer = useMicrometer(sensorId, waiting);
  const sensor = micrometer.data;
  const arrived = sensor !== undefined && signalArrived(sensor, since);
  const elapsed = useElapsedSeconds(since, !arrived);
  const heardAt = sensor
    ? [sensor.last_keepalive, sensor.last_submission]
        .filter((value): value is string => value !== null && Date.parse(value) > Date.parse(since))
        .sort()
        .at(0)
    : undefined;

  return (
    <Stack spacing={2} data-testid="first-signal">
      <Paper variant="outlined" sx={{ borderRadius: 3, p: 3, textAlign: 'center' }}>
        {arrived ? (
          <Stack spacing={1} sx={{ alignItems: 'center' }} data-testid="signal-arrived">
            <CheckCircleRounded sx={{ fontSize: 72, color: 'success.main' }} />
            <Typography variant="h5" component="h2">
              {t('installation.signal.arrived')}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              {t('installation.signal.heardAt', {
                date: displayDate(heardAt ?? null, i18n.language, { timeStyle: 'medium' }),
              })}
            </Typography>
            <Box sx={{ fontFamily: 'monospace', fontWeight: 700 }}>{sensor.mac_address}</Box>
            <Typography variant="body2">
              {[
                sensor.battery !== null &&
                  t('installation.confirm.battery', { value: sensor.battery }),
                sensor.firmware_version !== null &&
                  t('installation.signal.firmware', { version: sensor.firmware_version }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          </Stack>
        ) : (
          <Stack spacing={1.5} sx={{ alignItems: 'center' }} data-testid="signal-waiting">
            <CircularProgress size={56} aria-label={t('installation.signal.waiting')} />
            <Typography variant="h6" component="h2">
              {t('installation.signal.waiting')}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              {t('installation.signal.hint')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('installation.signal.elapsed', { seconds: elapsed })}
            </Typography>
            {sensor && (
              <Box sx={{ fontFamily: 'monospace', fontWeight: 700 }}>{sensor.mac_address}</Box>
            )}
          </Stack>
        )}
      </Paper>
      {micrometer.isError && (
        <Alert severity="error">{errorMessages(micrometer.error).join(' ')}</Alert>
      )}
      <Stack spacing={1.5} sx={{ position: 'sticky', bottom: 8 }}>
        <Button
          variant={arrived ? 'contained' : 'outlined'}
          size="large"
          onClick={onNextInUnit}
          sx={{ minHeight: 60, fontSize: 17, bgcolor: arrived ? undefined : 'background.paper' }}
          data-testid="next-in-unit"
        >
          {t('installation.signal.nextInUnit')}
        </Button>
        <Button
          variant="outlined"
          size="large"
          onClick={onNextUnit}
          sx={{ minHeight: 52, bgcolor: 'background.paper' }}
        >
          {t('installation.signal.nextUnit')}
        </Button>
      </Stack>
    </Stack>
  );
}

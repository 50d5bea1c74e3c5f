// /micrometers/testing (sensor tester's landing page; system roles too): type or scan a
// micrometer's MAC, watch its keep-alives and readings arrive live, mark it passed or failed
// (with a reason), and go straight on to the next one. Built for one hand on a phone: big
// targets, the verdict buttons in a bar at the bottom of the screen.
import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { MacEntryForm, type MacEntryLabels } from '@/components/mac-entry-form';
import { PageHeader } from '@/components/page-header';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { mayCallRoute } from '@/lib/permissions';
import { useSignedInSession } from '@/lib/session';
import { useMicrometerByMac } from '../api/get-micrometer-by-mac';
import { useMicrometerReadings } from '../api/get-micrometer-readings';
import { useRecordBenchTest } from '../api/record-bench-test';
import { BenchMicrometerCard } from '../components/bench-micrometer-card';
import { FailReasonDialog } from '../components/fail-reason-dialog';
import { FailedTestsList } from '../components/failed-tests-list';

function useMacEntryLabels(): MacEntryLabels {
  const { t } = useTranslation();
  return {
    field: t('sensorTesting.mac.label'),
    placeholder: t('sensorTesting.mac.placeholder'),
    invalid: t('sensorTesting.mac.invalid'),
    submit: t('sensorTesting.mac.submit'),
    scan: t('sensorTesting.mac.scan'),
    scanner: {
      title: t('sensorTesting.scanner.title'),
      hint: t('sensorTesting.scanner.hint'),
      cameraFailed: t('sensorTesting.scanner.cameraFailed'),
      notAMac: (raw) => t('sensorTesting.scanner.notAMac', { raw }),
      cancel: t('sensorTesting.scanner.cancel'),
    },
  };
}

/** A clock for "… ago" texts that ticks every second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function SensorTestingPage() {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const { activeRole } = useSignedInSession();
  const labels = useMacEntryLabels();
  const now = useNow();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [typed, setTyped] = useState('');
  const [mac, setMac] = useState<string | null>(null);
  const [failing, setFailing] = useState(false);
  const micrometer = useMicrometerByMac(mac);
  const readings = useMicrometerReadings(micrometer.data?.id);
  const record = useRecordBenchTest();
  const mayClear = mayCallRoute('DELETE /sensors/tested', activeRole.user_role_type_id);
  const sensor = micrometer.data;

  const nextSensor = () => {
    setMac(null);
    setTyped('');
    // After the dialog or the bar has gone: the field takes the next scan or typing at once.
    window.setTimeout(() => inputRef.current?.focus(), 0);
  };

  const verdict = (passed: boolean, reason?: string) => {
    if (!sensor) return;
    record.mutate(
      { sensorId: sensor.id, passed, ...(reason === undefined ? {} : { reason }) },
      {
        onSuccess: (result) => {
          setFailing(false);
          showMessage(
            t(passed ? 'sensorTesting.saved.passed' : 'sensorTesting.saved.failed', {
              mac: result.mac_address,
            }),
            'success',
          );
          nextSensor();
        },
        onError: (error) => {
          setFailing(false);
          showMessage(errorMessages(error).map(translate).join(' '), 'error');
        },
      },
    );
  };

  return (
    <Stack spacing={2} data-testid="sensor-testing-page" sx={{ maxWidth: 760, mx: 'auto' }}>
      <PageHeader title={t('sensorTesting.title')} intro={t('sensorTesting.intro')} />
      <Paper variant="outlined" sx={{ borderRadius: 3, p: 2 }}>
        <MacEntryForm
          value={typed}
          onChange={setTyped}
          onSubmit={(next) => {
            setTyped(next);
            setMac(next);
          }}
          labels={labels}
          inputRef={inputRef}
          autoFocus
        />
      </Paper>
      {mac !== null && micrometer.isPending && (
        <Typography sx={{ color: 'text.secondary' }}>{t('common.loading')}</Typography>
      )}
      {mac !== null && micrometer.isError && (
        <Alert severity="error" data-testid="bench-error">
          {errorMessages(micrometer.error).map(translate).join(' ')}
        </Alert>
      )}
      {sensor && (
        <BenchMicrometerSection sensor={sensor} readings={readings.data?.data} now={now} />
      )}
      <FailedTestsList mayClear={mayClear} />
      {sensor && (
        <Paper
          elevation={8}
          sx={{
            position: 'sticky',
            bottom: { xs: 8, sm: 16 },
            borderRadius: 3,
            p: 1.5,
            zIndex: (theme) => theme.zIndex.appBar - 1,
          }}
          data-testid="bench-verdict"
        >
          <Stack direction="row" spacing={1.5}>
            <Button
              variant="contained"
              color="error"
              size="large"
              startIcon={<CancelRounded />}
              onClick={() => setFailing(true)}
              disabled={record.isPending}
              sx={{ flex: 1, minHeight: 64, fontSize: 20 }}
            >
              {t('sensorTesting.verdict.fail')}
            </Button>
            <Button
              variant="contained"
              color="success"
              size="large"
              startIcon={<CheckCircleRounded />}
              onClick={() => verdict(true)}
              disabled={record.isPending}
              sx={{ flex: 1, minHeight: 64, fontSize: 20 }}
            >
              {t('sensorTesting.verdict.pass')}
            </Button>
          </Stack>
        </Paper>
      )}
      <FailReasonDialog
        open={failing}
        mac={sensor?.mac_address ?? ''}
        busy={record.isPending}
        onConfirm={(reason) => verdict(false, reason)}
        onCancel={() => setFailing(false)}
        onExited={() => {
          // The dialog's focus trap lets go only now: hand the field the next MAC.
          if (mac === null) inputRef.current?.focus();
        }}
      />
    </Stack>
  );
}

type BenchMicrometerSectionProps = {
  sensor: NonNullable<ReturnType<typeof useMicrometerByMac>['data']>;
  readings: Parameters<typeof BenchMicrometerCard>[0]['readings'];
  now: number;
};

function BenchMicrometerSection({ sensor, readings, now }: BenchMicrometerSectionProps) {
  const { t } = useTranslation();
  return (
    <Box>
      {sensor.company_id !== null && (
        <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="bench-not-stock">
          {t('sensorTesting.notStock', { company: sensor.company_name ?? '' })}
        </Alert>
      )}
      <BenchMicrometerCard micrometer={sensor} readings={readings} now={now} />
    </Box>
  );
}

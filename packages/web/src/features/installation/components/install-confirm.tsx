// The confirm step: the scanned micrometer (looked up first, so a wrong MAC is caught before
// anything changes) and where it goes; "Install" assigns it. Server refusals show as they are.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '@/lib/api-error';
import { useMicrometerByMac } from '../api/get-micrometer-by-mac';

export type InstallConfirmProps = {
  mac: string;
  /** Where the micrometer goes, in words: property, building, unit, fixture. */
  place: readonly { label: string; value: string }[];
  busy: boolean;
  /** The refusal of the last attempt, as the server worded it. */
  refusal: readonly string[] | null;
  onInstall: (sensorMac: string) => void;
  onRescan: () => void;
};

export function InstallConfirm({
  mac,
  place,
  busy,
  refusal,
  onInstall,
  onRescan,
}: InstallConfirmProps) {
  const { t } = useTranslation();
  const micrometer = useMicrometerByMac(mac);
  const sensor = micrometer.data;

  return (
    <Stack spacing={2} data-testid="install-confirm">
      <Paper variant="outlined" sx={{ borderRadius: 3, p: 2 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('installation.confirm.micrometer')}
        </Typography>
        <Typography
          sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: 20, overflowWrap: 'anywhere' }}
          data-testid="confirm-mac"
        >
          {sensor?.mac_address ?? mac}
        </Typography>
        {sensor && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t(`installation.states.${sensor.sensor_state_id}` as 'installation.states.1')}
            {sensor.battery !== null &&
              ` · ${t('installation.confirm.battery', { value: sensor.battery })}`}
          </Typography>
        )}
        <Stack component="dl" spacing={1} sx={{ m: 0, mt: 2 }}>
          {place.map((row) => (
            <Stack key={row.label} direction="row" spacing={1}>
              <Typography component="dt" sx={{ color: 'text.secondary', minWidth: 84 }}>
                {row.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {row.value}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </Paper>
      {micrometer.isPending && (
        <Typography sx={{ color: 'text.secondary' }}>{t('common.loading')}</Typography>
      )}
      {micrometer.isError && (
        <Alert severity="error" data-testid="install-error">
          {errorMessages(micrometer.error).join(' ')}
        </Alert>
      )}
      {refusal !== null && (
        <Alert severity="error" data-testid="install-error">
          {refusal.join(' ')}
        </Alert>
      )}
      <Stack direction="row" spacing={1.5} sx={{ position: 'sticky', bottom: 8 }}>
        <Button
          variant="outlined"
          size="large"
          onClick={onRescan}
          sx={{
            flex: '0 0 auto',
            minHeight: 60,
            whiteSpace: 'nowrap',
            bgcolor: 'background.paper',
          }}
        >
          {t('installation.confirm.rescan')}
        </Button>
        <Button
          variant="contained"
          size="large"
          disabled={!sensor || busy}
          onClick={() => sensor && onInstall(sensor.mac_address)}
          sx={{ flex: 1, minHeight: 60, fontSize: 18 }}
          data-testid="install-button"
        >
          {t('installation.confirm.install')}
        </Button>
      </Stack>
    </Stack>
  );
}

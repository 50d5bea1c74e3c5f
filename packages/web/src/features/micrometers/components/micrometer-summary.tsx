// One micrometer in a line or two: MAC, state and status, and where it is (or "in stock").
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Micrometer } from '../api/get-micrometers';
import { NO_VALUE, useMicrometerLabel } from '../utils/micrometer-format';
import { MicrometerStateChip, MicrometerStatusChip } from './micrometer-chips';

export type MicrometerSummaryProps = { micrometer: Micrometer; actions?: ReactNode };

export function MicrometerSummary({ micrometer, actions }: MicrometerSummaryProps) {
  const { t } = useTranslation();
  const label = useMicrometerLabel();
  const place =
    micrometer.company_id === null
      ? t('micrometers.summary.stock')
      : [
          micrometer.company_name,
          micrometer.property_name,
          micrometer.building_name,
          micrometer.unit_name,
          label('fixtures', micrometer.appliance_type_id),
        ]
          .filter((part) => part !== null && part !== '')
          .join(' · ') || NO_VALUE;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, borderRadius: 2, maxWidth: 860 }}
      data-testid="micrometer-summary"
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Typography sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: 17 }}>
              {micrometer.mac_address}
            </Typography>
            <MicrometerStateChip stateId={micrometer.sensor_state_id} />
            <MicrometerStatusChip statusId={micrometer.sensor_status_id} />
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="summary-place">
            {place}
          </Typography>
        </Stack>
        {actions}
      </Stack>
    </Paper>
  );
}

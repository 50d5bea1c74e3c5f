// The company's unaccounted-water threshold beside its appliance thresholds (docs/detection.md):
// the share of a building's use and the least gallons a day that no fixture micrometer accounts
// for, on days in a row with the main line reporting, before a building-level leak alert. Its own
// values in bold, else the defaults; editors change them in a dialog.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditButton } from '@/components/edit-button';
import { numberFormats } from '@/lib/number-format';
import {
  type UnaccountedThreshold,
  useUnaccountedThreshold,
} from '../api/get-unaccounted-threshold';
import { useThresholdError } from '../utils/threshold-messages';
import { UnaccountedThresholdDialog } from './unaccounted-threshold-dialog';

export type UnaccountedWaterCardProps = { companyId: number; canEdit: boolean };

type SettingProps = { label: string; own: string | null; fallback: string; testId: string };

function Setting({ label, own, fallback, testId }: SettingProps) {
  return (
    <Box sx={{ minWidth: 180 }}>
      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography
        variant="body2"
        data-testid={testId}
        sx={own === null ? { color: 'text.secondary' } : { fontWeight: 600 }}
      >
        {own ?? fallback}
      </Typography>
    </Box>
  );
}

export function UnaccountedWaterCard({ companyId, canEdit }: UnaccountedWaterCardProps) {
  const { t, i18n } = useTranslation();
  const threshold = useUnaccountedThreshold(companyId);
  const describeError = useThresholdError();
  const [editing, setEditing] = useState<UnaccountedThreshold | null>(null);
  const number = (value: number) => numberFormats(i18n.language).precise(value);
  const data = threshold.data;

  return (
    <Paper variant="outlined" sx={{ borderRadius: 2, p: 2 }} data-testid="unaccounted-card">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('thresholds.unaccounted.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('thresholds.unaccounted.intro', { days: data?.window_days ?? 3 })}
          </Typography>
        </Box>
        {canEdit && data !== undefined && (
          <EditButton
            label={t('thresholds.edit')}
            name={t('thresholds.unaccounted.edit')}
            onClick={() => setEditing(data)}
            testId="unaccounted-edit"
          />
        )}
      </Stack>
      {threshold.isPending && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('common.loading')}
        </Typography>
      )}
      {threshold.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {t('thresholds.loadError')} {describeError(threshold.error)}
        </Alert>
      )}
      {data !== undefined && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }} sx={{ mt: 1.5 }}>
          <Setting
            label={t('thresholds.unaccounted.share')}
            own={data.share_percent === null ? null : `${number(data.share_percent)} %`}
            fallback={t('thresholds.defaultValue', {
              value: `${number(data.default_share_percent)} %`,
            })}
            testId="unaccounted-share"
          />
          <Setting
            label={t('thresholds.unaccounted.gallons')}
            own={
              data.min_gallons_per_day === null
                ? null
                : t('thresholds.unaccounted.gallonsPerDay', {
                    value: number(data.min_gallons_per_day),
                  })
            }
            fallback={t('thresholds.defaultValue', {
              value: t('thresholds.unaccounted.gallonsPerDay', {
                value: number(data.default_min_gallons_per_day),
              }),
            })}
            testId="unaccounted-gallons"
          />
        </Stack>
      )}
      <UnaccountedThresholdDialog
        companyId={companyId}
        threshold={editing}
        onClose={() => setEditing(null)}
      />
    </Paper>
  );
}

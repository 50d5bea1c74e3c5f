// Monthly / Weekly / Daily / Hourly (spec section 3): which buckets the usage chart shows.
import { Granularity, type GranularityId, granularities } from '@flowsight/domain/granularity';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';

const labelKeys = {
  [Granularity.Monthly]: 'usage.granularity.monthly',
  [Granularity.Weekly]: 'usage.granularity.weekly',
  [Granularity.Daily]: 'usage.granularity.daily',
  [Granularity.Hourly]: 'usage.granularity.hourly',
} as const;

export type GranularitySwitchProps = {
  value: GranularityId;
  onChange: (value: GranularityId) => void;
};

export function GranularitySwitch({ value, onChange }: GranularitySwitchProps) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      aria-label={t('usage.granularity.label')}
      onChange={(_event, next: GranularityId | null) => {
        if (next !== null) onChange(next);
      }}
      sx={{ '& .MuiToggleButton-root': { px: { xs: 1.25, sm: 1.5 }, textTransform: 'none' } }}
    >
      {granularities.map((row) => (
        <ToggleButton key={row.id} value={row.id} data-testid={`granularity-${row.id}`}>
          {t(labelKeys[row.id])}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

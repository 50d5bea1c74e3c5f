// The switch of a building's or a property's usage chart that shows the unaccounted water as its
// own part of each bucket. Its own module: only the charts tabs load it, not the dashboard.
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import type { UnaccountedToggleProps } from './usage-trend-card';

export function UnaccountedToggle({ checked, onChange }: UnaccountedToggleProps) {
  const { t } = useTranslation();
  return (
    <FormControlLabel
      control={
        <Switch
          size="small"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          data-testid="unaccounted-switch"
        />
      }
      label={t('usage.water.showUnaccounted')}
      slotProps={{ typography: { variant: 'body2' } }}
      // The small switch's own padding lines it up with the card's edge.
      sx={{ ml: -0.75, mr: 0 }}
    />
  );
}

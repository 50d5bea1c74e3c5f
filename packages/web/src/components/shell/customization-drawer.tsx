// The interface settings panel, opened from the header: light/dark, preset colour, direction,
// font, mini drawer and container, each applied at once and kept in localStorage.
import CloseRounded from '@mui/icons-material/CloseRounded';
import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@/lib/settings-context';
import {
  containerChoices,
  directions,
  fontChoices,
  type Settings,
  themeModes,
  themePresets,
} from '@/lib/settings-storage';
import { presetColours } from '@/lib/theme';

type SectionProps = { title: string; children: ReactNode };

function Section({ title, children }: SectionProps) {
  return (
    <Box component="section" sx={{ px: 2.5, py: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1.25, color: 'text.secondary' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

type ChoiceGroupProps<T extends string> = {
  label: string;
  value: T;
  choices: readonly T[];
  labelOf: (choice: T) => string;
  onChange: (choice: T) => void;
  testId: string;
};

function ChoiceGroup<T extends string>({
  label,
  value,
  choices,
  labelOf,
  onChange,
  testId,
}: ChoiceGroupProps<T>) {
  return (
    <ToggleButtonGroup
      exclusive
      fullWidth
      size="small"
      color="primary"
      value={value}
      aria-label={label}
      data-testid={testId}
      onChange={(_event, next: T | null) => {
        if (next !== null) onChange(next);
      }}
    >
      {choices.map((choice) => (
        <ToggleButton key={choice} value={choice}>
          {labelOf(choice)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

export type CustomizationDrawerProps = {
  open: boolean;
  onClose: () => void;
};

export function CustomizationDrawer({ open, onClose }: CustomizationDrawerProps) {
  const { t } = useTranslation();
  const mode = useTheme().palette.mode;
  const { settings, updateSettings, resetSettings } = useSettings();
  const change = (next: Partial<Settings>) => updateSettings(next);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: { xs: '100%', sm: 340 } }, 'aria-label': t('customize.title') },
      }}
      data-testid="customization-drawer"
      // Above the shell's header, which sits over the side drawer.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2.5, py: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('customize.title')}
        </Typography>
        <Tooltip title={t('customize.reset')}>
          <IconButton aria-label={t('customize.reset')} onClick={resetSettings}>
            <RestartAltRounded />
          </IconButton>
        </Tooltip>
        <IconButton aria-label={t('common.close')} onClick={onClose}>
          <CloseRounded />
        </IconButton>
      </Stack>
      <Divider />
      <Section title={t('customize.mode')}>
        <ChoiceGroup
          label={t('customize.mode')}
          testId="setting-mode"
          value={settings.mode}
          choices={themeModes}
          labelOf={(choice) => t(`customize.modes.${choice}`)}
          onChange={(choice) => change({ mode: choice })}
        />
      </Section>
      <Section title={t('customize.preset')}>
        <Box
          role="radiogroup"
          aria-label={t('customize.preset')}
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}
        >
          {themePresets.map((preset) => {
            const selected = settings.preset === preset;
            const label = t(`customize.presets.${preset}`);
            return (
              <Button
                key={preset}
                role="radio"
                aria-checked={selected}
                aria-label={label}
                data-testid={`preset-${preset}`}
                variant={selected ? 'contained' : 'outlined'}
                color={selected ? 'primary' : 'inherit'}
                onClick={() => change({ preset })}
                sx={{ flexDirection: 'column', gap: 0.5, py: 1, fontSize: 12 }}
              >
                <Box
                  aria-hidden
                  sx={{
                    width: 22,
                    height: 22,
                    borderRadius: '50%',
                    bgcolor: presetColours[preset][mode],
                    border: 2,
                    borderColor: 'background.paper',
                  }}
                />
                {label}
              </Button>
            );
          })}
        </Box>
      </Section>
      <Section title={t('customize.direction')}>
        <ChoiceGroup
          label={t('customize.direction')}
          testId="setting-direction"
          value={settings.direction}
          choices={directions}
          labelOf={(choice) => t(`customize.directions.${choice}`)}
          onChange={(choice) => change({ direction: choice })}
        />
      </Section>
      <Section title={t('customize.font')}>
        <ChoiceGroup
          label={t('customize.font')}
          testId="setting-font"
          value={settings.font}
          choices={fontChoices}
          labelOf={(choice) => t(`customize.fonts.${choice}`)}
          onChange={(choice) => change({ font: choice })}
        />
      </Section>
      <Section title={t('customize.container')}>
        <ChoiceGroup
          label={t('customize.container')}
          testId="setting-container"
          value={settings.container}
          choices={containerChoices}
          labelOf={(choice) => t(`customize.containers.${choice}`)}
          onChange={(choice) => change({ container: choice })}
        />
      </Section>
      <Section title={t('customize.layout')}>
        <FormControlLabel
          control={
            <Switch
              checked={settings.miniDrawer}
              onChange={(event) => change({ miniDrawer: event.target.checked })}
            />
          }
          label={t('customize.miniDrawer')}
        />
      </Section>
    </Drawer>
  );
}

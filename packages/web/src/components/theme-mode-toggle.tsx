import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '@/components/lazy-tooltip';
import { useSettings } from '@/lib/settings-context';

export type ThemeModeToggleProps = {
  size?: 'small' | 'medium' | 'large';
};

/** Flips between light and dark; the choice then overrides the operating system's preference. */
export function ThemeModeToggle({ size = 'medium' }: ThemeModeToggleProps) {
  const { t } = useTranslation();
  const { setMode } = useSettings();
  const isDark = useTheme().palette.mode === 'dark';
  const label = isDark ? t('settings.switchToLightMode') : t('settings.switchToDarkMode');

  return (
    <LazyTooltip title={label}>
      <IconButton size={size} aria-label={label} onClick={() => setMode(isDark ? 'light' : 'dark')}>
        {isDark ? <LightModeOutlined /> : <DarkModeOutlined />}
      </IconButton>
    </LazyTooltip>
  );
}

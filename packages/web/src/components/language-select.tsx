import { languages } from '@flowsight/domain/constants';
import TranslateRounded from '@mui/icons-material/TranslateRounded';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@/lib/settings-context';
import { isLanguage } from '@/lib/settings-storage';

import { nativeLanguageName } from './language-names';

export { nativeLanguageName };

export type LanguageSelectProps = {
  size?: 'small' | 'medium';
  /** Opens the list at once (an opening asked for before this select had loaded). */
  defaultOpen?: boolean;
  autoFocus?: boolean;
};

/** Switches the interface language and remembers the choice. */
export function LanguageSelect({ size = 'small', defaultOpen, autoFocus }: LanguageSelectProps) {
  const { t } = useTranslation();
  const { settings, setLanguage } = useSettings();

  return (
    <Select
      size={size}
      defaultOpen={defaultOpen}
      autoFocus={autoFocus}
      value={settings.language}
      onChange={(event) => {
        if (isLanguage(event.target.value)) setLanguage(event.target.value);
      }}
      inputProps={{ 'aria-label': t('settings.language') }}
      startAdornment={
        // Phones keep the room for the language name itself.
        <InputAdornment position="start" sx={{ display: { xs: 'none', sm: 'flex' } }}>
          <TranslateRounded fontSize="small" />
        </InputAdornment>
      }
      sx={{ minWidth: { xs: 0, sm: 128 }, bgcolor: 'background.paper' }}
    >
      {languages.map((language) => (
        <MenuItem key={language} value={language} lang={language}>
          {nativeLanguageName(language)}
        </MenuItem>
      ))}
    </Select>
  );
}

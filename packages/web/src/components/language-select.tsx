import { type Language, languages } from '@flowsight/domain/constants';
import TranslateRounded from '@mui/icons-material/TranslateRounded';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@/lib/settings-context';
import { isLanguage } from '@/lib/settings-storage';

/** A language's name in that language ("Français", "中文"), as a reader of it looks for it. */
export function nativeLanguageName(language: Language): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

export type LanguageSelectProps = {
  size?: 'small' | 'medium';
};

/** Switches the interface language and remembers the choice. */
export function LanguageSelect({ size = 'small' }: LanguageSelectProps) {
  const { t } = useTranslation();
  const { settings, setLanguage } = useSettings();

  return (
    <Select
      size={size}
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

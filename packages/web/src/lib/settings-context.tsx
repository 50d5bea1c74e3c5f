// Live interface settings for the whole app: changing one re-renders what depends on it, switches
// the i18n language and persists the new value.

import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '@/i18n/i18n';
import { DEFAULT_SETTINGS, type Settings, type ThemeMode, writeSettings } from './settings-storage';

type SettingsContextValue = {
  settings: Settings;
  /** Changes any settings at once; a new language also switches the translations. */
  updateSettings: (change: Partial<Settings>) => void;
  setMode: (mode: ThemeMode) => void;
  setLanguage: (language: Settings['language']) => void;
  /** Back to the defaults, keeping the language. */
  resetSettings: () => void;
};

const SettingsContext = createContext<SettingsContextValue | null>(null);

export type SettingsProviderProps = {
  initialSettings: Settings;
  children: ReactNode;
};

export function SettingsProvider({ initialSettings, children }: SettingsProviderProps) {
  const { i18n } = useTranslation();
  const [settings, setSettings] = useState(initialSettings);

  const updateSettings = useCallback(
    (change: Partial<Settings>) => {
      setSettings((current) => {
        const next = { ...current, ...change };
        writeSettings(next);
        return next;
      });
      if (change.language !== undefined) void switchLanguage(i18n, change.language);
    },
    [i18n],
  );

  const setMode = useCallback((mode: ThemeMode) => updateSettings({ mode }), [updateSettings]);
  const setLanguage = useCallback(
    (language: Settings['language']) => updateSettings({ language }),
    [updateSettings],
  );
  const resetSettings = useCallback(() => updateSettings(DEFAULT_SETTINGS), [updateSettings]);

  // Screen readers and the browser's own translation offer read the page language from here.
  useEffect(() => {
    document.documentElement.lang = settings.language;
    document.documentElement.dir = settings.direction;
  }, [settings.language, settings.direction]);

  const value = useMemo(
    () => ({ settings, updateSettings, setMode, setLanguage, resetSettings }),
    [settings, updateSettings, setMode, setLanguage, resetSettings],
  );
  return <SettingsContext value={value}>{children}</SettingsContext>;
}

export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (value === null) {
    throw new Error('useSettings must be used inside a SettingsProvider');
  }
  return value;
}

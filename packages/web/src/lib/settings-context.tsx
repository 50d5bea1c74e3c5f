// Live interface settings for the whole app: changing one re-renders what depends on it, switches
// the i18n language and persists the new value.

import type { Language } from '@flowsight/domain/constants';
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
import { type Settings, type ThemeMode, writeSettings } from './settings-storage';

type SettingsContextValue = {
  settings: Settings;
  setMode: (mode: ThemeMode) => void;
  setLanguage: (language: Language) => void;
};

const SettingsContext = createContext<SettingsContextValue | null>(null);

export type SettingsProviderProps = {
  initialSettings: Settings;
  children: ReactNode;
};

export function SettingsProvider({ initialSettings, children }: SettingsProviderProps) {
  const { i18n } = useTranslation();
  const [settings, setSettings] = useState(initialSettings);

  const update = useCallback(
    (change: Partial<Settings>) => {
      const next = { ...settings, ...change };
      setSettings(next);
      writeSettings(next);
    },
    [settings],
  );

  const setMode = useCallback((mode: ThemeMode) => update({ mode }), [update]);

  const setLanguage = useCallback(
    (language: Language) => {
      update({ language });
      void i18n.changeLanguage(language);
    },
    [i18n, update],
  );

  // Screen readers and the browser's own translation offer read the page language from here.
  useEffect(() => {
    document.documentElement.lang = settings.language;
  }, [settings.language]);

  const value = useMemo(
    () => ({ settings, setMode, setLanguage }),
    [settings, setMode, setLanguage],
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

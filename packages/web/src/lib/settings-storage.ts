// The user's interface settings, kept in one localStorage entry. Later settings (preset colour,
// direction, font, mini drawer, container) join this object rather than taking keys of their own.
import { DEFAULT_LANGUAGE, type Language, languages } from '@flowsight/domain/constants';
import { readStoredValue, writeStoredValue } from './browser-storage';

export const SETTINGS_STORAGE_KEY = 'flowsight.settings';

/** `system` follows the operating system's light or dark preference. */
export const themeModes = ['system', 'light', 'dark'] as const;
export type ThemeMode = (typeof themeModes)[number];

export type Settings = {
  mode: ThemeMode;
  language: Language;
};

export function isLanguage(value: unknown): value is Language {
  return languages.some((language) => language === value);
}

function isThemeMode(value: unknown): value is ThemeMode {
  return themeModes.some((mode) => mode === value);
}

/** The first supported language among the browser's preferences, by primary subtag. */
export function detectLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

function parseStoredSettings(raw: string | null): Record<string, unknown> {
  if (raw === null) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null ? { ...parsed } : {};
  } catch {
    return {};
  }
}

/** Stored settings, each field checked on its own so one bad value does not reset the rest. */
export function readSettings(): Settings {
  const stored = parseStoredSettings(readStoredValue(SETTINGS_STORAGE_KEY));
  return {
    mode: isThemeMode(stored.mode) ? stored.mode : 'system',
    language: isLanguage(stored.language)
      ? stored.language
      : detectLanguage(typeof navigator === 'undefined' ? [] : navigator.languages),
  };
}

export function writeSettings(settings: Settings): void {
  writeStoredValue(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
}

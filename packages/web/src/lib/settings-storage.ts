// The user's interface settings, kept in one localStorage entry (spec section 9, "Stored UI
// settings"): theme mode, preset colour, direction, font, language, mini drawer and container.
import { DEFAULT_LANGUAGE, type Language, languages } from '@flowsight/domain/constants';
import { readStoredValue, writeStoredValue } from './browser-storage';

export const SETTINGS_STORAGE_KEY = 'flowsight.settings';

/** `system` follows the operating system's light or dark preference. */
export const themeModes = ['system', 'light', 'dark'] as const;
export type ThemeMode = (typeof themeModes)[number];

/** The default palette plus the eight preset colours. */
export const themePresets = [
  'default',
  'teal',
  'indigo',
  'purple',
  'pink',
  'red',
  'orange',
  'green',
  'slate',
] as const;
export type ThemePreset = (typeof themePresets)[number];

export const directions = ['ltr', 'rtl'] as const;
export type Direction = (typeof directions)[number];

export const fontChoices = ['system', 'roboto', 'serif'] as const;
export type FontChoice = (typeof fontChoices)[number];

/** `fluid` uses the full width (up to the layout maximum); `boxed` keeps content narrower. */
export const containerChoices = ['fluid', 'boxed'] as const;
export type ContainerChoice = (typeof containerChoices)[number];

export type Settings = {
  mode: ThemeMode;
  language: Language;
  preset: ThemePreset;
  direction: Direction;
  font: FontChoice;
  miniDrawer: boolean;
  container: ContainerChoice;
};

export const DEFAULT_SETTINGS: Omit<Settings, 'language'> = {
  mode: 'system',
  preset: 'default',
  direction: 'ltr',
  font: 'system',
  miniDrawer: false,
  container: 'fluid',
};

function oneOf<T extends string>(choices: readonly T[]) {
  return (value: unknown): value is T => choices.some((choice) => choice === value);
}

export const isLanguage = oneOf(languages);
const isThemeMode = oneOf(themeModes);
const isPreset = oneOf(themePresets);
const isDirection = oneOf(directions);
const isFont = oneOf(fontChoices);
const isContainer = oneOf(containerChoices);

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
    mode: isThemeMode(stored.mode) ? stored.mode : DEFAULT_SETTINGS.mode,
    language: isLanguage(stored.language)
      ? stored.language
      : detectLanguage(typeof navigator === 'undefined' ? [] : navigator.languages),
    preset: isPreset(stored.preset) ? stored.preset : DEFAULT_SETTINGS.preset,
    direction: isDirection(stored.direction) ? stored.direction : DEFAULT_SETTINGS.direction,
    font: isFont(stored.font) ? stored.font : DEFAULT_SETTINGS.font,
    miniDrawer:
      typeof stored.miniDrawer === 'boolean' ? stored.miniDrawer : DEFAULT_SETTINGS.miniDrawer,
    container: isContainer(stored.container) ? stored.container : DEFAULT_SETTINGS.container,
  };
}

export function writeSettings(settings: Settings): void {
  writeStoredValue(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
}

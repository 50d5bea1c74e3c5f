import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  detectLanguage,
  readSettings,
  SETTINGS_STORAGE_KEY,
  writeSettings,
} from './settings-storage';

describe('settings storage', () => {
  it('reads back what was written', () => {
    const settings = {
      mode: 'dark',
      language: 'ro',
      preset: 'purple',
      direction: 'rtl',
      font: 'serif',
      miniDrawer: true,
      container: 'boxed',
    } as const;
    writeSettings(settings);
    expect(readSettings()).toEqual(settings);
  });

  it('keeps valid fields and replaces invalid ones with defaults', () => {
    window.localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ mode: 'sepia', language: 'zh', preset: 'mauve', miniDrawer: 'yes' }),
    );
    expect(readSettings()).toEqual({ ...DEFAULT_SETTINGS, language: 'zh' });
  });

  it('survives a stored value that is not JSON', () => {
    window.localStorage.setItem(SETTINGS_STORAGE_KEY, '{not json');
    expect(readSettings().mode).toBe('system');
  });

  it('picks the first supported browser language, else English', () => {
    expect(detectLanguage(['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(detectLanguage(['zh-Hans-CN'])).toBe('zh');
    expect(detectLanguage(['de', 'es'])).toBe('en');
    expect(detectLanguage([])).toBe('en');
  });
});

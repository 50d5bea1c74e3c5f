import { describe, expect, it } from 'vitest';
import { createAppI18n } from './i18n';
import { messageKeys } from './messages';
import { resources } from './resources';

describe('product messages', () => {
  const english = createAppI18n('en');
  const french = createAppI18n('fr', resources);

  it.each([...messageKeys])('shows "%s" unchanged in English', (message, key) => {
    expect(english.t(key)).toBe(message);
  });

  it.each([...messageKeys])('translates "%s" in French', (message, key) => {
    expect(french.t(key)).not.toBe(message);
  });
});

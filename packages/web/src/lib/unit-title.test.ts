import { describe, expect, it } from 'vitest';
import { createAppI18n, switchLanguage } from '@/i18n/i18n';
import { isUnitNumber, unitTitle } from './unit-title';

describe('unit titles', () => {
  it('tells a unit number or code from a named unit', () => {
    for (const name of ['403', '404', '4B', 'PH-2', ' 12 ']) expect(isUnitNumber(name)).toBe(true);
    for (const name of ['Laundry Room', 'Clubhouse', 'Apt 4', '']) {
      expect(isUnitNumber(name)).toBe(false);
    }
  });

  it('titles a numbered unit "Unit 403" in each language and keeps a named one', async () => {
    const i18n = createAppI18n('en');
    expect(unitTitle(i18n.t, '403')).toBe('Unit 403');
    expect(unitTitle(i18n.t, '4B')).toBe('Unit 4B');
    expect(unitTitle(i18n.t, 'Laundry Room')).toBe('Laundry Room');
    const expected = { fr: 'Logement 403', ro: 'Unitatea 403', zh: '单元 403' } as const;
    for (const [language, title] of Object.entries(expected)) {
      await switchLanguage(i18n, language as keyof typeof expected);
      expect(unitTitle(i18n.t, '403')).toBe(title);
    }
  });
});

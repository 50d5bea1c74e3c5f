import { describe, expect, it } from 'vitest';
import { e164PhoneNumber } from './phone-numbers.ts';

describe('e164PhoneNumber', () => {
  it('keeps a typed international number in its E.164 form', () => {
    expect(e164PhoneNumber(' +1 (617) 555-0100 ')).toBe('+16175550100');
    expect(e164PhoneNumber('+44.20.7946.0958')).toBe('+442079460958');
    expect(e164PhoneNumber('+6831234')).toBe('+6831234');
  });

  it('refuses numbers without a country code, too short or long, or with letters', () => {
    for (const typed of [
      '617 555 0100',
      '+0 617 555 0100',
      '+12345',
      '+1234567890123456',
      '+1 617 CALL NOW',
      '',
    ]) {
      expect(e164PhoneNumber(typed)).toBeNull();
    }
  });
});

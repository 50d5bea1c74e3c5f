import { describe, expect, it } from 'vitest';
import {
  idParamSchema,
  idSchema,
  inputMessages,
  isInstant,
  isLocalDate,
  isStorableText,
  localDateSchema,
  MAX_ID,
} from './input.ts';

describe('dates', () => {
  it('takes real calendar dates from 1970 to 2100 only', () => {
    expect(isLocalDate('1970-01-01')).toBe(true);
    expect(isLocalDate('2026-02-28')).toBe(true);
    expect(isLocalDate('2100-12-31')).toBe(true);
    for (const refused of ['1969-12-31', '2101-01-01', '0000-01-01', '9999-12-31', '2026-02-30']) {
      expect(isLocalDate(refused), refused).toBe(false);
    }
  });

  it('says which dates it takes', () => {
    const result = localDateSchema.safeParse('9999-12-31');
    expect(result.error?.issues[0]?.message).toBe(inputMessages.date);
    expect(inputMessages.date).toContain('1970-01-01 to 2100-12-31');
  });

  it('takes instants with a zone in the supported years', () => {
    expect(isInstant('2026-01-31T12:00:00Z')).toBe(true);
    expect(isInstant('2026-01-31T12:00:00.123+05:30')).toBe(true);
    expect(isInstant('2100-12-31T23:59:59Z')).toBe(true);
    for (const refused of [
      '2026-01-31T12:00:00',
      '2026-01-31',
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999Z',
      '+275760-09-13T00:00:00.000Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T00:00:00+99:00',
      '2026-02-30T00:00:00Z',
      // Local midnight of 1 January 1970 at +05:00 is still 1969 in UTC.
      '1970-01-01T00:00:00+05:00',
    ]) {
      expect(isInstant(refused), refused).toBe(false);
    }
  });
});

describe('text', () => {
  it('refuses NUL and unpaired surrogates, which PostgreSQL cannot store', () => {
    expect(isStorableText('Oak Street 💧 水')).toBe(true);
    expect(isStorableText('')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud800')).toBe(false);
    expect(isStorableText('a\udfffb')).toBe(false);
    expect(isStorableText('\udfff\ud800')).toBe(false);
  });
});

describe('ids', () => {
  it('takes the ids the database holds', () => {
    expect(idSchema.safeParse(MAX_ID).success).toBe(true);
    expect(idSchema.safeParse(MAX_ID + 1).success).toBe(false);
    expect(idSchema.safeParse(0).success).toBe(false);
    expect(idParamSchema.parse('42')).toBe(42);
    expect(idParamSchema.safeParse('2147483648').success).toBe(false);
    expect(idParamSchema.safeParse('1.5').success).toBe(false);
  });
});

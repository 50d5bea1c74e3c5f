import { describe, expect, it } from 'vitest';
import { displayDate, NO_DATE_TEXT } from './display-date';

describe('date display', () => {
  it.each([null, undefined, '', 0, '1970-01-01T00:00:00.000Z', new Date(0), 'not a date'])(
    'shows N/A for %s',
    (value) => {
      expect(displayDate(value)).toBe(NO_DATE_TEXT);
      expect(NO_DATE_TEXT).toBe('N/A');
    },
  );

  it('formats a real date in the interface language', () => {
    const text = displayDate('2026-03-04T10:20:00Z', 'en', {
      dateStyle: 'medium',
      timeZone: 'UTC',
    });
    expect(text).toBe('Mar 4, 2026');
  });
});

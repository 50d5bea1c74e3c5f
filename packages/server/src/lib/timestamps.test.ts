import { describe, expect, it } from 'vitest';
import { iso } from './timestamps.ts';

describe('iso', () => {
  it('answers a Date and a timestamp text in UTC ISO form, and null as null', () => {
    expect(iso(new Date(Date.UTC(2026, 10, 26, 19, 20)))).toBe('2026-11-26T19:20:00.000Z');
    expect(iso('2026-11-26 13:20:00-06')).toBe('2026-11-26T19:20:00.000Z');
    expect(iso(null)).toBeNull();
  });
});

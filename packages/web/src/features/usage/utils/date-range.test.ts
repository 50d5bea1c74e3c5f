import { describe, expect, it } from 'vitest';
import { dateRangeProblem, dateRangeQuery } from './date-range';

describe('dateRangeProblem', () => {
  it('accepts a range of up to 366 days and empty fields (the default range)', () => {
    expect(dateRangeProblem('2026-11-01', '2026-11-22')).toBeNull();
    expect(dateRangeProblem('2026-01-01', '2027-01-01')).toBeNull();
    expect(dateRangeProblem('', '')).toBeNull();
  });

  it('names what the API would refuse', () => {
    expect(dateRangeProblem('2026-11-22', '2026-11-01')).toBe('fromAfterTo');
    expect(dateRangeProblem('2026-01-01', '2027-01-02')).toBe('tooLong');
    expect(dateRangeProblem('2026-02-30', '2026-03-01')).toBe('invalidFrom');
    expect(dateRangeProblem('2026-02-01', '03/01/2026')).toBe('invalidTo');
  });
});

describe('dateRangeQuery', () => {
  it('sends only the dates given', () => {
    expect(dateRangeQuery('2026-11-01', '')).toEqual({ from: '2026-11-01' });
    expect(dateRangeQuery('', '')).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { monthToDate, rangeFromSearch, rangeProblem } from './local-date-range';

describe('local date ranges', () => {
  it('defaults to the first of the month through today', () => {
    expect(monthToDate(new Date(2026, 10, 22, 15))).toEqual({
      from: '2026-11-01',
      to: '2026-11-22',
    });
  });

  it('reads the range from the address and fills what it leaves out', () => {
    const now = new Date(2026, 10, 22);
    expect(rangeFromSearch(new URLSearchParams('from=2026-10-03'), now)).toEqual({
      from: '2026-10-03',
      to: '2026-11-22',
    });
  });

  it('refuses dates that do not exist', () => {
    expect(rangeProblem({ from: '2026-02-30', to: '2026-03-01' })?.reason).toBe('invalid');
    expect(rangeProblem({ from: '2026-2-3', to: '2026-03-01' })?.reason).toBe('invalid');
    expect(rangeProblem({ from: '2028-02-29', to: '2028-03-01' })).toBeNull();
  });

  it('names the field to fix', () => {
    expect(rangeProblem({ from: '', to: '2026-11-01' })).toEqual({
      field: 'from',
      reason: 'required',
    });
    expect(rangeProblem({ from: '2026-13-01', to: '2026-11-01' })).toEqual({
      field: 'from',
      reason: 'invalid',
    });
    expect(rangeProblem({ from: '2026-11-02', to: '2026-11-01' })).toEqual({
      field: 'to',
      reason: 'beforeFrom',
    });
  });

  it('accepts at most 366 days, both ends included', () => {
    expect(rangeProblem({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-02' })).toEqual({
      field: 'to',
      reason: 'tooLong',
    });
  });
});

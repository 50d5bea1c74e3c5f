import { Granularity } from '@flowsight/domain/granularity';
import { describe, expect, it } from 'vitest';
import { localDateOf, monthsEndingWith, periodLabel } from './period-labels';

const week = (number: number, monday: string) => `Week ${number} from ${monday}`;

describe('periodLabel', () => {
  it('reads each granularity’s bucket label in the interface language', () => {
    expect(periodLabel(Granularity.Monthly, '2026-11', 'en', week)).toEqual({
      label: 'Nov',
      detail: 'November 2026',
    });
    expect(periodLabel(Granularity.Monthly, '2027-01', 'en', week).label).toBe('Jan 27');
    expect(periodLabel(Granularity.Weekly, '2026-W47', 'en', week, '2026-11-16')).toEqual({
      label: 'Nov 16',
      detail: 'Week 47 from Nov 16, 2026',
    });
    expect(periodLabel(Granularity.Daily, '2026-11-10', 'fr', week)).toEqual({
      label: '10 nov.',
      detail: 'mardi 10 novembre 2026',
    });
    expect(periodLabel(Granularity.Hourly, '2026-11-10 07', 'en', week).label).toBe('07:00');
    // A zone whose offset has minutes labels its hours with them.
    expect(periodLabel(Granularity.Hourly, '2026-11-10 07:30', 'en', week).label).toBe('07:30');
  });

  it('shows an unexpected label as it is', () => {
    expect(periodLabel(Granularity.Daily, 'soon', 'en', week)).toEqual({
      label: 'soon',
      detail: 'soon',
    });
  });
});

describe('monthsEndingWith', () => {
  it('counts back across a new year, oldest first', () => {
    expect(monthsEndingWith('2026-02', 4)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});

describe('localDateOf', () => {
  it('gives the local calendar date of an instant in a zone', () => {
    expect(localDateOf('2026-11-10T03:00:00.000Z', 'America/New_York')).toBe('2026-11-09');
    expect(localDateOf('2026-11-10T03:00:00.000Z', 'Asia/Tokyo')).toBe('2026-11-10');
  });
});

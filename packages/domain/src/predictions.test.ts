import { describe, expect, it } from 'vitest';
import { type DailyGallons, projectionHistoryStart, projectMonth } from './predictions.ts';
import { addDays, isoWeekday } from './usage-windows.ts';

/** Daily totals from `from` up to the day before `until`, by weekday. */
function history(from: string, until: string, gallonsOf: (day: string) => number) {
  const rows: DailyGallons[] = [];
  for (let day = from; day < until; day = addDays(day, 1)) {
    rows.push({ day, gallons: gallonsOf(day) });
  }
  return rows;
}

describe('month-end projection', () => {
  it('projects a steady unit exactly, with no spread', () => {
    const today = '2026-11-22';
    const usage = [...history('2026-09-01', today, () => 100), { day: today, gallons: 40 }];
    const p = projectMonth(usage, today);
    expect(p).toMatchObject({
      month: '2026-11',
      daysInMonth: 30,
      daysElapsed: 21,
      gallonsToDate: 2140,
      method: 'weekday-profile',
    });
    expect(p.projectedGallons).toBeCloseTo(3000, 9);
    expect(p.lowGallons).toBeCloseTo(3000, 9);
    expect(p.highGallons).toBeCloseTo(3000, 9);
    expect(p.days).toHaveLength(30);
    expect(p.days[20]).toEqual({ day: '2026-11-21', gallons: 100, projected: false });
    expect(p.days[21]).toEqual({ day: '2026-11-22', gallons: 100, projected: true });
  });

  it('follows the weekly rhythm and this month’s level', () => {
    const today = '2026-11-16'; // a Monday
    // Weekends use twice the weekdays; this month runs 20 % above the weeks before.
    const base = (day: string) => (isoWeekday(day) >= 6 ? 200 : 100);
    const usage = history(
      '2026-09-01',
      today,
      (day) => base(day) * (day >= '2026-11-01' ? 1.2 : 1),
    );
    const p = projectMonth(usage, today);
    const weekday = p.days.find((d) => d.day === '2026-11-17')?.gallons ?? 0;
    const saturday = p.days.find((d) => d.day === '2026-11-21')?.gallons ?? 0;
    expect(saturday / weekday).toBeGreaterThan(1.3);
    // 15 days of this month weigh 15 : 14 against the recent weeks.
    const actualRest = history(today, '2026-12-01', (day) => base(day) * 1.2).reduce(
      (sum, d) => sum + d.gallons,
      0,
    );
    const actual = p.gallonsToDate + actualRest;
    expect(Math.abs(p.projectedGallons - actual) / actual).toBeLessThan(0.05);
    expect(p.lowGallons).toBeLessThan(p.projectedGallons);
    expect(p.highGallons).toBeGreaterThan(p.projectedGallons);
    expect(p.lowGallons).toBeGreaterThanOrEqual(p.gallonsToDate);
  });

  it('keeps today at least at what it has used, and counts days without rows as zero', () => {
    const today = '2026-11-10';
    const usage = history('2026-09-01', today, (day) => (day === '2026-11-05' ? 0 : 50)).filter(
      (d) => d.gallons > 0,
    );
    const p = projectMonth([...usage, { day: today, gallons: 500 }], today);
    expect(p.days[4]).toEqual({ day: '2026-11-05', gallons: 0, projected: false });
    expect(p.days[9]).toEqual({ day: today, gallons: 500, projected: true });
    expect(p.gallonsToDate).toBe(8 * 50 + 500);
  });

  it('falls back to the month-to-date mean without a week of history, and to nothing without use', () => {
    const today = '2026-11-04';
    const p = projectMonth(
      history('2026-11-01', today, () => 30),
      today,
    );
    expect(p.method).toBe('month-to-date-mean');
    expect(p.projectedGallons).toBeCloseTo(900, 9);
    const none = projectMonth([], today);
    expect(none).toMatchObject({
      method: 'no-history',
      gallonsToDate: 0,
      projectedGallons: 0,
      lowGallons: 0,
      highGallons: 0,
    });
  });

  it('ignores rows after today and asks for the lookback or the month, whichever starts first', () => {
    const today = '2026-11-22';
    const usage = [...history('2026-09-01', today, () => 10), { day: '2026-11-25', gallons: 999 }];
    expect(projectMonth(usage, today).projectedGallons).toBeCloseTo(300, 9);
    expect(projectionHistoryStart('2026-11-22')).toBe('2026-09-27');
    expect(projectionHistoryStart('2026-11-30')).toBe('2026-10-01');
  });
});

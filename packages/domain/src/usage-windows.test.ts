import { describe, expect, it } from 'vitest';
import { Granularity } from './granularity.ts';
import {
  bucketOfDay,
  bucketOfHour,
  chartWindow,
  isLocalDate,
  isoWeekLabel,
  rangeMessages,
  resolveDateRange,
  startOfLocalDay,
} from './usage-windows.ts';

const NY = 'America/New_York';
const KOLKATA = 'Asia/Kolkata';
const iso = (date: Date) => date.toISOString();
const hours = (b: { start: Date; end: Date }) => (b.end.getTime() - b.start.getTime()) / 3_600_000;

describe('local days', () => {
  it('starts each day at local midnight, 23 hours on spring forward and 25 on fall back', () => {
    expect(iso(startOfLocalDay('2026-03-08', NY))).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(startOfLocalDay('2026-03-09', NY))).toBe('2026-03-09T04:00:00.000Z');
    expect(iso(startOfLocalDay('2026-11-01', NY))).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(startOfLocalDay('2026-11-02', NY))).toBe('2026-11-02T05:00:00.000Z');
    expect(iso(startOfLocalDay('2026-06-02', KOLKATA))).toBe('2026-06-01T18:30:00.000Z');
  });

  it('starts a day whose midnight is skipped at the change (01:00 local)', () => {
    // Havana and Beirut spring forward at 00:00.
    expect(iso(startOfLocalDay('2026-03-08', 'America/Havana'))).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(startOfLocalDay('2026-03-29', 'Asia/Beirut'))).toBe('2026-03-28T22:00:00.000Z');
  });

  it('knows real dates and ISO weeks', () => {
    expect(isLocalDate('2026-02-28')).toBe(true);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2026-2-1')).toBe(false);
    expect(isoWeekLabel('2026-11-22')).toBe('2026-W47');
    expect(isoWeekLabel('2025-12-29')).toBe('2026-W01');
    expect(isoWeekLabel('2027-01-03')).toBe('2026-W53');
    expect(isoWeekLabel('2021-01-03')).toBe('2020-W53');
  });
});

describe('chart windows', () => {
  const now = new Date('2026-11-22T12:34:00Z');

  it('daily: today and the 11 days before, the fall-back day 25 hours long', () => {
    const window = chartWindow(Granularity.Daily, NY, now, '2026-11-01');
    expect(window.buckets).toHaveLength(12);
    expect(window.days).toEqual({ from: '2026-10-21', to: '2026-11-01' });
    const last = window.buckets.at(-1);
    expect(last && { period: last.period, start: iso(last.start), end: iso(last.end) }).toEqual({
      period: '2026-11-01',
      start: '2026-11-01T04:00:00.000Z',
      end: '2026-11-02T05:00:00.000Z',
    });
    expect(last && hours(last)).toBe(25);
    expect(window.buckets.slice(0, -1).every((b) => hours(b) === 24)).toBe(true);
    const current = chartWindow(Granularity.Daily, NY, now);
    expect(current.buckets.map((b) => b.period)[0]).toBe('2026-11-11');
    expect(current.buckets.at(-1)?.period).toBe('2026-11-22');
  });

  it('daily around spring forward: 8 March has 23 hours', () => {
    const window = chartWindow(Granularity.Daily, NY, now, '2026-03-10');
    const day = window.buckets.find((b) => b.period === '2026-03-08');
    expect(day && [iso(day.start), iso(day.end), hours(day)]).toEqual([
      '2026-03-08T05:00:00.000Z',
      '2026-03-09T04:00:00.000Z',
      23,
    ]);
  });

  it('weekly: ISO weeks from Monday, labelled by the Monday’s ISO week, over a year end and DST', () => {
    const spring = chartWindow(Granularity.Weekly, NY, now, '2026-03-08');
    expect(spring.buckets.map((b) => b.period)).toEqual([
      '2025-W51',
      '2025-W52',
      '2026-W01',
      '2026-W02',
      '2026-W03',
      '2026-W04',
      '2026-W05',
      '2026-W06',
      '2026-W07',
      '2026-W08',
      '2026-W09',
      '2026-W10',
    ]);
    const w10 = spring.buckets.at(-1);
    expect(w10 && [iso(w10.start), iso(w10.end), hours(w10), w10.days]).toEqual([
      '2026-03-02T05:00:00.000Z',
      '2026-03-09T04:00:00.000Z',
      167,
      { from: '2026-03-02', to: '2026-03-08' },
    ]);
    const fall = chartWindow(Granularity.Weekly, NY, now, '2026-11-01');
    const w44 = fall.buckets.at(-1);
    expect(w44 && [w44.period, iso(w44.start), iso(w44.end), hours(w44)]).toEqual([
      '2026-W44',
      '2026-10-26T04:00:00.000Z',
      '2026-11-02T05:00:00.000Z',
      169,
    ]);
    expect(chartWindow(Granularity.Weekly, NY, now).buckets.at(-1)?.period).toBe('2026-W47');
  });

  it('monthly: the current month and the 11 before, bounded by local midnights', () => {
    const window = chartWindow(Granularity.Monthly, NY, now);
    expect(window.buckets.map((b) => b.period)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    const march = window.buckets[3];
    const november = window.buckets[11];
    expect(march && [iso(march.start), iso(march.end), march.days]).toEqual([
      '2026-03-01T05:00:00.000Z',
      '2026-04-01T04:00:00.000Z',
      { from: '2026-03-01', to: '2026-03-31' },
    ]);
    expect(november && [iso(november.start), iso(november.end)]).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-12-01T05:00:00.000Z',
    ]);
    expect(bucketOfDay(window, '2026-03-31')).toBe(3);
    expect(bucketOfDay(window, '2025-11-30')).toBe(-1);
  });

  it('hourly: UTC hours labelled by the local clock, repeating on fall back and skipping on spring forward', () => {
    const fall = chartWindow(Granularity.Hourly, NY, now, '2026-11-01');
    expect(fall.buckets).toHaveLength(24);
    expect(iso(fall.buckets[0]?.start ?? new Date(0))).toBe('2026-11-01T05:00:00.000Z');
    expect(iso(fall.buckets.at(-1)?.end ?? new Date(0))).toBe('2026-11-02T05:00:00.000Z');
    expect(fall.buckets.slice(0, 4).map((b) => b.period)).toEqual([
      '2026-11-01 01',
      '2026-11-01 01',
      '2026-11-01 02',
      '2026-11-01 03',
    ]);
    expect(fall.buckets.at(-1)?.period).toBe('2026-11-01 23');
    const spring = chartWindow(Granularity.Hourly, NY, now, '2026-03-08');
    expect(spring.buckets.slice(0, 5).map((b) => [b.period, iso(b.start)])).toEqual([
      ['2026-03-07 23', '2026-03-08T04:00:00.000Z'],
      ['2026-03-08 00', '2026-03-08T05:00:00.000Z'],
      ['2026-03-08 01', '2026-03-08T06:00:00.000Z'],
      ['2026-03-08 03', '2026-03-08T07:00:00.000Z'],
      ['2026-03-08 04', '2026-03-08T08:00:00.000Z'],
    ]);
    expect(spring.buckets.at(-1)?.period).toBe('2026-03-08 23');
    expect(bucketOfHour(spring, new Date('2026-03-08T07:00:00Z'))).toBe(3);
    expect(bucketOfHour(spring, new Date('2026-03-09T04:00:00Z'))).toBe(-1);
    const current = chartWindow(Granularity.Hourly, NY, now);
    expect(current.buckets.at(-1)?.period).toBe('2026-11-22 07');
    expect(iso(current.buckets.at(-1)?.start ?? new Date(0))).toBe('2026-11-22T12:00:00.000Z');
  });

  it('a half-hour zone: days start at hh:30 UTC, hours are labelled HH:mm', () => {
    const daily = chartWindow(Granularity.Daily, KOLKATA, now, '2026-06-02');
    const last = daily.buckets.at(-1);
    expect(last && [last.period, iso(last.start), iso(last.end)]).toEqual([
      '2026-06-02',
      '2026-06-01T18:30:00.000Z',
      '2026-06-02T18:30:00.000Z',
    ]);
    const hourly = chartWindow(Granularity.Hourly, KOLKATA, now, '2026-06-02');
    expect(hourly.buckets.map((b) => b.period)).toEqual([
      '2026-06-02 00:30',
      ...Array.from({ length: 23 }, (_, i) => `2026-06-02 ${String(i + 1).padStart(2, '0')}:30`),
    ]);
    expect(iso(hourly.buckets[0]?.start ?? new Date(0))).toBe('2026-06-01T19:00:00.000Z');
    expect(chartWindow(Granularity.Hourly, KOLKATA, now).buckets.at(-1)?.period).toBe(
      '2026-11-22 17:30',
    );
  });
});

describe('date ranges', () => {
  const now = new Date('2026-11-22T03:00:00Z');
  it('defaults to the current local month up to today', () => {
    expect(resolveDateRange({}, NY, now)).toEqual({ from: '2026-11-01', to: '2026-11-21' });
    expect(resolveDateRange({}, KOLKATA, now)).toEqual({ from: '2026-11-01', to: '2026-11-22' });
    expect(resolveDateRange({ to: '2026-10-15' }, NY, now)).toEqual({
      from: '2026-10-01',
      to: '2026-10-15',
    });
    expect(resolveDateRange({ from: '2026-10-01' }, NY, now)).toEqual({
      from: '2026-10-01',
      to: '2026-11-21',
    });
  });
  it('refuses a backwards range and one longer than 366 days', () => {
    expect(resolveDateRange({ from: '2026-11-02', to: '2026-11-01' }, NY, now)).toEqual({
      error: rangeMessages.order,
    });
    expect(resolveDateRange({ from: '2025-01-01', to: '2026-01-01' }, NY, now)).toEqual({
      from: '2025-01-01',
      to: '2026-01-01',
    });
    expect(resolveDateRange({ from: '2025-01-01', to: '2026-01-02' }, NY, now)).toEqual({
      error: rangeMessages.span,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { usageInstant, utcHour } from './usage.ts';
import { localDate } from './wall-clock.ts';

describe('placing usage in time', () => {
  it('counts a report at the middle of its interval', () => {
    const end = new Date('2026-03-08T10:00:00Z');
    expect(usageInstant(end, 900).toISOString()).toBe('2026-03-08T09:52:30.000Z');
    expect(utcHour(usageInstant(end, 900)).toISOString()).toBe('2026-03-08T09:00:00.000Z');
    expect(usageInstant(end, -5).toISOString()).toBe(end.toISOString());
  });

  it('answers local dates across DST changes and in quarter- and half-hour zones', () => {
    const cases: [string, string, string][] = [
      // New York springs forward on 2026-03-08 and falls back on 2026-11-01.
      ['2026-03-08T04:59:59Z', 'America/New_York', '2026-03-07'],
      ['2026-03-08T05:00:00Z', 'America/New_York', '2026-03-08'],
      ['2026-03-09T03:59:59Z', 'America/New_York', '2026-03-08'],
      ['2026-03-09T04:00:00Z', 'America/New_York', '2026-03-09'],
      ['2026-11-02T04:59:59Z', 'America/New_York', '2026-11-01'],
      ['2026-11-02T05:00:00Z', 'America/New_York', '2026-11-02'],
      // Kolkata is UTC+5:30, Kathmandu UTC+5:45, Chatham UTC+12:45 (13:45 in its summer).
      ['2026-06-01T18:29:59Z', 'Asia/Kolkata', '2026-06-01'],
      ['2026-06-01T18:30:00Z', 'Asia/Kolkata', '2026-06-02'],
      ['2026-06-01T18:14:59Z', 'Asia/Kathmandu', '2026-06-01'],
      ['2026-06-01T18:15:00Z', 'Asia/Kathmandu', '2026-06-02'],
      ['2026-01-10T10:14:59Z', 'Pacific/Chatham', '2026-01-10'],
      ['2026-01-10T10:15:00Z', 'Pacific/Chatham', '2026-01-11'],
    ];
    for (const [instant, zone, date] of cases) {
      // Twice: the second answer comes from the cache and must agree.
      expect(localDate(new Date(instant), zone), `${instant} ${zone}`).toBe(date);
      expect(localDate(new Date(instant), zone), `${instant} ${zone} cached`).toBe(date);
    }
  });
});

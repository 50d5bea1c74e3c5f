import { describe, expect, it } from 'vitest';
import {
  instantOfLocalDateTime,
  isTimeZone,
  localClock,
  localDate,
  localDateTime,
  startOfLocalDay,
  zoneOffsetMs,
} from './wall-clock.ts';

const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);

describe('wall clock', () => {
  it('reads the offset on both sides of the DST changes', () => {
    const HOUR = 3_600_000;
    expect(zoneOffsetMs(at('2026-03-08T06:59:59Z').getTime(), NY)).toBe(-5 * HOUR);
    expect(zoneOffsetMs(at('2026-03-08T07:00:00Z').getTime(), NY)).toBe(-4 * HOUR);
    expect(zoneOffsetMs(at('2026-11-01T05:59:59Z').getTime(), NY)).toBe(-4 * HOUR);
    expect(zoneOffsetMs(at('2026-11-01T06:00:00Z').getTime(), NY)).toBe(-5 * HOUR);
    expect(zoneOffsetMs(at('2026-01-01T00:00:00Z').getTime(), 'Asia/Kolkata')).toBe(5.5 * HOUR);
  });

  it('gives the local date and hour, the doubled hour of autumn twice', () => {
    expect(localDate(at('2026-03-08T04:59:00Z'), NY)).toBe('2026-03-07');
    expect(localDate(at('2026-03-08T05:00:00Z'), NY)).toBe('2026-03-08');
    expect(localClock(at('2026-11-01T05:30:00Z').getTime(), NY)).toEqual({
      hour: 1,
      date: '2026-11-01',
    });
    expect(localClock(at('2026-11-01T06:30:00Z').getTime(), NY)).toEqual({
      hour: 1,
      date: '2026-11-01',
    });
    // Spring forward: 02:00 is skipped, 01:59 is followed by 03:00.
    expect(localClock(at('2026-03-08T07:00:00Z').getTime(), NY).hour).toBe(3);
  });

  it('writes the wall-clock date and time of an export', () => {
    expect(localDateTime(at('2026-03-08T07:30:00Z'), NY)).toBe('2026-03-08 03:30:00');
    expect(localDateTime(at('2026-07-01T21:00:00Z'), 'Europe/Bucharest')).toBe(
      '2026-07-02 00:00:00',
    );
    expect(localDateTime(at('2026-01-01T00:00:00Z'), 'Asia/Kolkata')).toBe('2026-01-01 05:30:00');
  });

  it('finds the first instant of a local day, a skipped midnight included', () => {
    expect(startOfLocalDay('2026-03-08', NY).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfLocalDay('2026-11-02', NY).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(startOfLocalDay('2026-03-29', 'Asia/Beirut').toISOString()).toBe(
      '2026-03-28T22:00:00.000Z',
    );
  });

  it('accepts IANA names only', () => {
    expect(isTimeZone('Europe/Bucharest')).toBe(true);
    expect(isTimeZone('+02:00')).toBe(false);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('reads a wall-clock date and time back to its instant, on both DST changes', () => {
    const ny = 'America/New_York';
    expect(instantOfLocalDateTime('2026-07-01 08:30:00', ny)?.toISOString()).toBe(
      '2026-07-01T12:30:00.000Z',
    );
    expect(instantOfLocalDateTime('2026-12-01 08:30:00', ny)?.toISOString()).toBe(
      '2026-12-01T13:30:00.000Z',
    );
    // 1 November 2026, 01:30 happens twice: the first pass (EDT) is taken.
    expect(instantOfLocalDateTime('2026-11-01 01:30:00', ny)?.toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    // 8 March 2026, 02:30 never happens: the instant half an hour after the change.
    expect(instantOfLocalDateTime('2026-03-08 02:30:00', ny)?.toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    for (const at of ['2026-01-15T03:07:00Z', '2026-06-15T23:59:00Z']) {
      const instant = new Date(at);
      expect(
        instantOfLocalDateTime(localDateTime(instant, 'Europe/Bucharest'), 'Europe/Bucharest'),
      ).toEqual(instant);
    }
    expect(instantOfLocalDateTime('2026-13-01 00:00', ny)).toBeUndefined();
  });
});

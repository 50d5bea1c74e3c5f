import { describe, expect, it } from 'vitest';
import { InstallationType } from './lookups.ts';
import {
  type BuildingDay,
  lastCompleteDay,
  reconcileDay,
  reconcilesBuilding,
  UNACCOUNTED_WINDOW_DAYS,
  unaccountedWater,
  unaccountedWaterDefaults,
} from './unaccounted.ts';

const zone = 'America/New_York';
/** A day of the building: main line and fixtures in gallons; the main line reported unless 0 readings. */
const day = (date: string, main: number, fixtures: number, mainReadings = 96): BuildingDay => ({
  day: date,
  main,
  mainReadings,
  fixtures,
});
const defaults = unaccountedWaterDefaults;
/** 01:00 EST on 5 November 2026: 4 November is the newest complete local day. */
const nov5 = Date.parse('2026-11-05T06:00:00Z');
const at = (atMs: number, closedAtMs: number | null = null) => ({
  atMs,
  timeZone: zone,
  closedAtMs,
});

describe('reconcileDay', () => {
  it('main line 1,000 gal and fixtures 800 gal: use 1,000, unaccounted 200, share 20 %', () => {
    expect(reconcileDay(day('2026-11-02', 1000, 800))).toEqual({
      day: '2026-11-02',
      use: 1000,
      fixtures: 800,
      unaccounted: 200,
      share: 0.2,
      metered: true,
    });
  });

  it('counts nothing unaccounted when the fixtures read above the main line', () => {
    expect(reconcileDay(day('2026-11-02', 1000, 1030))).toMatchObject({
      use: 1030,
      unaccounted: 0,
      share: 0,
    });
  });

  it('marks a day without main-line readings as not metered (its use is the fixtures)', () => {
    expect(reconcileDay(day('2026-11-02', 0, 800, 0))).toMatchObject({
      use: 800,
      unaccounted: 0,
      share: 0,
      metered: false,
    });
  });
});

describe('lastCompleteDay', () => {
  it('is yesterday once an hour of today has passed, the day before until then', () => {
    // 00:30 EST on 5 November: the 4th's last reports may still be on their way.
    expect(lastCompleteDay(Date.parse('2026-11-05T05:30:00Z'), zone)).toBe('2026-11-03');
    expect(lastCompleteDay(nov5, zone)).toBe('2026-11-04');
  });
});

describe('unaccountedWater', () => {
  const leaking = [
    day('2026-11-02', 1000, 800),
    day('2026-11-03', 1100, 850),
    day('2026-11-04', 900, 700),
  ];

  it('finds a leak when the last 3 counted days are above 15 % and 50 gal', () => {
    const finding = unaccountedWater(leaking, defaults, at(nov5));
    expect(finding).toEqual({
      rule: 'unaccounted-water',
      // The lowest day: 200 gal (2 November and 4 November) × 30.
      rate: 6000,
      // 200 / 900 on the 4th is 22.2 %, 250 / 1,100 on the 3rd 22.7 %, 200 / 1,000 20 %.
      share: 0.2,
      days: ['2026-11-02', '2026-11-03', '2026-11-04'],
      // Midnight EST (the clocks went back on 1 November).
      sinceMs: Date.parse('2026-11-02T05:00:00Z'),
    });
    expect(UNACCOUNTED_WINDOW_DAYS).toBe(3);
  });

  it('finds nothing when one day of the window is at or below the share', () => {
    const oneLow = [...leaking.slice(0, 2), day('2026-11-04', 1000, 850)];
    expect(unaccountedWater(oneLow, defaults, at(nov5))).toBeNull();
    // 20 % is not above a company's 20 %.
    expect(
      unaccountedWater(leaking, { sharePercent: 20, minGallonsPerDay: 50 }, at(nov5)),
    ).toBeNull();
  });

  it('needs the gallon floor too: a small building at 22 % but 40 gal a day raises nothing', () => {
    const small = [
      day('2026-11-02', 180, 140),
      day('2026-11-03', 200, 150),
      day('2026-11-04', 200, 150),
    ];
    expect(unaccountedWater(small, defaults, at(nov5))).toBeNull();
    expect(
      unaccountedWater(small, { sharePercent: 15, minGallonsPerDay: 40 }, at(nov5)),
    ).toMatchObject({ rate: 40 * 30 });
  });

  it('ignores today, which is not complete', () => {
    const today = [
      day('2026-11-01', 1000, 990),
      ...leaking.slice(0, 2),
      day('2026-11-04', 1000, 990),
    ];
    // With 4 November at 1 % the window fails; a leaking 5 November does not count yet.
    expect(
      unaccountedWater([...today, day('2026-11-05', 500, 100)], defaults, at(nov5)),
    ).toBeNull();
  });

  it('skips days the main line did not report, within the last 7 complete days', () => {
    const gap = [
      day('2026-11-01', 1000, 800),
      day('2026-11-02', 1000, 800),
      // A silent main line: the fixtures alone are the day's use, nothing is unaccounted.
      day('2026-11-03', 0, 850, 0),
      day('2026-11-04', 1000, 800),
    ];
    expect(unaccountedWater(gap, defaults, at(nov5))).toMatchObject({
      days: ['2026-11-01', '2026-11-02', '2026-11-04'],
    });
  });

  it('says nothing (unknown) with fewer than 3 counted days: no main line, or a silent one', () => {
    expect(unaccountedWater([], defaults, at(nov5))).toBe('unknown');
    const noMain = leaking.map((d) => ({ ...d, main: 0, mainReadings: 0 }));
    expect(unaccountedWater(noMain, defaults, at(nov5))).toBe('unknown');
    // Days older than the 7-day lookback do not count: 28 October is out of it.
    const old = [day('2026-10-28', 1000, 800), ...leaking.slice(1)];
    expect(unaccountedWater(old, defaults, at(nov5))).toBe('unknown');
  });

  it('after "Fixed it", counts only days that began after the day it was closed', () => {
    const closedAt = Date.parse('2026-11-03T15:00:00Z'); // 10:00 EST on the 3rd
    expect(unaccountedWater(leaking, defaults, at(nov5, closedAt))).toBe('unknown');
    const later = [...leaking, day('2026-11-05', 1000, 800), day('2026-11-06', 1000, 800)];
    const nov7 = Date.parse('2026-11-07T06:00:00Z');
    expect(unaccountedWater(later, defaults, at(nov7, closedAt))).toMatchObject({
      days: ['2026-11-04', '2026-11-05', '2026-11-06'],
    });
  });
});

describe('reconcilesBuilding', () => {
  it('reconciles every-fixture buildings and those without an installation type', () => {
    expect(reconcilesBuilding(InstallationType.EveryFixture)).toBe(true);
    expect(reconcilesBuilding(null)).toBe(true);
  });

  it('leaves out pilot and main-line-only buildings, unmetered by design', () => {
    expect(reconcilesBuilding(InstallationType.PilotUnits)).toBe(false);
    expect(reconcilesBuilding(InstallationType.MainLineOnly)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  AUTO_CLOSE_MS,
  byHour,
  continuousFlow,
  type HourUsage,
  highUsage,
  hoursSince,
  localClock,
  monthlyCost,
  nightFlow,
  stepAlert,
} from './detection.ts';
import { fixtureDetectionDefaults } from './lookups.ts';

const HOUR = 3_600_000;
const toilet = fixtureDetectionDefaults.toilet;
const mainLine = fixtureDetectionDefaults['main-line'];

/** Hours from `fromMs`, one per entry: [gallons, minutes of flow]. */
const series = (fromMs: number, entries: readonly [number, number][]): HourUsage[] =>
  entries.map(([gallons, minutes], i) => ({
    hourMs: fromMs + i * HOUR,
    gallons,
    flowS: minutes * 60,
  }));

describe('continuous flow', () => {
  const t0 = Date.UTC(2026, 10, 2, 10);
  it('needs every hour of the window flowing, and rates the lowest hour per month', () => {
    const hours = byHour(
      series(t0, [
        [30, 60],
        [31, 59],
        [29.5, 58],
      ]),
    );
    expect(continuousFlow(hours, toilet, t0 + 2 * HOUR)).toMatchObject({
      rule: 'continuous-flow',
      rate: 30 * 24 * 30,
      sinceMs: t0,
    });
    expect(continuousFlow(hours, toilet, t0 + 3 * HOUR)?.rate).toBe(29.5 * 24 * 30);
  });
  it('ignores normal use: a long shower or a refill every hour is not continuous', () => {
    const busy = byHour(
      series(t0, [
        [25, 12],
        [18, 11],
        [40, 15],
      ]),
    );
    expect(continuousFlow(busy, toilet, t0 + 3 * HOUR)).toBeNull();
    const dry = byHour(
      series(t0, [
        [0.05, 60],
        [0.05, 60],
      ]),
    );
    expect(continuousFlow(dry, toilet, t0 + 2 * HOUR)).toBeNull();
    const gap = byHour(series(t0, [[30, 60]]));
    expect(continuousFlow(gap, toilet, t0 + 2 * HOUR)).toBeNull();
  });
  it('takes a fixture burst after one hour, but not a main line’s busy daytime hour', () => {
    const burst = byHour(
      series(t0, [
        [0, 0],
        [300, 60],
      ]),
    );
    expect(continuousFlow(burst, toilet, t0 + 2 * HOUR)).toMatchObject({ sinceMs: t0 + HOUR });
    expect(continuousFlow(burst, mainLine, t0 + 2 * HOUR)).toBeNull();
  });
  it('watches nothing for a type without a window', () => {
    const hours = byHour(
      series(t0, [
        [30, 60],
        [30, 60],
      ]),
    );
    expect(continuousFlow(hours, fixtureDetectionDefaults.notes, t0 + 2 * HOUR)).toBeNull();
  });
});

describe('night flow', () => {
  /** Every UTC hour between from and to, flowing in the local hours `flowing` says. */
  const nights = (
    fromMs: number,
    toMs: number,
    zone: string,
    flowing: (hour: number) => boolean,
  ) => {
    const hours: HourUsage[] = [];
    for (let ms = fromMs; ms < toMs; ms += HOUR) {
      const on = flowing(localClock(ms + HOUR / 2, zone).hour);
      hours.push({ hourMs: ms, gallons: on ? 90 : 0.2, flowS: on ? 3600 : 120 });
    }
    return byHour(hours);
  };
  it('needs flow in every hour 02:00–04:00 local on 3 nights in a row, across the end of DST', () => {
    const zone = 'America/New_York';
    // Nights of 30 Oct, 31 Oct and 1 Nov 2026 (DST ends at 02:00 on 1 Nov).
    const from = Date.UTC(2026, 9, 30, 0);
    const hours = nights(from, from + 4 * 24 * HOUR, zone, (h) => h >= 1 && h < 5);
    // Before the third night's 04:00 it is not yet three nights.
    const thirdNightEnd = Date.UTC(2026, 10, 1, 9); // 04:00 EST
    expect(nightFlow(hours, mainLine, zone, thirdNightEnd - HOUR)).toBeNull();
    const finding = nightFlow(hours, mainLine, zone, thirdNightEnd);
    expect(finding).toMatchObject({ rule: 'night-flow', rate: 90 * 2 * 30 });
    expect(finding?.sinceMs).toBe(Date.UTC(2026, 9, 30, 6)); // 02:00 EDT on the first night
    // A quiet night breaks it.
    const quiet = nights(from, from + 4 * 24 * HOUR, zone, (h) => h >= 1 && h < 5);
    quiet.set(Date.UTC(2026, 9, 31, 7), { hourMs: Date.UTC(2026, 9, 31, 7), gallons: 0, flowS: 0 });
    expect(nightFlow(quiet, mainLine, zone, thirdNightEnd)).toBeNull();
  });
  it('reads local hours in a half-hour zone', () => {
    const zone = 'Asia/Kolkata';
    const from = Date.UTC(2026, 10, 1, 0);
    const hours = nights(from, from + 4 * 24 * HOUR, zone, (h) => h === 2 || h === 3);
    expect(nightFlow(hours, mainLine, zone, from + 4 * 24 * HOUR)).not.toBeNull();
    expect(nightFlow(hours, toilet, zone, from + 4 * 24 * HOUR)).toBeNull();
  });
});

describe('high usage, lifecycle and cost', () => {
  it('uses the sensor threshold, else the company’s, else the fixture type’s', () => {
    expect(highUsage(120, { sensor: 100, company: 200, fixture: null }, 0)?.rate).toBe(20 * 30);
    expect(highUsage(120, { sensor: null, company: 200, fixture: 50 }, 0)).toBeNull();
    expect(highUsage(120, { sensor: null, company: null, fixture: 50 }, 0)?.rate).toBe(70 * 30);
    expect(highUsage(120, { sensor: null, company: null, fixture: null }, 0)).toBeNull();
  });
  it('opens, updates, and closes after 24 hours without the condition', () => {
    const finding = { rule: 'continuous-flow' as const, rate: 100, sinceMs: 0 };
    expect(stepAlert(null, finding, 5)).toEqual({ action: 'open', rate: 100, firstDetectedMs: 5 });
    expect(stepAlert({ lastDetectedMs: 5 }, finding, 9)).toEqual({ action: 'update', rate: 100 });
    expect(stepAlert({ lastDetectedMs: 5 }, null, 5 + AUTO_CLOSE_MS - 1)).toEqual({
      action: 'none',
    });
    expect(stepAlert({ lastDetectedMs: 5 }, null, 5 + AUTO_CLOSE_MS)).toEqual({ action: 'close' });
    expect(stepAlert(null, null, 5)).toEqual({ action: 'none' });
  });
  it('prices a rate at the property’s price per 1,000 gallons', () => {
    expect(monthlyCost(21_600, 10)).toBe(216);
    expect(monthlyCost(1234.5, 12.5)).toBe(15.43);
  });
});

describe('hoursSince', () => {
  it('keeps only the hours that start at or after a closure', () => {
    const t0 = Date.UTC(2026, 10, 1, 10);
    const hours = byHour(
      series(t0, [
        [30, 60],
        [30, 60],
        [30, 60],
      ]),
    );
    expect([...hoursSince(hours, null).keys()]).toEqual([t0, t0 + HOUR, t0 + 2 * HOUR]);
    expect([...hoursSince(hours, t0 + 30 * 60_000).keys()]).toEqual([t0 + HOUR, t0 + 2 * HOUR]);
    expect([...hoursSince(hours, t0 + HOUR).keys()]).toEqual([t0 + HOUR, t0 + 2 * HOUR]);
    // Three flowing hours raise a toilet alert; after a closure in the second, one is left: none.
    expect(continuousFlow(hours, toilet, t0 + 3 * HOUR)).not.toBeNull();
    expect(continuousFlow(hoursSince(hours, t0 + HOUR + 1), toilet, t0 + 3 * HOUR)).toBeNull();
  });
});

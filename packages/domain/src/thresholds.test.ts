import { describe, expect, it } from 'vitest';
import { ApplianceType } from './lookups.ts';
import {
  isApplianceTypeId,
  applianceThresholdMessages as m,
  parseApplianceThreshold,
  unaccountedThresholdMessages as u,
  unaccountedThresholdProblems,
} from './thresholds.ts';

describe('parseApplianceThreshold', () => {
  it('reads gallons above 0 up to 100,000 with at most three decimals', () => {
    expect(parseApplianceThreshold('120')).toEqual({ ok: true, threshold: 120 });
    expect(parseApplianceThreshold(' 87.5 ')).toEqual({ ok: true, threshold: 87.5 });
    expect(parseApplianceThreshold('0.001')).toEqual({ ok: true, threshold: 0.001 });
    expect(parseApplianceThreshold('100000')).toEqual({ ok: true, threshold: 100_000 });
    expect(parseApplianceThreshold('12.500')).toEqual({ ok: true, threshold: 12.5 });
  });

  it('reads none, in any case, as no company threshold', () => {
    expect(parseApplianceThreshold('none')).toEqual({ ok: true, threshold: null });
    expect(parseApplianceThreshold('NONE')).toEqual({ ok: true, threshold: null });
  });

  it('refuses 0, negatives, too much, text and exponents with the range message', () => {
    for (const raw of ['0', '0.000', '-5', '100000.001', '1e3', 'abc', '', '12,5', 'Infinity']) {
      expect(parseApplianceThreshold(raw), raw).toEqual({ ok: false, message: m.range });
    }
  });

  it('refuses more than three decimals', () => {
    expect(parseApplianceThreshold('1.0005')).toEqual({ ok: false, message: m.decimals });
  });
});

describe('isApplianceTypeId', () => {
  it('knows the 22 fixture types and nothing else', () => {
    expect(isApplianceTypeId(ApplianceType.WashingMachine)).toBe(true);
    expect(isApplianceTypeId(22)).toBe(true);
    expect(isApplianceTypeId(0)).toBe(false);
    expect(isApplianceTypeId(23)).toBe(false);
  });
});

describe('unaccountedThresholdProblems', () => {
  const input = (share_percent: number | null, min_gallons_per_day: number | null) => ({
    share_percent,
    min_gallons_per_day,
  });

  it('accepts a share above 0 up to 100 % (1 decimal) and 0 to 100,000 gallons (3 decimals)', () => {
    for (const [share, gallons] of [
      [25, 50],
      [0.1, 0],
      [100, 100_000],
      [12.5, 49.125],
      [null, null],
    ] as const) {
      expect(unaccountedThresholdProblems(input(share, gallons)), `${share} ${gallons}`).toEqual(
        [],
      );
    }
  });

  it('names each bad value with its own message', () => {
    for (const share of [0, -1, 100.1, 12.25, Number.NaN, 1e-7]) {
      expect(unaccountedThresholdProblems(input(share, 50)), String(share)).toEqual([u.share]);
    }
    for (const gallons of [-1, 100_000.5, 1.0005, Number.POSITIVE_INFINITY]) {
      expect(unaccountedThresholdProblems(input(25, gallons)), String(gallons)).toEqual([
        u.gallons,
      ]);
    }
    expect(unaccountedThresholdProblems(input(0, -1))).toEqual([u.share, u.gallons]);
  });
});

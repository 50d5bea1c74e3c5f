import { describe, expect, it } from 'vitest';
import {
  fixtureShares,
  hasUnaccountedSeries,
  rankedUnitCategories,
  sourceNoteKey,
  splitBucket,
  windowUnaccounted,
} from './water-accounting';

describe('fixtureShares', () => {
  // The hand-checkable building: main line 1,000 gal, fixture micrometers 800 gal.
  const building = {
    total_gallons: 1000,
    unaccounted_gallons: 200,
    source: 'main-line' as const,
    data: [
      { appliance_type_id: 5, gallons: 500, sensors: 4 },
      { appliance_type_id: 11, gallons: 300, sensors: 2 },
    ],
  };

  it('gives every fixture row and the unaccounted row a share of the use, adding up to 100 %', () => {
    const shares = fixtureShares(building);
    expect(shares.total).toBe(1000);
    expect(shares.rows.map((row) => row.share)).toEqual([0.5, 0.3]);
    expect(shares.unaccounted).toEqual({ gallons: 200, share: 0.2 });
    const sum = shares.rows.reduce((total, row) => total + row.share, 0);
    expect(sum + (shares.unaccounted?.share ?? 0)).toBeCloseTo(1, 10);
  });

  it('never shows unaccounted water below 0', () => {
    const shares = fixtureShares({ ...building, total_gallons: 800, unaccounted_gallons: -12.5 });
    expect(shares.unaccounted).toEqual({ gallons: 0, share: 0 });
    expect(shares.rows.map((row) => row.share)).toEqual([0.625, 0.375]);
  });

  it('keeps shares at or below 1 when rounding left the total short of its parts', () => {
    const shares = fixtureShares({ ...building, total_gallons: 999.999 });
    expect(shares.total).toBe(1000);
    expect(Math.max(...shares.rows.map((row) => row.share))).toBeLessThanOrEqual(1);
  });

  it('has no unaccounted row for a unit, nor where no main line reported', () => {
    expect(
      fixtureShares({ ...building, unaccounted_gallons: null, source: null }).unaccounted,
    ).toBe(null);
    const fixturesOnly = fixtureShares({
      ...building,
      total_gallons: 800,
      unaccounted_gallons: 0,
      source: 'fixture-meters-only',
    });
    expect(fixturesOnly.unaccounted).toBe(null);
    expect(fixturesOnly.rows.map((row) => row.share)).toEqual([0.625, 0.375]);
  });

  it('gives 0 shares when nothing was used', () => {
    const shares = fixtureShares({
      ...building,
      total_gallons: 0,
      unaccounted_gallons: 0,
      data: [],
    });
    expect(shares.unaccounted).toEqual({ gallons: 0, share: 0 });
  });
});

describe('sourceNoteKey', () => {
  it('notes fixture meters only and a main line on part of the period, nothing else', () => {
    expect(sourceNoteKey('fixture-meters-only')).toBe('usage.water.fixtureMetersOnly');
    expect(sourceNoteKey('mixed')).toBe('usage.water.mixed');
    expect(sourceNoteKey('main-line')).toBe(null);
    expect(sourceNoteKey(null)).toBe(null);
    expect(sourceNoteKey(undefined)).toBe(null);
  });
});

describe('chart buckets', () => {
  it('split a bucket into fixtures and unaccounted water that add up to its use', () => {
    expect(splitBucket({ gallons: 1000, unaccounted_gallons: 200 })).toEqual({
      fixtures: 800,
      unaccounted: 200,
    });
    // Never negative, never above the use.
    expect(splitBucket({ gallons: 80, unaccounted_gallons: -3 })).toEqual({
      fixtures: 80,
      unaccounted: 0,
    });
    expect(splitBucket({ gallons: 80, unaccounted_gallons: 95 })).toEqual({
      fixtures: 0,
      unaccounted: 80,
    });
  });

  it('total a window’s unaccounted water with its share of the use', () => {
    expect(
      windowUnaccounted([
        { gallons: 1000, unaccounted_gallons: 200 },
        { gallons: 600, unaccounted_gallons: 0 },
        { gallons: 400, unaccounted_gallons: 100 },
      ]),
    ).toEqual({ use: 2000, unaccounted: 300, share: 0.15 });
    expect(windowUnaccounted([{ gallons: 0, unaccounted_gallons: 0 }]).share).toBe(0);
  });

  it('have an unaccounted series above a unit only', () => {
    expect(hasUnaccountedSeries([{ gallons: 5, unaccounted_gallons: 1 }])).toBe(true);
    expect(hasUnaccountedSeries([{ gallons: 5, unaccounted_gallons: null }])).toBe(false);
    expect(hasUnaccountedSeries([])).toBe(false);
  });
});

describe('rankedUnitCategories', () => {
  it('lists residential units first, then every other category once', () => {
    expect(rankedUnitCategories).toEqual([1, 2, 3, 4]);
  });
});

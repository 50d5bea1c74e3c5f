import { describe, expect, it } from 'vitest';
import { ApplianceType } from './lookups.ts';
import {
  buildingUse,
  isSupplyMeter,
  shareOf,
  sourceOf,
  sumBuildingUse,
} from './water-accounting.ts';

describe('water accounting', () => {
  it('takes the main line where it reported, never adding the fixtures to it', () => {
    expect(buildingUse({ main: 1000, mainReadings: 96, fixtures: 800 })).toEqual({
      use: 1000,
      fixtures: 800,
      unaccounted: 200,
      metered: true,
    });
  });

  it('counts the fixtures when the main line was silent or read below them', () => {
    expect(buildingUse({ main: 0, mainReadings: 0, fixtures: 800 })).toMatchObject({
      use: 800,
      unaccounted: 0,
      metered: false,
    });
    // Meter tolerance: 2 % under the fixtures is not negative unaccounted water.
    expect(buildingUse({ main: 980, mainReadings: 96, fixtures: 1000 })).toMatchObject({
      use: 1000,
      unaccounted: 0,
      metered: true,
    });
  });

  it('sums buckets and says where the use came from', () => {
    const metered = { main: 1000, mainReadings: 96, fixtures: 800 };
    const unmetered = { main: 0, mainReadings: 0, fixtures: 800 };
    expect(sumBuildingUse([metered, unmetered])).toEqual({
      use: 1800,
      fixtures: 1600,
      unaccounted: 200,
      source: 'mixed',
    });
    expect(sumBuildingUse([unmetered]).source).toBe('fixture-meters-only');
    expect(sumBuildingUse([metered]).source).toBe('main-line');
    // An empty bucket without a main line says nothing about the source.
    expect(sumBuildingUse([metered, { main: 0, mainReadings: 0, fixtures: 0 }]).source).toBe(
      'main-line',
    );
    expect(sourceOf(0, 0)).toBe('main-line');
  });

  it('treats only the main line as a supply meter, and shares safely', () => {
    expect(isSupplyMeter(ApplianceType.MainLine)).toBe(true);
    expect(isSupplyMeter(ApplianceType.WaterLine)).toBe(false);
    expect(isSupplyMeter(null)).toBe(false);
    expect(shareOf(200, 1000)).toBe(0.2);
    expect(shareOf(1, 3)).toBe(0.3333);
    expect(shareOf(5, 0)).toBe(0);
  });
});

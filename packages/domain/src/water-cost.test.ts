import { describe, expect, it } from 'vitest';
import { DEFAULT_WATER_PRICE_PER_KGAL, waterCost, waterPrice } from './water-cost.ts';

describe('water cost', () => {
  it('prices a volume per 1,000 gallons, rounded to cents', () => {
    expect(waterCost(21_600, 10)).toBe(216);
    expect(waterCost(1234.5, 12.5)).toBe(15.43);
    expect(waterCost(1500, 12.5)).toBe(18.75);
    // Half a cent rounds up; a tenth of a cent rounds away.
    expect(waterCost(1, 5)).toBe(0.01);
    expect(waterCost(1, 4)).toBe(0);
    expect(waterCost(0, 10)).toBe(0);
  });

  it('uses the default price when the property has none', () => {
    expect(DEFAULT_WATER_PRICE_PER_KGAL).toBe(10);
    expect(waterPrice(null)).toBe(10);
    expect(waterPrice(undefined)).toBe(10);
    expect(waterPrice(0)).toBe(0);
    expect(waterPrice(7.25)).toBe(7.25);
    expect(waterCost(2000, null)).toBe(20);
    expect(waterCost(2000, 0)).toBe(0);
  });
});

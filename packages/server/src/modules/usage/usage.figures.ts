// The answers' figures from the rollup sums: gallons from thousandths, and the water-accounting
// figures of a building's use beside its fixtures' (docs/usage.md).

import { shareOf, sourceOf } from '@flowsight/domain/water-accounting';
import type { z } from 'zod';
import type { rangeQuerySchema } from './usage.schemas.ts';

/** Thousandths of a gallon → gallons with 3 decimals (the sums are whole thousandths). */
export const gallonsOf = (mgal: number) => Math.round(mgal) / 1000;
export const round3 = (value: number) => Math.round(value * 1000) / 1000;

export type RangeInput = z.output<typeof rangeQuerySchema>;
/** Counts of building buckets with and without their main line reporting. */
export type Counted = { metered: number; unmetered: number };

/**
 * The water-accounting figures of buildings' use beside their fixture micrometers' sum: what no
 * fixture accounts for and its share of the use.
 */
export function accounting(use: { mgal: number } & Counted, fixtures: number) {
  // Fixture rows may include readings the per-building log does not hold yet; never show less
  // use than the fixtures measured, nor a negative remainder.
  const total = Math.max(use.mgal, fixtures);
  return {
    total_gallons: gallonsOf(total),
    fixture_gallons: gallonsOf(fixtures),
    unaccounted_gallons: gallonsOf(total - fixtures),
    unaccounted_share: shareOf(total - fixtures, total),
    source: sourceOf(use.metered, use.unmetered),
  };
}
/** A unit's figures: its use is its fixture micrometers'. */
export const unitAccounting = (fixtures: number) => ({
  total_gallons: gallonsOf(fixtures),
  fixture_gallons: gallonsOf(fixtures),
  unaccounted_gallons: null,
  unaccounted_share: null,
  source: null,
});

/** A building's use beside its units' fixture micrometers (units-gallons calls). */
export function buildingFigures(
  use: { mgal: number } & Counted,
  units: readonly { mgal: number }[],
) {
  const figures = accounting(
    use,
    units.reduce((sum, unit) => sum + unit.mgal, 0),
  );
  return {
    building_gallons: figures.total_gallons,
    unaccounted_gallons: figures.unaccounted_gallons,
    source: figures.source,
  };
}

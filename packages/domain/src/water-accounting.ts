// Water accounting: every gallon counted once (docs/usage.md, "Water accounting"). A building's
// main-line micrometer measures all the water entering it, and every fixture micrometer measures
// part of that same water, so the two are never added. Per building and bucket (a local day, or a
// UTC hour for hourly charts):
//   - fixtures    = the sum of its fixture micrometers (every type but the main line);
//   - building use = the larger of its main line and its fixtures. Both are water that really
//     entered the building; on a day the main line reported in full it is the larger one, on a day
//     it was silent (or silent for part of the day) the fixtures are, so no gallon is invented and
//     none counted twice;
//   - unaccounted = building use − fixtures: common-area taps, unmetered fixtures, leaks in walls.
//     Never negative: where the fixtures read above the main line (meter tolerance of a few per
//     cent, or a reading near midnight landing on the other day) the bucket counts the fixtures and
//     nothing is unaccounted.
// Property and company use are sums of their buildings' use. Per-unit figures and rankings count
// fixture micrometers only; rankings list residential units ("Internal units") unless asked for
// another category.
import { ApplianceType, UnitCategory } from './lookups.ts';

/**
 * Fixture types that measure a building's whole supply. The water line (type 22) is not one: it
 * feeds one branch (a laundry room, a roof deck), so it counts as a fixture beside the others.
 */
export const supplyMeterTypes: readonly number[] = [ApplianceType.MainLine];
export const isSupplyMeter = (applianceTypeId: number | null | undefined) =>
  applianceTypeId !== null &&
  applianceTypeId !== undefined &&
  supplyMeterTypes.includes(applianceTypeId);

/** The unit category that unit rankings and per-unit figures count by default. */
export const RESIDENTIAL_UNIT_CATEGORY = UnitCategory.Internal;

/** Where a building's (or a sum of buildings') use came from over a period. */
export const useSources = ['main-line', 'fixture-meters-only', 'mixed'] as const;
export type UseSource = (typeof useSources)[number];

/** One building's bucket as the rollups hold it (any unit: thousandths of a gallon). */
export type BuildingBucket = {
  /** The main-line micrometers' water. */
  readonly main: number;
  /** The main-line micrometers' readings (0: the main line did not report in the bucket). */
  readonly mainReadings: number;
  /** The fixture micrometers' water. */
  readonly fixtures: number;
};

export type BuildingUse = {
  readonly use: number;
  readonly fixtures: number;
  readonly unaccounted: number;
  /** Whether a main line reported in the bucket. */
  readonly metered: boolean;
};

/** The rule for one building and bucket. */
export function buildingUse(bucket: BuildingBucket): BuildingUse {
  const metered = bucket.mainReadings > 0;
  const use = metered ? Math.max(bucket.main, bucket.fixtures) : bucket.fixtures;
  return { use, fixtures: bucket.fixtures, unaccounted: use - bucket.fixtures, metered };
}

/** Sums of building buckets: use, fixtures, unaccounted and where the use came from. */
export type UseTotal = {
  readonly use: number;
  readonly fixtures: number;
  readonly unaccounted: number;
  readonly source: UseSource;
};

/**
 * Adds building buckets. `source` is `main-line` when every bucket with water had its main line
 * reporting, `fixture-meters-only` when none did, `mixed` otherwise (an empty sum: main line).
 */
export function sumBuildingUse(buckets: Iterable<BuildingBucket>): UseTotal {
  let use = 0;
  let fixtures = 0;
  let metered = 0;
  let unmetered = 0;
  for (const bucket of buckets) {
    const one = buildingUse(bucket);
    use += one.use;
    fixtures += one.fixtures;
    if (one.metered) metered += 1;
    else if (one.use !== 0) unmetered += 1;
  }
  return { use, fixtures, unaccounted: use - fixtures, source: sourceOf(metered, unmetered) };
}

/** The source of a sum from the counts of its metered and unmetered (non-empty) buckets. */
export function sourceOf(metered: number, unmetered: number): UseSource {
  if (unmetered === 0) return 'main-line';
  return metered === 0 ? 'fixture-meters-only' : 'mixed';
}

/** Share of `part` in `whole` as a fraction with 4 decimals (0 when the whole is 0). */
export const shareOf = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0;

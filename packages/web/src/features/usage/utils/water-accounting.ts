// How the water-accounting figures read on the usage cards (docs/usage.md, "Water accounting"):
// fixture rows and the water no fixture accounts for as shares of the place's use, never a
// negative remainder, and the note that says where the use came from when it was not the main
// line. The rule itself is the server's (`@flowsight/domain/water-accounting`); this only shows it.
import { unitCategories } from '@flowsight/domain/lookups';
import { RESIDENTIAL_UNIT_CATEGORY, type UseSource } from '@flowsight/domain/water-accounting';

/** What the fixture breakdown (GET …/appliance-gallons) answers, as far as the card reads it. */
export type FixtureGallonsAnswer = {
  total_gallons: number;
  unaccounted_gallons: number | null;
  source: UseSource | null;
  data: readonly { appliance_type_id: number; gallons: number; sensors: number }[];
};

export type FixtureShare = {
  applianceTypeId: number;
  gallons: number;
  sensors: number;
  /** Of the place's use, 0–1. */
  share: number;
};

export type FixtureShares = {
  /** The place's use: the whole that every share is of. */
  total: number;
  rows: FixtureShare[];
  /**
   * Null for a unit, whose use is its fixtures', and where no main line reported: then nothing
   * measured the water the fixtures missed, and the source note says so.
   */
  unaccounted: { gallons: number; share: number } | null;
};

/**
 * The breakdown as shares of the place's use, so the fixture rows and the unaccounted row add up
 * to 100 %. Unaccounted water is never shown below 0: meters read within a few per cent of each
 * other, and where the fixtures read above the main line the server already counts 0.
 */
export function fixtureShares(answer: FixtureGallonsAnswer): FixtureShares {
  const unaccounted =
    answer.unaccounted_gallons === null || answer.source === 'fixture-meters-only'
      ? null
      : Math.max(0, answer.unaccounted_gallons);
  const fixtures = answer.data.reduce((sum, row) => sum + Math.max(0, row.gallons), 0);
  // Rounded figures may leave the total a thousandth short of its parts: never a share above 1.
  const total = Math.max(answer.total_gallons, fixtures + (unaccounted ?? 0));
  const shareOf = (gallons: number) => (total > 0 ? Math.max(0, gallons) / total : 0);
  return {
    total,
    rows: answer.data.map((row) => ({
      applianceTypeId: row.appliance_type_id,
      gallons: row.gallons,
      sensors: row.sensors,
      share: shareOf(row.gallons),
    })),
    unaccounted:
      unaccounted === null ? null : { gallons: unaccounted, share: shareOf(unaccounted) },
  };
}

/** The note a figure carries when its use did not come from main lines alone (none otherwise). */
export function sourceNoteKey(source: UseSource | null | undefined) {
  switch (source) {
    case 'fixture-meters-only':
      return 'usage.water.fixtureMetersOnly' as const;
    case 'mixed':
      return 'usage.water.mixed' as const;
    case 'main-line':
    case null:
    case undefined:
      return null;
  }
}

/** One chart bucket as GET …/gallons answers it. */
export type GallonsBucket = {
  gallons: number;
  unaccounted_gallons: number | null;
};

/** A bucket split into what the fixtures measured and what no fixture accounts for. */
export type BucketSplit = { fixtures: number; unaccounted: number };

/**
 * Splits a bucket of building use into its fixtures' part and the unaccounted rest; the two add
 * up to the bucket's use, and neither is negative.
 */
export function splitBucket(bucket: GallonsBucket): BucketSplit {
  const use = Math.max(0, bucket.gallons);
  const unaccounted = Math.min(use, Math.max(0, bucket.unaccounted_gallons ?? 0));
  return { fixtures: use - unaccounted, unaccounted };
}

/** A window's use and its unaccounted water, with the share (0 when nothing was used). */
export function windowUnaccounted(buckets: readonly GallonsBucket[]) {
  let use = 0;
  let unaccounted = 0;
  for (const bucket of buckets) {
    const split = splitBucket(bucket);
    use += split.fixtures + split.unaccounted;
    unaccounted += split.unaccounted;
  }
  return { use, unaccounted, share: use > 0 ? unaccounted / use : 0 };
}

/** Whether a chart of this place has an unaccounted series (buildings and their sums; a unit not). */
export function hasUnaccountedSeries(buckets: readonly GallonsBucket[]) {
  return buckets.length > 0 && buckets.every((bucket) => bucket.unaccounted_gallons !== null);
}

/** The unit categories a ranking can list, residential first: each is listed apart. */
export const rankedUnitCategories: readonly number[] = [
  RESIDENTIAL_UNIT_CATEGORY,
  ...unitCategories.map((category) => category.id).filter((id) => id !== RESIDENTIAL_UNIT_CATEGORY),
];

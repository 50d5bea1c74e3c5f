// Unaccounted water (docs/detection.md, "Unaccounted water"): a building-level leak rule that
// reconciles the main line against the fixtures. Per building and complete local day the water
// accounting rule (water-accounting.ts) gives building use and unaccounted water (use − fixtures);
// their ratio is the day's unaccounted share. The rule finds a leak when, on each of the last
// UNACCOUNTED_WINDOW_DAYS days on which the main line reported, the share is above the company's
// threshold and the unaccounted gallons reach its floor. The server's sweep and the detection
// evaluation both call it, so what is measured is what runs.
import type { Finding } from './detection.ts';
import { InstallationType } from './lookups.ts';
import { addDays, type LocalDate, startOfLocalDay } from './usage-windows.ts';
import { localDate } from './wall-clock.ts';
import { type BuildingBucket, buildingUse } from './water-accounting.ts';

const HOUR_MS = 3_600_000;

/** Consecutive counted days (main line reporting) the share must stay above the threshold. */
export const UNACCOUNTED_WINDOW_DAYS = 3;
/** The counted days are looked for among this many most recent complete local days. */
export const UNACCOUNTED_LOOKBACK_DAYS = 7;
/**
 * A local day is complete this long after it ends: a report belongs to the day holding its
 * midpoint, so the last one of a day arrives up to half a report interval after midnight.
 */
export const DAY_SETTLE_MS = HOUR_MS;
/** Days of a month, for the rate (gallons per month) of a daily figure. */
const MONTH_DAYS = 30;

/**
 * The starting thresholds (a company may set its own): the unaccounted share of building use, in
 * per cent, and the least unaccounted gallons a day. 15 % keeps clear of healthy simulated
 * buildings, whose worst 3-day run reaches about 10 % (silent micrometers, readings near
 * midnight), and finds hidden pipes from about 0.12 gal/min in a typical building
 * (docs/detection.md, "Unaccounted water").
 */
export const unaccountedWaterDefaults = { sharePercent: 15, minGallonsPerDay: 50 } as const;

export type UnaccountedThreshold = {
  /** Per cent of building use, above 0 and at most 100. */
  readonly sharePercent: number;
  /** Gallons a day, 0 or more. */
  readonly minGallonsPerDay: number;
};

/** One building's local day in gallons, as the per-building daily log holds it. */
export type BuildingDay = BuildingBucket & { readonly day: LocalDate };

/** A day reconciled: building use, fixtures, unaccounted gallons and their share of use (0..1). */
export type ReconciledDay = {
  readonly day: LocalDate;
  readonly use: number;
  readonly fixtures: number;
  readonly unaccounted: number;
  readonly share: number;
  /** Whether the main line reported on the day (only such days count). */
  readonly metered: boolean;
};

export function reconcileDay(bucket: BuildingDay): ReconciledDay {
  const { use, fixtures, unaccounted, metered } = buildingUse(bucket);
  return {
    day: bucket.day,
    use,
    fixtures,
    unaccounted,
    share: use > 0 ? unaccounted / use : 0,
    metered,
  };
}

/**
 * Buildings whose installation leaves part of the water unmetered by design ("pilot units": one
 * apartment in three; "main line only") are not reconciled: their unaccounted share is that
 * design (60–95 % in the demo), not a leak. Every-fixture buildings and buildings whose
 * installation type is not set are.
 */
export const reconcilesBuilding = (installationTypeId: number | null | undefined) =>
  installationTypeId !== InstallationType.PilotUnits &&
  installationTypeId !== InstallationType.MainLineOnly;

/** The newest local day of the zone that is complete at `atMs`. */
export const lastCompleteDay = (atMs: number, timeZone: string): LocalDate =>
  addDays(localDate(new Date(atMs - DAY_SETTLE_MS), timeZone), -1);

export type UnaccountedFinding = Finding & {
  readonly rule: 'unaccounted-water';
  /** The lowest share of the window (0..1). */
  readonly share: number;
  /** The window's days, oldest first. */
  readonly days: readonly LocalDate[];
};

/**
 * The rule at `atMs`. Counted days are the complete local days of the lookback on which the main
 * line reported, and — after the building's alert of this type was closed — only days that began
 * after the local day of the closure ("Fixed it" resets the evidence, as for the other leak
 * rules). With fewer than `UNACCOUNTED_WINDOW_DAYS` counted days the building says nothing about
 * now (`unknown`: an open alert is neither updated nor closed). Otherwise each of the last
 * `UNACCOUNTED_WINDOW_DAYS` counted days must have its share above the threshold and at least
 * its gallons unaccounted. Rate: the lowest unaccounted day of the window, per month.
 */
export function unaccountedWater(
  days: readonly BuildingDay[],
  threshold: UnaccountedThreshold,
  at: { readonly atMs: number; readonly timeZone: string; readonly closedAtMs: number | null },
): UnaccountedFinding | 'unknown' | null {
  const last = lastCompleteDay(at.atMs, at.timeZone);
  const first =
    at.closedAtMs === null
      ? addDays(last, 1 - UNACCOUNTED_LOOKBACK_DAYS)
      : laterDay(
          addDays(last, 1 - UNACCOUNTED_LOOKBACK_DAYS),
          addDays(localDate(new Date(at.closedAtMs), at.timeZone), 1),
        );
  const counted = days
    .filter((d) => d.day >= first && d.day <= last)
    .map(reconcileDay)
    .filter((d) => d.metered)
    .sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0))
    .slice(0, UNACCOUNTED_WINDOW_DAYS);
  if (counted.length < UNACCOUNTED_WINDOW_DAYS) return 'unknown';
  const share = threshold.sharePercent / 100;
  if (!counted.every((d) => d.share > share && d.unaccounted >= threshold.minGallonsPerDay)) {
    return null;
  }
  const window = counted.reverse();
  const oldest = window[0]?.day ?? last;
  return {
    rule: 'unaccounted-water',
    rate: Math.min(...window.map((d) => d.unaccounted)) * MONTH_DAYS,
    sinceMs: startOfLocalDay(oldest, at.timeZone).getTime(),
    share: Math.min(...window.map((d) => d.share)),
    days: window.map((d) => d.day),
  };
}

const laterDay = (a: LocalDate, b: LocalDate) => (a >= b ? a : b);

// Leak detection rules (DESIGN section 8, `docs/detection.md`), as pure functions over a sensor's
// hourly usage — the same rows `usage_hourly` holds (volume and seconds with flow per UTC hour).
// The server's engine and the detection evaluation both call these, so what is measured is what
// runs. The building-level rule (unaccounted water) is in unaccounted.ts.
import type { FixtureDetection } from './lookups.ts';
import { localClock } from './wall-clock.ts';
import { waterCost } from './water-cost.ts';

const HOUR_MS = 3_600_000;

/** One complete UTC hour of a sensor: gallons and seconds with flow. */
export type HourUsage = {
  readonly hourMs: number;
  readonly gallons: number;
  readonly flowS: number;
};

/**
 * Share of an hour that must have flow for the hour to count as "flowing". Normal use — a long
 * shower, a bath, a washing machine's fills — flows minutes an hour; a leak flows all the time.
 */
export const FLOWING_SHARE = 0.9;
/** Gallons in one fully flowing hour that mean a burst: alerted after one hour, not T. */
export const BURST_GALLONS_PER_HOUR = 90;
/** Night flow: these local hours, on this many nights in a row. */
export const NIGHT_HOURS = [2, 3] as const;
export const NIGHT_FLOW_NIGHTS = 3;
/** An open alert whose condition has been absent this long is closed by the system. */
export const AUTO_CLOSE_MS = 24 * HOUR_MS;
/** Battery below this percent is a device-health alert. */
export const LOW_BATTERY_PERCENT = 15;
/** Gallons per month from gallons per hour (30-day month). */
export const perMonth = (gallonsPerHour: number) => gallonsPerHour * 24 * 30;

export type Finding = {
  readonly rule: 'continuous-flow' | 'night-flow' | 'high-usage' | 'unaccounted-water';
  /** Gallons per month. */
  readonly rate: number;
  /** The hour (UTC) the condition was first seen in this window. */
  readonly sinceMs: number;
};

const flowing = (hour: HourUsage | undefined, minGallons: number): hour is HourUsage =>
  hour !== undefined && hour.gallons >= minGallons && hour.flowS >= FLOWING_SHARE * 3600;

/** Hourly rows by hour, for lookups. */
export function byHour(hours: readonly HourUsage[]): Map<number, HourUsage> {
  return new Map(hours.map((hour) => [hour.hourMs, hour]));
}

/**
 * Continuous flow: each of the last T complete hours before `untilMs` (an hour boundary) flowed
 * (at least `hourlyMinGal` gallons and flow in 90 % of it). A fully flowing hour of at least
 * `BURST_GALLONS_PER_HOUR` on a fixture (not a line watched over whole days) is a burst and needs
 * no more hours. Rate: the lowest of those hours,
 * per month.
 */
export function continuousFlow(
  hours: ReadonlyMap<number, HourUsage>,
  params: FixtureDetection,
  untilMs: number,
): Finding | null {
  if (params.continuousHours === null) return null;
  const last = hours.get(untilMs - HOUR_MS);
  if (!flowing(last, params.hourlyMinGal)) return null;
  // Lines watched over whole days (main and water lines) carry a building's daytime flow, which
  // looks like a burst every busy hour; the fast path is for fixtures.
  const burst = params.continuousHours < 24 && last.gallons >= BURST_GALLONS_PER_HOUR;
  const window = burst ? 1 : params.continuousHours;
  let lowest = Number.POSITIVE_INFINITY;
  for (let i = 1; i <= window; i += 1) {
    const hour = hours.get(untilMs - i * HOUR_MS);
    if (!flowing(hour, params.hourlyMinGal)) return null;
    lowest = Math.min(lowest, hour.gallons);
  }
  return { rule: 'continuous-flow', rate: perMonth(lowest), sinceMs: untilMs - window * HOUR_MS };
}

export { localClock };

/**
 * Night flow (main and water lines): on each of the last `NIGHT_FLOW_NIGHTS` nights whose watched
 * hours (02:00–04:00 local) have ended before `untilMs`, every watched hour flowed. A UTC hour
 * belongs to the local hour its middle falls in, so half-hour zones and DST nights (a missing or
 * doubled hour) are handled by what the clock says. Rate: the lowest watched hour, per month of
 * two such hours a night.
 */
export function nightFlow(
  hours: ReadonlyMap<number, HourUsage>,
  params: FixtureDetection,
  timeZone: string,
  untilMs: number,
): Finding | null {
  if (!params.nightFlow) return null;
  // Walk back over complete hours, grouping the watched ones by local date. A night counts once
  // its last watched hour is among them (the walk may start inside tonight's watched hours).
  const lastWatched = NIGHT_HOURS[NIGHT_HOURS.length - 1];
  const nights = new Map<string, { hours: number[]; complete: boolean }>();
  const order: string[] = [];
  for (let i = 1; i <= (NIGHT_FLOW_NIGHTS + 1) * 24 + 2; i += 1) {
    const hourMs = untilMs - i * HOUR_MS;
    const clock = localClock(hourMs + HOUR_MS / 2, timeZone);
    if (!(NIGHT_HOURS as readonly number[]).includes(clock.hour)) continue;
    let night = nights.get(clock.date);
    if (!night) {
      night = { hours: [], complete: false };
      nights.set(clock.date, night);
      order.push(clock.date);
    }
    night.hours.push(hourMs);
    if (clock.hour === lastWatched) night.complete = true;
  }
  const recent = order.filter((date) => nights.get(date)?.complete).slice(0, NIGHT_FLOW_NIGHTS);
  if (recent.length < NIGHT_FLOW_NIGHTS) return null;
  let lowest = Number.POSITIVE_INFINITY;
  let since = Number.POSITIVE_INFINITY;
  for (const date of recent) {
    for (const hourMs of nights.get(date)?.hours ?? []) {
      const hour = hours.get(hourMs);
      if (!flowing(hour, params.hourlyMinGal)) return null;
      lowest = Math.min(lowest, hour.gallons);
      since = Math.min(since, hourMs);
    }
  }
  return { rule: 'night-flow', rate: lowest * NIGHT_HOURS.length * 30, sinceMs: since };
}

/**
 * High usage: a local day's gallons above the threshold that applies — the sensor's own gallon
 * threshold, else the company's for the fixture type, else the fixture type's default. Rate: the
 * excess, per month.
 */
export function highUsage(
  dayGallons: number,
  thresholds: {
    readonly sensor: number | null;
    readonly company: number | null;
    readonly fixture: number | null;
  },
  dayStartMs: number,
): Finding | null {
  const threshold = thresholds.sensor ?? thresholds.company ?? thresholds.fixture;
  if (threshold === null || dayGallons <= threshold) return null;
  return { rule: 'high-usage', rate: (dayGallons - threshold) * 30, sinceMs: dayStartMs };
}

/**
 * "Fixed it" resets the evidence: after a sensor's alert of a type was closed, only hours that
 * start at or after the closure count for that rule, so the same leak's history cannot reopen it
 * at once; a new alert needs the condition to be seen again.
 */
export function hoursSince(
  hours: ReadonlyMap<number, HourUsage>,
  closedAtMs: number | null,
): ReadonlyMap<number, HourUsage> {
  if (closedAtMs === null) return hours;
  return new Map([...hours].filter(([hourMs]) => hourMs >= closedAtMs));
}

/** What to do with a rule's open alert after an evaluation. */
export type AlertStep =
  | { readonly action: 'open'; readonly rate: number; readonly firstDetectedMs: number }
  | { readonly action: 'update'; readonly rate: number }
  | { readonly action: 'close' }
  | { readonly action: 'none' };

/**
 * The lifecycle of one sensor's alert of one type: a finding opens an alert (or updates the open
 * one's rate and last detection); without a finding, an open alert last detected 24 h ago or more
 * is closed by the system.
 */
export function stepAlert(
  open: { readonly lastDetectedMs: number } | null,
  finding: Finding | null,
  nowMs: number,
): AlertStep {
  if (finding) {
    return open
      ? { action: 'update', rate: finding.rate }
      : { action: 'open', rate: finding.rate, firstDetectedMs: nowMs };
  }
  if (open && nowMs - open.lastDetectedMs >= AUTO_CLOSE_MS) return { action: 'close' };
  return { action: 'none' };
}

/** Monthly cost of a rate (gallons a month) at the property's price: water-cost.ts's rule. */
export const monthlyCost = waterCost;

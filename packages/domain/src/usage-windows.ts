// The calendar of usage charts: which buckets a chart window holds in a
// property's IANA time zone, their UTC bounds and labels, and the local-date ranges of totals.
// Hourly buckets are UTC hours (the `usage_hourly` rollup); days, ISO weeks (Monday start) and
// months are local calendar days (the `usage_daily` rollup), so a day is 23 or 25 hours long on a
// DST change and a half-hour zone's day starts at hh:30 UTC. Built on Intl only.
import { Granularity, type GranularityId, granularities } from './granularity.ts';
import { inputMessages, isLocalDate } from './input.ts';
import {
  type LocalDate,
  localDate,
  startOfLocalDay,
  wallClockMs,
  zoneOffsetMs,
} from './wall-clock.ts';

// The date rule of every input (a real calendar date in the supported years) lives in input.ts.
export { isLocalDate };

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export type { LocalDate };

/** The longest range (in days, both ends counted) a totals call may span. */
export const MAX_RANGE_DAYS = 366;
export const rangeMessages = {
  order: 'from must be on or before to',
  span: `The date range may span at most ${MAX_RANGE_DAYS} days`,
  date: inputMessages.date,
} as const;

/** Days since 1970-01-01 of a local date (a plain counter, free of zones). */
export const dayNumber = (date: LocalDate): number =>
  Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
export const dateOfDayNumber = (day: number): LocalDate =>
  new Date(day * DAY_MS).toISOString().slice(0, 10);
export const addDays = (date: LocalDate, days: number): LocalDate =>
  dateOfDayNumber(dayNumber(date) + days);
/** 1 Monday … 7 Sunday (ISO 8601). */
export const isoWeekday = (date: LocalDate): number => ((dayNumber(date) + 3) % 7) + 1;
export const mondayOf = (date: LocalDate): LocalDate => addDays(date, 1 - isoWeekday(date));
export const monthOfDate = (date: LocalDate): string => date.slice(0, 7);
export const firstOfMonth = (date: LocalDate): LocalDate => `${date.slice(0, 7)}-01`;
/** The first day of the month `months` after (or before, when negative) the date's month. */
export function addMonths(date: LocalDate, months: number): LocalDate {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}
export const daysInMonth = (date: LocalDate): number =>
  dayNumber(addMonths(date, 1)) - dayNumber(firstOfMonth(date));

/** ISO 8601 week label of the week holding the date, e.g. `2026-W47`. */
export function isoWeekLabel(date: LocalDate): string {
  // The week belongs to the year of its Thursday.
  const thursday = addDays(date, 4 - isoWeekday(date));
  const year = thursday.slice(0, 4);
  const week = Math.floor((dayNumber(thursday) - dayNumber(`${year}-01-01`)) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

// ── Zone arithmetic (wall-clock.ts) ─────────────────────────────────────────────────────────────
export { startOfLocalDay, zoneOffsetMs };

/** `YYYY-MM-DD HH` (or `HH:mm`) of the local wall clock at the instant. */
function localClockLabel(instantMs: number, timeZone: string, withMinutes: boolean): string {
  const text = new Date(wallClockMs(instantMs, timeZone)).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, withMinutes ? 16 : 13)}`;
}

// ── Chart windows ───────────────────────────────────────────────────────────────────────────────
export type ChartBucket = {
  /** `YYYY-MM`, `YYYY-Www`, `YYYY-MM-DD` or `YYYY-MM-DD HH[:mm]`. */
  readonly period: string;
  readonly start: Date;
  /** Exclusive. */
  readonly end: Date;
  /** Local dates the bucket covers, both ends included (day-based granularities only). */
  readonly days?: { readonly from: LocalDate; readonly to: LocalDate };
};

export type ChartWindow = {
  readonly granularity: GranularityId;
  readonly timeZone: string;
  readonly buckets: readonly ChartBucket[];
  /** First and last local date of the window (day-based granularities). */
  readonly days?: { readonly from: LocalDate; readonly to: LocalDate };
};

const bucketsOf = (granularity: GranularityId) =>
  granularities.find((g) => g.id === granularity)?.bucketsBack ?? 12;

function dayBuckets(
  granularity: GranularityId,
  firsts: readonly LocalDate[],
  next: (first: LocalDate) => LocalDate,
  label: (first: LocalDate) => string,
  timeZone: string,
): ChartWindow {
  const buckets = firsts.map((first) => {
    const following = next(first);
    return {
      period: label(first),
      start: startOfLocalDay(first, timeZone),
      end: startOfLocalDay(following, timeZone),
      days: { from: first, to: addDays(following, -1) },
    };
  });
  const from = buckets[0]?.days.from ?? '';
  const to = buckets.at(-1)?.days.to ?? '';
  return { granularity, timeZone, buckets, days: { from, to } };
}

/**
 * The buckets of a chart, oldest first: the bucket holding `now` (or, with `end`, the bucket
 * holding that local date; for hourly charts the last hour of that date) and those before it.
 */
export function chartWindow(
  granularity: GranularityId,
  timeZone: string,
  now: Date,
  end?: LocalDate,
): ChartWindow {
  const count = bucketsOf(granularity);
  const anchor = end ?? localDate(now, timeZone);
  const back = (step: (n: number) => LocalDate) =>
    Array.from({ length: count }, (_, i) => step(i - count + 1));
  switch (granularity) {
    case Granularity.Hourly: {
      const lastMs =
        end === undefined
          ? now.getTime()
          : startOfLocalDay(addDays(end, 1), timeZone).getTime() - 1;
      const lastHour = Math.floor(lastMs / HOUR_MS) * HOUR_MS;
      const starts = Array.from({ length: count }, (_, i) => lastHour - (count - 1 - i) * HOUR_MS);
      // Whole-hour zones label `HH`; a zone whose offset has minutes labels `HH:mm` throughout.
      const withMinutes = starts.some((ms) => zoneOffsetMs(ms, timeZone) % HOUR_MS !== 0);
      return {
        granularity,
        timeZone,
        buckets: starts.map((ms) => ({
          period: localClockLabel(ms, timeZone, withMinutes),
          start: new Date(ms),
          end: new Date(ms + HOUR_MS),
        })),
      };
    }
    case Granularity.Daily:
      return dayBuckets(
        granularity,
        back((n) => addDays(anchor, n)),
        (first) => addDays(first, 1),
        (first) => first,
        timeZone,
      );
    case Granularity.Weekly:
      return dayBuckets(
        granularity,
        back((n) => addDays(mondayOf(anchor), 7 * n)),
        (first) => addDays(first, 7),
        isoWeekLabel,
        timeZone,
      );
    case Granularity.Monthly:
      return dayBuckets(
        granularity,
        back((n) => addMonths(anchor, n)),
        (first) => addMonths(first, 1),
        monthOfDate,
        timeZone,
      );
    default: {
      const unreachable: never = granularity;
      return unreachable;
    }
  }
}

/** Index of the day-based bucket holding a local date, or -1 outside the window. */
export function bucketOfDay(window: ChartWindow, day: LocalDate): number {
  return window.buckets.findIndex(
    (b) => b.days !== undefined && b.days.from <= day && day <= b.days.to,
  );
}

/** Index of the hourly bucket starting at the UTC hour, or -1 outside the window. */
export function bucketOfHour(window: ChartWindow, hour: Date): number {
  const first = window.buckets[0]?.start.getTime() ?? 0;
  const index = Math.floor((hour.getTime() - first) / HOUR_MS);
  return index >= 0 && index < window.buckets.length ? index : -1;
}

// ── Date ranges of totals ───────────────────────────────────────────────────────────────────────
export type DateRange = { readonly from: LocalDate; readonly to: LocalDate };

/**
 * The local-date range of a totals call: `to` defaults to today, `from` to the first day of
 * `to`'s month (so both absent: this month so far). Answers the refusal's message when the range
 * is backwards or too long.
 */
export function resolveDateRange(
  input: { from?: LocalDate | undefined; to?: LocalDate | undefined },
  timeZone: string,
  now: Date,
): DateRange | { error: string } {
  const to = input.to ?? localDate(now, timeZone);
  // Only `to` given: its month so far (the current month when `to` is today).
  const from = input.from ?? firstOfMonth(to);
  if (from > to) return { error: rangeMessages.order };
  if (dayNumber(to) - dayNumber(from) + 1 > MAX_RANGE_DAYS) return { error: rangeMessages.span };
  return { from, to };
}

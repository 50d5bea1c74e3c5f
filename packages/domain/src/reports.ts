// Statistics and reports (usage analytics contract, calls 7–11): the local-date arithmetic of a
// place's statistics and of a report's date range, the unit status rule, the change percent, the
// periods of the gallons report and the columns of every report type. Server and web read these
// definitions; dates are local calendar dates `YYYY-MM-DD` of the record's time zone.
import { Granularity } from './granularity.ts';
import { reportTypes, unitCategories } from './lookups.ts';
import {
  addDays,
  addMonths,
  type DateRange,
  dayNumber,
  firstOfMonth,
  isLocalDate,
  isoWeekLabel,
  MAX_RANGE_DAYS,
  mondayOf,
  rangeMessages,
} from './usage-windows.ts';
import { localDate } from './wall-clock.ts';
import type { UseSource } from './water-accounting.ts';
import { waterCost } from './water-cost.ts';

// The calendar and the date-range rule are the usage charts' (usage-windows.ts); these names stay
// importable from here for the report pages.
export { addDays, type DateRange, isLocalDate, MAX_RANGE_DAYS };

export const reportMessages = { ...rangeMessages, unknownReport: 'Unknown report' } as const;

/** A query parameter holding a local calendar date (the shared input rule). */
export { localDateSchema } from './input.ts';

/** Days from `from` to `to` (0 when equal, negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);
export const monthStart = firstOfMonth;
/** The last day of the month holding `day`. */
export const monthEnd = (day: string) => addDays(addMonths(day, 1), -1);
/** The earlier of two local dates (ISO dates order as text). */
export const earlierDay = (a: string, b: string) => (a.localeCompare(b) <= 0 ? a : b);
export const laterDay = (a: string, b: string) => (a.localeCompare(b) >= 0 ? a : b);

/**
 * The local days a place's statistics compare (call 7). Use is compared like for like: this
 * month's whole days (the 1st to yesterday; today is still running) against as many days from the
 * 1st of last month, and no more days than last month has. On the 1st no whole day has passed
 * yet, so nothing is compared (`comparedDays` 0) rather than an hour or two against a whole day.
 */
export type StatisticsDays = {
  readonly today: string;
  /** This month so far: its first day to today. */
  readonly monthStart: string;
  readonly lastMonthStart: string;
  readonly lastMonthEnd: string;
  /** The whole days compared on each side: 0 on the 1st. */
  readonly comparedDays: number;
  /** This month's last compared day; null on the 1st. */
  readonly comparedTo: string | null;
  /**
   * Last month's last compared day: its 1st plus `comparedDays` − 1 (the day before its 1st
   * when nothing is compared, an empty span).
   */
  readonly lastMonthSameEnd: string;
  /** The last 30 complete days: 30 days ago to yesterday. */
  readonly averageFrom: string;
  readonly averageTo: string;
  /** The earliest of these days (last month's first day, or 30 days ago early in March). */
  readonly earliest: string;
};
export const AVERAGE_DAYS = 30;

export function statisticsDays(today: string): StatisticsDays {
  const start = monthStart(today);
  const lastMonthEnd = addDays(start, -1);
  const lastMonthStart = monthStart(lastMonthEnd);
  const comparedDays = Math.min(
    daysBetween(start, today),
    daysBetween(lastMonthStart, lastMonthEnd) + 1,
  );
  const averageFrom = addDays(today, -AVERAGE_DAYS);
  return {
    today,
    monthStart: start,
    lastMonthStart,
    lastMonthEnd,
    comparedDays,
    comparedTo: comparedDays === 0 ? null : addDays(start, comparedDays - 1),
    lastMonthSameEnd: addDays(lastMonthStart, comparedDays - 1),
    averageFrom,
    averageTo: addDays(today, -1),
    earliest: earlierDay(averageFrom, lastMonthStart),
  };
}

/** The sums a place's statistics are built from. */
export type StatisticsFigures = {
  readonly today: number;
  readonly thisMonth: number;
  /** This month's compared days (`StatisticsDays.comparedDays`) summed. */
  readonly compared: number;
  readonly lastMonth: number;
  readonly lastMonthSame: number;
  /** The last 30 complete days summed (divide by AVERAGE_DAYS for the mean). */
  readonly averageSum: number;
};
export type StatisticsWindow = 'today' | 'later' | 'beyond' | 'same' | 'lastPart' | 'before';

/**
 * How to read a place's statistics cheaply: whole months from the monthly rollup, and day by day
 * only today, the rest of this month (normally nothing) and one short stretch around the point
 * where last month's "same period" ends — at most about 16 days instead of up to two months.
 * `same` and `lastPart` are read from last month's start when that side is shorter (then
 * `sameFromStart`), else from the other side and subtracted from the month. `beyond` is this
 * month's whole days past the compared ones (only late in a month longer than the last).
 */
export type StatisticsPlan = {
  readonly days: StatisticsDays;
  /** First days of the two months read from the monthly rollup. */
  readonly months: { readonly thisMonth: string; readonly lastMonth: string };
  readonly windows: Readonly<Record<StatisticsWindow, DateRange | null>>;
  readonly sameFromStart: boolean;
  /** The daily ranges to read: every window lies in one of them. */
  readonly scan: readonly DateRange[];
};

const span = (from: string, to: string): DateRange | null => (from <= to ? { from, to } : null);

export function statisticsPlan(today: string): StatisticsPlan {
  const days = statisticsDays(today);
  const { monthStart: start, lastMonthStart, lastMonthEnd, lastMonthSameEnd, averageFrom } = days;
  const lastMonthLength = daysBetween(lastMonthStart, lastMonthEnd) + 1;
  const sameFromStart = days.comparedDays * 2 <= lastMonthLength;
  // The part of the 30-day average that falls in last month, and (early in March) before it.
  const lastPartFrom = laterDay(averageFrom, lastMonthStart);
  const windows: Record<StatisticsWindow, DateRange | null> = {
    today: { from: today, to: today },
    later: span(addDays(today, 1), monthEnd(today)),
    beyond: span(addDays(start, days.comparedDays), addDays(today, -1)),
    same: sameFromStart
      ? span(lastMonthStart, lastMonthSameEnd)
      : span(addDays(lastMonthSameEnd, 1), lastMonthEnd),
    lastPart: sameFromStart
      ? span(lastMonthStart, addDays(lastPartFrom, -1))
      : span(lastPartFrom, lastMonthEnd),
    before: span(averageFrom, addDays(lastMonthStart, -1)),
  };
  const boundary = [windows.same, windows.lastPart, windows.before].filter(
    (range): range is DateRange => range !== null,
  );
  const scan: DateRange[] = [{ from: windows.beyond?.from ?? today, to: monthEnd(today) }];
  if (boundary.length > 0) {
    scan.push({
      from: boundary.map((r) => r.from).reduce(earlierDay),
      to: boundary.map((r) => r.to).reduce(laterDay),
    });
  }
  return {
    days,
    months: { thisMonth: start, lastMonth: lastMonthStart },
    windows,
    sameFromStart,
    scan,
  };
}

/** The statistics sums from the monthly sums and the daily sums of the plan's windows. */
export function statisticsFigures(
  plan: StatisticsPlan,
  sums: { thisMonth: number; lastMonth: number } & Record<StatisticsWindow, number>,
): StatisticsFigures {
  const thisMonth = sums.thisMonth - sums.later;
  const lastMonthSame = plan.sameFromStart ? sums.same : sums.lastMonth - sums.same;
  const lastPart = plan.sameFromStart ? sums.lastMonth - sums.lastPart : sums.lastPart;
  return {
    today: sums.today,
    thisMonth,
    compared: thisMonth - sums.today - sums.beyond,
    lastMonth: sums.lastMonth,
    lastMonthSame,
    averageSum: thisMonth - sums.today + lastPart + sums.before,
  };
}

/**
 * How to sum usage over a range cheaply: whole months from the monthly rollup, the rest day by
 * day. A month mostly covered is read whole and its uncovered days subtracted; a month barely
 * touched is read day by day. So a year is twelve monthly rows per micrometer, and "this month so
 * far" one monthly row less the (normally absent) days after today.
 */
export type RangeReads = {
  /** First days of the months read from the monthly rollup. */
  readonly months: readonly string[];
  /** Days added from the daily rollup. */
  readonly add: readonly DateRange[];
  /** Days of those months outside the range, taken off again. */
  readonly subtract: readonly DateRange[];
};

export function rangeReads(range: DateRange): RangeReads {
  const months: string[] = [];
  const add: DateRange[] = [];
  const subtract: DateRange[] = [];
  for (let start = firstOfMonth(range.from); start <= range.to; start = addMonths(start, 1)) {
    const end = monthEnd(start);
    const from = laterDay(range.from, start);
    const to = earlierDay(range.to, end);
    const covered = daysBetween(from, to) + 1;
    const length = daysBetween(start, end) + 1;
    if (covered * 2 <= length) {
      add.push({ from, to });
      continue;
    }
    months.push(start);
    if (from > start) subtract.push({ from: start, to: addDays(from, -1) });
    if (to < end) subtract.push({ from: addDays(to, 1), to: end });
  }
  return { months, add, subtract };
}

/** This period against the one before, in percent with one decimal; null when the one before is 0. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Gallons as the API answers them: rounded to 3 decimals (a thousandth is the sensors' unit). */
export const roundGallons = (gallons: number) => Math.round(gallons * 1000) / 1000;

export const unitStatuses = ['no-sensors', 'leak', 'attention', 'silent', 'ok'] as const;
export type UnitStatus = (typeof unitStatuses)[number];

/**
 * A unit's state at a glance (call 8), the first that holds: no micrometer; an open leak alert;
 * another open alert; no micrometer transmitting; otherwise ok.
 */
export function unitStatus(unit: {
  sensors: number;
  sensorsTransmitting: number;
  openAlerts: number;
  openLeaks: number;
}): UnitStatus {
  if (unit.sensors === 0) return 'no-sensors';
  if (unit.openLeaks > 0) return 'leak';
  if (unit.openAlerts > 0) return 'attention';
  if (unit.sensorsTransmitting === 0) return 'silent';
  return 'ok';
}

// ── Gallons report periods (call 9) ────────────────────────────────────────────────────────────
export type ReportGranularityId =
  | typeof Granularity.Monthly
  | typeof Granularity.Weekly
  | typeof Granularity.Daily;
export const reportGranularities: readonly ReportGranularityId[] = [
  Granularity.Monthly,
  Granularity.Weekly,
  Granularity.Daily,
];

/** The first day of the period holding `day`. */
export function periodStart(day: string, granularity: ReportGranularityId): string {
  switch (granularity) {
    case Granularity.Monthly:
      return monthStart(day);
    case Granularity.Weekly:
      return mondayOf(day);
    case Granularity.Daily:
      return day;
    default: {
      const unreachable: never = granularity;
      return unreachable;
    }
  }
}

export function periodLabel(start: string, granularity: ReportGranularityId): string {
  switch (granularity) {
    case Granularity.Monthly:
      return start.slice(0, 7);
    case Granularity.Weekly:
      return isoWeekLabel(start);
    case Granularity.Daily:
      return start;
    default: {
      const unreachable: never = granularity;
      return unreachable;
    }
  }
}

export type ReportPeriod = { readonly start: string; readonly label: string };

/** Every period touching from..to, oldest first (the first and last may be partly outside). */
export function reportPeriods(range: DateRange, granularity: ReportGranularityId): ReportPeriod[] {
  const periods: ReportPeriod[] = [];
  let start = periodStart(range.from, granularity);
  while (start <= range.to) {
    periods.push({ start, label: periodLabel(start, granularity) });
    start =
      granularity === Granularity.Monthly
        ? addDays(monthEnd(start), 1)
        : addDays(start, granularity === Granularity.Weekly ? 7 : 1);
  }
  return periods;
}

// ── System overview (call 11) ──────────────────────────────────────────────────────────────────
/** Days of the overview's usage chart. */
export const OVERVIEW_DAYS = 14;

/**
 * The overview's last day: the latest local date any property has reached at `at` (each day of
 * the chart sums every property's own local day). A UTC date would open a day no property has
 * begun while the Americas are still on the day before; UTC only when there is no property.
 */
export function overviewLastDay(timeZones: readonly string[], at: Date): string {
  const days = timeZones.map((zone) => localDate(at, zone));
  return days.length === 0 ? localDate(at, 'UTC') : days.reduce(laterDay);
}

// ── Report overview (call 10) ──────────────────────────────────────────────────────────────────
export type ReportColumnKind = 'text' | 'number' | 'money' | 'date';
export type ReportColumn = {
  readonly key: string;
  readonly label: string;
  readonly kind: ReportColumnKind;
};

export const ReportType = {
  UsageByUnit: 1,
  UsageByFixture: 2,
  LeakAlerts: 3,
  SensorHealth: 4,
  CostEstimate: 5,
} as const;
export type ReportTypeId = (typeof ReportType)[keyof typeof ReportType];

export type ReportDefinition = {
  readonly id: ReportTypeId;
  readonly name: string;
  /** Name of its CSV file, before the date. */
  readonly fileName: string;
  readonly columns: readonly ReportColumn[];
  /** Columns summed in the report's totals. */
  readonly totals: readonly string[];
  /** Whether from..to narrows the rows (the sensor list is as of now). */
  readonly usesRange: boolean;
};

const column = (key: string, label: string, kind: ReportColumnKind): ReportColumn => ({
  key,
  label,
  kind,
});
const nameOf = (id: ReportTypeId) => reportTypes.find((r) => r.id === id)?.name ?? String(id);
const define = (
  id: ReportTypeId,
  columns: readonly ReportColumn[],
  totals: readonly string[],
  usesRange = true,
): ReportDefinition => ({
  id,
  name: nameOf(id),
  fileName: nameOf(id)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, ''),
  columns,
  totals,
  usesRange,
});

export const reportDefinitions: Readonly<Record<ReportTypeId, ReportDefinition>> = {
  [ReportType.UsageByUnit]: define(
    ReportType.UsageByUnit,
    [
      column('property_name', 'Property', 'text'),
      column('building_name', 'Building', 'text'),
      column('unit_name', 'Unit', 'text'),
      column('unit_category', 'Unit category', 'text'),
      column('gallons', 'Gallons', 'number'),
      column('cost', 'Cost', 'money'),
    ],
    ['gallons', 'cost'],
  ),
  [ReportType.UsageByFixture]: define(
    ReportType.UsageByFixture,
    [
      column('fixture', 'Fixture', 'text'),
      column('sensors', 'Micrometers', 'number'),
      column('gallons', 'Gallons', 'number'),
      column('share_percent', 'Share (%)', 'number'),
    ],
    ['sensors', 'gallons'],
  ),
  [ReportType.LeakAlerts]: define(
    ReportType.LeakAlerts,
    [
      column('id', 'Alert', 'number'),
      column('property_name', 'Property', 'text'),
      column('building_name', 'Building', 'text'),
      column('unit_name', 'Unit', 'text'),
      column('fixture', 'Fixture', 'text'),
      column('type', 'Type', 'text'),
      column('status', 'Status', 'text'),
      column('first_detected', 'First detected', 'date'),
      column('rate', 'Rate (gal/month)', 'number'),
      // An open alert's incident (docs/detection.md, "Incidents"): its lead alert, whose row
      // carries the incident's cost, each gallon once; the others' cost is on that row.
      column('incident', 'Incident', 'number'),
      column('monthly_cost', 'Monthly cost', 'money'),
    ],
    ['monthly_cost'],
  ),
  [ReportType.SensorHealth]: define(
    ReportType.SensorHealth,
    [
      column('mac_address', 'MAC', 'text'),
      column('property_name', 'Property', 'text'),
      column('building_name', 'Building', 'text'),
      column('unit_name', 'Unit', 'text'),
      column('fixture', 'Fixture', 'text'),
      column('state', 'State', 'text'),
      column('status', 'Status', 'text'),
      column('battery', 'Battery (%)', 'number'),
      column('last_keepalive', 'Last keep-alive', 'date'),
      column('last_submission', 'Last reading', 'date'),
    ],
    [],
    false,
  ),
  [ReportType.CostEstimate]: define(
    ReportType.CostEstimate,
    [
      column('property_name', 'Property', 'text'),
      column('gallons', 'Gallons', 'number'),
      column('source', 'Measured by', 'text'),
      column('water_price', 'Water price (per 1,000 gal)', 'money'),
      column('cost', 'Cost', 'money'),
      column('open_leaks_monthly_cost', 'Open leaks monthly cost', 'money'),
    ],
    ['gallons', 'cost', 'open_leaks_monthly_cost'],
  ),
};

// ── Water accounting in the reports (docs/usage.md) ───────────────────────────────────────────
// "Usage by unit" and the gallons report count each unit's fixture micrometers, residential units
// ("Internal units") first and every unit labelled with its category; "Usage by fixture" lists the
// fixture types (never the main line) and the water no fixture accounts for as its own row;
// "Cost estimate" prices each property's use (its buildings' use under the rule).

/** The row of "Usage by fixture" (and of the gallons report) for building use − fixtures. */
export const UNACCOUNTED_WATER = 'Unaccounted water';
/** The gallons report's line of its buildings' use. */
export const BUILDING_USE = 'Building use';
/** How a report names where a building use figure came from. */
export const useSourceLabels: Readonly<Record<UseSource, string>> = {
  'main-line': 'Main line',
  'fixture-meters-only': 'Fixture meters only',
  mixed: 'Main line where it reported, else fixture meters',
};
/** A unit category's name, as the reports show it. */
export const unitCategoryName = (id: number) =>
  unitCategories.find((category) => category.id === id)?.name ?? String(id);
/** Share of `part` in `whole` in percent with one decimal (0 when the whole is 0). */
export const sharePercent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;

/** The report type a path parameter names, or undefined ("Unknown report"). */
export function reportTypeOf(param: string): ReportTypeId | undefined {
  if (!/^\d{1,3}$/.test(param)) return undefined;
  const id = Number(param);
  return (Object.values(ReportType) as number[]).includes(id) ? (id as ReportTypeId) : undefined;
}

/** What a volume of water costs, rounded to cents (water-cost.ts). */
export { waterCost };

/** Money rounded to cents. */
export const roundMoney = (amount: number) => Math.round(amount * 100) / 100;

/**
 * A report figure as a CSV cell writes it: a plain number (never a currency sign), gallons and
 * other measures to one decimal, money to cents.
 */
export const csvFigure = (kind: 'number' | 'money', value: number) =>
  kind === 'money' ? roundMoney(value) : Math.round(value * 10) / 10;

/** A CSV column heading: money columns name their currency ("Cost (USD)"). */
export const csvHeading = (label: string, kind: ReportColumnKind) => {
  if (kind !== 'money') return label;
  return label.includes('(') ? label.replace('(', '(USD ') : `${label} (USD)`;
};

/** A lookup name as a CSV cell writes it: sentence case ("main line" → "Main line"). */
export const csvName = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** Column sums of a report's rows: gallons to 3 decimals, money to cents. */
export function reportTotals(
  definition: ReportDefinition,
  rows: readonly Readonly<Record<string, unknown>>[],
): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const key of definition.totals) {
    const kind = definition.columns.find((c) => c.key === key)?.kind;
    const sum = rows.reduce((total, row) => {
      const value = row[key];
      return total + (typeof value === 'number' ? value : 0);
    }, 0);
    totals[key] = kind === 'money' ? roundMoney(sum) : roundGallons(sum);
  }
  return totals;
}

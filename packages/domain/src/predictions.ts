// Month-end projection of a unit's water use (`gallons-predictions`), from its
// daily totals so far. Method "weekday-profile":
//   1. History: the complete days of the last LOOKBACK_DAYS before today, from the first day the
//      unit reported on (a day without a row after that counts as 0 gal: the household was away).
//   2. Weekday shape: each weekday's mean over the history divided by the overall mean, shrunk
//      towards 1 by SHAPE_PRIOR_DAYS pseudo-days (8 samples per weekday are noisy).
//   3. Level: the history's mean blended with the month-to-date mean of complete days (each day
//      divided by its weekday shape), weighted n : LEVEL_PRIOR_DAYS by the n days of this month —
//      early in a month the recent weeks decide, late in it this month's own days do.
//   4. Each remaining day (today included) is level × its weekday's shape; today never less than
//      what it has used already. Projection = actual complete days + the estimates.
//   5. Band: the day-to-day spread σ of the history around its profile gives, for r remaining
//      days and n_eff days behind the level, sd = σ·√(r + r²/n_eff); low/high = projection ∓
//      1.645·sd (a 90 % band), low never below what is already used.
// Without a week of history the level is the month-to-date mean alone ("month-to-date-mean");
// with no usage at all nothing is projected ("no-history"). The backtest in
// packages/simulator/src/prediction-backtest.test.ts measures the error (docs/usage.md).
import {
  addDays,
  addMonths,
  dayNumber,
  daysInMonth,
  firstOfMonth,
  isoWeekday,
  type LocalDate,
} from './usage-windows.ts';

export const LOOKBACK_DAYS = 56;
export const SHAPE_PRIOR_DAYS = 4;
export const LEVEL_PRIOR_DAYS = 14;
/** Two-sided 90 % normal quantile. */
const BAND_Z = 1.645;

export const predictionMethods = ['weekday-profile', 'month-to-date-mean', 'no-history'] as const;
export type PredictionMethod = (typeof predictionMethods)[number];

export type DailyGallons = { readonly day: LocalDate; readonly gallons: number };

export type MonthProjection = {
  readonly month: string;
  readonly daysInMonth: number;
  /** Complete days of the month before today. */
  readonly daysElapsed: number;
  /** Use of the month so far, today's included. */
  readonly gallonsToDate: number;
  readonly projectedGallons: number;
  readonly lowGallons: number;
  readonly highGallons: number;
  readonly method: PredictionMethod;
  /** Every day of the month: actual before today, projected from today on. */
  readonly days: readonly { day: LocalDate; gallons: number; projected: boolean }[];
};

/**
 * The first day of use a projection reads: the lookback's first day or, when earlier, the first
 * day of last month (whose total the answer shows beside the projection).
 */
export const projectionHistoryStart = (today: LocalDate): LocalDate =>
  [addDays(today, -LOOKBACK_DAYS), addMonths(today, -1)].sort()[0] ?? today;

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * Projects the month holding `today` from the unit's daily totals (any order; days without a row
 * are 0 once the unit has reported; `today`'s row is its use so far; later rows are ignored).
 */
export function projectMonth(usage: readonly DailyGallons[], today: LocalDate): MonthProjection {
  const byDay = new Map<LocalDate, number>();
  for (const { day, gallons } of usage) {
    if (day <= today) byDay.set(day, (byDay.get(day) ?? 0) + gallons);
  }
  const used = (day: LocalDate) => byDay.get(day) ?? 0;
  const firstReported = [...byDay.keys()].sort()[0];
  const monthStart = firstOfMonth(today);
  const total = daysInMonth(today);
  const elapsed = dayNumber(today) - dayNumber(monthStart);
  const reportedSince = (day: LocalDate) => firstReported !== undefined && day >= firstReported;

  // 1–2. History and weekday shape.
  const history: LocalDate[] = [];
  for (let n = LOOKBACK_DAYS; n >= 1; n -= 1) {
    const day = addDays(today, -n);
    if (reportedSince(day)) history.push(day);
  }
  const historyMean = mean(history.map(used));
  const shape = new Map<number, number>();
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    const days = history.filter((d) => isoWeekday(d) === weekday);
    const ratio = historyMean > 0 && days.length > 0 ? mean(days.map(used)) / historyMean : 1;
    shape.set(weekday, (days.length * ratio + SHAPE_PRIOR_DAYS) / (days.length + SHAPE_PRIOR_DAYS));
  }
  const shapeOf = (day: LocalDate) => shape.get(isoWeekday(day)) ?? 1;

  // 3. Level.
  const monthDays = Array.from({ length: elapsed }, (_, i) => addDays(monthStart, i)).filter(
    reportedSince,
  );
  const monthLevel = mean(monthDays.map((d) => used(d) / shapeOf(d)));
  let method: PredictionMethod;
  let level: number;
  let spreadDays: readonly LocalDate[];
  let levelDays: number;
  if (history.length >= 7) {
    method = 'weekday-profile';
    level =
      (monthDays.length * monthLevel + LEVEL_PRIOR_DAYS * historyMean) /
      (monthDays.length + LEVEL_PRIOR_DAYS);
    spreadDays = history;
    levelDays = history.length + monthDays.length;
  } else if (firstReported !== undefined) {
    method = 'month-to-date-mean';
    shape.clear();
    level = monthDays.length > 0 ? mean(monthDays.map(used)) : used(today);
    spreadDays = monthDays;
    levelDays = Math.max(1, monthDays.length);
  } else {
    method = 'no-history';
    level = 0;
    spreadDays = [];
    levelDays = 1;
  }
  const estimate = (day: LocalDate) => level * shapeOf(day);

  // 4. Days of the month.
  const days = Array.from({ length: total }, (_, i) => {
    const day = addDays(monthStart, i);
    if (i < elapsed) return { day, gallons: used(day), projected: false };
    const gallons = i === elapsed ? Math.max(estimate(day), used(today)) : estimate(day);
    return { day, gallons, projected: true };
  });
  const projectedGallons = days.reduce((sum, d) => sum + d.gallons, 0);
  const gallonsToDate = days.slice(0, elapsed).reduce((sum, d) => sum + d.gallons, 0) + used(today);

  // 5. Band.
  const residuals = spreadDays.map(
    (d) => used(d) - (method === 'weekday-profile' ? historyMean * shapeOf(d) : level),
  );
  const sigma = Math.sqrt(mean(residuals.map((r) => r * r)));
  const remaining = total - elapsed;
  const sd = sigma * Math.sqrt(remaining + (remaining * remaining) / levelDays);
  return {
    month: today.slice(0, 7),
    daysInMonth: total,
    daysElapsed: elapsed,
    gallonsToDate,
    projectedGallons,
    lowGallons: Math.max(gallonsToDate, projectedGallons - BAND_Z * sd),
    highGallons: projectedGallons + BAND_Z * sd,
    method,
    days,
  };
}

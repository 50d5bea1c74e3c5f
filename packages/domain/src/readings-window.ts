// The time windows of the raw readings (`submissions`, the largest table, partitioned by month):
// what a list, count or export covers when the caller names no dates, the widest window one
// export may cover, and how many exports one person may run at once (docs/decisions.md).
import { parseFilterExpression } from './list-query.ts';

const DAY_MS = 86_400_000;

/** A readings list, count or export without `filter.measured_at` covers the last 30 days. */
export const READINGS_DEFAULT_WINDOW_DAYS = 30;
/**
 * The widest window one readings export may cover: the longest calendar quarter (92 days) plus a
 * day's slack for time zones and daylight saving, so any quarter or three months can be exported
 * at once, and one export reads at most four monthly partitions.
 */
export const READINGS_EXPORT_MAX_DAYS = 93;
/** Readings exports one user may run at the same time; one more is answered 429. */
export const READINGS_EXPORTS_PER_USER = 2;
/** Readings exports the people of one company may run at the same time, together. */
export const READINGS_EXPORTS_PER_COMPANY = 4;
/** Readings exports one server runs at the same time, whoever asks (each reads and writes flat out). */
export const READINGS_EXPORTS_PER_SERVER = 6;

export type ReadingsWindow = { readonly from: Date; readonly to: Date };

/**
 * The bounds the `filter.measured_at` expressions name (repeated expressions all apply, so the
 * latest lower and the earliest upper bound count). `$eq` bounds both ends; `$ne`, `$in`, `$nin`
 * and `$null` bound neither. Expressions or dates that do not parse are left to the list's own
 * validation, which refuses them.
 */
export function measuredAtBounds(expressions: readonly string[]): { from?: Date; to?: Date } {
  let from = Number.NEGATIVE_INFINITY;
  let to = Number.POSITIVE_INFINITY;
  for (const raw of expressions) {
    const parsed = parseFilterExpression(raw);
    if (!parsed.ok) continue;
    const times = parsed.value.values.map((value) => new Date(value).getTime());
    if (times.some(Number.isNaN)) continue;
    const [first = Number.NaN, second = Number.NaN] = times;
    switch (parsed.value.operator) {
      case '$gt':
      case '$gte':
        from = Math.max(from, first);
        break;
      case '$lt':
      case '$lte':
        to = Math.min(to, first);
        break;
      case '$eq':
        from = Math.max(from, first);
        to = Math.min(to, first);
        break;
      case '$btw':
        from = Math.max(from, Math.min(first, second));
        to = Math.min(to, Math.max(first, second));
        break;
      default:
        break;
    }
  }
  return {
    ...(Number.isFinite(from) ? { from: new Date(from) } : {}),
    ...(Number.isFinite(to) ? { to: new Date(to) } : {}),
  };
}

/**
 * The window one export covers: from the filter's lower bound (else 30 days before its end) to
 * its upper bound (else now; never later than now). Wider than `READINGS_EXPORT_MAX_DAYS`: the
 * message to answer with 400.
 */
export function readingsExportWindow(
  expressions: readonly string[],
  now: Date,
): { ok: true; window: ReadingsWindow } | { ok: false; error: string } {
  const bounds = measuredAtBounds(expressions);
  const to = bounds.to && bounds.to < now ? bounds.to : now;
  const from = bounds.from ?? new Date(to.getTime() - READINGS_DEFAULT_WINDOW_DAYS * DAY_MS);
  const days = (to.getTime() - from.getTime()) / DAY_MS;
  if (days > READINGS_EXPORT_MAX_DAYS) {
    return {
      ok: false,
      error: `filter.measured_at: an export covers at most ${READINGS_EXPORT_MAX_DAYS} days; this range covers ${Math.ceil(days)} (from ${from.toISOString()} to ${to.toISOString()}). Export a longer period in parts.`,
    };
  }
  return { ok: true, window: { from, to } };
}

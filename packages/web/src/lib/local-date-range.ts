// Date ranges the usage pages send as `from`/`to`: local calendar dates `YYYY-MM-DD`, inclusive.
// The API answers a bad range with a 400; the forms check the same rules (the domain's) first so
// the person sees which field to fix before anything is sent.
import { daysBetween, isLocalDate, MAX_RANGE_DAYS } from '@flowsight/domain/reports';

export { MAX_RANGE_DAYS };

export type LocalDateRange = { from: string; to: string };

/** Why a range cannot be sent, or `null` when it can. */
export type RangeProblem =
  | { field: 'from' | 'to'; reason: 'required' | 'invalid' }
  | { field: 'to'; reason: 'beforeFrom' | 'tooLong' };

/** `YYYY-MM-DD` of a calendar date as the browser's clock shows it. */
export function isoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The API's default: the first day of the current month to today. */
export function monthToDate(now = new Date()): LocalDateRange {
  return {
    from: isoDate(new Date(now.getFullYear(), now.getMonth(), 1)),
    to: isoDate(now),
  };
}

/** The first problem of a range (from first), or `null` when it may be sent. */
export function rangeProblem({ from, to }: LocalDateRange): RangeProblem | null {
  if (from === '') return { field: 'from', reason: 'required' };
  if (!isLocalDate(from)) return { field: 'from', reason: 'invalid' };
  if (to === '') return { field: 'to', reason: 'required' };
  if (!isLocalDate(to)) return { field: 'to', reason: 'invalid' };
  const days = daysBetween(from, to);
  if (days < 0) return { field: 'to', reason: 'beforeFrom' };
  if (days + 1 > MAX_RANGE_DAYS) return { field: 'to', reason: 'tooLong' };
  return null;
}

/** The range a page's address names, with the month to date filling what it leaves out. */
export function rangeFromSearch(search: URLSearchParams, now = new Date()): LocalDateRange {
  const fallback = monthToDate(now);
  return { from: search.get('from') ?? fallback.from, to: search.get('to') ?? fallback.to };
}

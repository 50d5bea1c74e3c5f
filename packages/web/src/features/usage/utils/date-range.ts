// The date range of a breakdown as the address keeps it (`?from=YYYY-MM-DD&to=YYYY-MM-DD`), and
// the checks the API would refuse, made before asking it. Without dates the API answers for the
// current local month to date of the place.

/** The query sent: both dates, or neither (the API's default range). */
export type DateRangeQuery = { from?: string; to?: string };

/** The longest range the API answers (contract: 366 days). */
export const MAX_RANGE_DAYS = 366;

export type DateRangeProblem = 'invalidFrom' | 'invalidTo' | 'fromAfterTo' | 'tooLong';

const localDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a real calendar date, or null. */
export function dayNumberOf(text: string): number | null {
  const match = localDatePattern.exec(text);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  return time / 86_400_000;
}

/** What is wrong with a from/to pair as typed (empty fields are fine: the default range). */
export function dateRangeProblem(from: string, to: string): DateRangeProblem | null {
  const fromDay = from === '' ? null : dayNumberOf(from);
  const toDay = to === '' ? null : dayNumberOf(to);
  if (from !== '' && fromDay === null) return 'invalidFrom';
  if (to !== '' && toDay === null) return 'invalidTo';
  if (fromDay === null || toDay === null) return null;
  if (fromDay > toDay) return 'fromAfterTo';
  if (toDay - fromDay + 1 > MAX_RANGE_DAYS) return 'tooLong';
  return null;
}

/**
 * The query for a valid pair: both dates when both are given; one date alone is completed with
 * the other end of the default range by the API, so it is sent as given.
 */
export function dateRangeQuery(from: string, to: string): DateRangeQuery {
  return { ...(from === '' ? {} : { from }), ...(to === '' ? {} : { to }) };
}

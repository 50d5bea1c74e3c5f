// The date range of a breakdown as the address keeps it (`?from=YYYY-MM-DD&to=YYYY-MM-DD`), and
// the checks the API would refuse, made before asking it. Without dates the API answers for the
// current local month to date of the place. The rules are the domain's
// (`@flowsight/domain/usage-windows`).

import { dayNumber, isLocalDate, MAX_RANGE_DAYS } from '@flowsight/domain/usage-windows';
import type { DateRangeQuery } from '@/lib/place-usage';

export type DateRangeProblem = 'invalidFrom' | 'invalidTo' | 'fromAfterTo' | 'tooLong';

/** What is wrong with a from/to pair as typed (empty fields are fine: the default range). */
export function dateRangeProblem(from: string, to: string): DateRangeProblem | null {
  if (from !== '' && !isLocalDate(from)) return 'invalidFrom';
  if (to !== '' && !isLocalDate(to)) return 'invalidTo';
  if (from === '' || to === '') return null;
  const days = dayNumber(to) - dayNumber(from);
  if (days < 0) return 'fromAfterTo';
  if (days + 1 > MAX_RANGE_DAYS) return 'tooLong';
  return null;
}

/**
 * The query for a valid pair: both dates when both are given; one date alone is completed with
 * the other end of the default range by the API, so it is sent as given.
 */
export function dateRangeQuery(from: string, to: string): DateRangeQuery {
  return { ...(from === '' ? {} : { from }), ...(to === '' ? {} : { to }) };
}

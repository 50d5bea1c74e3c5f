// The days a "vs the same days last month" figure compares, as the API answers them
// (`compared_to`, statistics and lists): this month's whole local days, the 1st to yesterday, set
// against as many days from the 1st of last month (`statisticsDays` in the domain). Shown beside
// the change so that a reader knows the span, e.g. "Nov 1 – 14".
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** "Nov 1 – 14" for `comparedTo` 2026-11-14 in English; "Nov 1" when only the 1st is compared. */
export function comparedDaysText(comparedTo: string, language: string): string {
  const [year, month, day] = comparedTo.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1, 1));
  const last = new Date(Date.UTC(year, month - 1, day));
  return new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).formatRange(first, last);
}

/** `comparedDaysText` in the current language. */
export function useComparedDaysText(): (comparedTo: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (comparedTo: string) => comparedDaysText(comparedTo, i18n.language),
    [i18n.language],
  );
}

// Figures of the statistics pages in the interface language: gallons, money, percentages, counts,
// fixture names and the labels of usage buckets (in the record's own time zone).
import { Granularity, type GranularityId } from '@flowsight/domain/granularity';
import { applianceTypes } from '@flowsight/domain/lookups';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormats } from '@/lib/number-format';

export type TrendBucket = { period: string; start: string };

export function useStatisticsFormat() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const numbers = numberFormats(language);
    const zoned = (timeZone: string, options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(language, { ...options, timeZone });
    return {
      ...numbers,
      gallons: (value: number) =>
        t('statistics.measure.gallons', { value: numbers.decimal(value) }),
      /** A change in percent, signed; a dash when there is nothing to compare with. */
      change: (value: number | null) =>
        value === null ? '—' : t('statistics.measure.percent', { value: numbers.change(value) }),
      fixture: (id: number) => {
        const english = applianceTypes.find((type) => type.id === id)?.name ?? String(id);
        return t(`statistics.fixtureNames.${id}`, { defaultValue: english });
      },
      /** A short axis label and a long tooltip label of one usage bucket. */
      bucket: (granularity: GranularityId, bucket: TrendBucket, timeZone: string) => {
        const start = new Date(bucket.start);
        switch (granularity) {
          case Granularity.Monthly:
            return {
              label: zoned(timeZone, { month: 'short', year: '2-digit' }).format(start),
              detail: zoned(timeZone, { month: 'long', year: 'numeric' }).format(start),
            };
          case Granularity.Weekly:
            return {
              label: t('statistics.usage.weekLabel', { week: bucket.period.split('-W')[1] ?? '' }),
              detail: t('statistics.usage.weekDetail', {
                period: bucket.period,
                start: zoned(timeZone, { dateStyle: 'medium' }).format(start),
              }),
            };
          case Granularity.Daily:
            return {
              label: zoned(timeZone, { month: 'short', day: 'numeric' }).format(start),
              detail: zoned(timeZone, { dateStyle: 'full' }).format(start),
            };
          case Granularity.Hourly:
            return {
              label: zoned(timeZone, { hour: 'numeric' }).format(start),
              detail: zoned(timeZone, { dateStyle: 'medium', timeStyle: 'short' }).format(start),
            };
        }
      },
    };
  }, [language, t]);
}

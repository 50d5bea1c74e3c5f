// The survey feature's words for its values, in the interface language: dates and days, status
// names, micrometer counts by size ("1/2″ × 24") and fixture names.
import type { MicrometersBySize } from '@flowsight/domain/survey';
import { micrometerSizes } from '@flowsight/domain/survey';
import { useTranslation } from 'react-i18next';
import { displayDate } from '@/lib/display-date';
import { useNumberFormats } from '@/lib/number-format';

export type SizeCount = { size: string; count: number };

/** The sizes with a count above zero, smallest first. */
export const sizeCounts = (bySize: MicrometersBySize): SizeCount[] =>
  micrometerSizes.flatMap((size) => {
    const count = bySize[size] ?? 0;
    return count > 0 ? [{ size, count }] : [];
  });

export function useSurveyFormat() {
  const { t, i18n } = useTranslation();
  const numbers = useNumberFormats();
  return {
    count: numbers.count,
    /** An instant (ISO 8601), date and time. */
    at: (value: string | null) => displayDate(value, i18n.language),
    /** A calendar day ('YYYY-MM-DD'), as the day it names wherever the reader is. */
    day: (value: string | null) =>
      value === null
        ? t('survey.notSet')
        : displayDate(`${value}T12:00:00Z`, i18n.language, {
            dateStyle: 'medium',
            timeZone: 'UTC',
          }),
    status: (status: number) => t(`survey.status.${status}` as 'survey.status.0'),
    fixture: (applianceTypeId: number) =>
      t(`installation.fixtures.${applianceTypeId}` as 'installation.fixtures.1'),
    size: ({ size, count }: SizeCount) => t('survey.sizeCount', { size, n: numbers.count(count) }),
  };
}

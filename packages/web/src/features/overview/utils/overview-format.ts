// Figures of the overview in the interface language: the shared number formats, gallons with
// their unit, and calendar days.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormats } from '@/lib/number-format';

export function useOverviewFormat() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const numbers = numberFormats(language);
    const day = new Intl.DateTimeFormat(language, {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const longDay = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' });
    return {
      ...numbers,
      gallons: (value: number) => t('overview.units.gallons', { value: numbers.decimal(value) }),
      /** A UTC calendar date `YYYY-MM-DD`, short ("Nov 10") and long. */
      day: (iso: string) => day.format(new Date(`${iso}T00:00:00Z`)),
      longDay: (iso: string) => longDay.format(new Date(`${iso}T00:00:00Z`)),
    };
  }, [language, t]);
}

// Figures of the overview in the interface language: counts, gallons, money and shares.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export function useOverviewFormat() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const integer = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
    const gallons = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const money = new Intl.NumberFormat(language, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const percent = new Intl.NumberFormat(language, {
      style: 'percent',
      maximumFractionDigits: 1,
    });
    const day = new Intl.DateTimeFormat(language, {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const longDay = new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' });
    return {
      count: (value: number) => integer.format(value),
      gallons: (value: number) => t('overview.units.gallons', { value: gallons.format(value) }),
      gallonsNumber: (value: number) => gallons.format(value),
      money: (value: number) => money.format(value),
      /** `part` of `whole` as a percentage; a dash when there is no whole. */
      share: (part: number, whole: number) => (whole > 0 ? percent.format(part / whole) : '—'),
      /** A UTC calendar date `YYYY-MM-DD`, short ("Nov 10") and long. */
      day: (iso: string) => day.format(new Date(`${iso}T00:00:00Z`)),
      longDay: (iso: string) => longDay.format(new Date(`${iso}T00:00:00Z`)),
    };
  }, [language, t]);
}

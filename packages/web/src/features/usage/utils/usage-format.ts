// How usage figures read, in the interface language: gallons, money (dollars, as the alerts show
// leak costs), percentages, and lookup names (fixtures, unit categories) translated by id.
import { applianceTypes, unitCategories } from '@flowsight/domain/lookups';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormats } from '@/lib/number-format';

export function useUsageFormat() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const numbers = numberFormats(language);
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    return {
      /** "1,234.5 gal" */
      gallons: (value: number) => t('usage.units.gallons', { value: numbers.decimal(value) }),
      /** "1,235 gal": large figures on cards */
      wholeGallons: (value: number) => t('usage.units.gallons', { value: numbers.count(value) }),
      count: numbers.count,
      money: numbers.money,
      /** A fraction of a whole (0–1) as "12.5%"; a sliver above 0 as "<0.1%", never as 0. */
      share: (fraction: number) =>
        fraction > 0 && fraction < 0.0005
          ? `<${numbers.share(0.001, 1)}`
          : numbers.share(fraction, 1),
      /** "+2.9 %" */
      change: (value: number) => t('usage.units.percent', { value: numbers.change(value) }),
      /** A local date YYYY-MM-DD, e.g. "Nov 1, 2026". */
      localDate: (value: string) => {
        const time = Date.parse(`${value}T00:00:00Z`);
        return Number.isNaN(time) ? value : date.format(time);
      },
    };
  }, [language, t]);
}

/** `(id) → fixture name` (the names micrometers and alerts show). */
export function useFixtureLabel(): (applianceTypeId: number) => string {
  const { t } = useTranslation();
  return useCallback(
    (id: number) => {
      const names: Record<string, string> = t('micrometers.lookups.fixtures', {
        returnObjects: true,
      });
      return names[String(id)] ?? applianceTypes.find((row) => row.id === id)?.name ?? String(id);
    },
    [t],
  );
}

/** `(id) → unit category name` (the names the portfolio shows). */
export function useUnitCategoryLabel(): (unitCategoryId: number | null) => string {
  const { t } = useTranslation();
  return useCallback(
    (id: number | null) => {
      if (id === null) return t('usage.comparison.noCategory');
      const names: Record<string, string> = t('portfolio.lookups.unitCategories', {
        returnObjects: true,
      });
      return names[String(id)] ?? unitCategories.find((row) => row.id === id)?.name ?? String(id);
    },
    [t],
  );
}

/** `(id) → the ranking's name of a unit category`: "Residential", "Common areas"… */
export function useRankedCategoryLabel(): (unitCategoryId: number) => string {
  const { t } = useTranslation();
  return useCallback(
    (id: number) => {
      const names: Record<string, string> = t('usage.water.categories', { returnObjects: true });
      return names[String(id)] ?? unitCategories.find((row) => row.id === id)?.name ?? String(id);
    },
    [t],
  );
}

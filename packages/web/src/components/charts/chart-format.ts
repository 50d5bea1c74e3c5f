// Number formats of the charts in the interface language: full figures in tooltips and tables,
// compact ones (1.2K) on axes.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export type ChartNumberFormats = {
  /** e.g. 1,234.5 */
  number: (value: number) => string;
  /** e.g. 1.2K */
  compact: (value: number) => string;
};

export function useChartNumberFormats(): ChartNumberFormats {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const full = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const short = new Intl.NumberFormat(language, {
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    return { number: (value) => full.format(value), compact: (value) => short.format(value) };
  }, [language]);
}

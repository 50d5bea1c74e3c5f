// Report values as the preview shows them, in the interface language: numbers with up to three
// decimals, money with two, dates in the viewer's time, text as sent; an empty value as a dash.
// Column headings and report names come from the catalogue, the server's English as fallback.
import { reportTypes } from '@flowsight/domain/lookups';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDate } from '@/lib/display-date';

export type ReportColumnKind = 'text' | 'number' | 'money' | 'date';
export const EMPTY_VALUE = '—';

export function useReportFormat() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
    const money = new Intl.NumberFormat(language, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    return {
      value: (kind: ReportColumnKind, value: unknown): string => {
        if (value === null || value === undefined || value === '') return EMPTY_VALUE;
        switch (kind) {
          case 'number':
            return typeof value === 'number' ? number.format(value) : String(value);
          case 'money':
            return typeof value === 'number' ? money.format(value) : String(value);
          case 'date':
            return typeof value === 'string' || typeof value === 'number'
              ? displayDate(value, language)
              : String(value);
          case 'text':
            return typeof value === 'string' ? value : String(value);
        }
      },
      gallons: (value: number) => number.format(value),
      /** A local calendar date `YYYY-MM-DD`, e.g. "Nov 1, 2026". */
      localDate: (value: string) =>
        /^\d{4}-\d{2}-\d{2}$/.test(value) ? day.format(new Date(`${value}T00:00:00Z`)) : value,
      columnLabel: (key: string, fallback: string) =>
        t(`reports.columns.${key}`, { defaultValue: fallback }),
      /** A unit category's name (lookups `unit_categories`), the server's English as fallback. */
      unitCategory: (id: number, fallback: string) =>
        t(`portfolio.lookups.unitCategories.${id}`, { defaultValue: fallback }),
      reportName: (id: number) =>
        t(`reports.types.${id}`, {
          defaultValue: reportTypes.find((type) => type.id === id)?.name ?? String(id),
        }),
    };
  }, [language, t]);
}

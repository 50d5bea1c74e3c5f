// Report values as the preview and the printed page show them, in the interface language, with
// the app's one set of number formats: gallons and rates to one decimal, counts whole, shares as
// percentages, money as money (USD), dates in the viewer's time, lookup names (fixtures, alert
// types and statuses, micrometer states and statuses, unit categories, where a figure came from)
// translated; an empty value as a dash. Column headings and report names come from the catalogue,
// the server's English as fallback.
import {
  applianceTypes,
  type LookupRow,
  notificationStatuses,
  notificationTypes,
  reportTypes,
  sensorStates,
  sensorStatuses,
  unitCategories,
} from '@flowsight/domain/lookups';
import { UNACCOUNTED_WATER, useSourceLabels } from '@flowsight/domain/reports';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDate } from '@/lib/display-date';
import { numberFormats } from '@/lib/number-format';

/** Number columns that count things (whole numbers) or name a record (written as is). */
const COUNT_KEYS = new Set(['sensors', 'battery']);
const ID_KEYS = new Set(['id']);
const SHARE_KEYS = new Set(['share_percent']);

/** Text columns holding a lookup's English name, and the catalogue map naming its ids. */
const LOOKUP_COLUMNS: Readonly<
  Record<string, readonly { rows: readonly LookupRow[]; catalogue: string }[]>
> = {
  fixture: [{ rows: applianceTypes, catalogue: 'micrometers.lookups.fixtures' }],
  type: [{ rows: notificationTypes, catalogue: 'alerts.lookups.types' }],
  status: [
    { rows: notificationStatuses, catalogue: 'alerts.lookups.statuses' },
    { rows: sensorStatuses, catalogue: 'micrometers.lookups.statuses' },
  ],
  state: [{ rows: sensorStates, catalogue: 'micrometers.lookups.states' }],
  unit_category: [{ rows: unitCategories, catalogue: 'portfolio.lookups.unitCategories' }],
};

export type ReportColumnKind = 'text' | 'number' | 'money' | 'date';
export const EMPTY_VALUE = '—';

export function useReportFormat() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const formats = numberFormats(language);
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const sources = Object.entries(useSourceLabels);
    /** An English lookup name of a text column in the interface language, else as sent. */
    const name = (key: string, text: string): string => {
      if (key === 'fixture' && text === UNACCOUNTED_WATER) return t('reports.gallons.unaccounted');
      if (key === 'source') {
        const source = sources.find(([, label]) => label === text)?.[0];
        return source === undefined
          ? text
          : t(`reports.sources.${source as 'mixed'}`, { defaultValue: text });
      }
      for (const { rows, catalogue } of LOOKUP_COLUMNS[key] ?? []) {
        const row = rows.find((r) => r.name.toLowerCase() === text.toLowerCase());
        if (row === undefined) continue;
        const names: Record<string, string> = t(catalogue as 'alerts.lookups.types', {
          returnObjects: true,
        });
        return names[String(row.id)] ?? text;
      }
      return text;
    };
    return {
      /** One cell of column `key` (of `kind`) as the preview shows it. */
      value: (kind: ReportColumnKind, value: unknown, key = ''): string => {
        if (value === null || value === undefined || value === '') return EMPTY_VALUE;
        switch (kind) {
          case 'number':
            if (typeof value !== 'number') return String(value);
            if (ID_KEYS.has(key)) return String(value);
            if (SHARE_KEYS.has(key)) return formats.share(value, 100);
            if (COUNT_KEYS.has(key)) return formats.count(value);
            return formats.decimal(value);
          case 'money':
            return typeof value === 'number' ? formats.money(value) : String(value);
          case 'date':
            return typeof value === 'string' || typeof value === 'number'
              ? displayDate(value, language)
              : String(value);
          case 'text':
            return typeof value === 'string' ? name(key, value) : String(value);
        }
      },
      gallons: (value: number) => formats.decimal(value),
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

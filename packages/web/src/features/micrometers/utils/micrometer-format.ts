// How micrometers read on screen, in the interface language: lookup names (state, status,
// fixture, room, water, unit category, configuration parameter) translated by id, dates through
// the app's display rule ('N/A' when empty), battery and a place's names.
import {
  applianceTypes,
  roomTypes,
  sensorConfigParams,
  sensorStates,
  sensorStatuses,
  unitCategories,
  waterTypes,
} from '@flowsight/domain/lookups';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDate } from '@/lib/display-date';
import { numberFormats } from '@/lib/number-format';

export const NO_VALUE = '—';

/** A micrometer's uplink loss over the recent window (GET /sensors/:id, list rows). */
export type UplinkLossFigures = {
  received: number;
  expected: number;
  lost: number;
  loss_percent: number;
  window_days: number;
};

export const micrometerLookups = {
  states: sensorStates,
  statuses: sensorStatuses,
  fixtures: applianceTypes,
  rooms: roomTypes,
  waters: waterTypes,
  categories: unitCategories,
  params: sensorConfigParams,
} as const;
export type MicrometerLookup = keyof typeof micrometerLookups;

/** `(lookup, id) → name`; an unknown id shows the domain's name, or nothing for null. */
export function useMicrometerLabel(): (lookup: MicrometerLookup, id: number | null) => string {
  const { t } = useTranslation();
  return useCallback(
    (lookup: MicrometerLookup, id: number | null) => {
      if (id === null) return '';
      const names: Record<string, string> = t(`micrometers.lookups.${lookup}`, {
        returnObjects: true,
      });
      const rows: readonly { id: number; name: string }[] = micrometerLookups[lookup];
      return names[String(id)] ?? rows.find((row) => row.id === id)?.name ?? String(id);
    },
    [t],
  );
}

/** The options of a lookup select, translated. */
export function useMicrometerOptions(lookup: MicrometerLookup): { id: number; label: string }[] {
  const label = useMicrometerLabel();
  const rows: readonly { id: number }[] = micrometerLookups[lookup];
  return useMemo(
    () => rows.map((row) => ({ id: row.id, label: label(lookup, row.id) })),
    [rows, label, lookup],
  );
}

export function useMicrometerFormat() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const numbers = numberFormats(language);
    return {
      /** Date and time, or 'N/A' (spec section 9). */
      dateTime: (iso: string | null | undefined) => displayDate(iso, language),
      date: (iso: string | null | undefined) => displayDate(iso, language, { dateStyle: 'medium' }),
      battery: (value: number | null) =>
        value === null ? NO_VALUE : t('micrometers.units.percent', { value: numbers.count(value) }),
      gallons: (value: number | null) =>
        value === null
          ? NO_VALUE
          : t('micrometers.units.gallons', { value: numbers.precise(value) }),
      count: numbers.count,
      /** "2.3 % (12 of 520 lost, 7 days)", or a dash without v2 reports in the window. */
      uplinkLoss: (loss: UplinkLossFigures | null | undefined) =>
        loss == null
          ? NO_VALUE
          : t('micrometers.units.uplinkLoss', {
              percent: numbers.decimal(loss.loss_percent),
              lost: numbers.count(loss.lost),
              expected: numbers.count(loss.expected),
              days: numbers.count(loss.window_days),
            }),
      /** "2.3 %" alone, for a list column. */
      uplinkLossPercent: (loss: UplinkLossFigures | null | undefined) =>
        loss == null
          ? NO_VALUE
          : t('micrometers.units.percent', { value: numbers.decimal(loss.loss_percent) }),
    };
  }, [language, t]);
}

/** "Unit · Building" or the parts known; a dash when none. */
export function placeLine(row: { unit_name: string | null; building_name: string | null }) {
  return (
    [row.unit_name, row.building_name].filter((part) => part !== null && part !== '').join(' · ') ||
    NO_VALUE
  );
}

// How readings read on screen, in the interface language: dates in the viewer's local time
// (with seconds: readings arrive minutes apart), gallons, seconds, battery and fixture names.
import { applianceTypes } from '@flowsight/domain/lookups';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDate } from '@/lib/display-date';
import type { SubmissionKind } from './submission-params';

export const NO_VALUE = '—';

export function useSubmissionFormat() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const gallons = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
    const totalGallons = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const integer = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
    const decimal = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const orDash = <T>(value: T | null, show: (value: T) => string) =>
      value === null ? NO_VALUE : show(value);
    return {
      dateTime: (iso: string | null) =>
        displayDate(iso, language, { dateStyle: 'medium', timeStyle: 'medium' }),
      date: (localDate: string) =>
        displayDate(`${localDate}T00:00:00`, language, { dateStyle: 'medium' }),
      gallons: (value: number | null) =>
        orDash(value, (v) => t('submissions.units.gallons', { value: gallons.format(v) })),
      totalGallons: (value: number) => totalGallons.format(value),
      count: (value: number) => integer.format(value),
      seconds: (value: number | null) =>
        orDash(value, (v) => t('submissions.units.seconds', { value: integer.format(v) })),
      flow: (value: number | null) =>
        orDash(value, (v) => t('submissions.units.gpm', { value: gallons.format(v) })),
      battery: (value: number | null) =>
        orDash(value, (v) => t('submissions.units.percent', { value: integer.format(v) })),
      signal: (rssi: number | null, snr: number | null) =>
        rssi === null && snr === null
          ? NO_VALUE
          : t('submissions.units.signal', {
              rssi: rssi === null ? NO_VALUE : decimal.format(rssi),
              snr: snr === null ? NO_VALUE : decimal.format(snr),
            }),
    };
  }, [language, t]);
}

/** A reading kind's name. */
export function useKindLabel(): (kind: SubmissionKind) => string {
  const { t } = useTranslation();
  return useCallback((kind: SubmissionKind) => t(`submissions.kinds.${kind}`), [t]);
}

/** A fixture's (appliance type's) name; empty for none. */
export function useFixtureLabel(): (id: number | null) => string {
  const { t } = useTranslation();
  return useCallback(
    (id: number | null) => {
      if (id === null) return '';
      const english = applianceTypes.find((type) => type.id === id)?.name ?? String(id);
      return t(`submissions.fixtures.${id}`, { defaultValue: english });
    },
    [t],
  );
}

/** The fixture filter's options, translated. */
export function useFixtureOptions(): { id: number; label: string }[] {
  const label = useFixtureLabel();
  return applianceTypes.map((type) => ({ id: type.id, label: label(type.id) }));
}

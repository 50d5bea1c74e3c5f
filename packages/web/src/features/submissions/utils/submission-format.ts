// How readings read on screen, in the interface language: dates in the viewer's local time
// (with seconds: readings arrive minutes apart), gallons, seconds, battery and fixture names.
import { applianceTypes } from '@flowsight/domain/lookups';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDate } from '@/lib/display-date';
import { numberFormats } from '@/lib/number-format';
import type { SubmissionKind } from './submission-params';

export const NO_VALUE = '—';

export function useSubmissionFormat() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const numbers = numberFormats(language);
    const orDash = <T>(value: T | null, show: (value: T) => string) =>
      value === null ? NO_VALUE : show(value);
    return {
      dateTime: (iso: string | null) =>
        displayDate(iso, language, { dateStyle: 'medium', timeStyle: 'medium' }),
      date: (localDate: string) =>
        displayDate(`${localDate}T00:00:00`, language, { dateStyle: 'medium' }),
      gallons: (value: number | null) =>
        orDash(value, (v) => t('submissions.units.gallons', { value: numbers.precise(v) })),
      totalGallons: numbers.decimal,
      count: numbers.count,
      seconds: (value: number | null) =>
        orDash(value, (v) => t('submissions.units.seconds', { value: numbers.count(v) })),
      flow: (value: number | null) =>
        orDash(value, (v) => t('submissions.units.gpm', { value: numbers.precise(v) })),
      battery: (value: number | null) =>
        orDash(value, (v) => t('submissions.units.percent', { value: numbers.count(v) })),
      signal: (rssi: number | null, snr: number | null) =>
        rssi === null && snr === null
          ? NO_VALUE
          : t('submissions.units.signal', {
              rssi: rssi === null ? NO_VALUE : numbers.decimal(rssi),
              snr: snr === null ? NO_VALUE : numbers.decimal(snr),
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

// How a figure of open leaks reads: the leaks (alerts that describe the same water count once,
// docs/detection.md "Incidents") and, when several alerts see them, how many alerts that is.
import { useTranslation } from 'react-i18next';

type LeakFigures = { open_leaks: number; open_leak_incidents: number };

/** The detail under a leak count: `costText`, and the alerts behind it when they are more. */
export function useLeakDetail() {
  const { t } = useTranslation();
  return (figures: LeakFigures, costText: string) =>
    figures.open_leaks > figures.open_leak_incidents
      ? t('common.leaksSeenBy', { cost: costText, count: figures.open_leaks })
      : costText;
}

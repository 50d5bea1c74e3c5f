// How a unit is titled wherever its name is shown as a title — page titles, breadcrumbs, search
// results and lists: a unit numbered "403" or "4B" reads "Unit 403" in the user's language (a
// bare "404" reads like an error), while a named unit such as a common area ("Laundry Room")
// keeps its name. Data keeps the name as it is: the API, CSV exports and form fields.
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Whether a unit's name is a number or code ("403", "4B", "PH-2") rather than words. */
export function isUnitNumber(name: string): boolean {
  return /^\S*\d\S*$/.test(name.trim());
}

/** The unit's title: "Unit 403" for a numbered unit, else its name. */
export function unitTitle(t: TFunction, name: string): string {
  const trimmed = name.trim();
  return isUnitNumber(trimmed) ? t('common.unitTitle', { name: trimmed }) : name;
}

/** `unitTitle` in the current language. */
export function useUnitTitle(): (name: string) => string {
  const { t } = useTranslation();
  return useCallback((name: string) => unitTitle(t, name), [t]);
}

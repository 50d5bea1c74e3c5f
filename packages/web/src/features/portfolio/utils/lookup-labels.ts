// Lookup names in the interface language. Ids and English names come from the domain's lookup
// catalogue (the database is seeded from it); the catalogues translate them by id.
import {
  buildingTypes,
  companyTypes,
  installationTypes,
  propertyTypes,
  surveyStatuses,
  unitCategories,
  unitStates,
  unitTypes,
} from '@flowsight/domain/lookups';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export const portfolioLookups = {
  companyTypes,
  propertyTypes,
  buildingTypes,
  installationTypes,
  unitTypes,
  unitStates,
  unitCategories,
  surveyStatuses,
} as const;
export type PortfolioLookup = keyof typeof portfolioLookups;

/** `(lookup, id) → name`; an unknown id shows the domain's name, or nothing for null. */
export function useLookupLabel(): (lookup: PortfolioLookup, id: number | null) => string {
  const { t } = useTranslation();
  return useCallback(
    (lookup: PortfolioLookup, id: number | null) => {
      if (id === null) return '';
      const names: Record<string, string> = t(`portfolio.lookups.${lookup}`, {
        returnObjects: true,
      });
      const english = portfolioLookups[lookup].find((row) => row.id === id)?.name;
      return names[String(id)] ?? english ?? String(id);
    },
    [t],
  );
}

/** The options of a lookup select, translated. */
export function useLookupOptions(lookup: PortfolioLookup): { id: number; label: string }[] {
  const label = useLookupLabel();
  return portfolioLookups[lookup].map((row) => ({ id: row.id, label: label(lookup, row.id) }));
}

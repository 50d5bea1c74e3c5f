// The search answer as the list shows it: one group per portfolio level, in the order company,
// property, building, unit, at most 5 hits each, and the page each hit opens.
import { SEARCH_TOP_LIMIT } from '@flowsight/domain/constants';
import { levelOfPlural } from '@flowsight/domain/level-plurals';
import { placePath } from '@flowsight/domain/paths';
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import type { PortfolioSearchHit, PortfolioSearchResult } from '../api/search-portfolio';

export const searchLevels = ['companies', 'properties', 'buildings', 'units'] as const;
export type SearchLevel = (typeof searchLevels)[number];

export type SearchOption = PortfolioSearchHit & { readonly level: SearchLevel };

/** The hits in list order, each tagged with its level. */
export function searchOptions(result: PortfolioSearchResult | undefined): SearchOption[] {
  if (result === undefined) return [];
  return searchLevels.flatMap((level) =>
    result[level].slice(0, SEARCH_TOP_LIMIT).map((hit) => ({ ...hit, level })),
  );
}

/** The page a hit opens: the record's own page under its company (and property and building). */
export function searchHitPath(option: SearchOption): string {
  const level = singular[option.level];
  return placePath(level, {
    companyId: level === 'company' ? option.id : option.company_id,
    propertyId: level === 'property' ? option.id : option.property_id,
    buildingId: level === 'building' ? option.id : option.building_id,
    unitId: option.id,
  });
}

const singular = levelOfPlural satisfies Record<SearchLevel, PortfolioLevel>;

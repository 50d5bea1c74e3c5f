// The names of the places in the caller's scope, level by level, for every picker and filter that
// offers companies, properties, buildings or units: GET /companies/names,
// /companies/{id}/properties-names, /properties/{id}/buildings-names and /buildings/{id}/units-names.
// One query per level and parent, shared by all features, so a list's company filter and a dialog's
// company picker read the same cache entry; portfolio writes invalidate `placeNamesQueryKey`.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export type PlaceNameLevel = 'company' | 'property' | 'building' | 'unit';
export type PlaceName = { id: number; name: string };

export const placeNamesQueryKey = ['place-names'] as const;

/** The places of `level` under `parentId` (companies have no parent). */
export async function getPlaceNames(
  level: PlaceNameLevel,
  parentId: number | null,
): Promise<PlaceName[]> {
  const path = { params: { path: { id: parentId ?? 0 } } };
  switch (level) {
    case 'company':
      return dataOrThrow(await apiClient.GET('/companies/names'));
    case 'property':
      return dataOrThrow(await apiClient.GET('/companies/{id}/properties-names', path));
    case 'building':
      return dataOrThrow(await apiClient.GET('/properties/{id}/buildings-names', path));
    case 'unit':
      return dataOrThrow(await apiClient.GET('/buildings/{id}/units-names', path));
    default: {
      const unreachable: never = level;
      return unreachable;
    }
  }
}

export const placeNamesQueryOptions = (level: PlaceNameLevel, parentId: number | null) =>
  queryOptions({
    queryKey: [...placeNamesQueryKey, level, level === 'company' ? null : parentId] as const,
    queryFn: () => getPlaceNames(level, parentId),
    staleTime: 60_000,
  });

/** Companies when `enabled`; a lower level once its parent is known. */
export const usePlaceNames = (level: PlaceNameLevel, parentId: number | null, enabled = true) =>
  useQuery({
    ...placeNamesQueryOptions(level, parentId),
    enabled: enabled && (level === 'company' || parentId !== null),
  });

/** Every company the caller may see, when `enabled`. */
export const useCompanyNames = (enabled = true) => usePlaceNames('company', null, enabled);

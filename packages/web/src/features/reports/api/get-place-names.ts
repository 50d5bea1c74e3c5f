// The report form's place choices: GET /companies/names, /companies/{id}/properties-names and
// /properties/{id}/buildings-names (ids and names in the caller's scope).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export type PlaceNameLevel = 'company' | 'property' | 'building';

export async function getPlaceNames(level: PlaceNameLevel, parentId: number) {
  switch (level) {
    case 'company':
      return dataOrThrow(await apiClient.GET('/companies/names'));
    case 'property':
      return dataOrThrow(
        await apiClient.GET('/companies/{id}/properties-names', {
          params: { path: { id: parentId } },
        }),
      );
    case 'building':
      return dataOrThrow(
        await apiClient.GET('/properties/{id}/buildings-names', {
          params: { path: { id: parentId } },
        }),
      );
  }
}

export const placeNamesQueryOptions = (level: PlaceNameLevel, parentId: number) =>
  queryOptions({
    queryKey: ['report-place-names', level, parentId] as const,
    queryFn: () => getPlaceNames(level, parentId),
    staleTime: 60_000,
  });

/** Companies when `enabled`; a lower level once its parent is known. */
export const usePlaceNames = (level: PlaceNameLevel, parentId: number | null, enabled = true) =>
  useQuery({
    ...placeNamesQueryOptions(level, parentId ?? 0),
    enabled: enabled && (level === 'company' || parentId !== null),
  });

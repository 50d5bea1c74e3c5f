// The pickers' choices, level by level: GET /companies/names, /companies/{id}/properties-names,
// /properties/{id}/buildings-names and /buildings/{id}/units-names (ids and names in scope).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export type PlaceLevel = 'company' | 'property' | 'building' | 'unit';
export type PlaceOption = { id: number; name: string };

/** The options of `level` under `parentId` (none for companies). */
export async function getPlaceOptions(
  level: PlaceLevel,
  parentId: number | null,
): Promise<PlaceOption[]> {
  const id = parentId ?? 0;
  switch (level) {
    case 'company':
      return dataOrThrow(await apiClient.GET('/companies/names'));
    case 'property':
      return dataOrThrow(
        await apiClient.GET('/companies/{id}/properties-names', { params: { path: { id } } }),
      );
    case 'building':
      return dataOrThrow(
        await apiClient.GET('/properties/{id}/buildings-names', { params: { path: { id } } }),
      );
    case 'unit':
      return dataOrThrow(
        await apiClient.GET('/buildings/{id}/units-names', { params: { path: { id } } }),
      );
  }
}

export function placeOptionsQueryOptions(level: PlaceLevel, parentId: number | null) {
  return queryOptions({
    queryKey: ['micrometer-place-options', level, parentId] as const,
    queryFn: () => getPlaceOptions(level, parentId),
  });
}

/** Companies always; a lower level once its parent is chosen. */
export function usePlaceOptions(level: PlaceLevel, parentId: number | null) {
  return useQuery({
    ...placeOptionsQueryOptions(level, parentId),
    enabled: level === 'company' || parentId !== null,
  });
}

// GET /properties/{id}, /buildings/{id}, /units/{id}: the names of the chosen places, for the
// summary at the top of every step (the address may be opened straight at a later step).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { installationQueryKey } from './installation-keys';

export type PlaceLevel = 'property' | 'building' | 'unit';

export async function getPlaceName(level: PlaceLevel, id: number): Promise<string> {
  const path = { params: { path: { id } } };
  switch (level) {
    case 'property':
      return dataOrThrow(await apiClient.GET('/properties/{id}', path)).name;
    case 'building':
      return dataOrThrow(await apiClient.GET('/buildings/{id}', path)).name;
    case 'unit':
      return dataOrThrow(await apiClient.GET('/units/{id}', path)).name;
    default: {
      const unreachable: never = level;
      return unreachable;
    }
  }
}

export function placeNameQueryOptions(level: PlaceLevel, id: number) {
  return queryOptions({
    queryKey: [...installationQueryKey, 'name', level, id],
    queryFn: () => getPlaceName(level, id),
    staleTime: 60_000,
  });
}

export function usePlaceName(level: PlaceLevel, id: number | null) {
  return useQuery({ ...placeNameQueryOptions(level, id ?? 0), enabled: id !== null });
}

// GET /properties/{id}/buildings: the buildings of the chosen property, by name.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { installationQueryKey, PICK_LIMIT } from './installation-keys';

export async function getPropertyBuildings(propertyId: number, search: string) {
  return dataOrThrow(
    await apiClient.GET('/properties/{id}/buildings', {
      params: {
        path: { id: propertyId },
        query: { limit: PICK_LIMIT, sortBy: 'name:ASC', ...(search ? { search } : {}) },
      },
    }),
  );
}

export function propertyBuildingsQueryOptions(propertyId: number, search: string) {
  return queryOptions({
    queryKey: [...installationQueryKey, 'buildings', propertyId, search],
    queryFn: () => getPropertyBuildings(propertyId, search),
    placeholderData: keepPreviousData,
  });
}

/** Nothing is asked until a property is picked (null). */
export function usePropertyBuildings(propertyId: number | null, search: string) {
  return useQuery({
    ...propertyBuildingsQueryOptions(propertyId ?? 0, search),
    enabled: propertyId !== null,
  });
}

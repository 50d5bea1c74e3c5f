// GET /buildings/{id}/units: the units of the chosen building, by name.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { installationQueryKey, PICK_LIMIT } from './installation-keys';

export async function getBuildingUnits(buildingId: number, search: string) {
  return dataOrThrow(
    await apiClient.GET('/buildings/{id}/units', {
      params: {
        path: { id: buildingId },
        query: { limit: PICK_LIMIT, sortBy: 'name:ASC', ...(search ? { search } : {}) },
      },
    }),
  );
}

export function buildingUnitsQueryOptions(buildingId: number, search: string) {
  return queryOptions({
    queryKey: [...installationQueryKey, 'units', buildingId, search],
    queryFn: () => getBuildingUnits(buildingId, search),
    placeholderData: keepPreviousData,
  });
}

/** Nothing is asked until a building is picked (null). */
export function useBuildingUnits(buildingId: number | null, search: string) {
  return useQuery({
    ...buildingUnitsQueryOptions(buildingId ?? 0, search),
    enabled: buildingId !== null,
  });
}

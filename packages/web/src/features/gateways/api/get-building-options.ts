// GET /buildings?search=: the buildings a gateway can be assigned to, matched by name, street,
// property or company (system roles see every building).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { searchQuery } from '@/lib/list-params';

/** How many buildings the picker offers at once; typing narrows them. */
const BUILDING_OPTIONS_LIMIT = 20;

export async function getBuildingOptions(search: string, signal?: AbortSignal) {
  const page = dataOrThrow(
    await apiClient.GET('/buildings', {
      params: {
        query: {
          limit: BUILDING_OPTIONS_LIMIT,
          sortBy: 'name:ASC',
          ...searchQuery(search),
        },
      },
      signal,
    }),
  );
  return page.data.map((building) => ({
    id: building.id,
    name: building.name,
    property_name: building.property_name,
    company_name: building.company_name,
  }));
}

export type BuildingOption = Awaited<ReturnType<typeof getBuildingOptions>>[number];

export function buildingOptionsQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['gateway-building-options', search] as const,
    queryFn: ({ signal }) => getBuildingOptions(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useBuildingOptions(search: string) {
  return useQuery(buildingOptionsQueryOptions(search));
}

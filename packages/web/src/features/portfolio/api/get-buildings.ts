// GET /buildings, or GET /properties/{id}/buildings for one property's: a page of buildings with
// search, filters and sorting.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { type PortfolioListParams, serverQuery } from '../utils/list-params';
import { portfolioQueryKey } from './portfolio-keys';

/** `propertyId` null: every building the caller may see. */
export async function getBuildings(propertyId: number | null, params: PortfolioListParams) {
  const query = serverQuery(params);
  return dataOrThrow(
    propertyId === null
      ? await apiClient.GET('/buildings', { params: { query } })
      : await apiClient.GET('/properties/{id}/buildings', {
          params: { path: { id: propertyId }, query },
        }),
  );
}

export type BuildingRow = Awaited<ReturnType<typeof getBuildings>>['data'][number];

export function buildingsQueryOptions(propertyId: number | null, params: PortfolioListParams) {
  return queryOptions({
    queryKey: [...portfolioQueryKey, 'buildings', propertyId, params],
    queryFn: () => getBuildings(propertyId, params),
    placeholderData: keepPreviousData,
  });
}

export function useBuildings(propertyId: number | null, params: PortfolioListParams) {
  return useQuery(buildingsQueryOptions(propertyId, params));
}

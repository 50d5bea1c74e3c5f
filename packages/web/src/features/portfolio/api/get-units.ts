// GET /buildings/{id}/units: a page of one building's units with search, filters and sorting.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { type PortfolioListParams, serverQuery } from '../utils/list-params';
import { portfolioQueryKey } from './portfolio-keys';

export async function getUnits(buildingId: number, params: PortfolioListParams) {
  return dataOrThrow(
    await apiClient.GET('/buildings/{id}/units', {
      params: { path: { id: buildingId }, query: serverQuery(params) },
    }),
  );
}

export type UnitRow = Awaited<ReturnType<typeof getUnits>>['data'][number];

export function unitsQueryOptions(buildingId: number, params: PortfolioListParams) {
  return queryOptions({
    queryKey: [...portfolioQueryKey, 'units', buildingId, params],
    queryFn: () => getUnits(buildingId, params),
    placeholderData: keepPreviousData,
  });
}

export function useUnits(buildingId: number, params: PortfolioListParams) {
  return useQuery(unitsQueryOptions(buildingId, params));
}

// GET /properties, or GET /companies/{id}/properties for one company's: a page of properties
// with search, filters and sorting.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { type PortfolioListParams, serverQuery } from '../utils/list-params';
import { portfolioQueryKey } from './portfolio-keys';

/** `companyId` null: every property the caller may see. */
export async function getProperties(companyId: number | null, params: PortfolioListParams) {
  const query = serverQuery(params);
  return dataOrThrow(
    companyId === null
      ? await apiClient.GET('/properties', { params: { query } })
      : await apiClient.GET('/companies/{id}/properties', {
          params: { path: { id: companyId }, query },
        }),
  );
}

export type PropertyRow = Awaited<ReturnType<typeof getProperties>>['data'][number];

export function propertiesQueryOptions(companyId: number | null, params: PortfolioListParams) {
  return queryOptions({
    queryKey: [...portfolioQueryKey, 'properties', companyId, params],
    queryFn: () => getProperties(companyId, params),
    placeholderData: keepPreviousData,
  });
}

export function useProperties(companyId: number | null, params: PortfolioListParams) {
  return useQuery(propertiesQueryOptions(companyId, params));
}

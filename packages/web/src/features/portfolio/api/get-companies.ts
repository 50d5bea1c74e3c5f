// GET /companies: one page of the companies the caller may see (system roles), with search,
// filters and sorting.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { type PortfolioListParams, serverQuery } from '../utils/list-params';
import { portfolioQueryKey } from './portfolio-keys';

export async function getCompanies(params: PortfolioListParams) {
  return dataOrThrow(await apiClient.GET('/companies', { params: { query: serverQuery(params) } }));
}

export type CompanyRow = Awaited<ReturnType<typeof getCompanies>>['data'][number];

export function companiesQueryOptions(params: PortfolioListParams) {
  return queryOptions({
    queryKey: [...portfolioQueryKey, 'companies', params],
    queryFn: () => getCompanies(params),
    placeholderData: keepPreviousData,
  });
}

export function useCompanies(params: PortfolioListParams) {
  return useQuery(companiesQueryOptions(params));
}

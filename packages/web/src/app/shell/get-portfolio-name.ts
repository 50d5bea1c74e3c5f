// GET /companies|properties|buildings|units/{id}: the name a breadcrumb shows for a portfolio id.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export type PortfolioLevel = 'company' | 'property' | 'building' | 'unit';

export async function getPortfolioName(level: PortfolioLevel, id: number): Promise<string> {
  const params = { params: { path: { id } } };
  switch (level) {
    case 'company':
      return dataOrThrow(await apiClient.GET('/companies/{id}', params)).name;
    case 'property':
      return dataOrThrow(await apiClient.GET('/properties/{id}', params)).name;
    case 'building':
      return dataOrThrow(await apiClient.GET('/buildings/{id}', params)).name;
    case 'unit':
      return dataOrThrow(await apiClient.GET('/units/{id}', params)).name;
    default: {
      const unreachable: never = level;
      return unreachable;
    }
  }
}

export const portfolioNameQueryOptions = (level: PortfolioLevel, id: number) =>
  queryOptions({
    queryKey: ['portfolio-name', level, id] as const,
    queryFn: () => getPortfolioName(level, id),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function usePortfolioName(level: PortfolioLevel, id: number) {
  return useQuery(portfolioNameQueryOptions(level, id));
}

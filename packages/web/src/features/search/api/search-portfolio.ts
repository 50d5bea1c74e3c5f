// GET /search/{text}: the header's search, at most 5 companies, properties, buildings and units
// each whose name contains the text, limited by the server to what the role may see.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export async function searchPortfolio(text: string, signal?: AbortSignal) {
  return dataOrThrow(await apiClient.GET('/search/{text}', { params: { path: { text } }, signal }));
}

export type PortfolioSearchResult = Awaited<ReturnType<typeof searchPortfolio>>;
export type PortfolioSearchHit = PortfolioSearchResult['companies'][number];

export function portfolioSearchQueryOptions(text: string) {
  return queryOptions({
    queryKey: ['search', text] as const,
    queryFn: ({ signal }) => searchPortfolio(text, signal),
    enabled: text !== '',
    // Names change rarely; typing back to an earlier text shows its answer at once.
    staleTime: 30_000,
  });
}

export function usePortfolioSearch(text: string) {
  return useQuery(portfolioSearchQueryOptions(text));
}

// GET /gateways/search-top/{text}/5: the header's gateway search (system roles), at most 5
// gateways whose serial number or name contains the text.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export async function searchGateways(text: string, signal?: AbortSignal) {
  return dataOrThrow(
    await apiClient.GET('/gateways/search-top/{text}/5', { params: { path: { text } }, signal }),
  );
}

export type GatewaySearchHit = Awaited<ReturnType<typeof searchGateways>>[number];

export function gatewaySearchQueryOptions(text: string) {
  return queryOptions({
    queryKey: ['gateway-search', text] as const,
    queryFn: ({ signal }) => searchGateways(text, signal),
    enabled: text !== '',
    staleTime: 30_000,
  });
}

export function useGatewaySearch(text: string) {
  return useQuery(gatewaySearchQueryOptions(text));
}

// GET /companies/{id}/needs-attention: the dashboard's "Needs attention" section — open leaks by
// monthly cost, micrometers not transmitting, gateways offline, each with its place.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { usageQueryKey } from '@/lib/place-usage';

export async function getNeedsAttention(companyId: number) {
  return dataOrThrow(
    await apiClient.GET('/companies/{id}/needs-attention', {
      params: { path: { id: companyId } },
    }),
  );
}

export type NeedsAttention = Awaited<ReturnType<typeof getNeedsAttention>>;

export const needsAttentionQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: [...usageQueryKey, 'needs-attention', companyId],
    queryFn: () => getNeedsAttention(companyId),
  });

export const useNeedsAttention = (companyId: number) =>
  useQuery(needsAttentionQueryOptions(companyId));

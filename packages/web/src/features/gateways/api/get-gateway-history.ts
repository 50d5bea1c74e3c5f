// GET /gateways/{id}/buildings-history: the buildings a gateway served, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { gatewaysQueryKey } from './get-gateways';

export async function getGatewayHistory(id: number) {
  return dataOrThrow(
    await apiClient.GET('/gateways/{id}/buildings-history', { params: { path: { id } } }),
  );
}

export type GatewayHistoryRow = Awaited<ReturnType<typeof getGatewayHistory>>[number];

export function gatewayHistoryQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...gatewaysQueryKey, 'history', id],
    queryFn: () => getGatewayHistory(id),
  });
}

export function useGatewayHistory(id: number) {
  return useQuery(gatewayHistoryQueryOptions(id));
}

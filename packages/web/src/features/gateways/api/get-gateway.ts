// GET /gateways/{id}: one gateway, for its detail dialog.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { gatewaysQueryKey } from './get-gateways';

export async function getGateway(id: number) {
  return dataOrThrow(await apiClient.GET('/gateways/{id}', { params: { path: { id } } }));
}

export function gatewayQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...gatewaysQueryKey, 'one', id],
    queryFn: () => getGateway(id),
  });
}

export function useGateway(id: number) {
  return useQuery(gatewayQueryOptions(id));
}

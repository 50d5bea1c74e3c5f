// GET /gateways/{id}/admin-app: the gateway's page in the network server's admin app (system
// roles only).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { gatewaysQueryKey } from './get-gateways';

export async function getGatewayAdminApp(id: number) {
  return dataOrThrow(await apiClient.GET('/gateways/{id}/admin-app', { params: { path: { id } } }));
}

export function gatewayAdminAppQueryOptions(id: number, enabled: boolean) {
  return queryOptions({
    queryKey: [...gatewaysQueryKey, 'admin-app', id],
    queryFn: () => getGatewayAdminApp(id),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useGatewayAdminApp(id: number, enabled: boolean) {
  return useQuery(gatewayAdminAppQueryOptions(id, enabled));
}

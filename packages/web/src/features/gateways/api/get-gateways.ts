// GET /gateways: one page of the gateways the caller may see (the server scopes company roles to
// their company), with search, a status filter and sorting.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { eqFilter, listQuery } from '@/lib/list-params';

export type GatewayListParams = {
  /** 1-based. */
  page: number;
  limit: number;
  /** `field:ASC|DESC`. */
  sortBy: string;
  search: string;
  statusId: number | null;
};

export async function getGateways(params: GatewayListParams) {
  return dataOrThrow(
    await apiClient.GET('/gateways', {
      params: {
        query: { ...listQuery(params), ...eqFilter('gateway_status_id', params.statusId) },
      },
    }),
  );
}

export type GatewayListPage = Awaited<ReturnType<typeof getGateways>>;
export type Gateway = GatewayListPage['data'][number];

/** Every gateway query starts with this key; writes invalidate it. */
export const gatewaysQueryKey = ['gateways'] as const;

export function gatewaysQueryOptions(params: GatewayListParams) {
  return queryOptions({
    queryKey: [...gatewaysQueryKey, 'list', params],
    queryFn: () => getGateways(params),
    placeholderData: keepPreviousData,
  });
}

export function useGateways(params: GatewayListParams) {
  return useQuery(gatewaysQueryOptions(params));
}

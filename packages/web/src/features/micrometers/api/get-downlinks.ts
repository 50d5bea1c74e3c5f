// GET /sensors/downlink-config-params: configuration downlinks, newest first, with their status
// (queued, sent, failed).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { eqFilter, pagingQuery } from '@/lib/list-params';
import { downlinksQueryKey } from './micrometer-keys';

export const DOWNLINK_STATUSES = ['queued', 'sent', 'failed'] as const;
export type DownlinkStatus = (typeof DOWNLINK_STATUSES)[number];

export type DownlinkListParams = {
  page: number;
  limit: number;
  status: DownlinkStatus | null;
  /** One micrometer's downlinks (normalised MAC), or all. */
  mac: string | null;
};

export async function getDownlinks(params: DownlinkListParams) {
  return dataOrThrow(
    await apiClient.GET('/sensors/downlink-config-params', {
      params: {
        query: {
          ...pagingQuery(params),
          sortBy: 'created_at:DESC',
          ...eqFilter('status', params.status),
          ...eqFilter('mac_address', params.mac),
        },
      },
    }),
  );
}

export type DownlinkPage = Awaited<ReturnType<typeof getDownlinks>>;
export type Downlink = DownlinkPage['data'][number];

export function downlinksQueryOptions(params: DownlinkListParams) {
  return queryOptions({
    queryKey: [...downlinksQueryKey, params],
    queryFn: () => getDownlinks(params),
    placeholderData: keepPreviousData,
  });
}

export function useDownlinks(params: DownlinkListParams, enabled = true) {
  return useQuery({ ...downlinksQueryOptions(params), enabled });
}

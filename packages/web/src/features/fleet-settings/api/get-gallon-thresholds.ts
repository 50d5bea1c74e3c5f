// GET /sensors/gallon-thresholds: one page of the micrometers' own gallon thresholds in scope.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { searchQuery } from '@/lib/list-params';

export const gallonThresholdsQueryKey = ['fleet-settings', 'gallon-thresholds'] as const;

export type GallonThresholdsQuery = { page: number; limit: number; search: string };

export async function getGallonThresholds({ page, limit, search }: GallonThresholdsQuery) {
  return dataOrThrow(
    await apiClient.GET('/sensors/gallon-thresholds', {
      params: {
        query: { page, limit, ...searchQuery(search) },
      },
    }),
  );
}

export type GallonThreshold = Awaited<ReturnType<typeof getGallonThresholds>>['data'][number];

export function gallonThresholdsQueryOptions(query: GallonThresholdsQuery) {
  return queryOptions({
    queryKey: [...gallonThresholdsQueryKey, query],
    queryFn: () => getGallonThresholds(query),
    placeholderData: keepPreviousData,
  });
}

export function useGallonThresholds(query: GallonThresholdsQuery) {
  return useQuery(gallonThresholdsQueryOptions(query));
}

// GET /sensors/tested-failed: micrometers whose latest uncleared bench test failed, newest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { sensorTestingQueryKey } from './sensor-testing-keys';

export type FailedListParams = { page: number; limit: number };

export async function getFailedBenchTests({ page, limit }: FailedListParams) {
  return dataOrThrow(
    await apiClient.GET('/sensors/tested-failed', {
      params: { query: { page, limit, sortBy: 'tested_at:DESC' } },
    }),
  );
}

export type FailedBenchTest = Awaited<ReturnType<typeof getFailedBenchTests>>['data'][number];

export function failedBenchTestsQueryOptions(params: FailedListParams) {
  return queryOptions({
    queryKey: [...sensorTestingQueryKey, 'failed', params],
    queryFn: () => getFailedBenchTests(params),
    placeholderData: keepPreviousData,
  });
}

export function useFailedBenchTests(params: FailedListParams) {
  return useQuery(failedBenchTestsQueryOptions(params));
}

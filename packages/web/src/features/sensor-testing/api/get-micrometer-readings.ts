// GET /sensors/{id}/submissions: the newest readings of the micrometer on the bench, refreshed
// with it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { BENCH_REFRESH_MS } from './get-micrometer-by-mac';
import { sensorTestingQueryKey } from './sensor-testing-keys';

export const BENCH_READINGS = 8;

export async function getMicrometerReadings(sensorId: number) {
  return dataOrThrow(
    await apiClient.GET('/sensors/{id}/submissions', {
      params: { path: { id: sensorId }, query: { limit: BENCH_READINGS } },
    }),
  );
}

export type BenchReading = Awaited<ReturnType<typeof getMicrometerReadings>>['data'][number];

export function micrometerReadingsQueryOptions(sensorId: number) {
  return queryOptions({
    queryKey: [...sensorTestingQueryKey, 'readings', sensorId],
    queryFn: () => getMicrometerReadings(sensorId),
    refetchInterval: BENCH_REFRESH_MS,
  });
}

export function useMicrometerReadings(sensorId: number | undefined) {
  return useQuery({
    ...micrometerReadingsQueryOptions(sensorId ?? 0),
    enabled: sensorId !== undefined,
  });
}

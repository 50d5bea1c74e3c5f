// GET /sensors/{id}/submissions?limit=: the micrometer's newest readings.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { micrometersQueryKey } from './micrometer-keys';

/** How many readings the detail dialog shows. */
export const RECENT_READINGS = 10;

export async function getMicrometerReadings(id: number, limit = RECENT_READINGS) {
  const body = dataOrThrow(
    await apiClient.GET('/sensors/{id}/submissions', {
      params: { path: { id }, query: { limit } },
    }),
  );
  return body.data;
}

export type MicrometerReading = Awaited<ReturnType<typeof getMicrometerReadings>>[number];

export function micrometerReadingsQueryOptions(id: number, limit = RECENT_READINGS) {
  return queryOptions({
    queryKey: [...micrometersQueryKey, 'readings', id, limit],
    queryFn: () => getMicrometerReadings(id, limit),
  });
}

export function useMicrometerReadings(id: number | null, limit = RECENT_READINGS) {
  return useQuery({ ...micrometerReadingsQueryOptions(id ?? 0, limit), enabled: id !== null });
}

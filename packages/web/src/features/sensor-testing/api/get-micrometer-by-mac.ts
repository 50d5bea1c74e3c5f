// GET /sensors/mac/{mac}: the micrometer on the bench, refreshed every few seconds while the page
// is visible so its keep-alives show as they arrive.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { sensorTestingQueryKey } from './sensor-testing-keys';

/** How often the bench page asks for news of the sensor under test. */
export const BENCH_REFRESH_MS = 3000;

export async function getMicrometerByMac(mac: string) {
  return dataOrThrow(await apiClient.GET('/sensors/mac/{mac}', { params: { path: { mac } } }));
}

export type BenchMicrometer = Awaited<ReturnType<typeof getMicrometerByMac>>;

export function micrometerByMacQueryOptions(mac: string) {
  return queryOptions({
    queryKey: [...sensorTestingQueryKey, 'micrometer', mac],
    queryFn: () => getMicrometerByMac(mac),
    refetchInterval: (query) => (query.state.status === 'error' ? false : BENCH_REFRESH_MS),
    retry: false,
  });
}

export function useMicrometerByMac(mac: string | null) {
  return useQuery({ ...micrometerByMacQueryOptions(mac ?? ''), enabled: mac !== null });
}

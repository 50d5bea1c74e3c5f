// GET /sensors/mac/{mac}: the scanned micrometer, checked before the installer confirms.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { installationQueryKey } from './installation-keys';

export async function getMicrometerByMac(mac: string) {
  return dataOrThrow(await apiClient.GET('/sensors/mac/{mac}', { params: { path: { mac } } }));
}

export type InstallMicrometer = Awaited<ReturnType<typeof getMicrometerByMac>>;

export function micrometerByMacQueryOptions(mac: string) {
  return queryOptions({
    queryKey: [...installationQueryKey, 'mac', mac],
    queryFn: () => getMicrometerByMac(mac),
    retry: false,
  });
}

export function useMicrometerByMac(mac: string | null) {
  return useQuery({ ...micrometerByMacQueryOptions(mac ?? ''), enabled: mac !== null });
}

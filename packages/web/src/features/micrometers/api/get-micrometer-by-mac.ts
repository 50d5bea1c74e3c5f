// GET /sensors/mac/{mac}: one micrometer by its MAC (any case, with or without separators).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { micrometersQueryKey } from './micrometer-keys';

export async function getMicrometerByMac(mac: string) {
  return dataOrThrow(await apiClient.GET('/sensors/mac/{mac}', { params: { path: { mac } } }));
}

export function micrometerByMacQueryOptions(mac: string) {
  return queryOptions({
    queryKey: [...micrometersQueryKey, 'mac', mac],
    queryFn: () => getMicrometerByMac(mac),
    retry: false,
  });
}

/** The micrometer with this MAC; idle while `mac` is null. */
export function useMicrometerByMac(mac: string | null) {
  return useQuery({ ...micrometerByMacQueryOptions(mac ?? ''), enabled: mac !== null });
}

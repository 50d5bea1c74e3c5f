// GET /sensors/{id}: the micrometer just installed, asked for every few seconds until its first
// signal after the assignment arrives.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { installationQueryKey } from './installation-keys';

export const FIRST_SIGNAL_POLL_MS = 3000;

export async function getMicrometer(id: number) {
  return dataOrThrow(await apiClient.GET('/sensors/{id}', { params: { path: { id } } }));
}

export type InstalledMicrometer = Awaited<ReturnType<typeof getMicrometer>>;

/** Polls while `keepPolling` says the awaited signal has not come yet. */
export function micrometerQueryOptions(
  id: number,
  keepPolling: (micrometer: InstalledMicrometer) => boolean,
) {
  return queryOptions({
    queryKey: [...installationQueryKey, 'micrometer', id],
    queryFn: () => getMicrometer(id),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data === undefined || keepPolling(data) ? FIRST_SIGNAL_POLL_MS : false;
    },
  });
}

export function useMicrometer(
  id: number | null,
  keepPolling: (micrometer: InstalledMicrometer) => boolean,
) {
  return useQuery({ ...micrometerQueryOptions(id ?? 0, keepPolling), enabled: id !== null });
}

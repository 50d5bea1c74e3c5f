// GET /sensors/config-defaults: each configuration parameter's range and the fleet's default
// value (a micrometer without its own configuration runs on these).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export async function getConfigDefaults() {
  return dataOrThrow(await apiClient.GET('/sensors/config-defaults'));
}

export type ConfigDefault = Awaited<ReturnType<typeof getConfigDefaults>>[number];

export function configDefaultsQueryOptions() {
  return queryOptions({
    queryKey: ['micrometer-config-defaults'] as const,
    queryFn: getConfigDefaults,
  });
}

export function useConfigDefaults() {
  return useQuery(configDefaultsQueryOptions());
}

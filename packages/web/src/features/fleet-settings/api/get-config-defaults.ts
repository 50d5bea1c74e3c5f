// GET /sensors/config-defaults: each sensor configuration parameter with its range and default.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export const configDefaultsQueryKey = ['fleet-settings', 'config-defaults'] as const;

export async function getConfigDefaults() {
  return dataOrThrow(await apiClient.GET('/sensors/config-defaults'));
}

export type ConfigDefault = Awaited<ReturnType<typeof getConfigDefaults>>[number];

export function configDefaultsQueryOptions() {
  return queryOptions({ queryKey: configDefaultsQueryKey, queryFn: getConfigDefaults });
}

export function useConfigDefaults() {
  return useQuery(configDefaultsQueryOptions());
}

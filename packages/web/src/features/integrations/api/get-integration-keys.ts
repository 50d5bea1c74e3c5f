// GET /integration-keys: the network-server integration keys (name and prefix only), newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export const integrationKeysQueryKey = ['integration-keys'] as const;

export async function getIntegrationKeys() {
  return dataOrThrow(await apiClient.GET('/integration-keys'));
}

export type IntegrationKey = Awaited<ReturnType<typeof getIntegrationKeys>>[number];

export function integrationKeysQueryOptions() {
  return queryOptions({ queryKey: integrationKeysQueryKey, queryFn: getIntegrationKeys });
}

export function useIntegrationKeys() {
  return useQuery(integrationKeysQueryOptions());
}

// GET /companies/names: the companies a new key may be scoped to (its network server then writes
// only that company's micrometers).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { integrationKeysQueryKey } from './get-integration-keys';

export function keyCompaniesQueryOptions() {
  return queryOptions({
    queryKey: [...integrationKeysQueryKey, 'companies'],
    queryFn: async () => dataOrThrow(await apiClient.GET('/companies/names')),
  });
}

export function useKeyCompanies(enabled: boolean) {
  return useQuery({ ...keyCompaniesQueryOptions(), enabled });
}

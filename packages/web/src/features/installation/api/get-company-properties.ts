// GET /companies/{id}/properties: the properties of the installer's company, by name.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { installationQueryKey, PICK_LIMIT } from './installation-keys';

export async function getCompanyProperties(companyId: number, search: string) {
  return dataOrThrow(
    await apiClient.GET('/companies/{id}/properties', {
      params: {
        path: { id: companyId },
        query: { limit: PICK_LIMIT, sortBy: 'name:ASC', ...(search ? { search } : {}) },
      },
    }),
  );
}

export function companyPropertiesQueryOptions(companyId: number, search: string) {
  return queryOptions({
    queryKey: [...installationQueryKey, 'properties', companyId, search],
    queryFn: () => getCompanyProperties(companyId, search),
    placeholderData: keepPreviousData,
  });
}

/** Nothing is asked until a company is picked (null). */
export function useCompanyProperties(companyId: number | null, search: string) {
  return useQuery({
    ...companyPropertiesQueryOptions(companyId ?? 0, search),
    enabled: companyId !== null,
  });
}

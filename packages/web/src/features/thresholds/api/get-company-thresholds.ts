// GET /companies/{id}/appliances-thresholds: the 22 fixture types with the company's daily
// threshold (null: none) and the type's default.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

/** Every threshold query starts with this key; the edit invalidates it. */
export const companyThresholdsQueryKey = ['company-appliance-thresholds'] as const;

export async function getCompanyThresholds(companyId: number) {
  return dataOrThrow(
    await apiClient.GET('/companies/{id}/appliances-thresholds', {
      params: { path: { id: companyId } },
    }),
  );
}

export type ApplianceThreshold = Awaited<ReturnType<typeof getCompanyThresholds>>[number];

export function companyThresholdsQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: [...companyThresholdsQueryKey, companyId],
    queryFn: () => getCompanyThresholds(companyId),
  });
}

export function useCompanyThresholds(companyId: number) {
  return useQuery(companyThresholdsQueryOptions(companyId));
}

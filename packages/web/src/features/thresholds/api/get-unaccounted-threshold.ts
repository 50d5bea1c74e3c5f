// GET /companies/{id}/appliances-thresholds/unaccounted-water: the company's unaccounted-water
// threshold (share of building use, gallons a day; null: the default) beside the defaults.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

/** The unaccounted-water query's key; the edit invalidates it. */
export const unaccountedThresholdQueryKey = ['company-unaccounted-threshold'] as const;

export async function getUnaccountedThreshold(companyId: number) {
  return dataOrThrow(
    await apiClient.GET('/companies/{id}/appliances-thresholds/unaccounted-water', {
      params: { path: { id: companyId } },
    }),
  );
}

export type UnaccountedThreshold = Awaited<ReturnType<typeof getUnaccountedThreshold>>;

export function unaccountedThresholdQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: [...unaccountedThresholdQueryKey, companyId],
    queryFn: () => getUnaccountedThreshold(companyId),
  });
}

export function useUnaccountedThreshold(companyId: number) {
  return useQuery(unaccountedThresholdQueryOptions(companyId));
}

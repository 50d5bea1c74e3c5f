// GET /overview (system roles): fleet and portfolio health in one answer — counts, sensors,
// gateways, open alerts, the last 24 hours, usage by day and one line per company.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export async function getOverview() {
  return dataOrThrow(await apiClient.GET('/overview'));
}

export type FleetOverview = Awaited<ReturnType<typeof getOverview>>;

/** Refreshed every minute while the page is open: the figures move as readings arrive. */
export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: ['overview'] as const,
    queryFn: getOverview,
    refetchInterval: 60_000,
  });

export const useOverview = () => useQuery(overviewQueryOptions());

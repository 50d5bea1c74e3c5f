// GET /notifications/active-leaks: the open leak alerts of the caller's scope (the header bell).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { alertsQueryKey } from './alert-keys';
import { useAlertsLive } from './alerts-live';

export async function getActiveLeaks() {
  return dataOrThrow(await apiClient.GET('/notifications/active-leaks'));
}

export type LeakAlert = Awaited<ReturnType<typeof getActiveLeaks>>[number];

export const activeLeaksQueryOptions = () =>
  queryOptions({ queryKey: [...alertsQueryKey, 'active-leaks'], queryFn: getActiveLeaks });

/** The active leaks, kept fresh by the live stream (or a slow refetch while it is down). */
export function useActiveLeaks() {
  const fallbackInterval = useAlertsLive();
  return useQuery({ ...activeLeaksQueryOptions(), refetchInterval: fallbackInterval });
}

// GET /buildings/installations/mine: the buildings the signed-in installer is assigned to (on the
// building's Survey tab), soonest first, listed before the property choice.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { installationQueryKey } from './installation-keys';

export async function getMyInstallations() {
  return dataOrThrow(await apiClient.GET('/buildings/installations/mine'));
}

export type AssignedBuilding = Awaited<ReturnType<typeof getMyInstallations>>[number];

export function myInstallationsQueryOptions() {
  return queryOptions({
    queryKey: [...installationQueryKey, 'mine'],
    queryFn: getMyInstallations,
  });
}

/** Asked only while `enabled` (the page's first step shows them). */
export function useMyInstallations(enabled: boolean) {
  return useQuery({ ...myInstallationsQueryOptions(), enabled });
}

// GET /buildings/{id}/installer: the installers assigned to the building, soonest first.
import type { Installer } from '@flowsight/domain/survey';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { surveyKeys } from './survey-keys';

export async function getInstallers(buildingId: number): Promise<Installer[]> {
  return dataOrThrow(
    await apiClient.GET('/buildings/{id}/installer', { params: { path: { id: buildingId } } }),
  );
}

export function installersQueryOptions(buildingId: number) {
  return queryOptions({
    queryKey: surveyKeys.installers(buildingId),
    queryFn: () => getInstallers(buildingId),
  });
}

export const useInstallers = (buildingId: number) => useQuery(installersQueryOptions(buildingId));

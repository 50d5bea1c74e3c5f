// GET /buildings/{id}/installer: the installers assigned to the building, soonest first.
import type { Installer } from '@flowsight/domain/survey';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { surveyKeys } from './survey-keys';
import { surveyRequest } from './survey-request';

export function getInstallers(buildingId: number) {
  return surveyRequest<Installer[]>('GET', `/buildings/${buildingId}/installer`);
}

export function installersQueryOptions(buildingId: number) {
  return queryOptions({
    queryKey: surveyKeys.installers(buildingId),
    queryFn: () => getInstallers(buildingId),
  });
}

export const useInstallers = (buildingId: number) => useQuery(installersQueryOptions(buildingId));

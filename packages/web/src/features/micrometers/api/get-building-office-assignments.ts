// GET /sensors/office-assignment-building/{id}: the micrometers set aside for a building and not
// installed yet.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { micrometersQueryKey } from './micrometer-keys';

export async function getBuildingOfficeAssignments(buildingId: number) {
  return dataOrThrow(
    await apiClient.GET('/sensors/office-assignment-building/{id}', {
      params: { path: { id: buildingId } },
    }),
  );
}

export type OfficeAssignment = Awaited<ReturnType<typeof getBuildingOfficeAssignments>>[number];

export function buildingOfficeAssignmentsQueryOptions(buildingId: number) {
  return queryOptions({
    queryKey: [...micrometersQueryKey, 'office-assignments', buildingId],
    queryFn: () => getBuildingOfficeAssignments(buildingId),
  });
}

export function useBuildingOfficeAssignments(buildingId: number | null) {
  return useQuery({
    ...buildingOfficeAssignmentsQueryOptions(buildingId ?? 0),
    enabled: buildingId !== null,
  });
}

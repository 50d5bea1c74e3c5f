// GET /buildings/{id}/flume-meter: the Flume meter linked to the building as its main line, or
// null, for anyone who may see the building — when the role may ask at all.
import { CompanyType } from '@flowsight/domain/lookups';
import { restrictedMayCall } from '@flowsight/domain/restricted-companies';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { mayCallRoute } from '@/lib/permissions';
import { useSignedInSession } from '@/lib/session';

const ROUTE = 'GET /buildings/:id/flume-meter';

export async function getBuildingFlumeMeter(buildingId: number) {
  const answer = await apiClient.GET('/buildings/{id}/flume-meter', {
    params: { path: { id: buildingId } },
  });
  return dataOrThrow(answer).meter;
}

export type BuildingFlumeMeter = NonNullable<Awaited<ReturnType<typeof getBuildingFlumeMeter>>>;

export function useBuildingFlumeMeter(buildingId: number) {
  const { activeRole } = useSignedInSession();
  const type = activeRole.user_role_type_id;
  const restricted = activeRole.company_type_id === CompanyType.Restricted;
  return useQuery({
    queryKey: ['buildings', buildingId, 'flume-meter'],
    queryFn: () => getBuildingFlumeMeter(buildingId),
    enabled: mayCallRoute(ROUTE, type) && (!restricted || restrictedMayCall(ROUTE, type)),
    // Linked and synced on the Flume accounts page: read again whenever the building opens.
    staleTime: 0,
  });
}

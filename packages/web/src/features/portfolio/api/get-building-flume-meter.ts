// GET /buildings/{id}/flume-meter: the Flume meter linked to the building, if any (issue 21), for
// anyone who may see the building: `{ meter: null | { account_id, account_name, device_id,
// last_sync_at, last_error } }`.
import { useQuery } from '@tanstack/react-query';
import { fetchWithSession } from '@/lib/api-client';
import { toApiError } from '@/lib/api-error';

export type BuildingFlumeMeter = {
  account_id: number;
  account_name: string;
  device_id: string;
  last_sync_at: string | null;
  last_error: string | null;
};

// A plain fetch until the generated client (`api-schema.d.ts`) lists the call.
export async function getBuildingFlumeMeter(
  buildingId: number,
): Promise<BuildingFlumeMeter | null> {
  const response = await fetchWithSession(`/buildings/${buildingId}/flume-meter`);
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response, body);
  return (body as { meter: BuildingFlumeMeter | null }).meter;
}

export function useBuildingFlumeMeter(buildingId: number) {
  return useQuery({
    queryKey: ['buildings', buildingId, 'flume-meter'],
    queryFn: () => getBuildingFlumeMeter(buildingId),
    // Linked and synced on the Flume accounts page: read again whenever the building opens.
    staleTime: 0,
  });
}

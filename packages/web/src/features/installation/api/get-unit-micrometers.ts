// GET /units/{id}/sensors: the micrometers already on the unit's fixtures, so the fixture step
// shows which slots are taken.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { installationQueryKey } from './installation-keys';

export async function getUnitMicrometers(unitId: number) {
  return dataOrThrow(
    await apiClient.GET('/units/{id}/sensors', {
      params: { path: { id: unitId }, query: { limit: 100 } },
    }),
  );
}

export type UnitMicrometer = Awaited<ReturnType<typeof getUnitMicrometers>>['data'][number];

export function unitMicrometersQueryOptions(unitId: number) {
  return queryOptions({
    queryKey: [...installationQueryKey, 'unit-micrometers', unitId],
    queryFn: () => getUnitMicrometers(unitId),
  });
}

export function useUnitMicrometers(unitId: number | null) {
  return useQuery({ ...unitMicrometersQueryOptions(unitId ?? 0), enabled: unitId !== null });
}

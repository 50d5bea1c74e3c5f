// PUT /buildings/{id}/sensors/state/{stateId} and /status/{statusId}: sets the state or the
// status of every micrometer of a building at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { micrometersQueryKey } from './micrometer-keys';

export type BuildingMicrometersChange = {
  buildingId: number;
  field: 'state' | 'status';
  value: number;
};

export async function setBuildingMicrometers({
  buildingId,
  field,
  value,
}: BuildingMicrometersChange) {
  if (field === 'state') {
    return dataOrThrow(
      await apiClient.PUT('/buildings/{id}/sensors/state/{stateId}', {
        params: { path: { id: buildingId, stateId: value } },
      }),
    );
  }
  return dataOrThrow(
    await apiClient.PUT('/buildings/{id}/sensors/status/{statusId}', {
      params: { path: { id: buildingId, statusId: value } },
    }),
  );
}

export function useSetBuildingMicrometers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBuildingMicrometers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: micrometersQueryKey }),
  });
}

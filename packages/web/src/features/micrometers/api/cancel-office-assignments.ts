// DELETE /sensors/pending-office-assignment: cancels a building's pending office assignments
// (the listed micrometers, or all of them).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { micrometersQueryKey } from './micrometer-keys';

export type CancelOfficeAssignmentsInput = { buildingId: number; sensorIds?: number[] };

export async function cancelOfficeAssignments({
  buildingId,
  sensorIds,
}: CancelOfficeAssignmentsInput) {
  return dataOrThrow(
    await apiClient.DELETE('/sensors/pending-office-assignment', {
      body: {
        building_id: buildingId,
        ...(sensorIds === undefined ? {} : { sensor_ids: sensorIds }),
      },
    }),
  );
}

export function useCancelOfficeAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOfficeAssignments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: micrometersQueryKey }),
  });
}

// POST /sensors/office-assignment: sets stock micrometers aside for a building (pending until
// they are installed there).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { micrometersQueryKey } from './micrometer-keys';

export type OfficeAssignInput = { buildingId: number; macs: string[] };

export async function officeAssignMicrometers({ buildingId, macs }: OfficeAssignInput) {
  return dataOrThrow(
    await apiClient.POST('/sensors/office-assignment', {
      body: { building_id: buildingId, macs },
    }),
  );
}

export function useOfficeAssignMicrometers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: officeAssignMicrometers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: micrometersQueryKey }),
  });
}

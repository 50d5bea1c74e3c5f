// POST /sensors/assign?mac&action: puts a micrometer on a fixture of a unit (assign), moves it
// (reassign) or takes it off (unassign). The server's refusals are the domain's messages.
import type { AssignAction } from '@flowsight/domain/micrometers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { micrometersQueryKey } from './micrometer-keys';

export type MicrometerPlacement = {
  company_id: number;
  property_id: number;
  building_id: number;
  unit_id: number;
  appliance_type_id: number;
  room_type_id: number | null;
  water_type_id: number | null;
};

export type AssignMicrometerInput = {
  mac: string;
  action: AssignAction;
  /** Required for assign and reassign; left out for unassign. */
  placement?: MicrometerPlacement;
};

export async function assignMicrometer({ mac, action, placement }: AssignMicrometerInput) {
  return dataOrThrow(
    await apiClient.POST('/sensors/assign', {
      params: { query: { mac, action } },
      body: placement ?? {},
    }),
  );
}

export function useAssignMicrometer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignMicrometer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: micrometersQueryKey }),
  });
}

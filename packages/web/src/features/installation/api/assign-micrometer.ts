// POST /sensors/assign?mac=..&action=assign: puts the micrometer on the chosen fixture of the
// unit (state Installed). Refusals come back with the server's message, shown as it is.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { installationQueryKey } from './installation-keys';

export type AssignInput = {
  mac: string;
  company_id: number;
  property_id: number;
  building_id: number;
  unit_id: number;
  appliance_type_id: number;
};

export async function assignMicrometer({ mac, ...placement }: AssignInput) {
  return dataOrThrow(
    await apiClient.POST('/sensors/assign', {
      params: { query: { mac, action: 'assign' } },
      body: placement,
    }),
  );
}

export function useAssignMicrometer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignMicrometer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: installationQueryKey }),
  });
}

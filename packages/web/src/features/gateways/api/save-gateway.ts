// POST /gateways and PUT /gateways/{id}: create a gateway or change the fields an edit names
// (a new building_id moves it; the server keeps the building history).
import type { GatewayUpdate, GatewayValues } from '@flowsight/domain/gateways';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { gatewaysQueryKey } from './get-gateways';

export async function createGateway(values: GatewayValues) {
  return dataOrThrow(await apiClient.POST('/gateways', { body: values }));
}

export async function updateGateway({ id, changes }: { id: number; changes: GatewayUpdate }) {
  return dataOrThrow(
    await apiClient.PUT('/gateways/{id}', { params: { path: { id } }, body: changes }),
  );
}

export function useCreateGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGateway,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewaysQueryKey }),
  });
}

export function useUpdateGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGateway,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewaysQueryKey }),
  });
}

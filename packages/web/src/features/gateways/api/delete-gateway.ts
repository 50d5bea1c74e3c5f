// DELETE /gateways/{id}: removes a gateway and its building history (system admin).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { gatewaysQueryKey } from './get-gateways';

export async function deleteGateway(id: number) {
  return dataOrThrow(await apiClient.DELETE('/gateways/{id}', { params: { path: { id } } }));
}

export function useDeleteGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGateway,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewaysQueryKey }),
  });
}

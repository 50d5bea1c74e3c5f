// PUT /gateways/{id}/status/{status}: sets a gateway status id of the lookup catalogue.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { gatewaysQueryKey } from './get-gateways';

export async function setGatewayStatus({ id, statusId }: { id: number; statusId: number }) {
  return dataOrThrow(
    await apiClient.PUT('/gateways/{id}/status/{status}', {
      params: { path: { id, status: statusId } },
    }),
  );
}

export function useSetGatewayStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setGatewayStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewaysQueryKey }),
  });
}

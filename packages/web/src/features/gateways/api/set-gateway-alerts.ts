// PUT /gateways/{id}/disable-alerts/{status}: 1 disables the gateway's alerts, 0 enables them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { gatewaysQueryKey } from './get-gateways';

export async function setGatewayAlertsDisabled({
  id,
  disabled,
}: {
  id: number;
  disabled: boolean;
}) {
  return dataOrThrow(
    await apiClient.PUT('/gateways/{id}/disable-alerts/{status}', {
      params: { path: { id, status: disabled ? '1' : '0' } },
    }),
  );
}

export function useSetGatewayAlertsDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setGatewayAlertsDisabled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewaysQueryKey }),
  });
}

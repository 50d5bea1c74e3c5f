// PUT /sensors/{id}/config: sets the micrometer's configuration; the server queues it as a
// port-3 downlink, so the downlink lists change too.
import type { ConfigParams } from '@flowsight/domain/micrometers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { downlinksQueryKey, micrometersQueryKey } from './micrometer-keys';

export type ConfigureMicrometerInput = { id: number; params: ConfigParams };

export async function configureMicrometer({ id, params }: ConfigureMicrometerInput) {
  return dataOrThrow(
    await apiClient.PUT('/sensors/{id}/config', { params: { path: { id } }, body: { params } }),
  );
}

export function useConfigureMicrometer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: configureMicrometer,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: micrometersQueryKey }),
        queryClient.invalidateQueries({ queryKey: downlinksQueryKey }),
      ]),
  });
}

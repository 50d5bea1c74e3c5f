// PUT /sensors/{mac}/downlink-config-params: queues a configuration downlink for one micrometer.
import type { ConfigParams } from '@flowsight/domain/micrometers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { downlinksQueryKey } from './micrometer-keys';

export type QueueMicrometerDownlinkInput = { mac: string; params: ConfigParams };

export async function queueMicrometerDownlink({ mac, params }: QueueMicrometerDownlinkInput) {
  return dataOrThrow(
    await apiClient.PUT('/sensors/{mac}/downlink-config-params', {
      params: { path: { mac } },
      body: { params },
    }),
  );
}

export function useQueueMicrometerDownlink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: queueMicrometerDownlink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: downlinksQueryKey }),
  });
}

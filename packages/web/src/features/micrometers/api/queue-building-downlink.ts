// PUT /buildings/{id}/downlink-config-params: queues a configuration downlink for every
// micrometer of a building.
import type { ConfigParams } from '@flowsight/domain/micrometers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { downlinksQueryKey } from './micrometer-keys';

export type QueueBuildingDownlinkInput = { buildingId: number; params: ConfigParams };

export async function queueBuildingDownlink({ buildingId, params }: QueueBuildingDownlinkInput) {
  return dataOrThrow(
    await apiClient.PUT('/buildings/{id}/downlink-config-params', {
      params: { path: { id: buildingId } },
      body: { params },
    }),
  );
}

export function useQueueBuildingDownlink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: queueBuildingDownlink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: downlinksQueryKey }),
  });
}

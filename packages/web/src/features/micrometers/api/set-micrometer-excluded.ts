// PUT /sensors/{id}/notification-excluded/{status}: leaves the micrometer out of alerts (1) or
// takes it back in (0).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { micrometersQueryKey } from './micrometer-keys';

export type SetExcludedInput = { id: number; excluded: boolean };

export async function setMicrometerExcluded({ id, excluded }: SetExcludedInput) {
  return dataOrThrow(
    await apiClient.PUT('/sensors/{id}/notification-excluded/{status}', {
      params: { path: { id, status: excluded ? '1' : '0' } },
    }),
  );
}

export function useSetMicrometerExcluded() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMicrometerExcluded,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: micrometersQueryKey }),
  });
}

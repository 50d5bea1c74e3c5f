// PUT /sensors/{id}/state/{stateId} and /sensors/{id}/status/{statusId}: sets one micrometer's
// state or status (system roles), as the building's bulk actions do for all of a building's.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { micrometersQueryKey } from './micrometer-keys';

export type MicrometerLookupChange = { id: number; field: 'state' | 'status'; value: number };

export async function setMicrometerLookup({ id, field, value }: MicrometerLookupChange) {
  if (field === 'state') {
    return dataOrThrow(
      await apiClient.PUT('/sensors/{id}/state/{stateId}', {
        params: { path: { id, stateId: value } },
      }),
    );
  }
  return dataOrThrow(
    await apiClient.PUT('/sensors/{id}/status/{statusId}', {
      params: { path: { id, statusId: value } },
    }),
  );
}

export function useSetMicrometerLookup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMicrometerLookup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: micrometersQueryKey }),
  });
}

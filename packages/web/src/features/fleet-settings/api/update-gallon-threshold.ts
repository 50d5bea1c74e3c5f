// PUT /sensors/gallon-thresholds/{id}/{value}: changes a micrometer's daily threshold.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { gallonThresholdsQueryKey } from './get-gallon-thresholds';

export async function updateGallonThreshold(input: { id: number; value: number }) {
  return dataOrThrow(
    await apiClient.PUT('/sensors/gallon-thresholds/{id}/{value}', {
      params: { path: { id: input.id, value: String(input.value) } },
    }),
  );
}

export function useUpdateGallonThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGallonThreshold,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gallonThresholdsQueryKey }),
  });
}

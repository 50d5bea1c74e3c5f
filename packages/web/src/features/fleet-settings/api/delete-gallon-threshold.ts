// DELETE /sensors/gallon-thresholds/{id}: removes a micrometer's own daily threshold.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { gallonThresholdsQueryKey } from './get-gallon-thresholds';

export async function deleteGallonThreshold(id: number) {
  return dataOrThrow(
    await apiClient.DELETE('/sensors/gallon-thresholds/{id}', { params: { path: { id } } }),
  );
}

export function useDeleteGallonThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGallonThreshold,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gallonThresholdsQueryKey }),
  });
}

// POST /sensors/gallon-thresholds: gives an assigned micrometer (by MAC) its own daily threshold.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { gallonThresholdsQueryKey } from './get-gallon-thresholds';

export async function createGallonThreshold(input: { mac: string; value: number }) {
  return dataOrThrow(await apiClient.POST('/sensors/gallon-thresholds', { body: input }));
}

export function useCreateGallonThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGallonThreshold,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gallonThresholdsQueryKey }),
  });
}

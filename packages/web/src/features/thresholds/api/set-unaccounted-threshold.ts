// PUT /companies/{id}/appliances-thresholds/unaccounted-water: sets the company's share and
// gallons a day; null returns a value to its default.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { unaccountedThresholdQueryKey } from './get-unaccounted-threshold';

export type SetUnaccountedThresholdInput = {
  companyId: number;
  sharePercent: number | null;
  minGallonsPerDay: number | null;
};

export async function setUnaccountedThreshold(input: SetUnaccountedThresholdInput) {
  return dataOrThrow(
    await apiClient.PUT('/companies/{id}/appliances-thresholds/unaccounted-water', {
      params: { path: { id: input.companyId } },
      body: { share_percent: input.sharePercent, min_gallons_per_day: input.minGallonsPerDay },
    }),
  );
}

export function useSetUnaccountedThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUnaccountedThreshold,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unaccountedThresholdQueryKey }),
  });
}

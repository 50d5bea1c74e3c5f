// PUT /companies/{id}/appliances-thresholds/{applianceTypeId}/{threshold}: sets the company's
// daily threshold for one fixture type, or removes it (`none`).
import { APPLIANCE_THRESHOLD_NONE } from '@flowsight/domain/thresholds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { companyThresholdsQueryKey } from './get-company-thresholds';

export type SetCompanyThresholdInput = {
  companyId: number;
  applianceTypeId: number;
  /** Gallons per day; null removes the company's threshold. */
  threshold: number | null;
};

export async function setCompanyThreshold(input: SetCompanyThresholdInput) {
  return dataOrThrow(
    await apiClient.PUT('/companies/{id}/appliances-thresholds/{applianceTypeId}/{threshold}', {
      params: {
        path: {
          id: input.companyId,
          applianceTypeId: input.applianceTypeId,
          threshold: input.threshold === null ? APPLIANCE_THRESHOLD_NONE : String(input.threshold),
        },
      },
    }),
  );
}

export function useSetCompanyThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCompanyThreshold,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyThresholdsQueryKey }),
  });
}

// DELETE /sensors/{id}: removes a micrometer that is in stock and never reported (System Admin);
// the server refuses any other with a 409 and says why.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { toApiError } from '@/lib/api-error';
import { micrometersQueryKey } from './micrometer-keys';

export async function deleteMicrometer(id: number): Promise<void> {
  // A 204 carries no body, so success is the status, not the data.
  const result = await apiClient.DELETE('/sensors/{id}', { params: { path: { id } } });
  if (result.error !== undefined || !result.response.ok) {
    throw toApiError(result.response, result.error);
  }
}

export function useDeleteMicrometer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMicrometer,
    // Not awaited: the dialog of the deleted micrometer closes at once instead of first
    // refetching it (a 404) while the lists reload.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: micrometersQueryKey });
    },
  });
}

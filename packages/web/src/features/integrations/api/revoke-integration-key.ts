// DELETE /integration-keys/{id}: revokes a key; ingest calls presenting it are refused from now on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { integrationKeysQueryOptions } from './get-integration-keys';

export async function revokeIntegrationKey(id: number) {
  return dataOrThrow(
    await apiClient.DELETE('/integration-keys/{id}', { params: { path: { id } } }),
  );
}

export function useRevokeIntegrationKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeIntegrationKey,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: integrationKeysQueryOptions().queryKey }),
  });
}

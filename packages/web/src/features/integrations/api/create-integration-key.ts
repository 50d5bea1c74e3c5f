// POST /integration-keys: a new key; the answer carries the key itself, shown this once only.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { integrationKeysQueryOptions } from './get-integration-keys';

export async function createIntegrationKey(name: string) {
  return dataOrThrow(await apiClient.POST('/integration-keys', { body: { name } }));
}

export type CreatedIntegrationKey = Awaited<ReturnType<typeof createIntegrationKey>>;

export function useCreateIntegrationKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIntegrationKey,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: integrationKeysQueryOptions().queryKey }),
  });
}

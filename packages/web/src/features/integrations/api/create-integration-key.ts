// POST /integration-keys: a new key and its scope; the answer carries the key itself, shown this
// once only.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { integrationKeysQueryOptions } from './get-integration-keys';

/** `company_id` null: a whole-fleet key; otherwise it writes only that company's micrometers. */
export type NewIntegrationKey = { name: string; company_id: number | null };

export async function createIntegrationKey(body: NewIntegrationKey) {
  return dataOrThrow(await apiClient.POST('/integration-keys', { body }));
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

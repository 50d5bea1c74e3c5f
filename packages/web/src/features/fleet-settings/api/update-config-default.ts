// PUT /sensors/config-defaults/{id}/{value}: sets a parameter's default (system admins).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { configDefaultsQueryOptions } from './get-config-defaults';

export async function updateConfigDefault(input: { id: number; value: number }) {
  return dataOrThrow(
    await apiClient.PUT('/sensors/config-defaults/{id}/{value}', {
      params: { path: { id: input.id, value: String(input.value) } },
    }),
  );
}

export function useUpdateConfigDefault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConfigDefault,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: configDefaultsQueryOptions().queryKey }),
  });
}

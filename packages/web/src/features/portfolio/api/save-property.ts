// POST /properties creates a property; PUT /properties/{id} changes one (only the fields it names).
import type { PropertyValues } from '@flowsight/domain/portfolio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { invalidatePortfolio } from './portfolio-keys';

export type SavePropertyInput =
  | { id: null; values: PropertyValues }
  | { id: number; values: Partial<PropertyValues> };

export async function saveProperty(input: SavePropertyInput) {
  return input.id === null
    ? dataOrThrow(await apiClient.POST('/properties', { body: input.values }))
    : dataOrThrow(
        await apiClient.PUT('/properties/{id}', {
          params: { path: { id: input.id } },
          body: input.values,
        }),
      );
}

export function useSaveProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProperty,
    onSuccess: () => invalidatePortfolio(queryClient),
  });
}

// POST /units creates a unit; PUT /units/{id} changes one (only the fields it names).
import type { UnitValues } from '@flowsight/domain/portfolio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { invalidatePortfolio } from './portfolio-keys';

export type SaveUnitInput =
  | { id: null; values: UnitValues }
  | { id: number; values: Partial<UnitValues> };

export async function saveUnit(input: SaveUnitInput) {
  return input.id === null
    ? dataOrThrow(await apiClient.POST('/units', { body: input.values }))
    : dataOrThrow(
        await apiClient.PUT('/units/{id}', {
          params: { path: { id: input.id } },
          body: input.values,
        }),
      );
}

export function useSaveUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUnit,
    onSuccess: () => invalidatePortfolio(queryClient),
  });
}

// POST /buildings creates a building; PUT /buildings/{id} changes one (only the fields it names).
import type { BuildingValues } from '@flowsight/domain/portfolio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { invalidatePortfolio } from './portfolio-keys';

export type SaveBuildingInput =
  | { id: null; values: BuildingValues }
  | { id: number; values: Partial<BuildingValues> };

export async function saveBuilding(input: SaveBuildingInput) {
  return input.id === null
    ? dataOrThrow(await apiClient.POST('/buildings', { body: input.values }))
    : dataOrThrow(
        await apiClient.PUT('/buildings/{id}', {
          params: { path: { id: input.id } },
          body: input.values,
        }),
      );
}

export function useSaveBuilding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBuilding,
    onSuccess: () => invalidatePortfolio(queryClient),
  });
}

// PUT /appliances/{id}: changes some detection parameters of a fixture type (system admins).
import type { FixtureDetectionUpdate } from '@flowsight/domain/fleet-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { fixtureTypesQueryOptions } from './get-fixture-types';

export async function updateFixtureDetection(input: {
  id: number;
  change: FixtureDetectionUpdate;
}) {
  return dataOrThrow(
    await apiClient.PUT('/appliances/{id}', {
      params: { path: { id: input.id } },
      body: input.change,
    }),
  );
}

export function useUpdateFixtureDetection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFixtureDetection,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: fixtureTypesQueryOptions().queryKey }),
  });
}

// POST /buildings/{id}/installers (assign a company installer or an outside one, with a scheduled
// date) and PUT /buildings/installers/{id} (change the date, the status or the outside details).
// Both refresh the building's installers.
import type { Installer, InstallerInput, InstallerUpdate } from '@flowsight/domain/survey';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { surveyKeys } from './survey-keys';

export async function assignInstaller(
  buildingId: number,
  body: InstallerInput,
): Promise<Installer> {
  return dataOrThrow(
    await apiClient.POST('/buildings/{id}/installers', {
      params: { path: { id: buildingId } },
      body,
    }),
  );
}

export async function updateInstaller(
  installerId: number,
  body: InstallerUpdate,
): Promise<Installer> {
  return dataOrThrow(
    await apiClient.PUT('/buildings/installers/{id}', {
      params: { path: { id: installerId } },
      body,
    }),
  );
}

export type SaveInstallerInput =
  | { kind: 'assign'; body: InstallerInput }
  | { kind: 'update'; installerId: number; body: InstallerUpdate };

export function useSaveInstaller(buildingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveInstallerInput) =>
      input.kind === 'assign'
        ? assignInstaller(buildingId, input.body)
        : updateInstaller(input.installerId, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveyKeys.installers(buildingId) }),
  });
}

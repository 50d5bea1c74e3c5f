// POST /buildings/{id}/installers (assign a company installer or an outside one, with a scheduled
// date) and PUT /buildings/installers/{id} (change the date, the status or the outside details).
// Both refresh the building's installers.
import type { Installer, InstallerInput, InstallerUpdate } from '@flowsight/domain/survey';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { surveyKeys } from './survey-keys';
import { surveyRequest } from './survey-request';

export function assignInstaller(buildingId: number, body: InstallerInput) {
  return surveyRequest<Installer>('POST', `/buildings/${buildingId}/installers`, body);
}

export function updateInstaller(installerId: number, body: InstallerUpdate) {
  return surveyRequest<Installer>('PUT', `/buildings/installers/${installerId}`, body);
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

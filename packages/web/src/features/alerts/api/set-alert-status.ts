// PUT /notifications/{id}/status/{statusId}: "On it" (2) or "Fixed it" (3, with a note). The note
// is trimmed and an empty one is not sent (spec section 5).
import type { NotificationStatus } from '@flowsight/domain/lookups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmationNote } from '@/components/feedback/confirmation-dialog';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { alertsQueryKey } from './alert-keys';

export type AlertStatusChange = {
  id: number;
  statusId: typeof NotificationStatus.Acknowledged | typeof NotificationStatus.Closed;
  note?: string;
};

export async function setAlertStatus({ id, statusId, note }: AlertStatusChange) {
  const clean = note === undefined ? undefined : confirmationNote(note);
  return dataOrThrow(
    await apiClient.PUT('/notifications/{id}/status/{statusId}', {
      params: { path: { id, statusId } },
      body: clean === undefined ? {} : { note: clean },
    }),
  );
}

export function useSetAlertStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAlertStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsQueryKey }),
  });
}

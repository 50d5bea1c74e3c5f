// DELETE /notifications/contacts/{id}: removes a contact.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { notificationContactsQueryKey } from './get-notification-contacts';

export type DeleteNotificationContactInput = { userId: number; contactId: number };

export async function deleteNotificationContact({ contactId }: DeleteNotificationContactInput) {
  return dataOrThrow(
    await apiClient.DELETE('/notifications/contacts/{id}', {
      params: { path: { id: contactId } },
    }),
  );
}

export function useDeleteNotificationContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotificationContact,
    onSuccess: (_answer, { userId }) =>
      queryClient.invalidateQueries({ queryKey: notificationContactsQueryKey(userId) }),
  });
}

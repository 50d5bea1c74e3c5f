// PUT /notifications/contacts/{id}: changes a contact's method, destination or on/off state.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { notificationContactsQueryKey } from './get-notification-contacts';

export type UpdateNotificationContactInput = {
  userId: number;
  contactId: number;
  changes: { notification_method_id?: 1 | 2; destination?: string; enabled?: boolean };
};

export async function updateNotificationContact({
  contactId,
  changes,
}: UpdateNotificationContactInput) {
  return dataOrThrow(
    await apiClient.PUT('/notifications/contacts/{id}', {
      params: { path: { id: contactId } },
      body: changes,
    }),
  );
}

export function useUpdateNotificationContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationContact,
    onSuccess: (_contact, { userId }) =>
      queryClient.invalidateQueries({ queryKey: notificationContactsQueryKey(userId) }),
  });
}

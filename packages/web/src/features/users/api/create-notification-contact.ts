// POST /users/{id}/notification-contacts: adds a contact for a person.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { notificationContactsQueryKey } from './get-notification-contacts';

export type CreateNotificationContactInput = {
  userId: number;
  contact: {
    company_id: number;
    notification_method_id: 1 | 2;
    destination: string;
    enabled: boolean;
  };
};

export async function createNotificationContact({
  userId,
  contact,
}: CreateNotificationContactInput) {
  return dataOrThrow(
    await apiClient.POST('/users/{id}/notification-contacts', {
      params: { path: { id: userId } },
      body: contact,
    }),
  );
}

export function useCreateNotificationContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotificationContact,
    onSuccess: (_contact, { userId }) =>
      queryClient.invalidateQueries({ queryKey: notificationContactsQueryKey(userId) }),
  });
}

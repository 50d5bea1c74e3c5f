// GET /users/{id}/notification-contacts: where a person's alerts go, and how.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export async function getNotificationContacts(userId: number) {
  return dataOrThrow(
    await apiClient.GET('/users/{id}/notification-contacts', {
      params: { path: { id: userId } },
    }),
  );
}

export type NotificationContact = Awaited<ReturnType<typeof getNotificationContacts>>[number];

export const notificationContactsQueryKey = (userId: number) =>
  ['notification-contacts', userId] as const;

export function notificationContactsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: notificationContactsQueryKey(userId),
    queryFn: () => getNotificationContacts(userId),
  });
}

export function useNotificationContacts(userId: number) {
  return useQuery(notificationContactsQueryOptions(userId));
}

// GET /users/{id}/roles: a person's roles, each described in words by the server.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { usersQueryKey } from './get-users';

export async function getUserRoles(userId: number) {
  return dataOrThrow(
    await apiClient.GET('/users/{id}/roles', { params: { path: { id: userId } } }),
  );
}

export type UserRole = Awaited<ReturnType<typeof getUserRoles>>[number];

export const userRolesQueryKey = (userId: number) => [...usersQueryKey, userId, 'roles'] as const;

export function userRolesQueryOptions(userId: number) {
  return queryOptions({
    queryKey: userRolesQueryKey(userId),
    queryFn: () => getUserRoles(userId),
  });
}

export function useUserRoles(userId: number) {
  return useQuery(userRolesQueryOptions(userId));
}

// POST /users/{id}/role: grants a person one more role.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import type { RoleGrant } from '../utils/role-placement';
import { userRolesQueryKey } from './get-user-roles';

export type AddUserRoleInput = { userId: number; role: RoleGrant };

export async function addUserRole({ userId, role }: AddUserRoleInput) {
  return dataOrThrow(
    await apiClient.POST('/users/{id}/role', { params: { path: { id: userId } }, body: role }),
  );
}

export function useAddUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUserRole,
    onSuccess: (_role, { userId }) =>
      queryClient.invalidateQueries({ queryKey: userRolesQueryKey(userId) }),
  });
}

// DELETE /users/roles/{roleId}: removes one of a person's roles ('Deleted successfully'); the
// last one is refused with 'User must have at least one role'.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { userRolesQueryKey } from './get-user-roles';

export type DeleteUserRoleInput = { userId: number; roleId: number };

export async function deleteUserRole({ roleId }: DeleteUserRoleInput) {
  return dataOrThrow(
    await apiClient.DELETE('/users/roles/{roleId}', { params: { path: { roleId } } }),
  );
}

export function useDeleteUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserRole,
    onSuccess: (_answer, { userId }) =>
      queryClient.invalidateQueries({ queryKey: userRolesQueryKey(userId) }),
  });
}

// DELETE /users/roles/{roleId}: removes one of the user's roles (never the last one: 400 'User
// must have at least one role'). Deleting one of the caller's own other roles ends their older
// tokens, so the answer then carries a fresh access token to keep.
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export type DeleteRoleResult = { message: string; access_token?: string };

export async function deleteRole(roleId: number): Promise<DeleteRoleResult> {
  const body = dataOrThrow(
    await apiClient.DELETE('/users/roles/{roleId}', { params: { path: { roleId } } }),
  );
  return body;
}

export function useDeleteRole() {
  return useMutation({ mutationFn: deleteRole });
}

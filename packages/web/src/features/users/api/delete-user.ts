// DELETE /users/{id}: removes a person (never oneself).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { usersQueryKey } from './get-users';

export async function deleteUser(id: number) {
  return dataOrThrow(await apiClient.DELETE('/users/{id}', { params: { path: { id } } }));
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

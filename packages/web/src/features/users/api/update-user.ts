// PUT /users/{id}: changes a person's names, phone or email, or disables (3) / enables (2) them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { usersQueryKey } from './get-users';

export type UpdateUserInput = {
  id: number;
  changes: {
    first_name?: string;
    last_name?: string;
    phone?: string | null;
    email?: string;
    user_status_id?: 2 | 3;
  };
};

export async function updateUser({ id, changes }: UpdateUserInput) {
  return dataOrThrow(
    await apiClient.PUT('/users/{id}', { params: { path: { id } }, body: changes }),
  );
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

// POST /users: invites a person with one role; the server emails them the registration link.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import type { RoleGrant } from '../utils/role-placement';
import { usersQueryKey } from './get-users';

export type CreateUserInput = {
  email: string;
  first_name: string;
  last_name: string;
  phone?: string;
  roles: RoleGrant[];
};

export async function createUser(input: CreateUserInput) {
  return dataOrThrow(await apiClient.POST('/users', { body: input }));
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

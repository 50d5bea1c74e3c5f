// POST /auth/register: an invited person sets their name and password; the invitation is used up.
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export type RegisterAccountInput = {
  token: string;
  first_name: string;
  last_name: string;
  password: string;
};

export async function registerAccount(input: RegisterAccountInput) {
  return dataOrThrow(await apiClient.POST('/auth/register', { body: input }));
}

export function useRegisterAccount() {
  return useMutation({ mutationFn: registerAccount });
}

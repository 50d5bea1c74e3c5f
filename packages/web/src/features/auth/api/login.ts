// POST /auth/login: credentials in; out comes either a whole session or, when the account uses
// a second factor, the MFA challenge that /code-verification answers.
import { loginResponseSchema } from '@flowsight/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export type LoginCredentials = { email: string; password: string };

export async function login(credentials: LoginCredentials) {
  const body = dataOrThrow(await apiClient.POST('/auth/login', { body: credentials }));
  return loginResponseSchema.parse(body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

// POST /auth/login-mfa: the emailed 6-digit code completes a sign-in that asked for it.
import { sessionSchema } from '@flowsight/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export type LoginMfaInput = { mfa_token: string; code: string };

export async function loginMfa(input: LoginMfaInput) {
  const body = dataOrThrow(await apiClient.POST('/auth/login-mfa', { body: input }));
  return sessionSchema.parse(body);
}

export function useLoginMfa() {
  return useMutation({ mutationFn: loginMfa });
}

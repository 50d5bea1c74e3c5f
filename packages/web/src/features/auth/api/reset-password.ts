// POST /auth/forgot-password-reset: sets a new password with the emailed link's email and token.
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export type ResetPasswordInput = { email: string; token: string; newPassword: string };

export async function resetPassword(input: ResetPasswordInput) {
  return dataOrThrow(await apiClient.POST('/auth/forgot-password-reset', { body: input }));
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

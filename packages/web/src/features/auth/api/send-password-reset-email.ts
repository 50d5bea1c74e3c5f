// POST /auth/forgot-password-email: mails a reset link. The answer is the same for addresses
// that have no account, so the page after it never says whether one exists.
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export type SendPasswordResetEmailInput = { email: string };

export async function sendPasswordResetEmail(input: SendPasswordResetEmailInput) {
  return dataOrThrow(await apiClient.POST('/auth/forgot-password-email', { body: input }));
}

export function useSendPasswordResetEmail() {
  return useMutation({ mutationFn: sendPasswordResetEmail });
}

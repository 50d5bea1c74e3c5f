// POST /auth/change-password: the signed-in user replaces their password. The server retires
// every older token, so the new one it returns is stored at once.
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { setServiceToken } from '@/lib/session-storage';

export type ChangePasswordInput = { oldPassword: string; newPassword: string };

export async function changePassword(input: ChangePasswordInput) {
  const answer = dataOrThrow(await apiClient.POST('/auth/change-password', { body: input }));
  setServiceToken(answer.access_token);
  return answer;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

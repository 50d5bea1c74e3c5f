// PUT /users/update-mfa-status/{status}: turns the emailed second factor on (1) or off (0) for
// the signed-in user. System roles are refused by the server and never offered the switch.
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export async function updateMfaStatus(enabled: boolean) {
  return dataOrThrow(
    await apiClient.PUT('/users/update-mfa-status/{status}', {
      params: { path: { status: enabled ? '1' : '0' } },
    }),
  );
}

export function useUpdateMfaStatus() {
  return useMutation({ mutationFn: updateMfaStatus });
}

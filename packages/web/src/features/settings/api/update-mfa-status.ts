// PUT /users/update-mfa-status/{status}: the settings page's own MFA switch. The header's switch
// lives in the auth feature; features do not import each other, so this page calls it directly.
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

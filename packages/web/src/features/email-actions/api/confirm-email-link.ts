// POST /confirmation/{id}/{status}/{token}: the confirmed action — "On it", or "Fixed it" with an
// optional note. Works once per link; a refused link answers the server's reason.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { type EmailLinkParams, emailLinkQueryOptions } from './get-email-link';

export type ConfirmEmailLinkInput = EmailLinkParams & { note: string | undefined };

export async function confirmEmailLink({ note, ...link }: ConfirmEmailLinkInput) {
  return dataOrThrow(
    await apiClient.POST('/confirmation/{id}/{status}/{token}', {
      params: { path: { id: link.notificationId, status: link.status, token: link.token } },
      body: note === undefined ? {} : { note },
    }),
  );
}

export function useConfirmEmailLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailLink,
    // Used or refused, the link's state has changed: ask again what it is about.
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: emailLinkQueryOptions(input).queryKey }),
  });
}

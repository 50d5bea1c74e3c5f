// GET /confirmation/{id}/{status}/{token}: what an emailed "On it" / "Fixed it" link is about and
// whether it still works. Reading it changes nothing on the server.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export type EmailLinkParams = { notificationId: number; status: number; token: string };

export async function getEmailLink({ notificationId, status, token }: EmailLinkParams) {
  return dataOrThrow(
    await apiClient.GET('/confirmation/{id}/{status}/{token}', {
      params: { path: { id: notificationId, status, token } },
    }),
  );
}
export type EmailLink = Awaited<ReturnType<typeof getEmailLink>>;

export function emailLinkQueryOptions(params: EmailLinkParams) {
  return queryOptions({
    queryKey: ['email-links', params.notificationId, params.status, params.token],
    queryFn: () => getEmailLink(params),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useEmailLink(params: EmailLinkParams) {
  return useQuery(emailLinkQueryOptions(params));
}

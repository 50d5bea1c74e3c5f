// GET /auth/invitation/{token}: whom an invitation link was sent to. 404 when the link is
// unknown, already used or expired.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export async function getInvitation(token: string) {
  return dataOrThrow(
    await apiClient.GET('/auth/invitation/{token}', { params: { path: { token } } }),
  );
}

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'invitation', token],
    queryFn: () => getInvitation(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}

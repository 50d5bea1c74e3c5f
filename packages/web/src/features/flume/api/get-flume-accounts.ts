// GET /flume-accounts: the Flume accounts of the companies in scope, each with its meters, the
// building each is linked to, the last sync and the last error in Flume's words (never a secret).
// The account calls answer the account as it now is; `useAccountMutation` puts it into this list.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export const flumeAccountsQueryKey = ['flume-accounts'] as const;

export async function getFlumeAccounts() {
  return dataOrThrow(await apiClient.GET('/flume-accounts'));
}

export type FlumeAccount = Awaited<ReturnType<typeof getFlumeAccounts>>[number];
export type FlumeDevice = FlumeAccount['devices'][number];

export function flumeAccountsQueryOptions() {
  return queryOptions({ queryKey: flumeAccountsQueryKey, queryFn: getFlumeAccounts });
}

export function useFlumeAccounts() {
  return useQuery(flumeAccountsQueryOptions());
}

/**
 * A call on one account that answers the account as it now is (test, sync, link): the answer
 * replaces the account in the list at once, and the list is read again behind it.
 */
export function useAccountMutation<Variables>(
  call: (variables: Variables) => Promise<FlumeAccount>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (account) => {
      queryClient.setQueryData<FlumeAccount[]>(flumeAccountsQueryKey, (accounts) =>
        accounts?.map((existing) => (existing.id === account.id ? account : existing)),
      );
      return queryClient.invalidateQueries({ queryKey: flumeAccountsQueryKey });
    },
  });
}

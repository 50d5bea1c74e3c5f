// DELETE /flume-accounts/{id}: the account, its sealed secrets and its meters' links go.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { type FlumeAccount, flumeAccountsQueryKey } from './get-flume-accounts';

export async function deleteFlumeAccount(id: number) {
  return dataOrThrow(await apiClient.DELETE('/flume-accounts/{id}', { params: { path: { id } } }));
}

export function useDeleteFlumeAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFlumeAccount,
    onSuccess: (removed) => {
      queryClient.setQueryData<FlumeAccount[]>(flumeAccountsQueryKey, (accounts) =>
        accounts?.filter((account) => account.id !== removed.id),
      );
      return queryClient.invalidateQueries({ queryKey: flumeAccountsQueryKey });
    },
  });
}

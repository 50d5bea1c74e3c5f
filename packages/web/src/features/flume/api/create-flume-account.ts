// POST /flume-accounts: Flume checks the credentials first (a refusal is a 400 in Flume's words,
// 429 when Flume asks to wait, 409 for a Flume user already added); the secrets are never shown
// again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { flumeAccountsQueryKey } from './get-flume-accounts';

export type NewFlumeAccount = {
  company_id: number;
  name: string;
  client_id: string;
  client_secret: string;
  username: string;
  password: string;
};

export async function createFlumeAccount(body: NewFlumeAccount) {
  return dataOrThrow(await apiClient.POST('/flume-accounts', { body }));
}

export function useCreateFlumeAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFlumeAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flumeAccountsQueryKey }),
  });
}

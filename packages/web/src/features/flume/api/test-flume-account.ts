// POST /flume-accounts/{id}/test: sign in to Flume again and refresh the account's meters. Flume's
// refusal is kept on the account (`last_error`), so the answer is the account either way.
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { useAccountMutation } from './get-flume-accounts';

export async function testFlumeAccount(id: number) {
  return dataOrThrow(
    await apiClient.POST('/flume-accounts/{id}/test', { params: { path: { id } } }),
  );
}

export const useTestFlumeAccount = () => useAccountMutation(testFlumeAccount);

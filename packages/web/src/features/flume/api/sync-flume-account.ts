// POST /flume-accounts/{id}/sync: pull the usage of the account's linked meters now. Flume's
// failure is kept on the account (`last_error`, still a 200); Flume's rate limit is a 429 whose
// Retry-After says when to try again; an unknown account is a 404.
import { apiClient } from '@/lib/api-client';
import { type ApiError, dataOrThrow, toApiError } from '@/lib/api-error';
import { type FlumeAccount, useAccountMutation } from './get-flume-accounts';

/** Flume asked to wait (429): the seconds its Retry-After names, when it names them. */
export class FlumeRateLimited extends Error {
  readonly retryAfterSeconds: number | null;
  /** The server's answer, with its words. */
  readonly answer: ApiError;

  constructor(retryAfterSeconds: number | null, answer: ApiError) {
    super(answer.message);
    this.name = 'FlumeRateLimited';
    this.retryAfterSeconds = retryAfterSeconds;
    this.answer = answer;
  }
}

/** Retry-After as seconds: a number of seconds or an HTTP date; null when neither. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export async function syncFlumeAccount(id: number): Promise<FlumeAccount> {
  const result = await apiClient.POST('/flume-accounts/{id}/sync', { params: { path: { id } } });
  if (result.response.status === 429) {
    throw new FlumeRateLimited(
      retryAfterSeconds(result.response.headers.get('Retry-After')),
      toApiError(result.response, result.error),
    );
  }
  return dataOrThrow(result);
}

export const useSyncFlumeAccount = () => useAccountMutation(syncFlumeAccount);

// When a failed save is tried again by itself: after a network failure or a server error (5xx,
// 408, 429), after 1, 2 and 4 seconds; a refusal (another 4xx) is not, since the same answer would
// be refused again. After the last try the answer shows "Not saved — Retry".
import { ApiError } from '@/lib/api-error';

export const SAVE_RETRY_DELAYS_MS = [1000, 2000, 4000] as const;

const TRANSIENT_STATUSES = new Set([408, 429]);

/** Whether trying the same call again may succeed. */
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || TRANSIENT_STATUSES.has(error.status);
}

/** The wait before try `attempt` (1: the first retry); null: no more tries by themselves. */
export function retryDelay(attempt: number, error: unknown): number | null {
  if (!isTransientFailure(error)) return null;
  return SAVE_RETRY_DELAYS_MS[attempt - 1] ?? null;
}

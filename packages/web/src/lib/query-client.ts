// Defaults for server state: data stays fresh briefly, and a failed request is retried once
// before the page shows its error state — unless the server answered 4xx: a record that is not
// found, a refusal or bad input answers the same the second time, so it is asked once.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** At most one retry, and none for an answer the client caused (4xx, 408 and 429 aside). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
    },
  });
}

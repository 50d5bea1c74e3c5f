import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { shouldRetry } from './query-client';

describe('query retries', () => {
  it('retries a network failure or a server error once', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(0, new ApiError(503, ['down']))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, ['down']))).toBe(false);
  });

  it('never retries an answer the request caused (4xx), but a timeout or a rate limit once', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) {
      expect(shouldRetry(0, new ApiError(status, ['no']))).toBe(false);
    }
    expect(shouldRetry(0, new ApiError(408, ['slow']))).toBe(true);
    expect(shouldRetry(0, new ApiError(429, ['busy']))).toBe(true);
  });
});

import { GENERIC_ERROR_MESSAGE } from '@flowsight/domain/constants';
import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { ApiError, dataOrThrow, errorMessages } from './api-error';

function clientAnswering(response: () => Response) {
  return createApiClient({ baseUrl: 'http://test/api', fetch: async () => response() });
}

describe('API client rejection (spec section 8)', () => {
  it('rejects with the response body when the answer has one', async () => {
    const body = { statusCode: 409, error: 'Conflict', message: 'Name taken' };
    const client = clientAnswering(() => Response.json(body, { status: 409 }));
    const error = await client
      .GET('/auth/me')
      .then(dataOrThrow)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toEqual(body);
    expect((error as ApiError).message).toBe('Name taken');
    expect(errorMessages(error)).toEqual(['Name taken']);
  });

  it("rejects with the text 'Wrong Services' when the answer has no body", async () => {
    const client = clientAnswering(() => new Response(null, { status: 502 }));
    const error = await client
      .GET('/auth/me')
      .then(dataOrThrow)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Wrong Services');
    expect((error as ApiError).status).toBe(502);
    // What a person sees stays the generic text.
    expect(errorMessages(error)).toEqual([GENERIC_ERROR_MESSAGE]);
  });
});

// A failed API call as one error type: its HTTP status and the server's message or messages.
// Validation answers carry an array, shown one per line; an answer without a usable message
// falls back to the specification's generic text (spec section 8). The rejection itself carries
// the response body, or, when the answer has none, the text 'Wrong Services' (spec section 8,
// "HTTP client rejection").
import { GENERIC_ERROR_MESSAGE, WRONG_SERVICES_MESSAGE } from '@flowsight/domain/constants';

export class ApiError extends Error {
  readonly status: number;
  /** What to show: the server's texts, or the generic one. */
  readonly messages: readonly string[];
  /** The response body the call was rejected with; undefined when the answer had none. */
  readonly body: unknown;

  constructor(status: number, messages: readonly string[], body?: unknown) {
    super(hasBody(body) ? messages.join('\n') : WRONG_SERVICES_MESSAGE);
    this.name = 'ApiError';
    this.status = status;
    this.messages = messages;
    this.body = body;
  }
}

function hasBody(body: unknown): boolean {
  return body !== undefined && body !== null && body !== '';
}

/** The `message` of an error body (`{statusCode, error, message}`) as a list of texts. */
export function serverMessages(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || !('message' in body)) {
    return [GENERIC_ERROR_MESSAGE];
  }
  const { message } = body;
  const texts = (Array.isArray(message) ? message : [message]).filter(
    (text): text is string => typeof text === 'string' && text.trim() !== '',
  );
  return texts.length > 0 ? texts : [GENERIC_ERROR_MESSAGE];
}

export function toApiError(response: Response, body: unknown): ApiError {
  return new ApiError(response.status, serverMessages(body), body);
}

/** What to show for any failure: the server's messages, or the generic text (network down). */
export function errorMessages(error: unknown): readonly string[] {
  return error instanceof ApiError ? error.messages : [GENERIC_ERROR_MESSAGE];
}

export function isApiError(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

type FetchResult<T> = { data?: T; error?: unknown; response: Response };

/** The body of a successful openapi-fetch call, or its failure as an `ApiError`. */
export function dataOrThrow<T>(result: FetchResult<T>): T {
  if (result.error !== undefined || result.data === undefined) {
    throw toApiError(result.response, result.error);
  }
  return result.data;
}

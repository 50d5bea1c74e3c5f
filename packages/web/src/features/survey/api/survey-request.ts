// A JSON call of the survey API with the session's token, answered with the domain's types
// (`@flowsight/domain/survey`), and a refusal thrown as the app's `ApiError`. Used while the
// survey, installer and shipping routes are not yet in the generated client (`api-schema.d.ts`).
import { fetchWithSession } from '@/lib/api-client';
import { toApiError } from '@/lib/api-error';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `method` on `path` (below /api, query string included), its JSON answer as `T`. */
export async function surveyRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const response = await fetchWithSession(path, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  const text = await response.text();
  const parsed: unknown = text === '' ? undefined : JSON.parse(text);
  if (!response.ok) throw toApiError(response, parsed);
  return parsed as T;
}

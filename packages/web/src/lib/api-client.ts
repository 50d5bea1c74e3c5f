// The one typed client for the Flowsight API. Its types come from `api-schema.d.ts`, generated
// from the server's OpenAPI document, so the web can only call what the server serves.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './api-schema';
import { getServiceToken } from './session-storage';

export type ApiClient = Client<paths>;

export type ApiClientOptions = {
  baseUrl?: string;
  /** Defaults to the global `fetch` at call time (tests replace it). */
  fetch?: (request: Request) => Promise<Response>;
};

// Read the token on every request: it changes on sign-in and sign-out without a page load.
const bearerTokenMiddleware: Middleware = {
  onRequest({ request }) {
    const token = getServiceToken();
    if (token !== null) {
      request.headers.set('Authorization', `Bearer ${token}`);
    }
    return request;
  },
};

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? '/api',
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
  });
  client.use(bearerTokenMiddleware);
  return client;
}

export const apiClient = createApiClient();

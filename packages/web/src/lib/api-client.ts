// The one typed client for the Flowsight API. Its types come from `api-schema.d.ts`, generated
// from the server's OpenAPI document, so the web can only call what the server serves.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './api-schema';
import { clearSession, getServiceToken } from './session-storage';

export type ApiClient = Client<paths>;

export type ApiClientOptions = {
  baseUrl?: string;
  /** Defaults to the global `fetch` at call time (tests replace it). */
  fetch?: (request: Request) => Promise<Response>;
};

/**
 * Calls whose 401 is an answer to what the person typed (a wrong password or code), not a sign
 * that the session ended: the form shows it instead. Signing out of a session that has already
 * ended is no news either.
 */
const FORM_ANSWER_PATHS: ReadonlySet<string> = new Set([
  '/auth/logout',
  '/auth/login',
  '/auth/login-mfa',
  '/auth/forgot-password-email',
  '/auth/forgot-password-reset',
  '/auth/invitation/{token}',
  '/auth/register',
]);

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Runs `listener` whenever the API refuses the session (any 401 outside the sign-in forms), after
 * the stored token and active role have been cleared. Returns the unsubscribe function.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

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

function endRefusedSession() {
  clearSession();
  for (const listener of unauthorizedListeners) listener();
}

// Spec section 4: any 401 signs the person out, wherever it comes from.
const signOutOnUnauthorizedMiddleware: Middleware = {
  onResponse({ response, schemaPath }) {
    if (response.status === 401 && !FORM_ANSWER_PATHS.has(schemaPath)) endRefusedSession();
    return response;
  },
};

/** `/api` on the page's own origin: the server serves the app and the API on one port. */
function sameOriginApi(): string {
  return `${window.location.origin}/api`;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? sameOriginApi(),
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
  });
  client.use(bearerTokenMiddleware, signOutOnUnauthorizedMiddleware);
  return client;
}

export const apiClient = createApiClient();

/**
 * A plain `fetch` of an API path (after `/api`, query string included) with the same bearer token
 * and the same sign-out on 401 as the typed client, for answers it cannot describe: files sent as
 * attachments.
 */
export async function fetchWithSession(path: string, init: RequestInit = {}): Promise<Response> {
  const request = new Request(`${sameOriginApi()}${path}`, init);
  const token = getServiceToken();
  if (token !== null) request.headers.set('Authorization', `Bearer ${token}`);
  const response = await globalThis.fetch(request);
  if (response.status === 401) endRefusedSession();
  return response;
}

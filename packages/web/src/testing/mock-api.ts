// A stand-in for the Flowsight API in component tests: `fetch` is replaced by a table of
// handlers keyed by "METHOD /path" (the path after `/api`, without the query string). `answer`
// replies with a body checked against the generated OpenAPI types, so a fixture that drifts from
// the API fails the typecheck.
import { vi } from 'vitest';
import type { paths } from '@/lib/api-schema';

export type MockApiHandler = (request: Request) => Response | Promise<Response>;

export type MockApi = {
  /** Every request the page made, in order. */
  requests: Request[];
  /** The "METHOD /path" of every request, in order. */
  calls: () => string[];
  /** Replaces or adds a handler. */
  on: (route: string, handler: MockApiHandler) => void;
};

export function mockApi(handlers: Record<string, MockApiHandler> = {}): MockApi {
  const table = new Map(Object.entries(handlers));
  const requests: Request[] = [];
  const routeOf = (request: Request) =>
    `${request.method} ${new URL(request.url).pathname.replace(/^\/api/, '')}`;

  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requests.push(request);
      const handler = table.get(routeOf(request));
      if (handler === undefined) {
        return Response.json(
          { statusCode: 404, error: 'Not Found', message: `No mock for ${routeOf(request)}` },
          { status: 404 },
        );
      }
      return handler(request.clone());
    }),
  );

  return {
    requests,
    calls: () => requests.map(routeOf),
    on: (route, handler) => {
      table.set(route, handler);
    },
  };
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The API's paths (as the OpenAPI document writes them) with a `method` operation. */
export type ApiPath<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends { responses: object } ? P : never;
}[keyof paths];

type JsonOf<Response> = Response extends { content: { 'application/json': infer Body } }
  ? Body
  : never;

/** The JSON body of the operation's success answer (200, or 201 for a creation). */
export type ApiBody<P extends keyof paths, M extends Method = 'get'> = paths[P][M] extends {
  responses: infer Responses;
}
  ? Responses extends { 200: infer Ok }
    ? JsonOf<Ok>
    : Responses extends { 201: infer Created }
      ? JsonOf<Created>
      : never
  : never;

/**
 * A handler answering with `body`, which must be what `method` on `path` answers on success, e.g.
 * `answer('/units/{id}', 'get', unit)`.
 */
export function answer<M extends Method, P extends ApiPath<M>>(
  _path: P,
  _method: M,
  body: ApiBody<P, M>,
  status: 200 | 201 = 200,
): MockApiHandler {
  return () => reply(status, body);
}

/** A JSON answer with a status, e.g. `reply(401, {statusCode: 401, ...})`. */
export function reply(status: number, body: unknown): Response {
  return Response.json(body, { status });
}

export function unauthorized(message = 'Unauthorized'): Response {
  return reply(401, { statusCode: 401, error: 'Unauthorized', message });
}

/** The API's 404 answer. */
export function notFound(): Response {
  return reply(404, { statusCode: 404, error: 'Not Found', message: 'Not found' });
}

/** One page of a paginated list as the API answers it: every row on the first page. */
export function listPage<T>(rows: T[], current = '/api/x') {
  return {
    data: rows,
    meta: { itemsPerPage: 10, totalItems: rows.length, currentPage: 1, totalPages: 1, sortBy: [] },
    links: { current },
  };
}

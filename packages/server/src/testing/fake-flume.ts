// A local fake of Flume's public API for tests, on node:http port 0. It answers with the
// documented envelope (`success`, `code`, `message`, `http_code`, `detailed`, `data`): the token
// (password and refresh grants; the access token a JWT naming `user_id`), the user's devices, and
// water queries summed by bucket from a scripted per-minute series. It answers 401 to an expired
// or unknown token, 429 with Retry-After when told to, and records every request.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeFlumeRequest = {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: unknown;
};

/** Gallons used in the minute starting at `datetime` (device-local `YYYY-MM-DD HH:mm:00`). */
export type FakeFlumeMinute = { readonly datetime: string; readonly gallons: number };

export type FakeFlumeOptions = {
  readonly clientId?: string;
  readonly clientSecret?: string;
  readonly username?: string;
  readonly password?: string;
  readonly userId?: number;
  readonly tokenLifetimeSeconds?: number;
  readonly devices?: readonly Record<string, unknown>[];
  /** Per device id, the minutes of water the queries sum from. */
  readonly series?: Readonly<Record<string, readonly FakeFlumeMinute[]>>;
  /** Listen on this port of 127.0.0.1 (default: any free one). */
  readonly port?: number;
};

export type FakeFlume = {
  readonly url: string;
  readonly requests: readonly FakeFlumeRequest[];
  readonly credentials: {
    clientId: string;
    clientSecret: string;
    username: string;
    password: string;
  };
  readonly userId: number;
  /** Every access token issued so far stops working (answers 401). */
  expireTokens(): void;
  /** The next `count` requests answer 429, with Retry-After in seconds (none when null). */
  rateLimitNext(count: number, retryAfterSeconds: number | null): void;
  /** The next request answers this status with Flume's envelope and these words. */
  failNext(status: number, message: string, detailed?: string[]): void;
  /** Answers the next `count` requests as usual, then the one after them as `failNext` does. */
  failAfter(count: number, status: number, message: string): void;
  /** Every call with a token answers 401 from now on, new tokens included (access revoked). */
  revokeAccess(): void;
  /** Calls with a valid token work again. */
  restoreAccess(): void;
  /** The next request is never answered (a timeout). */
  stallNext(): void;
  close(): Promise<void>;
};

export const FAKE_FLUME_DEVICES = [
  {
    id: '6248148189204194987',
    type: 1,
    location_id: 2145,
    user_id: 1234,
    bridge_id: null,
    product: 'flume2',
    connected: true,
    last_seen: '2026-11-26T12:00:00.000Z',
  },
  {
    id: '6248148189204194988',
    type: 2,
    location_id: 2145,
    user_id: 1234,
    bridge_id: '6248148189204194987',
    oriented: true,
    battery_level: 'high',
    product: 'flume2',
    connected: true,
    last_seen: '2026-11-26T12:00:00.000Z',
  },
] as const;

type Failure =
  | { status: number; message: string; detailed?: string[]; retryAfter?: number | null }
  | 'stall'
  | 'pass';

export async function startFakeFlume(options: FakeFlumeOptions = {}): Promise<FakeFlume> {
  const credentials = {
    clientId: options.clientId ?? 'fake-client-id',
    clientSecret: options.clientSecret ?? 'fake-client-secret',
    username: options.username ?? 'owner@example.test',
    password: options.password ?? 'fake-password',
  };
  const userId = options.userId ?? 1234;
  const lifetime = options.tokenLifetimeSeconds ?? 3600;
  const devices = options.devices ?? FAKE_FLUME_DEVICES;
  const series = options.series ?? {};
  const requests: FakeFlumeRequest[] = [];
  const accessTokens = new Map<string, { expired: boolean }>();
  const refreshTokens = new Set<string>();
  const failures: Failure[] = [];
  let revoked = false;

  function issueToken() {
    const accessToken = jwtFor(userId);
    const refreshToken = randomBytes(24).toString('base64url');
    accessTokens.set(accessToken, { expired: false });
    refreshTokens.add(refreshToken);
    return {
      token_type: 'bearer',
      access_token: accessToken,
      expires_in: lifetime,
      refresh_token: refreshToken,
    };
  }

  function grant(body: Record<string, unknown>): [number, object] {
    if (
      body.client_id !== credentials.clientId ||
      body.client_secret !== credentials.clientSecret
    ) {
      return envelope(400, 'Invalid client credentials', []);
    }
    if (body.grant_type === 'password') {
      const valid =
        body.username === credentials.username && body.password === credentials.password;
      return valid
        ? envelope(200, 'Request OK', [issueToken()])
        : envelope(400, 'Invalid user credentials', []);
    }
    if (body.grant_type === 'refresh_token' && typeof body.refresh_token === 'string') {
      if (!refreshTokens.delete(body.refresh_token))
        return envelope(400, 'Invalid refresh token', []);
      return envelope(200, 'Request OK', [issueToken()]);
    }
    return envelope(400, 'Unsupported grant type', []);
  }

  function authorised(header: string | undefined): boolean {
    const token = header?.replace(/^Bearer /, '') ?? '';
    const known = accessTokens.get(token);
    return !revoked && known !== undefined && !known.expired;
  }

  function route(
    method: string,
    path: string,
    body: unknown,
    auth: string | undefined,
  ): [number, object] {
    if (method === 'POST' && path === '/oauth/token') return grant(isRecord(body) ? body : {});
    if (!authorised(auth))
      return envelope(401, 'Unauthorized', [], ['Access token is invalid or expired']);
    if (method === 'GET' && path === `/users/${userId}/devices`) {
      return envelope(200, 'Request OK', devices);
    }
    const query = new RegExp(`^/users/${userId}/devices/([^/]+)/query$`).exec(path);
    if (method === 'POST' && query?.[1]) return answerQueries(series[query[1]] ?? [], body);
    return envelope(404, 'Not Found', []);
  }

  const server = createServer((request, response) => {
    void handle(request, response);
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const text = await readBody(request);
    const body = parseJson(text);
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const method = request.method ?? 'GET';
    requests.push({ method, path, authorization: request.headers.authorization, body });
    const failure = failures.shift();
    if (failure === 'stall') return;
    if (failure && failure !== 'pass') {
      if (typeof failure.retryAfter === 'number') {
        response.setHeader('retry-after', String(failure.retryAfter));
      }
      return send(response, ...envelope(failure.status, failure.message, [], failure.detailed));
    }
    return send(response, ...route(method, path, body, request.headers.authorization));
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    credentials,
    userId,
    expireTokens() {
      for (const state of accessTokens.values()) state.expired = true;
    },
    rateLimitNext(count, retryAfterSeconds) {
      for (let i = 0; i < count; i++) {
        failures.push({ status: 429, message: 'Too Many Requests', retryAfter: retryAfterSeconds });
      }
    },
    failNext(status, message, detailed) {
      failures.push({ status, message, detailed });
    },
    failAfter(count, status, message) {
      for (let i = 0; i < count; i++) failures.push('pass');
      failures.push({ status, message });
    },
    revokeAccess() {
      revoked = true;
    },
    restoreAccess() {
      revoked = false;
    },
    stallNext() {
      failures.push('stall');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const BUCKET_PREFIX: Record<string, number> = { MIN: 16, HR: 13, DAY: 10 };
const BUCKET_SUFFIX: Record<string, string> = { MIN: ':00', HR: ':00:00', DAY: ' 00:00:00' };
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Sums the scripted minutes into each query's buckets, keyed by its request id. */
function answerQueries(minutes: readonly FakeFlumeMinute[], body: unknown): [number, object] {
  const queries =
    isRecord(body) && Array.isArray(body.queries) ? body.queries.filter(isRecord) : [];
  if (queries.length === 0) return envelope(400, 'Bad Request', [], ['queries is required']);
  const answer: Record<string, { datetime: string; value: number }[]> = {};
  for (const query of queries) {
    const problem = queryProblem(query);
    if (problem) return envelope(400, 'Bad Request', [], [problem]);
    answer[String(query.request_id)] = bucketed(minutes, query);
  }
  return envelope(200, 'Request OK', [answer]);
}

function queryProblem(query: Record<string, unknown>): string | undefined {
  if (typeof query.request_id !== 'string') return 'request_id is required';
  if (typeof query.bucket !== 'string' || !(query.bucket in BUCKET_PREFIX))
    return 'bucket is invalid';
  if (typeof query.since_datetime !== 'string' || !DATETIME.test(query.since_datetime)) {
    return 'since_datetime must be YYYY-MM-DD HH:mm:ss';
  }
  if (
    query.until_datetime !== undefined &&
    (typeof query.until_datetime !== 'string' || !DATETIME.test(query.until_datetime))
  ) {
    return 'until_datetime must be YYYY-MM-DD HH:mm:ss';
  }
  if (query.operation !== undefined && query.operation !== 'SUM')
    return 'operation is not supported here';
  if (query.units !== undefined && query.units !== 'GALLONS') return 'units is not supported here';
  return undefined;
}

function bucketed(minutes: readonly FakeFlumeMinute[], query: Record<string, unknown>) {
  const bucket = String(query.bucket);
  const since = String(query.since_datetime);
  const until =
    typeof query.until_datetime === 'string' ? query.until_datetime : '9999-12-31 23:59:59';
  const sums = new Map<string, number>();
  for (const minute of minutes) {
    if (minute.datetime < since || minute.datetime > until) continue;
    const key = minute.datetime.slice(0, BUCKET_PREFIX[bucket]) + BUCKET_SUFFIX[bucket];
    sums.set(key, (sums.get(key) ?? 0) + minute.gallons);
  }
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([datetime, value]) => ({ datetime, value }));
}

/** Flume's response envelope. */
function envelope(
  status: number,
  message: string,
  data: readonly unknown[],
  detailed?: string[],
): [number, object] {
  return [
    status,
    {
      success: status < 400,
      code: status < 400 ? 602 : 1000 + status,
      message,
      http_code: status,
      http_message: message,
      detailed: detailed ?? null,
      data,
      count: data.length,
      pagination: null,
    },
  ];
}

/** An unsigned-looking JWT whose payload names the user, as Flume's access tokens do. */
function jwtFor(userId: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    type: 'USER',
    user_id: userId,
    scope: ['read:personal'],
    jti: randomBytes(8).toString('hex'),
  };
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.${randomBytes(32).toString('base64url')}`;
}

function send(response: ServerResponse, status: number, body: object) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// HTTP client of Flume's public API: the OAuth token (password grant, then refresh),
// the account's devices, and water queries by bucket. It knows HTTP to Flume only — no database:
// the caller keeps the token it hands back and the accounts' secrets (flume-secrets.ts).
// Expired tokens are refreshed before a call and once on a 401; a 429 is waited out (Retry-After,
// else the documented 120 calls an hour) a bounded number of times. Errors are FlumeError with
// the status and Flume's own message, and never carry a secret.

/** What Flume's password grant needs: the API client of the portal's "API Access" and the user. */
export type FlumeCredentials = {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly username: string;
  readonly password: string;
};

export type FlumeToken = {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** Instant (ms since epoch) the access token stops working. */
  readonly expiresAt: number;
  /** Flume's user id, read from the access token's JWT payload. */
  readonly userId: string;
};

export type FlumeDevice = {
  readonly id: string;
  /** 1 bridge, 2 sensor (the meter on the water line). */
  readonly type: number;
  readonly locationId: number | undefined;
  readonly product: string | undefined;
  readonly connected: boolean | undefined;
  readonly lastSeen: string | undefined;
};

export type FlumeBucket = 'MIN' | 'HR' | 'DAY';

export type FlumeWaterQuery = {
  readonly requestId: string;
  readonly bucket: FlumeBucket;
  /** Device-local time, `YYYY-MM-DD HH:mm:ss` (`localDateTime` of the domain's wall clock). */
  readonly since: string;
  readonly until: string;
};

/** Gallons used in one bucket starting at `datetime` (device-local time). */
export type FlumeUsagePoint = { readonly datetime: string; readonly gallons: number };

export type FlumeErrorKind =
  | 'unauthorized'
  | 'rate-limited'
  | 'refused'
  | 'unavailable'
  | 'timeout'
  | 'unreachable'
  | 'invalid-answer';

/** A failed call to Flume, in words; `status` is the HTTP status when Flume answered. */
export class FlumeError extends Error {
  constructor(
    readonly kind: FlumeErrorKind,
    message: string,
    readonly status?: number,
    /** For 'rate-limited': how long Flume asked us to wait, in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'FlumeError';
  }
}

export type FlumeClientOptions = {
  readonly baseUrl: string;
  readonly credentials: FlumeCredentials;
  /** A token kept from an earlier session, so a restart does not sign in again. */
  readonly token?: FlumeToken;
  readonly timeoutMs?: number;
  /** Attempts of one call while Flume answers 429 (the first included). */
  readonly maxTries?: number;
  /** Wait after a 429 without Retry-After; doubled on each further 429. */
  readonly rateLimitWaitMs?: number;
  /** Longest single wait a Retry-After may impose. */
  readonly maxWaitMs?: number;
  /** Refresh this long before the token expires. */
  readonly refreshMarginMs?: number;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
};

/** Flume documents 120 API calls per hour: one every 30 s on average. */
export const FLUME_DOCUMENTED_WAIT_MS = 30_000;
const DEFAULTS = {
  timeoutMs: 15_000,
  maxTries: 4,
  rateLimitWaitMs: FLUME_DOCUMENTED_WAIT_MS,
  maxWaitMs: 5 * 60_000,
  refreshMarginMs: 60_000,
};

export type FlumeClient = {
  /** A valid token: signs in with the password grant, or refreshes one about to expire. */
  token(): Promise<FlumeToken>;
  devices(): Promise<FlumeDevice[]>;
  /** Gallons per bucket, keyed by each query's request id. */
  queryWater(
    deviceId: string,
    queries: readonly FlumeWaterQuery[],
  ): Promise<Map<string, FlumeUsagePoint[]>>;
};

type FlumeEnvelope = { data?: unknown; message?: unknown; detailed?: unknown };
type Call = { method: 'GET' | 'POST'; path: string; body?: unknown; accessToken?: string };

export function createFlumeClient(options: FlumeClientOptions): FlumeClient {
  const settings = { ...DEFAULTS, ...options };
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  let token = options.token;

  async function send(call: Call): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (call.accessToken) headers.authorization = `Bearer ${call.accessToken}`;
    try {
      return await fetch(`${settings.baseUrl}${call.path}`, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new FlumeError('timeout', `Flume did not answer within ${settings.timeoutMs} ms`);
      }
      throw new FlumeError('unreachable', `Flume could not be reached at ${settings.baseUrl}`);
    }
  }

  /** Sends a call, waiting out 429s; any other answer is returned as it is. */
  async function sendPatiently(call: Call): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const response = await send(call);
      if (response.status !== 429) return response;
      const wait = rateLimitWait(response, attempt);
      if (attempt >= settings.maxTries) {
        throw new FlumeError(
          'rate-limited',
          `Flume's rate limit was still reached after ${attempt} tries; try again in ${Math.ceil(wait / 1000)} s`,
          429,
          wait,
        );
      }
      await response.body?.cancel();
      await sleep(wait);
    }
  }

  function rateLimitWait(response: Response, attempt: number): number {
    const asked = retryAfterMs(response.headers.get('retry-after'), now());
    const fallback = settings.rateLimitWaitMs * 2 ** (attempt - 1);
    return Math.min(asked ?? fallback, settings.maxWaitMs);
  }

  async function grant(body: Record<string, string>): Promise<FlumeToken> {
    const response = await sendPatiently({ method: 'POST', path: '/oauth/token', body });
    // A token request Flume refuses (400: wrong password, revoked client) is about the credentials.
    const data = firstData(await answer(response, 'credentials'));
    return tokenFrom(data, now(), token?.refreshToken);
  }

  function signIn(): Promise<FlumeToken> {
    const { clientId, clientSecret, username, password } = options.credentials;
    return grant({
      grant_type: 'password',
      client_id: clientId,
      client_secret: clientSecret,
      username,
      password,
    });
  }

  async function refresh(current: FlumeToken): Promise<FlumeToken> {
    return grant({
      grant_type: 'refresh_token',
      client_id: options.credentials.clientId,
      client_secret: options.credentials.clientSecret,
      refresh_token: current.refreshToken,
    });
  }

  /** One sign-in or refresh at a time: concurrent calls share it (Flume rotates refresh tokens). */
  let renewing: Promise<FlumeToken> | undefined;
  function renew(obtain: () => Promise<FlumeToken>): Promise<FlumeToken> {
    renewing ??= obtain()
      .then((fresh) => {
        token = fresh;
        return fresh;
      })
      .finally(() => {
        renewing = undefined;
      });
    return renewing;
  }

  function validToken(): Promise<FlumeToken> {
    const current = token;
    if (!current) return renew(signIn);
    if (now() >= current.expiresAt - settings.refreshMarginMs) return renew(() => refresh(current));
    return Promise.resolve(current);
  }

  /** An authorised call: refreshes the token once if Flume answers 401, then gives up. */
  async function authorised(call: Omit<Call, 'accessToken'>): Promise<FlumeEnvelope> {
    const used = await validToken();
    const first = await sendPatiently({ ...call, accessToken: used.accessToken });
    if (first.status !== 401) return answer(first);
    await first.body?.cancel();
    // Another call may already have replaced the refused token.
    const fresh = token === used ? await renew(() => refresh(used)) : await validToken();
    return answer(await sendPatiently({ ...call, accessToken: fresh.accessToken }));
  }

  return {
    token: validToken,
    async devices() {
      const { userId } = await validToken();
      const envelope = await authorised({ method: 'GET', path: `/users/${enc(userId)}/devices` });
      return listData(envelope).map(deviceFrom);
    },
    async queryWater(deviceId, queries) {
      const { userId } = await validToken();
      const envelope = await authorised({
        method: 'POST',
        path: `/users/${enc(userId)}/devices/${enc(deviceId)}/query`,
        body: { queries: queries.map(queryBody) },
      });
      return usageFrom(firstData(envelope), queries);
    },
  };
}

const enc = encodeURIComponent;

function queryBody(query: FlumeWaterQuery) {
  for (const value of [query.since, query.until]) {
    if (!FLUME_DATETIME.test(value)) {
      throw new FlumeError(
        'refused',
        `"${value}" is not a Flume date and time (YYYY-MM-DD HH:mm:ss)`,
      );
    }
  }
  return {
    request_id: query.requestId,
    bucket: query.bucket,
    since_datetime: query.since,
    until_datetime: query.until,
    operation: 'SUM',
    units: 'GALLONS',
  };
}

const FLUME_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** The envelope of a 2xx answer, or a FlumeError with the status and Flume's message. */
async function answer(response: Response, about?: 'credentials'): Promise<FlumeEnvelope> {
  const envelope = await envelopeOf(response);
  if (response.ok) return envelope;
  const said = flumeMessage(envelope) ?? response.statusText;
  const kind =
    about === 'credentials' && response.status === 400
      ? 'unauthorized'
      : errorKind(response.status);
  throw new FlumeError(
    kind,
    `${ERROR_WORDS[kind]} (HTTP ${response.status}): ${said}`,
    response.status,
  );
}

async function envelopeOf(response: Response): Promise<FlumeEnvelope> {
  const text = await response.text();
  if (text === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as FlumeEnvelope) : {};
  } catch {
    if (response.ok)
      throw new FlumeError('invalid-answer', 'Flume answered with something other than JSON');
    return {};
  }
}

function errorKind(status: number): FlumeErrorKind {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'unavailable';
  return 'refused';
}

const ERROR_WORDS: Record<FlumeErrorKind, string> = {
  unauthorized: 'Flume refused the credentials',
  'rate-limited': "Flume's rate limit was reached",
  refused: 'Flume refused the request',
  unavailable: 'Flume is unavailable',
  timeout: 'Flume did not answer in time',
  unreachable: 'Flume could not be reached',
  'invalid-answer': 'Flume answered in an unexpected form',
};

/** Flume's words: `detailed` (validation details) when present, else `message`. */
function flumeMessage(envelope: FlumeEnvelope): string | undefined {
  const { detailed, message } = envelope;
  if (Array.isArray(detailed) && detailed.length > 0) return detailed.map(String).join('; ');
  if (typeof detailed === 'string' && detailed !== '') return detailed;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

function listData(envelope: FlumeEnvelope): Record<string, unknown>[] {
  if (!Array.isArray(envelope.data)) {
    throw new FlumeError('invalid-answer', 'Flume answered without a data list');
  }
  return envelope.data.filter(isRecord);
}

function firstData(envelope: FlumeEnvelope): Record<string, unknown> {
  const [first] = listData(envelope);
  if (!first) throw new FlumeError('invalid-answer', 'Flume answered with an empty data list');
  return first;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tokenFrom(
  data: Record<string, unknown>,
  nowMs: number,
  previousRefresh?: string,
): FlumeToken {
  const { access_token: accessToken, refresh_token: refreshToken, expires_in: expiresIn } = data;
  const refresh = typeof refreshToken === 'string' ? refreshToken : previousRefresh;
  if (typeof accessToken !== 'string' || refresh === undefined || typeof expiresIn !== 'number') {
    throw new FlumeError('invalid-answer', 'Flume answered the token request without a token');
  }
  return {
    accessToken,
    refreshToken: refresh,
    expiresAt: nowMs + expiresIn * 1000,
    userId: userIdOf(accessToken),
  };
}

/** Flume's access token is a JWT whose payload names the user (`user_id`). */
export function userIdOf(accessToken: string): string {
  const payload = accessToken.split('.')[1];
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
    const userId = isRecord(claims) ? claims.user_id : undefined;
    if (typeof userId === 'number' || (typeof userId === 'string' && userId !== '')) {
      return String(userId);
    }
  } catch {
    // falls through to the error below
  }
  throw new FlumeError('invalid-answer', "Flume's access token does not name its user");
}

function deviceFrom(row: Record<string, unknown>): FlumeDevice {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    id: String(row.id),
    type: typeof row.type === 'number' ? row.type : 0,
    locationId: typeof row.location_id === 'number' ? row.location_id : undefined,
    product: text(row.product),
    connected: typeof row.connected === 'boolean' ? row.connected : undefined,
    lastSeen: text(row.last_seen),
  };
}

function usageFrom(
  data: Record<string, unknown>,
  queries: readonly FlumeWaterQuery[],
): Map<string, FlumeUsagePoint[]> {
  const usage = new Map<string, FlumeUsagePoint[]>();
  for (const { requestId } of queries) {
    const points = data[requestId];
    if (!Array.isArray(points)) {
      throw new FlumeError('invalid-answer', `Flume's answer lacks the query "${requestId}"`);
    }
    usage.set(requestId, points.filter(isRecord).map(usagePointFrom));
  }
  return usage;
}

function usagePointFrom(point: Record<string, unknown>): FlumeUsagePoint {
  const { datetime, value } = point;
  if (typeof datetime !== 'string' || typeof value !== 'number') {
    throw new FlumeError(
      'invalid-answer',
      'Flume answered a query with a point lacking its time or value',
    );
  }
  return { datetime, gallons: value };
}

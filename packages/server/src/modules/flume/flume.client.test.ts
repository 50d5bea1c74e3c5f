// The Flume client against the local fake Flume server: sign-in and refresh, devices, water by the
// minute, the 401 and 429 paths, and errors in words that never carry a secret.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_FLUME_DEVICES,
  type FakeFlume,
  type FakeFlumeOptions,
  startFakeFlume,
} from '../../testing/fake-flume.ts';
import {
  createFlumeClient,
  type FlumeClientOptions,
  FlumeError,
  retryAfterMs,
} from './flume.client.ts';

const SENSOR_ID = FAKE_FLUME_DEVICES[1].id;
const SERIES = [
  { datetime: '2026-11-26 08:00:00', gallons: 1.5 },
  { datetime: '2026-11-26 08:01:00', gallons: 0.25 },
  { datetime: '2026-11-26 08:59:00', gallons: 2 },
  { datetime: '2026-11-26 09:00:00', gallons: 4 },
];

let flume: FakeFlume;
let waits: number[];

async function start(options: FakeFlumeOptions = {}) {
  flume = await startFakeFlume({ series: { [SENSOR_ID]: SERIES }, ...options });
}

function client(options: Partial<FlumeClientOptions> = {}) {
  return createFlumeClient({
    baseUrl: flume.url,
    credentials: flume.credentials,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
}

function grants() {
  return flume.requests
    .filter((r) => r.path === '/oauth/token')
    .map((r) => (r.body as { grant_type: string }).grant_type);
}

async function flumeErrorOf(promise: Promise<unknown>): Promise<FlumeError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FlumeError);
  return error as FlumeError;
}

beforeEach(async () => {
  waits = [];
  await start();
});
afterEach(async () => {
  await flume.close();
});

describe('Flume client', () => {
  it('signs in with the password grant and reads the user id from the access token', async () => {
    const token = await client({ now: () => 1_000_000 }).token();
    expect(token.userId).toBe(String(flume.userId));
    expect(token.expiresAt).toBe(1_000_000 + 3600 * 1000);
    expect(token.refreshToken).not.toBe('');
    expect(flume.requests[0]?.body).toEqual({
      grant_type: 'password',
      client_id: flume.credentials.clientId,
      client_secret: flume.credentials.clientSecret,
      username: flume.credentials.username,
      password: flume.credentials.password,
    });
  });

  it('lists the devices of the token’s user with the bearer token', async () => {
    const devices = await client().devices();
    expect(devices.map((d) => [d.id, d.type])).toEqual([
      [FAKE_FLUME_DEVICES[0].id, 1],
      [SENSOR_ID, 2],
    ]);
    expect(devices[1]).toMatchObject({ locationId: 2145, product: 'flume2', connected: true });
    const call = flume.requests.at(-1);
    expect(call?.path).toBe(`/users/${flume.userId}/devices`);
    expect(call?.authorization).toMatch(/^Bearer .+\..+\..+$/);
  });

  it('queries water by the minute, with Flume’s query body', async () => {
    const usage = await client().queryWater(SENSOR_ID, [
      {
        requestId: 'minutes',
        bucket: 'MIN',
        since: '2026-11-26 08:00:00',
        until: '2026-11-26 08:30:00',
      },
      {
        requestId: 'hours',
        bucket: 'HR',
        since: '2026-11-26 08:00:00',
        until: '2026-11-26 09:59:59',
      },
    ]);
    expect(usage.get('minutes')).toEqual([
      { datetime: '2026-11-26 08:00:00', gallons: 1.5 },
      { datetime: '2026-11-26 08:01:00', gallons: 0.25 },
    ]);
    expect(usage.get('hours')).toEqual([
      { datetime: '2026-11-26 08:00:00', gallons: 3.75 },
      { datetime: '2026-11-26 09:00:00', gallons: 4 },
    ]);
    const call = flume.requests.at(-1);
    expect(call?.path).toBe(`/users/${flume.userId}/devices/${SENSOR_ID}/query`);
    expect(call?.body).toHaveProperty(['queries', 0], {
      request_id: 'minutes',
      bucket: 'MIN',
      since_datetime: '2026-11-26 08:00:00',
      until_datetime: '2026-11-26 08:30:00',
      operation: 'SUM',
      units: 'GALLONS',
    });
  });

  it('refuses a query time not in the device-local form, before calling Flume', async () => {
    const error = await flumeErrorOf(
      client().queryWater(SENSOR_ID, [
        {
          requestId: 'x',
          bucket: 'MIN',
          since: '2026-11-26T08:00:00Z',
          until: '2026-11-26 09:00:00',
        },
      ]),
    );
    expect(error.kind).toBe('refused');
    expect(flume.requests.some((r) => r.path.endsWith('/query'))).toBe(false);
  });

  it('refreshes a token about to expire before the call, without a 401', async () => {
    let now = 0;
    const flumeClient = client({ now: () => now });
    await flumeClient.token();
    now = 3600 * 1000 - 30_000; // inside the minute before expiry
    await flumeClient.devices();
    expect(grants()).toEqual(['password', 'refresh_token']);
    const refresh = flume.requests.find(
      (r) => (r.body as { grant_type?: string } | undefined)?.grant_type === 'refresh_token',
    );
    expect(refresh?.body).toMatchObject({ client_id: flume.credentials.clientId });
    expect(refresh?.body).toHaveProperty('refresh_token');
    expect(flume.requests.at(-1)?.path).toBe(`/users/${flume.userId}/devices`);
  });

  it('refreshes once on a 401 and repeats the call', async () => {
    const flumeClient = client();
    await flumeClient.token();
    flume.expireTokens();
    const devices = await flumeClient.devices();
    expect(devices).toHaveLength(2);
    expect(grants()).toEqual(['password', 'refresh_token']);
  });

  it('shares one refresh between calls made at the same time', async () => {
    const flumeClient = client();
    await flumeClient.token();
    flume.expireTokens();
    const answers = await Promise.all([flumeClient.devices(), flumeClient.devices()]);
    expect(answers.map((devices) => devices.length)).toEqual([2, 2]);
    expect(grants()).toEqual(['password', 'refresh_token']);
  });

  it('gives up with an unauthorised error when the refreshed token is refused too', async () => {
    const flumeClient = client();
    await flumeClient.token();
    flume.revokeAccess();
    const error = await flumeErrorOf(flumeClient.devices());
    expect(error.kind).toBe('unauthorized');
    expect(error.status).toBe(401);
    expect(error.message).toBe(
      'Flume refused the credentials (HTTP 401): Access token is invalid or expired',
    );
    expect(grants()).toEqual(['password', 'refresh_token']);
    expect(flume.requests.filter((r) => r.path.endsWith('/devices'))).toHaveLength(2);
  });

  it('waits as long as Retry-After asks on a 429, then retries', async () => {
    flume.rateLimitNext(2, 2);
    const devices = await client().devices();
    expect(devices).toHaveLength(2);
    expect(waits).toEqual([2000, 2000]);
  });

  it('without Retry-After, backs off from the documented rate and stops after its tries', async () => {
    flume.rateLimitNext(3, null);
    const error = await flumeErrorOf(client({ rateLimitWaitMs: 10, maxTries: 3 }).token());
    expect(waits).toEqual([10, 20]);
    expect(error.kind).toBe('rate-limited');
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(40);
    expect(error.message).toMatch(/rate limit was still reached after 3 tries/);
  });

  it('waits for real with small times when no sleep is given', async () => {
    flume.rateLimitNext(1, 0.05);
    const started = Date.now();
    await createFlumeClient({ baseUrl: flume.url, credentials: flume.credentials }).token();
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('says in words what Flume refused, and never repeats a secret', async () => {
    const wrong = { ...flume.credentials, password: 'Secret-Passw0rd!' };
    const error = await flumeErrorOf(client({ credentials: wrong }).token());
    expect(error.kind).toBe('unauthorized');
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      'Flume refused the credentials (HTTP 400): Invalid user credentials',
    );
    expect(`${error.message} ${error.stack}`).not.toMatch(/Secret-Passw0rd!|fake-client-secret/);
  });

  it('reports Flume’s server errors and unreachable hosts in words', async () => {
    flume.failNext(503, 'Service Unavailable');
    const unavailable = await flumeErrorOf(client().token());
    expect(unavailable.message).toBe('Flume is unavailable (HTTP 503): Service Unavailable');
    await flume.close();
    const unreachable = await flumeErrorOf(client().token());
    expect(unreachable.kind).toBe('unreachable');
    expect(unreachable.message).toBe(`Flume could not be reached at ${flume.url}`);
    await start();
  });

  it('times out a call Flume does not answer', async () => {
    flume.stallNext();
    const error = await flumeErrorOf(client({ timeoutMs: 50 }).token());
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('Flume did not answer within 50 ms');
  });
});

describe('Flume times', () => {
  it('reads Retry-After in seconds or as a date', () => {
    expect(retryAfterMs('3', 0)).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs(null, 0)).toBeUndefined();
    expect(retryAfterMs('soon', 0)).toBeUndefined();
  });
});

// Outgoing webhooks end to end against a local receiver that checks every delivery with its own
// implementation of the Standard Webhooks verification (Web Crypto, not the server's code): an
// alert acknowledged and closed is delivered signed with the right payload; a receiver answering
// 500 then 200 gets a retry with the same webhook-id, both attempts recorded; the test button;
// URL checks; secret rotation; another company's endpoints stay out of reach. The clock is fixed.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NotificationStatus } from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthorizedRequest, buildTestApp, type TestApp } from '../../testing/app.ts';
import { eventOfChange } from './webhooks.payload.ts';
import { RETRY_DELAYS_MS } from './webhooks.service.ts';
import { newSigningSecret, signature } from './webhooks.signing.ts';
import { addressRefusal, checkEndpointUrl } from './webhooks.url.ts';

/** The Standard Webhooks check, written apart from the server's signing code. */
async function verifyStandardWebhook(
  secret: string,
  headers: IncomingHttpHeaders,
  body: string,
  nowSeconds: number,
): Promise<boolean> {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') {
    return false;
  }
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > 300) return false;
  const keyBytes = Uint8Array.from(atob(secret.replace(/^whsec_/, '')), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey(
    'raw',
    keyBytes,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const signed = new TextEncoder().encode(`${id}.${timestamp}.${body}`);
  for (const entry of signatures.split(' ')) {
    const [version, encoded] = entry.split(',');
    if (version !== 'v1' || !encoded) continue;
    const mac = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
    if (await crypto.subtle.verify('HMAC', key, mac, signed)) return true;
  }
  return false;
}

type Received = { headers: IncomingHttpHeaders; body: string; path: string };

/** A receiver answering each request with the next status of `answers` (then 200). */
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: request.url ?? '',
      });
      const status = answers.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(status < 300 ? { work_order: 'WO-1001' } : { error: 'busy' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const START = new Date('2026-03-02T10:00:00.000Z');

describe('outgoing webhooks', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let clock = START;
  let companyAdmin: AuthorizedRequest;
  let manager: AuthorizedRequest;
  let systemAdmin: AuthorizedRequest;
  let otherAdmin: AuthorizedRequest;
  let company = 0;
  let otherCompany = 0;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const companyOf = async (email: string) => {
    const [row] = await rows<{ company_id: number }>(sql`
      select r.company_id from user_roles r join users u on u.id = r.user_id
      where u.email = ${email} and r.company_id is not null order by r.id limit 1`);
    if (!row) throw new Error(`no company for ${email}`);
    return row.company_id;
  };
  const deliver = async () => {
    await t.app.webhooks.idle();
    return t.app.webhooks.deliverDue();
  };
  const nowSeconds = () => Math.floor(clock.getTime() / 1000);

  /** A new alert of the company's first sensor with a unit, New. */
  async function newAlert(companyId: number) {
    const [sensor] = await rows<{
      id: number;
      property_id: number;
      building_id: number;
      unit_id: number;
    }>(sql`select id, property_id, building_id, unit_id from sensors
           where company_id = ${companyId} and unit_id is not null order by id limit 1`);
    if (!sensor) throw new Error('no sensor');
    await t.database.db.execute(sql`delete from notifications where sensor_id = ${sensor.id}`);
    const [row] = await rows<{ id: number }>(sql`
      insert into notifications (company_id, property_id, building_id, unit_id, sensor_id,
        notification_type_id, notification_category_id, notification_status_id, rate,
        first_detected_at, last_detected_at)
      values (${companyId}, ${sensor.property_id}, ${sensor.building_id}, ${sensor.unit_id},
        ${sensor.id}, 1, 1, ${NotificationStatus.New}, 1500,
        ${START.toISOString()}, ${START.toISOString()})
      returning id`);
    if (!row) throw new Error('no alert');
    return row.id;
  }

  async function register(events: string[], path = '/hooks/pms') {
    const response = await companyAdmin(`/api/companies/${company}/webhooks`, {
      method: 'POST',
      payload: { url: receiver.url(path), description: 'Work orders', events },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; secret: string; events: string[] };
  }

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await buildTestApp({ demo: true, webhooksClock: () => clock });
    companyAdmin = await t.as('company.admin@flowsight.test');
    manager = await t.as('manager@flowsight.test');
    systemAdmin = await t.as('admin@flowsight.test');
    otherAdmin = await t.as('other.admin@flowsight.test');
    company = await companyOf('company.admin@flowsight.test');
    otherCompany = await companyOf('other.admin@flowsight.test');
    expect(otherCompany).not.toBe(company);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('signs as the published Standard Webhooks test vector does', () => {
    expect(
      signature(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
  });

  it('names the event of each change on the alerts bus', () => {
    const change = {
      alertId: 1,
      companyId: 1,
      propertyId: null,
      buildingId: null,
      unitId: null,
      statusId: NotificationStatus.New,
    };
    expect(eventOfChange({ ...change, kind: 'opened' })).toBe('alert.opened');
    expect(
      eventOfChange({ ...change, kind: 'status', statusId: NotificationStatus.Acknowledged }),
    ).toBe('alert.acknowledged');
    expect(eventOfChange({ ...change, kind: 'status', statusId: NotificationStatus.Closed })).toBe(
      'alert.closed',
    );
    // Reopened, updated, assigned or snoozed: no webhook event.
    expect(eventOfChange({ ...change, kind: 'status' })).toBeNull();
    expect(eventOfChange({ ...change, kind: 'updated' })).toBeNull();
    expect(eventOfChange({ ...change, kind: 'assigned' })).toBeNull();
    expect(eventOfChange({ ...change, kind: 'snooze' })).toBeNull();
  });

  it('refuses addresses that are not public https, or loopback when not allowed', () => {
    expect(checkEndpointUrl('https://pms.example.com/hook', false)).toBe(
      'https://pms.example.com/hook',
    );
    expect(checkEndpointUrl('http://127.0.0.1:4000/hook', true)).toBe('http://127.0.0.1:4000/hook');
    for (const url of [
      'http://pms.example.com/hook',
      'ftp://pms.example.com/hook',
      'https://10.1.2.3/hook',
      'https://192.168.0.10/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[fe80::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://user:pass@pms.example.com/hook',
      'not a url',
    ]) {
      expect(() => checkEndpointUrl(url, true), url).toThrow(/url:/);
    }
    expect(() => checkEndpointUrl('http://localhost:4000/hook', false)).toThrow(/https/);
    expect(() => checkEndpointUrl('https://127.0.0.1/hook', false)).toThrow(/localhost/);
    expect(addressRefusal('172.20.0.5', true)).toMatch(/private/);
    expect(addressRefusal('127.0.0.1', false)).toMatch(/loopback/);
    expect(addressRefusal('93.184.216.34', false)).toBeNull();
  });

  it('answers a bad URL or event list with a 400 in words', async () => {
    const bad = await companyAdmin(`/api/companies/${company}/webhooks`, {
      method: 'POST',
      payload: { url: 'http://pms.example.com/hook', events: ['alert.opened'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/https/);
    const metadata = await companyAdmin(`/api/companies/${company}/webhooks`, {
      method: 'POST',
      payload: { url: 'https://169.254.169.254/', events: ['alert.opened'] },
    });
    expect(metadata.statusCode).toBe(400);
    const noEvents = await companyAdmin(`/api/companies/${company}/webhooks`, {
      method: 'POST',
      payload: { url: receiver.url('/x'), events: [] },
    });
    expect(noEvents.statusCode).toBe(400);
    const unknown = await companyAdmin(`/api/companies/${company}/webhooks`, {
      method: 'POST',
      payload: { url: receiver.url('/x'), events: ['alert.deleted'] },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('delivers an acknowledged alert signed, with its place and figures', async () => {
    const endpoint = await register(['alert.acknowledged', 'alert.closed']);
    const stored = await rows<{ secret_sealed: string }>(
      sql`select secret_sealed from webhook_endpoints where id = ${endpoint.id}`,
    );
    expect(stored[0]?.secret_sealed).not.toContain(endpoint.secret.slice(6));
    expect((await companyAdmin(`/api/webhooks/${endpoint.id}`)).json()).not.toHaveProperty(
      'secret',
    );
    const alertId = await newAlert(company);
    const since = receiver.received.length;
    const ack = await manager(`/api/notifications/${alertId}/status/2`, {
      method: 'PUT',
      payload: { note: 'Plumber on the way' },
    });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(await deliver()).toEqual({ attempted: 1, succeeded: 1 });
    const got = receiver.received.slice(since);
    expect(got).toHaveLength(1);
    const [delivery] = got;
    if (!delivery) throw new Error('nothing received');
    expect(delivery.path).toBe('/hooks/pms');
    expect(delivery.headers['webhook-id']).toMatch(/^msg_/);
    expect(delivery.headers['webhook-timestamp']).toBe(String(nowSeconds()));
    expect(
      await verifyStandardWebhook(endpoint.secret, delivery.headers, delivery.body, nowSeconds()),
    ).toBe(true);
    expect(
      await verifyStandardWebhook(
        endpoint.secret,
        delivery.headers,
        delivery.body.replace('acknowledged', 'closed'),
        nowSeconds(),
      ),
    ).toBe(false);
    const payload = JSON.parse(delivery.body);
    expect(payload.type).toBe('alert.acknowledged');
    expect(payload.timestamp).toBe(START.toISOString());
    const { alert } = payload.data;
    expect(alert).toMatchObject({
      id: alertId,
      type: { id: 1, name: 'Continuous flow', category: 'Leak' },
      status: 'acknowledged',
      rate_gallons_per_month: 1500,
      note: 'Plumber on the way',
      first_detected: START.toISOString(),
    });
    expect(alert.estimated_monthly_cost).toBeGreaterThan(0);
    expect(alert.place.company).toEqual({ id: company, name: expect.any(String) });
    expect(alert.place.property.id).toBeGreaterThan(0);
    expect(alert.place.building.name).not.toBe('');
    expect(alert.place.unit.id).toBeGreaterThan(0);
    expect(alert.links.web).toMatch(/^http:\/\/flowsight\.test\/companies\/\d+\//);

    // "Fixed it" is the closed event; the list shows both deliveries with their answers.
    const close = await manager(`/api/notifications/${alertId}/status/3`, {
      method: 'PUT',
      payload: {},
    });
    expect(close.statusCode, close.body).toBe(200);
    expect(await deliver()).toEqual({ attempted: 1, succeeded: 1 });
    const closed = JSON.parse(receiver.received.at(-1)?.body ?? '{}');
    expect(closed.type).toBe('alert.closed');
    expect(closed.data.alert.status).toBe('closed');
    const list = await companyAdmin(`/api/webhooks/${endpoint.id}/deliveries`);
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json() as {
      data: {
        event_type: string;
        state: string;
        attempt_log: { status_code: number; response_body: string }[];
      }[];
      meta: { totalItems: number };
    };
    expect(page.meta.totalItems).toBe(2);
    expect(page.data.map((d) => d.event_type)).toEqual(['alert.closed', 'alert.acknowledged']);
    expect(page.data[0]?.state).toBe('succeeded');
    expect(page.data[0]?.attempt_log[0]).toMatchObject({
      status_code: 200,
      response_body: '{"work_order":"WO-1001"}',
    });
    await companyAdmin(`/api/webhooks/${endpoint.id}`, { method: 'DELETE' });
  });

  it('retries a failed delivery with the same id after the back-off, both attempts kept', async () => {
    const endpoint = await register(['alert.acknowledged']);
    const alertId = await newAlert(company);
    receiver.answers.push(500);
    const since = receiver.received.length;
    await manager(`/api/notifications/${alertId}/status/2`, { method: 'PUT', payload: {} });
    expect(await deliver()).toEqual({ attempted: 1, succeeded: 0 });
    // Not due before its first retry's delay.
    clock = new Date(START.getTime() + RETRY_DELAYS_MS[0] - 1);
    expect(await deliver()).toEqual({ attempted: 0, succeeded: 0 });
    clock = new Date(START.getTime() + RETRY_DELAYS_MS[0]);
    expect(await deliver()).toEqual({ attempted: 1, succeeded: 1 });
    const got = receiver.received.slice(since);
    expect(got).toHaveLength(2);
    const [first, second] = got;
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.body).toBe(first?.body);
    expect(Number(second?.headers['webhook-timestamp'])).toBe(
      Number(first?.headers['webhook-timestamp']) + RETRY_DELAYS_MS[0] / 1000,
    );
    if (second) {
      expect(
        await verifyStandardWebhook(endpoint.secret, second.headers, second.body, nowSeconds()),
      ).toBe(true);
    }
    const page = (await companyAdmin(`/api/webhooks/${endpoint.id}/deliveries`)).json() as {
      data: {
        state: string;
        attempts: number;
        attempt_log: {
          attempt: number;
          status_code: number;
          succeeded: boolean;
          error: string | null;
        }[];
      }[];
    };
    expect(page.data[0]).toMatchObject({ state: 'succeeded', attempts: 2 });
    expect(page.data[0]?.attempt_log).toMatchObject([
      { attempt: 1, status_code: 500, succeeded: false, error: 'The receiver answered 500' },
      { attempt: 2, status_code: 200, succeeded: true, error: null },
    ]);
    clock = START;
    await companyAdmin(`/api/webhooks/${endpoint.id}`, { method: 'DELETE' });
  });

  it('gives up after the last attempt', async () => {
    const endpoint = await register(['alert.escalated'], '/hooks/always-500');
    const alertId = await newAlert(company);
    receiver.answers.push(...RETRY_DELAYS_MS.map(() => 500), 500);
    await t.app.webhooks.emitEscalated(
      { alertId, companyId: company },
      { level: 1, to: 'Night manager', reason: 'Still New after 30 minutes' },
    );
    let at = START.getTime();
    expect(await deliver()).toMatchObject({ attempted: 1 });
    for (const delay of RETRY_DELAYS_MS) {
      at += delay;
      clock = new Date(at);
      expect(await deliver()).toMatchObject({ attempted: 1, succeeded: 0 });
    }
    clock = new Date(at + 86_400_000);
    expect(await deliver()).toEqual({ attempted: 0, succeeded: 0 });
    const [delivery] = (
      (await companyAdmin(`/api/webhooks/${endpoint.id}/deliveries`)).json() as {
        data: { state: string; attempts: number; event_type: string }[];
      }
    ).data;
    expect(delivery).toMatchObject({
      state: 'failed',
      attempts: RETRY_DELAYS_MS.length + 1,
      event_type: 'alert.escalated',
    });
    const body = JSON.parse(receiver.received.at(-1)?.body ?? '{}');
    expect(body.data.escalation).toEqual({
      level: 1,
      to: 'Night manager',
      reason: 'Still New after 30 minutes',
    });
    clock = START;
    await companyAdmin(`/api/webhooks/${endpoint.id}`, { method: 'DELETE' });
  });

  it('sends a test event now, and signs with the new secret once rotated', async () => {
    const endpoint = await register(['alert.opened']);
    const test = await companyAdmin(`/api/webhooks/${endpoint.id}/test`, { method: 'POST' });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({
      event_type: 'webhook.test',
      state: 'succeeded',
      attempt_log: [{ status_code: 200 }],
      payload: { type: 'webhook.test', data: { endpoint_id: endpoint.id } },
    });
    const first = receiver.received.at(-1);
    if (!first) throw new Error('nothing received');
    expect(
      await verifyStandardWebhook(endpoint.secret, first.headers, first.body, nowSeconds()),
    ).toBe(true);

    const rotated = await companyAdmin(`/api/webhooks/${endpoint.id}/rotate-secret`, {
      method: 'POST',
    });
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json() as { secret: string };
    expect(secret).not.toBe(endpoint.secret);
    receiver.answers.push(503);
    const failed = await companyAdmin(`/api/webhooks/${endpoint.id}/test`, { method: 'POST' });
    expect(failed.json()).toMatchObject({
      state: 'failed',
      attempt_log: [{ status_code: 503, response_body: '{"error":"busy"}' }],
    });
    const second = receiver.received.at(-1);
    if (!second) throw new Error('nothing received');
    expect(await verifyStandardWebhook(secret, second.headers, second.body, nowSeconds())).toBe(
      true,
    );
    expect(
      await verifyStandardWebhook(endpoint.secret, second.headers, second.body, nowSeconds()),
    ).toBe(false);
    await companyAdmin(`/api/webhooks/${endpoint.id}`, { method: 'DELETE' });
  });

  it('records a receiver that cannot be reached, in words', async () => {
    const response = await companyAdmin(`/api/companies/${company}/webhooks`, {
      method: 'POST',
      payload: { url: 'http://127.0.0.1:9/closed', events: ['alert.opened'] },
    });
    const { id } = response.json() as { id: number };
    const test = await companyAdmin(`/api/webhooks/${id}/test`, { method: 'POST' });
    expect(test.statusCode).toBe(200);
    const [attempt] = (test.json() as { attempt_log: { status_code: null; error: string }[] })
      .attempt_log;
    expect(attempt?.status_code).toBeNull();
    expect(attempt?.error).toMatch(/ECONNREFUSED/);
    await companyAdmin(`/api/webhooks/${id}`, { method: 'DELETE' });
  });

  it('changes an endpoint, and keeps it from other companies and from managers', async () => {
    const endpoint = await register(['alert.opened']);
    const changed = await companyAdmin(`/api/webhooks/${endpoint.id}`, {
      method: 'PUT',
      payload: { events: ['alert.closed', 'alert.opened'], enabled: false, description: 'PMS' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      events: ['alert.opened', 'alert.closed'],
      enabled: false,
      description: 'PMS',
    });
    const badUrl = await companyAdmin(`/api/webhooks/${endpoint.id}`, {
      method: 'PUT',
      payload: { url: 'https://192.168.1.1/' },
    });
    expect(badUrl.statusCode).toBe(400);

    for (const [method, path] of [
      ['GET', ''],
      ['PUT', ''],
      ['DELETE', ''],
      ['POST', '/rotate-secret'],
      ['POST', '/test'],
      ['GET', '/deliveries'],
    ] as const) {
      const response = await otherAdmin(`/api/webhooks/${endpoint.id}${path}`, {
        method,
        ...(method === 'PUT' ? { payload: { description: 'taken' } } : {}),
      });
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect((await manager(`/api/webhooks/${endpoint.id}${path}`, { method })).statusCode).toBe(
        403,
      );
    }
    expect((await otherAdmin(`/api/companies/${company}/webhooks`)).statusCode).toBe(404);
    const own = (await otherAdmin(`/api/companies/${otherCompany}/webhooks`)).json() as {
      id: number;
    }[];
    expect(own.map((e) => e.id)).not.toContain(endpoint.id);
    const seen = (await systemAdmin(`/api/companies/${company}/webhooks`)).json() as {
      id: number;
    }[];
    expect(seen.map((e) => e.id)).toContain(endpoint.id);
    expect((await systemAdmin('/api/companies/999999/webhooks')).statusCode).toBe(404);
    await companyAdmin(`/api/webhooks/${endpoint.id}`, { method: 'DELETE' });
    expect((await companyAdmin(`/api/webhooks/${endpoint.id}`)).statusCode).toBe(404);
  });
});

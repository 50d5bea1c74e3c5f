// Live alert updates over Server-Sent Events, carried through LISTEN/NOTIFY: a signed-in browser
// hears about changes to alerts in its scope, and only those, and only while its session lasts.
import { NotificationCategory, NotificationType } from '@flowsight/domain/lookups';
import { demoPassword } from '@flowsight/simulator/demo-portfolio';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorized, buildTestApp, type TestApp } from '../../testing/app.ts';
import { MAX_STREAMS_PER_USER } from './alerts.live.ts';

/** Milliseconds between a stream's heartbeats, each after a check of its token. */
const HEARTBEAT_MS = 300;

describe('live alert updates', () => {
  let t: TestApp;
  let url: string;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const alertFor = async (email: string) => {
    const [row] = await rows<{ id: number }>(sql`
      insert into notifications (company_id, property_id, building_id, unit_id, notification_type_id,
        notification_category_id, rate, first_detected_at, last_detected_at)
      select company_id, property_id, id, null, ${NotificationType.ContinuousFlow}, ${NotificationCategory.Leak},
        500, now(), now()
      from buildings where company_id = (
        select company_id from user_roles r join users u on u.id = r.user_id where u.email = ${email} order by r.id limit 1)
      order by id limit 1 returning id`);
    if (!row) throw new Error('no alert');
    return row.id;
  };

  beforeAll(async () => {
    t = await buildTestApp({ demo: true, alertStreamHeartbeatMs: HEARTBEAT_MS });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('streams the changes of alerts in scope and nothing of another company’s', async () => {
    const token = await t.signIn('manager@flowsight.test');
    const adminToken = await t.signIn('admin@flowsight.test');
    const own = await alertFor('manager@flowsight.test');
    const foreign = await alertFor('other.admin@flowsight.test');

    const abort = new AbortController();
    const response = await fetch(`${url}/api/notifications/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      const deadline = Date.now() + 10_000;
      while (!pattern.test(text) && Date.now() < deadline) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<{ done: true; value: undefined }>((resolve) =>
            setTimeout(() => resolve({ done: true, value: undefined }), 500),
          ),
        ]);
        if (chunk.value) text += decoder.decode(chunk.value, { stream: true });
      }
      return pattern.test(text);
    };
    expect(await readUntil(/: connected/)).toBe(true);

    const put = (id: number) =>
      fetch(`${url}/api/notifications/${id}/status/2`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await put(foreign)).status).toBe(200);
    expect((await put(own)).status).toBe(200);
    expect(await readUntil(new RegExp(`"alertId":${own}`))).toBe(true);
    expect(text).toContain('event: alerts');
    expect(text).not.toContain(`"alertId":${foreign}`);
    abort.abort();
  });

  it('refuses a stream without a sign-in', async () => {
    const response = await fetch(`${url}/api/notifications/stream`);
    expect(response.status).toBe(401);
  });

  describe('when its session ends', () => {
    type Stream = { text: string; ended: boolean; untilEnded(ms: number): Promise<boolean> };
    /** Opens a stream and reads it in the background until the server ends it. */
    const openStream = async (token: string): Promise<Stream> => {
      const response = await fetch(`${url}/api/notifications/stream`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      const reader = response.body?.getReader();
      if (!reader) throw new Error('no body');
      const decoder = new TextDecoder();
      const stream: Stream = {
        text: '',
        ended: false,
        async untilEnded(ms) {
          const deadline = Date.now() + ms;
          while (!stream.ended && Date.now() < deadline)
            await new Promise((r) => setTimeout(r, 20));
          return stream.ended;
        },
      };
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            stream.text += decoder.decode(value, { stream: true });
          }
        } finally {
          stream.ended = true;
        }
      })();
      return stream;
    };
    const session = async (email: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: demoPassword },
      });
      expect(response.statusCode).toBe(200);
      return response.json() as {
        access_token: string;
        active_role_id: number;
        user: { id: number };
      };
    };

    it('ends the stream, and sends nothing more, once it signs out', async () => {
      const { access_token: token } = await session('manager@flowsight.test');
      const admin = await t.as('admin@flowsight.test');
      const stillSignedIn = await openStream(await t.signIn('manager@flowsight.test'));
      const stream = await openStream(token);
      const signOut = await authorized(t.app, token)('/api/auth/logout', { method: 'POST' });
      expect(signOut.statusCode).toBe(204);
      // An alert of the manager's company changes right after: only the live session hears it.
      const alert = await alertFor('manager@flowsight.test');
      const put = await admin(`/api/notifications/${alert}/status/2`, {
        method: 'PUT',
        payload: {},
      });
      expect(put.statusCode).toBe(200);
      expect(await stream.untilEnded(5_000)).toBe(true);
      expect(stream.text).not.toContain(`"alertId":${alert}`);
      const deadline = Date.now() + 5_000;
      while (!stillSignedIn.text.includes(`"alertId":${alert}`) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(stillSignedIn.text).toContain(`"alertId":${alert}`);
      // Several heartbeats later, the session that goes on still has its stream.
      await new Promise((r) => setTimeout(r, 3 * HEARTBEAT_MS));
      expect(stillSignedIn.ended).toBe(false);
    });

    it('ends the stream when the password changes', async () => {
      const { access_token: token } = await session('technician@flowsight.test');
      const stream = await openStream(token);
      const change = await authorized(t.app, token)('/api/auth/change-password', {
        method: 'POST',
        payload: { oldPassword: demoPassword, newPassword: 'Changed!2026x' },
      });
      expect(change.statusCode).toBe(200);
      expect(await stream.untilEnded(5_000)).toBe(true);
    });

    it('ends the stream when its role is removed', async () => {
      const multi = await session('multi@flowsight.test');
      const stream = await openStream(multi.access_token);
      const admin = await t.as('admin@flowsight.test');
      const removed = await admin(`/api/users/roles/${multi.active_role_id}`, { method: 'DELETE' });
      expect(removed.statusCode).toBe(200);
      expect(await stream.untilEnded(5_000)).toBe(true);
    });

    it('ends the stream when the user is disabled', async () => {
      const other = await session('other.admin@flowsight.test');
      const stream = await openStream(other.access_token);
      const admin = await t.as('admin@flowsight.test');
      const disabled = await admin(`/api/users/${other.user.id}`, {
        method: 'PUT',
        payload: { user_status_id: 3 },
      });
      expect(disabled.statusCode).toBe(200);
      expect(await stream.untilEnded(5_000)).toBe(true);
    });
  });
  it('holds at most a few streams per person, refusing more with 429 until one closes', async () => {
    const token = await t.signIn('company.admin@flowsight.test');
    const open = () => {
      const abort = new AbortController();
      const response = fetch(`${url}/api/notifications/stream`, {
        headers: { authorization: `Bearer ${token}` },
        signal: abort.signal,
      });
      return { abort, response };
    };
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i += 1) {
      const stream = open();
      expect((await stream.response).status).toBe(200);
      streams.push(stream);
    }
    const refused = await open().response;
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(((await refused.json()) as { message: string }).message).toContain(
      `At most ${MAX_STREAMS_PER_USER} live alert streams`,
    );
    // Someone else is not held back by it.
    const other = await fetch(`${url}/api/notifications/stream`, {
      headers: { authorization: `Bearer ${await t.signIn('manager@flowsight.test')}` },
      signal: AbortSignal.timeout(5_000),
    });
    expect(other.status).toBe(200);
    await other.body?.cancel();
    // A tab closed makes room for another.
    streams[0]?.abort.abort();
    await expect
      .poll(
        async () => {
          const again = open();
          const status = (await again.response).status;
          if (status === 200) streams.push(again);
          return status;
        },
        { timeout: 5_000, interval: 200 },
      )
      .toBe(200);
    for (const stream of streams) stream.abort.abort();
  });
});

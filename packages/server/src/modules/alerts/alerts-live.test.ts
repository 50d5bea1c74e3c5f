// Live alert updates over Server-Sent Events, carried through LISTEN/NOTIFY: a signed-in browser
// hears about changes to alerts in its scope, and only those.
import { NotificationCategory, NotificationType } from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/app.ts';

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
    t = await buildTestApp({ demo: true });
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
});

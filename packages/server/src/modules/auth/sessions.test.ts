// Ending a session: signing out refuses the token it is given at once and no other, and no API
// answer (errors included) may be stored by a browser or proxy cache.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorized, buildTestApp, type TestApp } from '../../testing/app.ts';

describe('sessions', () => {
  let t: TestApp;
  const logout = (token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });
  const me = (token: string) => authorized(t.app, token)('/api/auth/me');

  beforeAll(async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'flowsight-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Flowsight</title>');
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1);');
    t = await buildTestApp({ demo: true, webRoot });
  });
  afterAll(() => t.close());

  describe('signing out', () => {
    it('refuses the token it is given at once, and only that one', async () => {
      const email = 'manager@flowsight.test';
      const phone = await t.signIn(email);
      const laptop = await t.signIn(email);
      expect((await me(phone)).statusCode).toBe(200);

      const out = await logout(phone);
      expect(out.statusCode).toBe(204);
      expect(out.body).toBe('');
      const after = await me(phone);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Session expired',
      });
      // The person's other session goes on.
      expect((await me(laptop)).statusCode).toBe(200);
      // Signing out twice, or without a token, is refused like any call without a session.
      expect((await logout(phone)).statusCode).toBe(401);
      expect((await logout()).statusCode).toBe(401);
    });

    it('keeps a signed-out token only until it would have expired anyway', async () => {
      const token = await t.signIn('support@flowsight.test');
      await t.database.db.execute(
        sql`insert into revoked_tokens (jti, expires_at) values ('stale', now() - interval '1 minute')`,
      );
      expect((await logout(token)).statusCode).toBe(204);
      const { rows } = (await t.database.db.execute(
        sql`select jti, expires_at > now() + interval '11 hours' as later from revoked_tokens`,
      )) as unknown as { rows: { jti: string; later: boolean }[] };
      // The expired row is pruned; the new one lasts as long as the token would have (12 hours).
      expect(rows.map((row) => row.jti)).not.toContain('stale');
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.later)).toBe(true);
    });
  });

  describe('caching', () => {
    it('marks every API answer no-store, errors included, but not the web app’s files', async () => {
      const token = await t.signIn('admin@flowsight.test');
      const answers = {
        ok: await me(token),
        public: await t.app.inject('/api/health'),
        unauthorized: await t.app.inject('/api/auth/me'),
        forbidden: await (await t.as('manager@flowsight.test'))('/api/integration-keys'),
        invalid: await authorized(t.app, token)('/api/users?limit=oops'),
        missing: await t.app.inject('/api/no-such-route'),
        badJson: await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: '{"email":',
        }),
      };
      const statuses = Object.fromEntries(
        Object.entries(answers).map(([name, r]) => [name, r.statusCode]),
      );
      expect(statuses).toEqual({
        ok: 200,
        public: 200,
        unauthorized: 401,
        forbidden: 403,
        invalid: 400,
        missing: 404,
        badJson: 400,
      });
      for (const [name, response] of Object.entries(answers)) {
        expect([name, response.headers['cache-control']]).toEqual([name, 'no-store']);
      }

      const asset = await t.app.inject('/assets/index-abc123.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await t.app.inject('/dashboard');
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
    });
  });
});

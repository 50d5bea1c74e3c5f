// Sign-in, sessions, MFA, passwords and tokens, through the HTTP API on a seeded database with a
// real SMTP server catching the mail.
import { createHmac } from 'node:crypto';
import { demoPassword } from '@flowsight/simulator/demo-portfolio';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorized, buildTestApp, type TestApp } from '../../testing/app.ts';

const REFUSAL = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'Username or password is not valid',
};
const SECRET = 'test-secret-that-is-long-enough-for-hs256';

type Session = {
  access_token: string;
  active_role_id: number;
  roles: {
    id: number;
    user_role_type_id: number;
    company_id: number | null;
    description: string;
  }[];
  user: { id: number; email: string };
};

describe('identity', () => {
  let t: TestApp;
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const login = async (email: string, password = demoPassword) =>
    post('/api/auth/login', { email, password });
  const session = async (email: string, password = demoPassword) => {
    const response = await login(email, password);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Session;
  };
  const me = (token: string) => authorized(t.app, token)('/api/auth/me');

  beforeAll(async () => {
    t = await buildTestApp({ demo: true, mailbox: true });
  });
  afterAll(() => t.close());

  describe('login', () => {
    it.each([
      ['admin@flowsight.test', 1],
      ['support@flowsight.test', 2],
      ['technician@flowsight.test', 3],
      ['company.admin@flowsight.test', 4],
      ['manager@flowsight.test', 5],
      ['tester@flowsight.test', 12],
      ['installer@flowsight.test', 13],
      ['restricted.admin@flowsight.test', 4],
    ])('signs %s in with the first role active (type %i)', async (email, roleType) => {
      const body = await session(email);
      expect(body.user.email).toBe(email);
      const active = body.roles.find((r) => r.id === body.active_role_id);
      expect(active?.user_role_type_id).toBe(roleType);
      expect((await me(body.access_token)).statusCode).toBe(200);
    });

    it('answers a wrong password, an unknown user and a refused role with the same body', async () => {
      for (const response of [
        await login('admin@flowsight.test', 'Wrong!2026flow'),
        await login('nobody@flowsight.test'),
        await login('resident@flowsight.test'),
      ]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(REFUSAL);
      }
    });

    it('matches the email case-insensitively', async () => {
      expect((await login('Manager@FlowSight.test')).statusCode).toBe(200);
    });

    it('rejects unknown fields in the body', async () => {
      const response = await post('/api/auth/login', {
        email: 'admin@flowsight.test',
        password: demoPassword,
        role: 1,
      });
      expect(response.statusCode).toBe(400);
    });

    it('stores passwords as argon2id with m=19 MiB, t=2, p=1', async () => {
      const { rows } = (await t.database.db.execute(
        sql`select password_hash from users where email = 'admin@flowsight.test'`,
      )) as unknown as { rows: { password_hash: string }[] };
      expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });
  });

  describe('tokens', () => {
    let token: string;
    let userId: number;
    let roleId: number;
    beforeAll(async () => {
      const body = await session('manager@flowsight.test');
      token = body.access_token;
      userId = body.user.id;
      roleId = body.active_role_id;
    });

    it('refuses a missing or malformed bearer token', async () => {
      expect((await t.app.inject('/api/auth/me')).statusCode).toBe(401);
      expect((await me('not-a-jwt')).statusCode).toBe(401);
    });

    it('refuses alg none', async () => {
      const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
        sub: String(userId),
        rid: roleId,
        tv: 0,
        iss: 'flowsight',
        iat: now,
        exp: now + 600,
      })}.`;
      expect((await me(unsigned)).statusCode).toBe(401);
    });

    it('refuses a wrong signature and another algorithm', async () => {
      const forged = await new SignJWT({ rid: roleId, tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer('flowsight')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode('another-secret-that-is-long-enough!!'));
      expect((await me(forged)).statusCode).toBe(401);
      const hs512 = await new SignJWT({ rid: roleId, tv: 0 })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(String(userId))
        .setIssuer('flowsight')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(SECRET));
      expect((await me(hs512)).statusCode).toBe(401);
      // The real token with one byte of its signature changed.
      const [header, payload, signature = ''] = token.split('.');
      const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
      expect((await me(`${header}.${payload}.${flipped}`)).statusCode).toBe(401);
    });

    it('refuses an expired token', async () => {
      const past = Math.floor(Date.now() / 1000) - 3600;
      const expired = await new SignJWT({ rid: roleId, tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer('flowsight')
        .setIssuedAt(past - 60)
        .setExpirationTime(past)
        .sign(new TextEncoder().encode(SECRET));
      const response = await me(expired);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Session expired');
    });

    it('refuses new-token for a role of another user', async () => {
      const other = await session('other.admin@flowsight.test');
      const response = await authorized(
        t.app,
        token,
      )(`/api/auth/new-token/${other.active_role_id}`);
      expect(response.statusCode).toBe(401);
    });

    it('keeps the HMAC key private: the configured secret really signs tokens', () => {
      const [header, payload, signature] = token.split('.');
      const expected = createHmac('sha256', SECRET)
        .update(`${header}.${payload}`)
        .digest('base64url');
      expect(signature).toBe(expected);
    });
  });

  describe('role switching', () => {
    it('gives multi@ a token for their second role and scopes the session to it', async () => {
      const first = await session('multi@flowsight.test');
      expect(first.roles.map((r) => r.user_role_type_id)).toEqual([4, 5]);
      const second = first.roles[1];
      const switched = await authorized(
        t.app,
        first.access_token,
      )(`/api/auth/new-token/${second?.id}`);
      expect(switched.statusCode).toBe(200);
      const body = switched.json() as Session;
      expect(body.active_role_id).toBe(second?.id);
      const current = (await me(body.access_token)).json() as Session;
      expect(current.active_role_id).toBe(second?.id);
      expect(second?.description).toMatch(/^Company Manager of /);
    });
  });

  describe('MFA', () => {
    it('is refused for system roles', async () => {
      const { access_token } = await session('support@flowsight.test');
      const response = await authorized(t.app, access_token)('/api/users/update-mfa-status/1', {
        method: 'PUT',
      });
      expect(response.statusCode).toBe(403);
    });

    it('signs in with the emailed 6-digit code, once, within its attempts', async () => {
      const email = 'installer@flowsight.test';
      const { access_token } = await session(email);
      const enable = await authorized(t.app, access_token)('/api/users/update-mfa-status/1', {
        method: 'PUT',
      });
      expect(enable.json()).toEqual({ message: 'MFA status enabled successfully' });

      const challenge = (await login(email)).json() as { mfa_enabled: boolean; mfa_token: string };
      expect(challenge).toEqual({ mfa_enabled: true, mfa_token: expect.any(String) });
      expect(challenge).not.toHaveProperty('access_token');
      const code = /\b(\d{6})\b/.exec(t.mailbox?.latestTo(email).text ?? '')?.[1] ?? '';
      expect(code).toMatch(/^\d{6}$/);

      const wrong = code === '000000' ? '111111' : '000000';
      const bad = await post('/api/auth/login-mfa', {
        mfa_token: challenge.mfa_token,
        code: wrong,
      });
      expect(bad.statusCode).toBe(401);
      const good = await post('/api/auth/login-mfa', { mfa_token: challenge.mfa_token, code });
      expect(good.statusCode).toBe(200);
      expect((await me((good.json() as Session).access_token)).statusCode).toBe(200);
      const again = await post('/api/auth/login-mfa', { mfa_token: challenge.mfa_token, code });
      expect(again.statusCode).toBe(401);

      // A code is bound to its own login attempt.
      const otherAttempt = (await login(email)).json() as { mfa_token: string };
      const oldCode = await post('/api/auth/login-mfa', {
        mfa_token: otherAttempt.mfa_token,
        code,
      });
      const newCode = /\b(\d{6})\b/.exec(t.mailbox?.latestTo(email).text ?? '')?.[1];
      if (newCode !== code) expect(oldCode.statusCode).toBe(401);

      // Five wrong codes use the challenge up, even the right one fails after.
      const locked = (await login(email)).json() as { mfa_token: string };
      const lockedCode = /\b(\d{6})\b/.exec(t.mailbox?.latestTo(email).text ?? '')?.[1] ?? '';
      const miss = lockedCode === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        await post('/api/auth/login-mfa', { mfa_token: locked.mfa_token, code: miss });
      }
      const tooMany = await post('/api/auth/login-mfa', {
        mfa_token: locked.mfa_token,
        code: lockedCode,
      });
      expect(tooMany.statusCode).toBe(401);

      // An expired code is refused.
      const late = (await login(email)).json() as { mfa_token: string };
      const lateCode = /\b(\d{6})\b/.exec(t.mailbox?.latestTo(email).text ?? '')?.[1] ?? '';
      await t.database.db.execute(
        sql`update mfa_challenges set expires_at = now() - interval '1 minute' where consumed_at is null`,
      );
      const expired = await post('/api/auth/login-mfa', {
        mfa_token: late.mfa_token,
        code: lateCode,
      });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().message).toBe('The code has expired. Please sign in again.');

      const off = await authorized(t.app, access_token)('/api/users/update-mfa-status/0', {
        method: 'PUT',
      });
      expect(off.json()).toEqual({ message: 'MFA status disabled successfully' });
      expect((await login(email)).json()).toHaveProperty('access_token');
    });
  });

  describe('passwords', () => {
    it('answers forgot-password the same for known and unknown addresses', async () => {
      const known = await post('/api/auth/forgot-password-email', {
        email: 'manager@flowsight.test',
      });
      const unknown = await post('/api/auth/forgot-password-email', {
        email: 'ghost@flowsight.test',
      });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      expect(t.mailbox?.messages.some((m) => m.to.includes('ghost@'))).toBe(false);
    });

    it('resets with the emailed link once, and ends older sessions', async () => {
      const email = 'technician@flowsight.test';
      const before = await session(email);
      await post('/api/auth/forgot-password-email', { email });
      const mail = t.mailbox?.latestTo(email);
      const link = /(http\S+\/change-password\?\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
      const url = new URL(link);
      expect(url.origin).toBe('http://flowsight.test');
      expect(url.searchParams.get('email')).toBe(email);
      const token = url.searchParams.get('token') ?? '';
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      const { rows } = (await t.database.db.execute(
        sql`select count(*)::int as n from user_tokens where token_hash = ${token}`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0]?.n).toBe(0);

      const weak = await post('/api/auth/forgot-password-reset', {
        email,
        token,
        newPassword: 'short',
      });
      expect(weak.statusCode).toBe(400);
      const reset = await post('/api/auth/forgot-password-reset', {
        email,
        token,
        newPassword: 'Reset!2026x',
      });
      expect(reset.json()).toEqual({ message: 'Password changed successfully' });
      expect((await me(before.access_token)).statusCode).toBe(401);
      expect((await login(email)).statusCode).toBe(401);
      expect((await login(email, 'Reset!2026x')).statusCode).toBe(200);
      const reuse = await post('/api/auth/forgot-password-reset', {
        email,
        token,
        newPassword: 'Again!2026x',
      });
      expect(reuse.statusCode).toBe(400);
    });

    it('refuses an expired reset token and a token for another address', async () => {
      const email = 'support@flowsight.test';
      await post('/api/auth/forgot-password-email', { email });
      const token = new URL(
        /(http\S+)/.exec(t.mailbox?.latestTo(email).text ?? '')?.[1] ?? 'http://x',
      ).searchParams.get('token');
      const wrongAddress = await post('/api/auth/forgot-password-reset', {
        email: 'admin@flowsight.test',
        token,
        newPassword: 'Reset!2026x',
      });
      expect(wrongAddress.statusCode).toBe(400);
      await t.database.db.execute(
        sql`update user_tokens set expires_at = now() - interval '1 second' where used_at is null`,
      );
      const late = await post('/api/auth/forgot-password-reset', {
        email,
        token,
        newPassword: 'Reset!2026x',
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe('This reset link is invalid or has expired');
    });

    it('changes the password with the old one, keeping this session and ending others', async () => {
      const email = 'other.admin@flowsight.test';
      const first = await session(email);
      const second = await session(email);
      const change = authorized(t.app, first.access_token);
      const wrongOld = await change('/api/auth/change-password', {
        method: 'POST',
        payload: { oldPassword: 'Nope!2026x', newPassword: 'Change!2026x' },
      });
      expect(wrongOld.statusCode).toBe(400);
      const broken = await change('/api/auth/change-password', {
        method: 'POST',
        payload: { oldPassword: demoPassword, newPassword: 'change2026' },
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().message).toEqual([
        'body.newPassword: The password should be at least 8 characters long, including at least one number, one special character, one capital letter, and one lowercase letter',
      ]);
      const done = await change('/api/auth/change-password', {
        method: 'POST',
        payload: { oldPassword: demoPassword, newPassword: 'Change!2026x' },
      });
      expect(done.statusCode).toBe(200);
      const { access_token } = done.json() as { access_token: string };
      expect((await me(access_token)).statusCode).toBe(200);
      expect((await me(first.access_token)).statusCode).toBe(401);
      expect((await me(second.access_token)).statusCode).toBe(401);
    });
  });

  describe('profile', () => {
    it('lets people change their own name and phone, and nothing else', async () => {
      const { access_token } = await session('manager@flowsight.test');
      const put = (payload: object) =>
        authorized(t.app, access_token)('/api/auth/me', { method: 'PUT', payload });
      const changed = await put({ first_name: ' Dana ', phone: '(617) 555-0142' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().user).toMatchObject({ first_name: 'Dana', phone: '(617) 555-0142' });
      expect((await me(access_token)).json().user.first_name).toBe('Dana');
      expect((await put({ email: 'someone.else@flowsight.test' })).statusCode).toBe(400);
      expect((await put({ first_name: '' })).statusCode).toBe(400);
    });
  });

  describe('restricted companies', () => {
    it('closes user administration to roles of a type-3 company, but not their own sign-in', async () => {
      const { access_token } = await session('restricted.admin@flowsight.test');
      const get = authorized(t.app, access_token);
      expect((await get('/api/users')).statusCode).toBe(403);
      expect((await get('/api/users/search-top/a/5')).statusCode).toBe(403);
      expect((await get('/api/auth/me')).statusCode).toBe(200);
      expect((await get('/api/users/update-mfa-status/0', { method: 'PUT' })).statusCode).toBe(200);
      const other = await session('company.admin@flowsight.test');
      expect((await authorized(t.app, other.access_token)('/api/users')).statusCode).toBe(200);
    });
  });

  describe('rate limits', () => {
    it('stops an account after 10 login attempts in 15 minutes with 429 and Retry-After', async () => {
      const email = 'restricted.admin@flowsight.test';
      const answers: number[] = [];
      for (let i = 0; i < 11; i++) answers.push((await login(email, 'Wrong!2026x')).statusCode);
      expect(answers.slice(0, 10).every((s) => s === 401)).toBe(true);
      const limited = await login(email);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Other accounts are not affected.
      expect((await login('admin@flowsight.test')).statusCode).toBe(200);
    });

    it('limits forgot-password per account', async () => {
      const answers: number[] = [];
      for (let i = 0; i < 6; i++) {
        answers.push(
          (await post('/api/auth/forgot-password-email', { email: 'multi@flowsight.test' }))
            .statusCode,
        );
      }
      expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });
});

// Guessing passwords and MFA codes through the HTTP API: which address a request counts under
// (TRUST_PROXY), the second factor's bounds per user, and the per account-and-address versus
// per-account password bounds (docs/decisions.md, "Password guesses are limited per account and
// address, and per account"). Every client address here is given with inject's `remoteAddress`.
import { demoPassword } from '@flowsight/simulator/demo-portfolio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorized, buildTestApp, type TestApp } from '../../testing/app.ts';

/** A fresh documentation-range address for each caller of a test. */
let lastOctet = 0;
const nextAddress = (network = '198.51.100') => `${network}.${++lastOctet}`;

describe('guessing', () => {
  let t: TestApp;
  const login = (
    email: string,
    password: string,
    remoteAddress: string,
    headers: Record<string, string | string[]> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
      headers,
    });
  const loginMfa = (
    mfaToken: string,
    code: string,
    remoteAddress: string,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login-mfa',
      payload: { mfa_token: mfaToken, code },
      remoteAddress,
      headers,
    });
  /** The known-device cookie an answer sets, as a Cookie header sends it back ('' if none). */
  const deviceCookie = (response: { headers: Record<string, unknown> }) => {
    const set = String(response.headers['set-cookie'] ?? '');
    return /^(flowsight_device=[^;]+)/.exec(set)?.[1] ?? '';
  };
  /** `count` wrong passwords for `email`, five from each of fresh addresses. */
  const spreadGuesses = async (email: string, count: number) => {
    const answers: number[] = [];
    for (let a = 0; a < count / 5; a++) {
      const address = nextAddress('192.0.2');
      for (let i = 0; i < 5; i++) {
        answers.push((await login(email, `Wrong!${a}x${i}`, address)).statusCode);
      }
    }
    return answers;
  };
  /** The code of the newest MFA mail to `email`, and a wrong one. */
  const codes = (email: string) => {
    const code = /\b(\d{6})\b/.exec(t.mailbox?.latestTo(email).text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    return { code, wrong: String((Number(code) + 1) % 1_000_000).padStart(6, '0') };
  };
  /** A password sign-in from a fresh address: the MFA challenge's token. */
  const challenge = async (email: string, remoteAddress = nextAddress()) => {
    const response = await login(email, demoPassword, remoteAddress);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { mfa_enabled?: boolean; mfa_token: string };
    expect(body.mfa_enabled).toBe(true);
    return body.mfa_token;
  };
  const enableMfa = async (email: string) => {
    const token = await t.signIn(email);
    const response = await authorized(t.app, token)('/api/users/update-mfa-status/1', {
      method: 'PUT',
    });
    expect(response.statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await buildTestApp({
      demo: true,
      mailbox: true,
      env: { LOGIN_LIMIT_PER_ADDRESS: '20' },
    });
  });
  afterAll(() => t.close());

  describe('client addresses', () => {
    it('counts a rotating X-Forwarded-For under the connection’s address by default', async () => {
      const address = nextAddress('203.0.113');
      const answers: number[] = [];
      for (let i = 0; i < 21; i++) {
        const response = await login(`nobody.${i}@flowsight.test`, 'Wrong!2026x', address, {
          'x-forwarded-for': `192.0.2.${i + 1}`,
        });
        answers.push(response.statusCode);
      }
      expect(answers.slice(0, 20).every((status) => status === 401)).toBe(true);
      expect(answers[20]).toBe(429);
    });

    it('believes X-Forwarded-For only from the proxy TRUST_PROXY names', async () => {
      const proxied = await buildTestApp({
        env: { LOGIN_LIMIT_PER_ADDRESS: '3', TRUST_PROXY: '10.9.0.1' },
      });
      try {
        const attempt = (i: number, remoteAddress: string, forwardedFor: string) =>
          proxied.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: `nobody.${i}@flowsight.test`, password: 'Wrong!2026x' },
            remoteAddress,
            headers: { 'x-forwarded-for': forwardedFor },
          });
        const statuses = async (remoteAddress: string, forwardedFor: (i: number) => string) => {
          const answers: number[] = [];
          for (let i = 0; i < 4; i++)
            answers.push((await attempt(i, remoteAddress, forwardedFor(i))).statusCode);
          return answers;
        };
        // Through the proxy, each client is its own address…
        expect(await statuses('10.9.0.1', (i) => `192.0.2.${i + 1}`)).toEqual([401, 401, 401, 401]);
        // …and a client that sends its own header still counts under the address the proxy saw.
        expect(await statuses('10.9.0.1', (i) => `192.0.2.${i + 1}, 192.0.2.50`)).toEqual([
          401, 401, 401, 429,
        ]);
        // Anyone else's header is ignored.
        expect(await statuses('10.9.0.2', (i) => `192.0.2.${i + 100}`)).toEqual([
          401, 401, 401, 429,
        ]);
      } finally {
        await proxied.close();
      }
    });
  });

  describe('the second factor', () => {
    it('gives one user 10 code guesses an hour across all their challenges, from any address', async () => {
      const email = 'installer@flowsight.test';
      await enableMfa(email);
      const guesses: number[] = [];
      // Four challenges of three wrong codes each, every request from another address.
      for (let c = 0; c < 4; c++) {
        const token = await challenge(email);
        const { wrong } = codes(email);
        for (let g = 0; g < 3; g++) {
          guesses.push((await loginMfa(token, wrong, nextAddress())).statusCode);
        }
      }
      expect(guesses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(guesses.slice(10)).toEqual([429, 429]);
      // Even the right code of a fresh challenge is refused until the hour has passed.
      const token = await challenge(email);
      const refused = await loginMfa(token, codes(email).code, nextAddress());
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(45 * 60);
    });

    it('hands one user at most 5 challenges in 15 minutes', async () => {
      const email = 'company.admin@flowsight.test';
      await enableMfa(email);
      for (let i = 0; i < 5; i++) await challenge(email);
      const sixth = await login(email, demoPassword, nextAddress());
      expect(sixth.statusCode).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('keeps counting password failures until the code is right too', async () => {
      const mfaUser = 'multi@flowsight.test';
      await enableMfa(mfaUser);

      const attacker = nextAddress();
      for (let i = 0; i < 9; i++) {
        expect((await login(mfaUser, 'Wrong!2026x', attacker)).statusCode).toBe(401);
      }
      // The right password (the 10th attempt) opens a challenge, but a wrong code follows it.
      const token = await challenge(mfaUser, attacker);
      expect((await loginMfa(token, codes(mfaUser).wrong, attacker)).statusCode).toBe(401);
      // The failures were not forgiven: the 11th attempt is refused, right password or not.
      expect((await login(mfaUser, demoPassword, attacker)).statusCode).toBe(429);

      // A whole sign-in (password and code) does clear its address's failures.
      const owner = nextAddress();
      for (let i = 0; i < 9; i++) {
        expect((await login(mfaUser, 'Wrong!2026x', owner)).statusCode).toBe(401);
      }
      const ownToken = await challenge(mfaUser, owner);
      expect((await loginMfa(ownToken, codes(mfaUser).code, owner)).statusCode).toBe(200);
      await challenge(mfaUser, owner);
    });

    it('makes a browser known only once its second factor is solved', async () => {
      const email = 'restricted.admin@flowsight.test';
      await enableMfa(email);
      const address = nextAddress();
      const passwordStep = await login(email, demoPassword, address);
      expect(passwordStep.json().mfa_enabled).toBe(true);
      expect(passwordStep.headers['set-cookie']).toBeUndefined();
      const solved = await loginMfa(passwordStep.json().mfa_token, codes(email).code, address);
      expect(solved.statusCode).toBe(200);
      const browser = deviceCookie(solved);
      expect(browser).not.toBe('');

      expect(await spreadGuesses(email, 100)).toEqual(Array(100).fill(401));
      expect((await login(email, demoPassword, nextAddress())).statusCode).toBe(429);
      // The known browser passes the account-wide bound and is asked for its code as always.
      const again = await login(email, demoPassword, nextAddress(), { cookie: browser });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().mfa_enabled).toBe(true);
    }, 60_000);
  });

  describe('passwords', () => {
    it('does not let ten failures from one address lock the owner out at another', async () => {
      const email = 'manager@flowsight.test';
      const attacker = nextAddress();
      for (let i = 0; i < 10; i++) {
        expect((await login(email, 'Wrong!2026x', attacker)).statusCode).toBe(401);
      }
      const stopped = await login(email, demoPassword, attacker);
      expect(stopped.statusCode).toBe(429);
      expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
      expect((await login(email, demoPassword, nextAddress())).statusCode).toBe(200);
    });

    it('stops a guess spread over many addresses after 100 failures an hour, but not the owner’s known browser', async () => {
      const email = 'support@flowsight.test';
      // The owner signed in earlier from their browser, which keeps the known-device cookie.
      const earlier = await login(email, demoPassword, nextAddress());
      expect(earlier.statusCode).toBe(200);
      const setCookie = String(earlier.headers['set-cookie']);
      expect(setCookie).toMatch(/^flowsight_device=[\w.~-]+; Path=\/api\/auth; Max-Age=7776000;/);
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Strict');
      const browser = deviceCookie(earlier);

      // 20 addresses × 5 failures: no address comes near its own bound of 10.
      expect(await spreadGuesses(email, 100)).toEqual(Array(100).fill(401));
      // The 101st, from yet another address and with the right password, is refused too.
      const refused = await login(email, demoPassword, nextAddress('192.0.2'));
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(45 * 60);
      // So is a browser whose cookie was altered, or names another account.
      const signatureAt = browser.lastIndexOf('.') + 1;
      const altered = `${browser.slice(0, signatureAt)}${browser[signatureAt] === 'A' ? 'B' : 'A'}${browser.slice(signatureAt + 1)}`;
      expect(
        (await login(email, demoPassword, nextAddress(), { cookie: altered })).statusCode,
      ).toBe(429);
      const other = deviceCookie(await login('admin@flowsight.test', demoPassword, nextAddress()));
      expect((await login(email, demoPassword, nextAddress(), { cookie: other })).statusCode).toBe(
        429,
      );
      // The owner's browser, from a new address, signs in.
      const owner = await login(email, demoPassword, nextAddress(), { cookie: browser });
      expect(owner.statusCode, owner.body).toBe(200);
      expect(owner.json().access_token).toEqual(expect.any(String));
      // A guesser holding the owner's cookie still meets the device's own bound.
      const guesses: number[] = [];
      for (let a = 0; a < 5; a++) {
        const address = nextAddress('198.18.0');
        for (let i = 0; i < 5; i++) {
          guesses.push(
            (await login(email, `Wrong!${a}y${i}`, address, { cookie: browser })).statusCode,
          );
        }
      }
      expect(guesses.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(guesses.slice(20)).toEqual(Array(5).fill(429));
    }, 60_000);

    it('lets no single address lock the owner out, however fast it guesses', async () => {
      const email = 'technician@flowsight.test';
      const attacker = nextAddress();
      const answers = await Promise.all(
        Array.from({ length: 150 }, (_, i) => login(email, `Wrong!${i}x`, attacker)),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(140);
      // The 140 refused guesses counted against nobody else: the owner, from two other
      // addresses and a browser that never signed in, signs in.
      for (const address of [nextAddress(), nextAddress()]) {
        const owner = await login(email, demoPassword, address);
        expect(owner.statusCode, owner.body).toBe(200);
      }
    }, 60_000);

    it('counts only failures under an address: sign-ins that succeed use none of its budget', async () => {
      // Behind a proxy without TRUST_PROXY every user shares one address (bound: 20 here).
      const office = nextAddress('203.0.113');
      for (let i = 0; i < 25; i++) {
        const signedIn = await login('tester@flowsight.test', demoPassword, office);
        expect(signedIn.statusCode, `sign-in ${i + 1}`).toBe(200);
      }
      const failures: number[] = [];
      for (let i = 0; i < 21; i++) {
        failures.push(
          (await login(`nobody.${i}@flowsight.test`, 'Wrong!2026x', office)).statusCode,
        );
      }
      expect(failures.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(failures[20]).toBe(429);
    }, 60_000);

    it('limits change-password guesses like sign-in', async () => {
      const email = 'other.admin@flowsight.test';
      const change = (oldPassword: string, remoteAddress: string, token: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          payload: { oldPassword, newPassword: 'Changed!2026x' },
          headers: { authorization: `Bearer ${token}` },
          remoteAddress,
        });
      const token = await t.signIn(email);
      const address = nextAddress();
      for (let i = 0; i < 10; i++) {
        const wrong = await change(`Wrong!2026x${i}`, address, token);
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().message).toBe('Old password is not correct');
      }
      const limited = await change(demoPassword, address, token);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Too many attempts. Please try again later.',
      });
      // They count with sign-in's: the same account and address cannot sign in either.
      expect((await login(email, demoPassword, address)).statusCode).toBe(429);
    });
  });
});

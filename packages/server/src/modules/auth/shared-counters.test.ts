// Two server instances on one database (as two replicas would be) share their attempt counters:
// the limit holds across them instead of multiplying by the replica count (docs/decisions.md,
// "Rate limits are counted in the database").
import { authMessages } from '@flowsight/domain/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../testing/app.ts';
import { createTestDatabase } from '../../testing/database.ts';

describe('attempt counters shared by the instances on one database', () => {
  let database: DatabaseHandle;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    a = await buildTestApp({ database });
    b = await buildTestApp({ database });
  });
  // Each TestApp would close the database it was given: the apps close, then the database once.
  afterAll(async () => {
    await a.app.close();
    await b.app.close();
    await database.close();
  });

  const login = (t: TestApp, email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'not-the-password' },
      remoteAddress,
    });

  it('refuses on B the guess after the limit that A counted', async () => {
    const email = 'shared-counter@example.com';
    // Ten wrong passwords per account and address (identityRateLimits), all through A.
    for (let i = 0; i < 10; i++) {
      expect((await login(a, email, '198.51.100.7')).statusCode).toBe(401);
    }
    const refused = await login(b, email, '198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(authMessages.tooManyAttempts);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The account from another address is still open on either instance.
    expect((await login(b, email, '198.51.100.8')).statusCode).toBe(401);
  });

  it('splits forgot-password requests over A and B and still holds five per account', async () => {
    const forgot = (t: TestApp, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password-email',
        payload: { email: 'forgetful@example.com' },
        remoteAddress: `203.0.113.${i + 1}`,
      });
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await forgot(i % 2 ? b : a, i)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, createTokenService } from './tokens.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const tokens = createTokenService(SECRET);
const key = new TextEncoder().encode(SECRET);
const claims = { userId: 42, roleId: 7, tokenVersion: 3 };
const nowS = () => Math.floor(Date.now() / 1000);

/** A token signed by jose with the given header and payload changes. */
const joseToken = (
  payload: Record<string, unknown> = {},
  header: { alg: string; [k: string]: unknown } = { alg: 'HS256' },
  secret = key,
) =>
  new SignJWT({
    rid: 7,
    tv: 3,
    sub: '42',
    iss: 'flowsight',
    jti: 'token-1',
    exp: nowS() + 600,
    ...payload,
  })
    .setProtectedHeader(header)
    .sign(secret);

const refusal = async (token: string) => {
  try {
    await tokens.verify(token);
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('access tokens', () => {
  it('signs an HS256 JWT that jose verifies, with the claims, an id and a 12-hour expiry', async () => {
    const now = new Date('2026-11-25T06:00:00Z');
    const token = await tokens.sign(claims, now);
    const { payload, protectedHeader } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: 'flowsight',
      currentDate: now,
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ sub: '42', rid: 7, tv: 3 });
    expect(payload.jti).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(payload.exp).toBe((payload.iat ?? 0) + ACCESS_TOKEN_TTL_SECONDS);
    expect(await tokens.verify(token, now)).toEqual({
      ...claims,
      tokenId: payload.jti,
      expiresAt: new Date((payload.exp ?? 0) * 1000),
    });
    // Every token has its own id, so signing out can end one and not the others.
    expect((await tokens.verify(await tokens.sign(claims, now), now)).tokenId).not.toBe(
      payload.jti,
    );
  });

  it('verifies a token jose signed with the same key', async () => {
    expect(await tokens.verify(await joseToken())).toMatchObject({ ...claims, tokenId: 'token-1' });
  });

  it('refuses tokens that are not ours', async () => {
    const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const good = await joseToken();
    const [header = '', payload = '', signature = ''] = good.split('.');
    const forgedPayload = encode({ rid: 1, tv: 3, sub: '1', iss: 'flowsight', exp: nowS() + 600 });
    const cases = {
      'not a JWT': 'not-a-jwt',
      'four parts': `${good}.x`,
      'alg none': `${encode({ alg: 'none' })}.${payload}.`,
      'another key': await joseToken(
        {},
        { alg: 'HS256' },
        new TextEncoder().encode('x'.repeat(40)),
      ),
      HS512: await joseToken({}, { alg: 'HS512' }),
      'changed payload': `${header}.${forgedPayload}.${signature}`,
      'short signature': `${header}.${payload}.${signature.slice(0, 20)}`,
      'signature not base64url': `${header}.${payload}.${signature.slice(0, -1)}=`,
      'critical header': await joseToken({}, { alg: 'HS256', crit: ['b64'], b64: true }),
      'another issuer': await joseToken({ iss: 'someone-else' }),
      'no expiry': await joseToken({ exp: undefined }),
      'issued in the future': await joseToken({ iat: nowS() + 3600 }),
      'not valid yet': await joseToken({ nbf: nowS() + 3600 }),
      'subject not a number': await joseToken({ sub: 'admin' }),
      'no role': await joseToken({ rid: undefined }),
      'no token id': await joseToken({ jti: undefined }),
    };
    for (const [name, token] of Object.entries(cases)) {
      expect([name, await refusal(token)]).toEqual([name, 'Invalid token']);
    }
  });

  it('says an expired but genuine token has expired', async () => {
    expect(await refusal(await joseToken({ exp: nowS() - 1 }))).toBe('Session expired');
    const signed = await tokens.sign(claims, new Date(Date.now() - 13 * 3600_000));
    expect(await refusal(signed)).toBe('Session expired');
  });
});

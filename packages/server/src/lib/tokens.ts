// Access tokens: HS256 JWTs (algorithm pinned on both sides) naming the user, the active role and
// the user's token version, with a random id (`jti`). Bumping the version in the database refuses
// every older token of the user; signing out refuses one token by its id.
//
// Every API call verifies one, so this is node:crypto's synchronous HMAC rather than a JOSE
// library on WebCrypto: the same check (header algorithm, signature compared in constant time,
// issuer, expiry) in a few microseconds instead of an asynchronous job per request. The tests
// check tokens both ways against `jose`.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Unauthorized } from './errors.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 12 * 60 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'flowsight';
/** Seconds of clock difference tolerated for `nbf` and `iat`. */
const LEEWAY_S = 30;

export type AccessClaims = { userId: number; roleId: number; tokenVersion: number };
/** What a verified token says: its claims, its id and when it expires. */
export type VerifiedToken = AccessClaims & { tokenId: string; expiresAt: Date };

const encodePart = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const BASE64URL = /^[A-Za-z0-9_-]*$/;

function decodePart(part: string): Record<string, unknown> | undefined {
  if (!BASE64URL.test(part)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function createTokenService(secret: string) {
  const mac = (input: string) => createHmac('sha256', secret).update(input).digest();
  const invalid = () => new Unauthorized('Invalid token');

  return {
    async sign(claims: AccessClaims, now = new Date()): Promise<string> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const signed = `${encodePart({ alg: ALGORITHM, typ: 'JWT' })}.${encodePart({
        rid: claims.roleId,
        tv: claims.tokenVersion,
        sub: String(claims.userId),
        iss: ISSUER,
        jti: randomBytes(16).toString('base64url'),
        iat: issuedAt,
        exp: issuedAt + ACCESS_TOKEN_TTL_SECONDS,
      })}`;
      return `${signed}.${mac(signed).toString('base64url')}`;
    },

    /** Verifies signature, algorithm, issuer and expiry; throws Unauthorized otherwise. */
    async verify(token: string, now = new Date()): Promise<VerifiedToken> {
      const parts = token.split('.');
      const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
      if (parts.length !== 3 || !BASE64URL.test(signaturePart)) throw invalid();
      const header = decodePart(headerPart);
      // Pinned algorithm; a critical extension we do not implement refuses the token (RFC 7515).
      if (header?.alg !== ALGORITHM || header.crit !== undefined) throw invalid();
      const expected = mac(`${headerPart}.${payloadPart}`);
      const given = Buffer.from(signaturePart, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
      const payload = decodePart(payloadPart);
      if (!payload || payload.iss !== ISSUER) throw invalid();
      const nowS = Math.floor(now.getTime() / 1000);
      const { exp, nbf, iat } = payload;
      if (typeof exp !== 'number') throw invalid();
      if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowS + LEEWAY_S)) throw invalid();
      if (iat !== undefined && (typeof iat !== 'number' || iat > nowS + LEEWAY_S)) throw invalid();
      if (exp <= nowS) throw new Unauthorized('Session expired');
      const userId = Number(payload.sub);
      const { rid, tv, jti } = payload;
      if (
        typeof payload.sub !== 'string' ||
        !Number.isInteger(userId) ||
        typeof rid !== 'number' ||
        typeof tv !== 'number' ||
        typeof jti !== 'string' ||
        jti === ''
      ) {
        throw invalid();
      }
      return {
        userId,
        roleId: rid,
        tokenVersion: tv,
        tokenId: jti,
        expiresAt: new Date(exp * 1000),
      };
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

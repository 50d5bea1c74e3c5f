// Access tokens: HS256 JWTs (algorithm pinned on both sides) naming the user, the active role and
// the user's token version. Bumping the version in the database refuses every older token.
import { errors, jwtVerify, SignJWT } from 'jose';
import { Unauthorized } from './errors.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 12 * 60 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'flowsight';

export type AccessClaims = { userId: number; roleId: number; tokenVersion: number };

export function createTokenService(secret: string) {
  // Imported once: given raw bytes, jose would import the key again for every token.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async sign(claims: AccessClaims, now = new Date()): Promise<string> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ rid: claims.roleId, tv: claims.tokenVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(await key);
    },

    /** Verifies signature, algorithm, issuer and expiry; throws Unauthorized otherwise. */
    async verify(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
        });
        const userId = Number(payload.sub);
        const { rid, tv } = payload;
        if (!Number.isInteger(userId) || typeof rid !== 'number' || typeof tv !== 'number') {
          throw new Unauthorized('Invalid token');
        }
        return { userId, roleId: rid, tokenVersion: tv };
      } catch (error) {
        if (error instanceof Unauthorized) throw error;
        if (error instanceof errors.JWTExpired) throw new Unauthorized('Session expired');
        throw new Unauthorized('Invalid token');
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

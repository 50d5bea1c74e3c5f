// One-time secrets (reset, invitation, MFA and email-action tokens): generated from the CSPRNG,
// handed out once, stored only as a SHA-256 hash.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 bits, URL-safe. */
export const newSecretToken = () => randomBytes(32).toString('base64url');

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A 6-digit code, uniformly drawn. */
export const newNumericCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

// The Standard Webhooks signature (https://www.standardwebhooks.com): each delivery carries
// `webhook-id` (the message's id, the same on every retry), `webhook-timestamp` (Unix seconds of
// this attempt) and `webhook-signature`, `v1,` and the base64 HMAC-SHA256 of
// `${id}.${timestamp}.${body}` keyed with the secret's bytes (the base64 after `whsec_`).
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
/** Bytes of a new signing secret (the specification asks for 24 to 64). */
const SECRET_BYTES = 32;

/** A new signing secret: `whsec_` and the base64 of 32 random bytes. */
export const newSigningSecret = () =>
  `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;

/** A new message id (`msg_` and 24 random bytes in base64url). */
export const newMessageId = () => `msg_${randomBytes(18).toString('base64url')}`;

/** The HMAC key of a secret: its base64 part decoded. */
function keyOf(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, 'base64');
}

/** The `webhook-signature` value of one body: `v1,<base64 HMAC-SHA256>`. */
export function signature(secret: string, id: string, timestampSeconds: number, body: string) {
  const mac = createHmac('sha256', keyOf(secret))
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/** The three headers of a delivery attempt at `at`. */
export function signedHeaders(secret: string, id: string, at: Date, body: string) {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature(secret, id, timestamp, body),
  };
}

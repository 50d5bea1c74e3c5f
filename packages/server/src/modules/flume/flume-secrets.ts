// Seals a Flume account's client secret and password at rest with AES-256-GCM: a fresh
// 96-bit IV per value and the 128-bit authentication tag, so a value sealed under one key is
// refused under another (an error, never garbage). The key is FLUME_SECRET_KEY, or one generated
// once into DATA_DIR by config's persistentSecret, as the JWT secret is.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type AppConfig, persistentSecret } from '../../config.ts';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Sealed values read `v1.<iv>.<tag>.<ciphertext>` (base64url), so the format can change later. */
const VERSION = 'v1';
const KEY_FILE = 'flume-secret-key';

/** A secret that could not be opened; its message never contains the value or the key. */
export class FlumeSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FlumeSecretError';
  }
}

export type FlumeSecretBox = {
  seal(plain: string): string;
  open(sealed: string): string;
};

/** The key from configuration, or the one generated once into DATA_DIR. */
export function flumeSecretKey(config: Pick<AppConfig, 'dataDir' | 'flumeSecretKey'>): Buffer {
  const encoded =
    config.flumeSecretKey ??
    persistentSecret(config.dataDir, KEY_FILE, () => randomBytes(32).toString('base64'));
  const key = Buffer.from(encoded, 'base64');
  if (key.length !== 32) {
    throw new FlumeSecretError(`The Flume secret key must be 32 bytes (it is ${key.length})`);
  }
  return key;
}

export function createFlumeSecretBox(key: Buffer): FlumeSecretBox {
  if (key.length !== 32) throw new FlumeSecretError('The Flume secret key must be 32 bytes');
  return {
    seal: (plain) => seal(key, plain),
    open: (sealed) => open(key, sealed),
  };
}

function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

function open(key: Buffer, sealed: string): string {
  const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
    throw new FlumeSecretError('The stored Flume secret is not in a form this server can read');
  }
  if (rest.length > 0) {
    throw new FlumeSecretError('The stored Flume secret is not in a form this server can read');
  }
  try {
    const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    throw new FlumeSecretError(
      'The stored Flume secret could not be opened with this key (was FLUME_SECRET_KEY changed?)',
    );
  }
}

// Seals secrets kept at rest (a Flume account's password, a webhook's signing secret) with
// AES-256-GCM: a fresh 96-bit IV per value and the 128-bit authentication tag, so a value sealed
// under one key is refused under another (an error, never garbage). Each user names what it seals
// and the setting its key comes from, for error messages that never contain the value or the key.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type AppConfig, persistentSecret } from '../config.ts';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Sealed values read `v1.<iv>.<tag>.<ciphertext>` (base64url), so the format can change later. */
const VERSION = 'v1';

export type SealedBox = {
  seal(plain: string): string;
  open(sealed: string): string;
};

export type SealedBoxNaming = {
  /** What is sealed, in messages: "Flume secret". */
  readonly what: string;
  /** The setting the key comes from: "FLUME_SECRET_KEY". */
  readonly keyVariable: string;
  /** The error thrown when a value cannot be opened or the key is wrong. */
  readonly error: new (
    message: string,
  ) => Error;
};

/** The configured key (base64 of 32 bytes), or one generated once into DATA_DIR's `keyFile`. */
export function sealingKey(
  config: Pick<AppConfig, 'dataDir'>,
  configured: string | undefined,
  keyFile: string,
  naming: SealedBoxNaming,
): Buffer {
  const encoded =
    configured ??
    persistentSecret(config.dataDir, keyFile, () => randomBytes(32).toString('base64'));
  const key = Buffer.from(encoded, 'base64');
  if (key.length !== 32) {
    throw new naming.error(`The ${naming.what} key must be 32 bytes (it is ${key.length})`);
  }
  return key;
}

export function createSealedBox(key: Buffer, naming: SealedBoxNaming): SealedBox {
  if (key.length !== 32) throw new naming.error(`The ${naming.what} key must be 32 bytes`);
  return {
    seal: (plain) => seal(key, plain),
    open: (sealed) => open(key, sealed, naming),
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

function open(key: Buffer, sealed: string, naming: SealedBoxNaming): string {
  const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
  const unreadable = `The stored ${naming.what} is not in a form this server can read`;
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
    throw new naming.error(unreadable);
  }
  if (rest.length > 0) throw new naming.error(unreadable);
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
    throw new naming.error(
      `The stored ${naming.what} could not be opened with this key (was ${naming.keyVariable} changed?)`,
    );
  }
}

// Seals a Flume account's client secret and password at rest (`lib/sealed-box.ts`, AES-256-GCM).
// The key is FLUME_SECRET_KEY, or one generated once into DATA_DIR by config's persistentSecret,
// as the JWT secret is.
import type { AppConfig } from '../../config.ts';
import { createSealedBox, type SealedBox, sealingKey } from '../../lib/sealed-box.ts';

const KEY_FILE = 'flume-secret-key';

/** A secret that could not be opened; its message never contains the value or the key. */
export class FlumeSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FlumeSecretError';
  }
}

const naming = {
  what: 'Flume secret',
  keyVariable: 'FLUME_SECRET_KEY',
  error: FlumeSecretError,
} as const;

export type FlumeSecretBox = SealedBox;

/** The key from configuration, or the one generated once into DATA_DIR. */
export function flumeSecretKey(config: Pick<AppConfig, 'dataDir' | 'flumeSecretKey'>): Buffer {
  return sealingKey(config, config.flumeSecretKey, KEY_FILE, naming);
}

export function createFlumeSecretBox(key: Buffer): FlumeSecretBox {
  return createSealedBox(key, naming);
}

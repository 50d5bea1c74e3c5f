// Sealing a Flume account's secrets at rest: round trip, a fresh IV each time, a wrong key or a
// tampered value refused with words that carry no secret, and the key generated once into DATA_DIR.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createFlumeSecretBox, FlumeSecretError, flumeSecretKey } from './flume-secrets.ts';

const PASSWORD = 'Tr0ub4dor&3-flume';
const dirs: string[] = [];

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'flume-secrets-'));
  dirs.push(dir);
  return dir;
}

function openError(open: () => string): FlumeSecretError {
  try {
    open();
  } catch (error) {
    expect(error).toBeInstanceOf(FlumeSecretError);
    return error as FlumeSecretError;
  }
  throw new Error('the sealed value was opened');
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('Flume secrets', () => {
  it('round-trips a secret, sealing it differently each time and never in clear', () => {
    const box = createFlumeSecretBox(randomBytes(32));
    const first = box.seal(PASSWORD);
    const second = box.seal(PASSWORD);
    expect(first).not.toBe(second);
    expect(first).not.toContain(PASSWORD);
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(box.open(first)).toBe(PASSWORD);
    expect(box.open(box.seal(''))).toBe('');
    expect(box.open(box.seal('clé ünïcode ✓'))).toBe('clé ünïcode ✓');
  });

  it('refuses a value sealed under another key, with words and no secret', () => {
    const key = randomBytes(32);
    const sealed = createFlumeSecretBox(key).seal(PASSWORD);
    const error = openError(() => createFlumeSecretBox(randomBytes(32)).open(sealed));
    expect(error.message).toBe(
      'The stored Flume secret could not be opened with this key (was FLUME_SECRET_KEY changed?)',
    );
    expect(`${error.message} ${error.stack}`).not.toContain(PASSWORD);
    expect(error.message).not.toContain(key.toString('base64'));
  });

  it('refuses a tampered or malformed value', () => {
    const box = createFlumeSecretBox(randomBytes(32));
    const [version, iv, tag, ciphertext] = box.seal(PASSWORD).split('.');
    const flipped = Buffer.from(ciphertext ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow(
      FlumeSecretError,
    );
    expect(openError(() => box.open(PASSWORD)).message).toBe(
      'The stored Flume secret is not in a form this server can read',
    );
  });

  it('takes the key from FLUME_SECRET_KEY', () => {
    const key = randomBytes(32);
    const config = loadConfig({ DATA_DIR: dataDir(), FLUME_SECRET_KEY: key.toString('base64') });
    expect(flumeSecretKey(config).equals(key)).toBe(true);
  });

  it('refuses a FLUME_SECRET_KEY that is not 32 bytes in base64', () => {
    const short = randomBytes(16).toString('base64');
    expect(() => loadConfig({ FLUME_SECRET_KEY: short })).toThrow(ConfigError);
    expect(() => loadConfig({ FLUME_SECRET_KEY: short })).toThrow(/^Invalid FLUME_SECRET_KEY/);
  });

  it('without FLUME_SECRET_KEY, generates a key once into DATA_DIR and keeps it', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    const key = flumeSecretKey(config);
    expect(key).toHaveLength(32);
    expect(readFileSync(join(dir, 'flume-secret-key'), 'utf8').trim()).toBe(key.toString('base64'));
    const sealed = createFlumeSecretBox(key).seal(PASSWORD);
    const again = flumeSecretKey(loadConfig({ DATA_DIR: dir }));
    expect(createFlumeSecretBox(again).open(sealed)).toBe(PASSWORD);
  });

  it('reads the Flume API base URL from FLUME_API_URL, by default the public one', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).flumeApiUrl).toBe('https://api.flumewater.com');
    expect(
      loadConfig({ DATA_DIR: dataDir(), FLUME_API_URL: 'http://127.0.0.1:9999/' }).flumeApiUrl,
    ).toBe('http://127.0.0.1:9999');
  });
});

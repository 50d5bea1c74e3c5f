// Where uploaded files' bytes live, behind one interface: files under DATA_DIR/uploads by default,
// or an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …) when UPLOADS_S3_BUCKET is set.
// Keys are made by the upload service, never taken from a request. The S3 store is s3-store.ts.
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { UploadsStorageConfig } from '../../config.ts';

export type UploadStore = {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes as a stream, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Readable | undefined>;
  /** Removes the file; a key with nothing stored is not an error. */
  delete(key: string): Promise<void>;
};

const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/** Refuses a key that could leave the store's folder or name something odd in a bucket. */
export function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid upload storage key: ${key}`);
  return key;
}

/** Files in a folder, one per key (the key's slashes become sub-folders). */
export function createFileStore(root: string): UploadStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(join(base, checkedKey(key)));
    if (!path.startsWith(base + sep))
      throw new Error(`upload storage key leaves the store: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes, { mode: 0o600 });
    },
    async get(key) {
      const path = pathOf(key);
      const found = await stat(path).catch(() => undefined);
      return found?.isFile() ? createReadStream(path) : undefined;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/**
 * The store the configuration names. The S3 client is loaded only when a bucket is configured: the
 * AWS SDK is large, and the default (a folder) does without it.
 */
export async function createUploadStore(config: UploadsStorageConfig): Promise<UploadStore> {
  if (!config.s3) return createFileStore(config.dir);
  const { createS3Store } = await import('./s3-store.ts');
  return createS3Store(config.s3);
}

// The upload stores behind their one interface: the folder store; the S3 store (the AWS SDK
// client, run in a child process) against a small in-test fake of S3's PUT, GET and DELETE calls;
// and the configuration choosing between them.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { DEFAULT_UPLOAD_MAX_BYTES } from '@flowsight/domain/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createFileStore, createUploadStore, type UploadStore } from './upload-store.ts';

const read = async (stream: Readable | undefined) => {
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

const body = async (request: IncomingMessage) => read(request);
const run = promisify(execFile);

/** What the fake bucket holds and what it was asked: one object per path. */
type FakeS3 = { objects: Map<string, Buffer>; requests: string[]; types: string[] };

function startFakeS3(): Promise<{ server: Server; url: string; fake: FakeS3 }> {
  const fake: FakeS3 = { objects: new Map(), requests: [], types: [] };
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent((request.url ?? '').split('?')[0] ?? '');
    fake.requests.push(
      `${request.method} ${path} ${request.headers.authorization ? 'signed' : ''}`,
    );
    if (request.method === 'PUT') {
      fake.objects.set(path, (await body(request)) ?? Buffer.alloc(0));
      fake.types.push(request.headers['content-type'] ?? '');
      response.writeHead(200, { etag: '"fake"' }).end();
    } else if (request.method === 'GET') {
      const object = fake.objects.get(path);
      if (!object) {
        response
          .writeHead(404, { 'content-type': 'application/xml' })
          .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
        return;
      }
      response.writeHead(200, { 'content-length': object.length }).end(object);
    } else if (request.method === 'DELETE') {
      fake.objects.delete(path);
      response.writeHead(204).end();
    } else {
      response.writeHead(405).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        fake,
      }),
    ),
  );
}

/** The interface's promise, whichever store keeps it. */
async function keepsFiles(store: UploadStore) {
  const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
  await store.put('company-1/building-2/a1b2', photo, 'image/jpeg');
  expect(await read(await store.get('company-1/building-2/a1b2'))).toEqual(photo);
  expect(await store.get('company-1/building-2/missing')).toBeUndefined();
  await store.delete('company-1/building-2/a1b2');
  expect(await store.get('company-1/building-2/a1b2')).toBeUndefined();
  await expect(store.delete('company-1/building-2/a1b2')).resolves.toBeUndefined();
  await expect(store.put('../escape', photo, 'image/jpeg')).rejects.toThrow(/invalid upload/);
}

describe('folder store', () => {
  it('puts, gets and deletes files under its folder, and refuses keys that leave it', async () => {
    await keepsFiles(createFileStore(mkdtempSync(join(tmpdir(), 'flowsight-uploads-'))));
  });
});

/**
 * The S3 store's steps, run in a plain Node process: the test runner resolves packages with the
 * bundlers' `module` condition, under which the AWS SDK's ES build cannot load in Node.
 */
const S3_STEPS = `
const { createS3Store } = await import(process.env.STORE_MODULE);
const store = createS3Store(JSON.parse(process.env.S3_CONFIG));
const read = async (stream) => {
  if (!stream) return null;
  const chunks = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('latin1');
};
const key = 'company-1/building-2/c3d4';
const steps = [];
await store.put(key, Buffer.from('%PDF-1.7'), 'application/pdf');
steps.push(await read(await store.get(key)));
steps.push(await read(await store.get('company-1/building-2/missing')));
await store.delete(key);
steps.push(await read(await store.get(key)));
await store.delete(key);
steps.push(await store.put('../escape', Buffer.from('x'), 'text/plain').then(() => 'stored', (e) => e.message));
console.log(JSON.stringify(steps));
`;

describe('S3 store', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(() => new Promise<void>((resolve) => s3.server.close(() => resolve())));

  it('keeps files as signed, path-style objects of the bucket under the prefix', async () => {
    const config = {
      bucket: 'flowsight-photos',
      endpoint: s3.url,
      region: 'us-east-1',
      accessKeyId: 'test-key',
      secretAccessKey: 'test-secret',
      prefix: 'staging/',
      forcePathStyle: true,
    };
    const { stdout } = await run(
      process.execPath,
      ['--conditions=@flowsight/source', '--input-type=module', '-e', S3_STEPS],
      {
        env: {
          ...process.env,
          STORE_MODULE: join(import.meta.dirname, 's3-store.ts'),
          S3_CONFIG: JSON.stringify(config),
        },
      },
    );
    expect(JSON.parse(stdout)).toEqual([
      '%PDF-1.7',
      null,
      null,
      'invalid upload storage key: ../escape',
    ]);
    const object = '/flowsight-photos/staging/company-1/building-2/c3d4';
    expect(s3.fake.requests).toEqual([
      `PUT ${object} signed`,
      `GET ${object} signed`,
      'GET /flowsight-photos/staging/company-1/building-2/missing signed',
      `DELETE ${object} signed`,
      `GET ${object} signed`,
      `DELETE ${object} signed`,
    ]);
    expect(s3.fake.types).toEqual(['application/pdf']);
    expect(s3.fake.objects.size).toBe(0);
  });
});

describe('upload configuration', () => {
  const base = {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'flowsight-data-')),
    JWT_SECRET: 'x'.repeat(32),
  };

  it('keeps files in DATA_DIR/uploads up to 10 MB by default', async () => {
    const config = loadConfig(base);
    expect(config.uploadsMaxBytes).toBe(DEFAULT_UPLOAD_MAX_BYTES);
    expect(config.uploads).toEqual({ dir: join(base.DATA_DIR, 'uploads') });
    await keepsFiles(await createUploadStore(config.uploads));
  });

  it('uses a bucket when UPLOADS_S3_BUCKET is set, and refuses bad values by name', () => {
    const config = loadConfig({
      ...base,
      UPLOADS_MAX_BYTES: '5242880',
      UPLOADS_S3_BUCKET: 'photos',
      UPLOADS_S3_ENDPOINT: 'http://minio:9000',
      UPLOADS_S3_ACCESS_KEY_ID: 'key',
      UPLOADS_S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.uploadsMaxBytes).toBe(5_242_880);
    expect(config.uploads.s3).toEqual({
      bucket: 'photos',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      prefix: '',
      forcePathStyle: true,
    });
    expect(() => loadConfig({ ...base, UPLOADS_MAX_BYTES: 'ten' })).toThrow(
      new ConfigError('Invalid UPLOADS_MAX_BYTES: Invalid input: expected number, received NaN'),
    );
    expect(() => loadConfig({ ...base, UPLOADS_S3_PREFIX: 'no-slash' })).toThrow(
      /^Invalid UPLOADS_S3_PREFIX/,
    );
  });
});

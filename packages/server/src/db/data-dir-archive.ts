// The embedded database's backup file: its data directory (a PostgreSQL data directory) as a
// gzip'd tar in the layout PGlite's own `dumpDataDir` writes (entries `/PG_VERSION`,
// `/base/1/112`, …), so `PGlite.create({ loadDataDir })` opens it too. Written and read as
// streams, one file at a time: a data directory of gigabytes never sits in memory, as it would in
// `dumpDataDir`'s tarball.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const BLOCK = 512;

function octal(block: Buffer, value: number, offset: number, length: number): void {
  block.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
}

/** A ustar header: a file ('0') or a directory ('5'). */
function header(name: string, type: '0' | '5', size: number, mode: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`path too long for the archive: ${name}`);
  block.write(name, 0, 100, 'utf8');
  octal(block, mode & 0o7777, 100, 8);
  octal(block, 0, 108, 8);
  octal(block, 0, 116, 8);
  octal(block, size, 124, 12);
  octal(block, Math.floor(mtime.getTime() / 1000), 136, 12);
  block.fill(0x20, 148, 156);
  block.write(type, 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

async function* entries(dir: string, root = dir): AsyncGenerator<Buffer> {
  const names = (await readdir(dir)).sort();
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path);
    const entry = `/${relative(root, path).split(sep).join('/')}`;
    if (info.isDirectory()) {
      yield header(entry, '5', 0, info.mode, info.mtime);
      yield* entries(path, root);
    } else if (info.isFile()) {
      yield header(entry, '0', info.size, info.mode, info.mtime);
      let written = 0;
      for await (const chunk of createReadStream(path)) {
        written += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
      // The caller keeps the database still while this runs: a file that changed is a bug.
      if (written !== info.size) throw new Error(`${entry} changed while it was archived`);
      if (written % BLOCK) yield Buffer.alloc(BLOCK - (written % BLOCK));
    }
  }
}

async function* archive(dir: string): AsyncGenerator<Buffer> {
  yield* entries(dir);
  yield Buffer.alloc(2 * BLOCK);
}

/** Writes the data directory `dir` as a gzip'd tar to `output` (ended when done). */
export async function writeDataDirArchive(dir: string, output: Writable): Promise<void> {
  // The fastest level: the database waits while the archive is written.
  await pipeline(Readable.from(archive(dir)), createGzip({ level: 1 }), output);
}

/** Reads exactly `n` bytes at a time from a stream (undefined at its clean end). */
function byteReader(stream: AsyncIterable<Buffer>) {
  const iterator = stream[Symbol.asyncIterator]();
  let buffer: Buffer = Buffer.alloc(0);
  const read = async (n: number): Promise<Buffer | undefined> => {
    while (buffer.length < n) {
      const next = await iterator.next();
      if (next.done) {
        if (buffer.length === 0) return undefined;
        throw new Error('the backup file is cut short');
      }
      buffer = buffer.length === 0 ? next.value : Buffer.concat([buffer, next.value]);
    }
    const bytes = buffer.subarray(0, n);
    buffer = buffer.subarray(n);
    return bytes;
  };
  return { read, close: async () => void (await iterator.return?.()) };
}

const field = (block: Buffer, offset: number, length: number) =>
  block
    .subarray(offset, offset + length)
    .toString('utf8')
    .replace(/\0.*$/s, '')
    .trim();

/**
 * Extracts a data directory archive (this module's, or PGlite's `dumpDataDir` with gzip) from
 * the file `file` into the empty or new directory `dir`; answers the number of files.
 */
export async function extractDataDirArchive(file: string, dir: string): Promise<number> {
  const root = resolve(dir);
  await mkdir(root, { recursive: true });
  const { read, close } = byteReader(createReadStream(file).pipe(createGunzip()));
  try {
    return await extractEntries(root, read);
  } finally {
    await close();
  }
}

async function extractEntries(
  root: string,
  read: (n: number) => Promise<Buffer | undefined>,
): Promise<number> {
  let files = 0;
  for (;;) {
    const block = await read(BLOCK);
    if (!block || block.every((byte) => byte === 0)) break;
    if (field(block, 257, 6) !== 'ustar') throw new Error('not a database backup (no tar header)');
    const prefix = field(block, 345, 155);
    const name = `${prefix ? `${prefix}/` : ''}${field(block, 0, 100)}`;
    const size = Number.parseInt(field(block, 124, 12) || '0', 8);
    const mode = Number.parseInt(field(block, 100, 8) || '600', 8) & 0o777;
    const type = field(block, 156, 1) || '0';
    const target = resolve(root, `.${name.startsWith('/') ? name : `/${name}`}`);
    if (target !== root && !target.startsWith(`${root}${sep}`)) {
      throw new Error(`the backup names a path outside its directory: ${name}`);
    }
    if (type === '5') {
      await mkdir(target, { recursive: true, mode: mode | 0o700 });
    } else if (type === '0') {
      await mkdir(resolve(target, '..'), { recursive: true });
      const output = createWriteStream(target, { mode: mode | 0o600 });
      async function* content() {
        for (let left = size; left > 0; ) {
          const piece = await read(Math.min(left, 1 << 20));
          if (!piece) throw new Error('the backup file is cut short');
          left -= piece.length;
          yield piece;
        }
      }
      await pipeline(Readable.from(content()), output);
      if (size % BLOCK) await read(BLOCK - (size % BLOCK));
      files++;
    } else {
      throw new Error(`unexpected entry in the backup: ${name} (type ${type})`);
    }
  }
  return files;
}

/** Reads a backup file to its end: throws when it is cut short or not a gzip'd tar. */
export async function checkArchive(file: string): Promise<void> {
  const { read, close } = byteReader(createReadStream(file).pipe(createGunzip()));
  try {
    for (;;) {
      const block = await read(BLOCK);
      if (!block) return;
      // The end blocks: read on to the gzip trailer, whose checksum proves the file whole.
      if (block.every((byte) => byte === 0)) continue;
      if (field(block, 257, 6) !== 'ustar') throw new Error('not a database backup');
      const size = Number.parseInt(field(block, 124, 12) || '0', 8);
      for (let left = Math.ceil(size / BLOCK) * BLOCK; left > 0; ) {
        const piece = await read(Math.min(left, 1 << 20));
        if (!piece) throw new Error('the backup file is cut short');
        left -= piece.length;
      }
    }
  } finally {
    await close();
  }
}

// How `npm run backup` reaches a running server's embedded database. PGlite opens its files in one
// process only, so while a server runs on DATA_DIR the server itself writes the backup: it listens
// on a Unix socket, DATA_DIR/backup.sock (mode 0600: only DATA_DIR's owner reaches it), and
// answers `dump` with the data directory's archive (db/data-dir-archive.ts), taken while the
// database is held still. The socket also tells `npm run restore` that a server is using the
// directory. Started with the server's jobs, when the database is the embedded one.
import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../../db/client.ts';
import { writeDataDirArchive } from '../../db/data-dir-archive.ts';
import type { Job, JobLog } from '../../lib/jobs.ts';
import { whileDatabaseStill } from './backup.repository.ts';

export const backupSocketPath = (dataDir: string) => join(dataDir, 'backup.sock');
/** The embedded database's files (app.ts opens PGlite there). */
export const embeddedDatabaseDir = (dataDir: string) => join(dataDir, 'pglite');

/** The archive of the embedded database in `dataDir`, written to `output`, the database still. */
export function dumpEmbedded(db: Database, dataDir: string, output: Writable): Promise<void> {
  return whileDatabaseStill(db, () => writeDataDirArchive(embeddedDatabaseDir(dataDir), output));
}

export function createBackupChannel(options: { db: Database; dataDir: string; log: JobLog }): Job {
  let server: Server | undefined;
  const answer = (socket: Socket) => {
    socket.once('data', (request) => {
      if (request.toString().trim() !== 'dump') {
        socket.end();
        return;
      }
      const started = performance.now();
      dumpEmbedded(options.db, options.dataDir, socket).then(
        () =>
          options.log.info(
            `backup: the embedded database was written to a backup (held still ${Math.round(performance.now() - started)} ms)`,
          ),
        (error: unknown) => {
          options.log.warn({ err: error }, 'backup of the embedded database failed');
          socket.destroy();
        },
      );
    });
    socket.on('error', () => {});
  };
  return {
    async start() {
      if (server) return;
      const path = backupSocketPath(options.dataDir);
      // A socket file left by a server that died answers nobody: replace it.
      if (existsSync(path) && !(await runningServer(options.dataDir)))
        rmSync(path, { force: true });
      const listening = createServer(answer);
      await new Promise<void>((resolve) => {
        listening.once('error', (error) => {
          options.log.warn({ err: error }, `backup socket ${path} not opened`);
          resolve();
        });
        listening.listen(path, () => {
          // Only DATA_DIR's owner may ask for its database.
          chmodSync(path, 0o600);
          server = listening;
          resolve();
        });
      });
    },
    async stop() {
      const closing = server;
      server = undefined;
      if (closing) await new Promise((resolve) => closing.close(resolve));
    },
  };
}

/** True when a server answers on DATA_DIR's backup socket. */
export function runningServer(dataDir: string): Promise<boolean> {
  const path = backupSocketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Asks the server running on `dataDir` for a backup, written to `output`. A server that fails
 * mid-way closes the socket: the caller checks the file is whole (`checkArchive`).
 */
export async function dumpFromRunningServer(dataDir: string, output: Writable): Promise<void> {
  const socket = createConnection(backupSocketPath(dataDir));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write('dump\n');
  await pipeline(socket, output);
}

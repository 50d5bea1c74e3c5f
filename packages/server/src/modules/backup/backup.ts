// `npm run backup` and `npm run restore` (tools/backup.ts, tools/restore.ts), for both databases
// (docs/decisions.md, "Backup and restore"):
// - a PostgreSQL server (DATABASE_URL): pg_dump's custom format; restored by pg_restore's script
//   run by psql in one transaction after the schemas are emptied, refused while other sessions
//   use the database;
// - the embedded PGlite (DATA_DIR/pglite): an archive of its data directory taken while the
//   database is held still — by the running server over DATA_DIR/backup.sock, or, with no server
//   on DATA_DIR, by opening the database here. Restore unpacks it beside the database, checks it
//   opens, and puts it in place; refused while a server uses DATA_DIR. The database it replaced
//   is kept aside.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import { createDatabase } from '../../db/client.ts';
import { checkArchive, extractDataDirArchive } from '../../db/data-dir-archive.ts';
import { isFlowsightDatabase, otherSessions } from './backup.repository.ts';
import {
  dumpEmbedded,
  dumpFromRunningServer,
  embeddedDatabaseDir,
  runningServer,
} from './backup-channel.ts';

export class BackupError extends Error {}

function clientToolError(program: string, error: NodeJS.ErrnoException): Error {
  return error.code === 'ENOENT'
    ? new BackupError(
        `${program} is not installed: install the PostgreSQL client tools of the server's major version (Debian: apt-get install postgresql-client)`,
      )
    : error;
}

/** Runs a PostgreSQL client program; its own messages go to this process's stderr. */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', (error: NodeJS.ErrnoException) => reject(clientToolError(program, error)));
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${program} failed (exit code ${code})`)),
    );
  });
}

export async function backupPostgres(url: string, file: string): Promise<void> {
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${url}`]);
}

export async function restorePostgres(url: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`no such backup file: ${file}`);
  const database = await createDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    const sessions = await otherSessions(database.db);
    if (sessions > 0) {
      throw new BackupError(
        `${sessions} other session(s) are connected to the database: stop the Flowsight servers (and other clients) first, then restore`,
      );
    }
  } finally {
    await database.close();
  }
  await restoreScript(url, file);
}

/**
 * pg_restore's script of the backup, run by psql in one transaction after the schemas are
 * emptied: a failure leaves the database as it was. (`pg_restore --clean` cannot drop the
 * partitions' inherited keys of `submissions`, so the schemas are dropped whole instead.)
 */
function restoreScript(url: string, file: string): Promise<void> {
  const empty =
    'set client_min_messages = warning; drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;';
  return new Promise((resolve, reject) => {
    const script = spawn('pg_restore', ['--no-owner', '--file=-', file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const psql = spawn(
      'psql',
      [
        '--no-psqlrc',
        '--quiet',
        '--single-transaction',
        '--set=ON_ERROR_STOP=1',
        '--command',
        empty,
        '--file=-',
        `--dbname=${url}`,
      ],
      { stdio: ['pipe', 'ignore', 'inherit'] },
    );
    script.stdout.pipe(psql.stdin);
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      script.kill();
      psql.kill();
      reject(error);
    };
    for (const [program, child] of [
      ['pg_restore', script],
      ['psql', psql],
    ] as const) {
      child.once('error', (error: NodeJS.ErrnoException) => fail(clientToolError(program, error)));
    }
    script.once('exit', (code) => {
      if (code !== 0) fail(new BackupError(`pg_restore failed (exit code ${code})`));
    });
    psql.once('exit', (code) => {
      if (code !== 0)
        fail(new BackupError(`psql failed (exit code ${code}); the database is unchanged`));
      else if (!failed) resolve();
    });
  });
}

/** Backs up the embedded database of `dataDir` to `file`; answers who took it. */
export async function backupEmbedded(
  dataDir: string,
  file: string,
): Promise<'running server' | 'this process'> {
  const directory = embeddedDatabaseDir(dataDir);
  if (!existsSync(directory)) throw new BackupError(`no embedded database in ${directory}`);
  const partial = `${file}.partial`;
  let by: 'running server' | 'this process';
  try {
    if (await runningServer(dataDir)) {
      by = 'running server';
      await dumpFromRunningServer(dataDir, createWriteStream(partial));
    } else {
      by = 'this process';
      const database = await createDatabase({ kind: 'pglite', dataDir: directory });
      try {
        await dumpEmbedded(database.db, dataDir, createWriteStream(partial));
      } finally {
        await database.close();
      }
    }
    await checkArchive(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, file);
  return by;
}

/**
 * Restores the embedded database of `dataDir` from `file`; answers where the database it
 * replaced was put (undefined when there was none).
 */
export async function restoreEmbedded(dataDir: string, file: string): Promise<string | undefined> {
  if (!existsSync(file)) throw new BackupError(`no such backup file: ${file}`);
  if (await runningServer(dataDir)) {
    throw new BackupError(
      `a Flowsight server is using ${dataDir}: stop it, then restore (its database would be overwritten under it)`,
    );
  }
  const directory = embeddedDatabaseDir(dataDir);
  const incoming = `${directory}.restoring`;
  rmSync(incoming, { recursive: true, force: true });
  try {
    await extractDataDirArchive(file, incoming);
    // It must open as a Flowsight database before it replaces anything.
    const database = await createDatabase({ kind: 'pglite', dataDir: incoming });
    try {
      if (!(await isFlowsightDatabase(database.db))) {
        throw new BackupError(`${file} is not a backup of a Flowsight database`);
      }
    } finally {
      await database.close();
    }
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true });
    throw error;
  }
  let aside: string | undefined;
  if (existsSync(directory)) {
    aside = `${directory}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(directory, aside);
  }
  renameSync(incoming, directory);
  return aside;
}

// npm run backup [-- FILE]: a backup of the configured database — the PostgreSQL server of
// DATABASE_URL (pg_dump's custom format), or the embedded database in DATA_DIR (an archive of its
// data directory, taken by the running server when one uses DATA_DIR). Default FILE:
// flowsight-backup-<UTC time>.pgdump (server) or .tar.gz (embedded), in the current folder.
import { resolve } from 'node:path';
import { BackupError, backupEmbedded, backupPostgres } from '../modules/backup/backup.ts';
import { loadToolConfig } from './configured-database.ts';

const config = loadToolConfig();
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
// npm runs scripts in the repository's root; a relative FILE is the caller's folder's.
const file = resolve(
  process.env.INIT_CWD ?? '.',
  process.argv[2] ?? `flowsight-backup-${stamp}.${config.databaseUrl ? 'pgdump' : 'tar.gz'}`,
);

try {
  if (config.databaseUrl) {
    await backupPostgres(config.databaseUrl, file);
    console.log(
      `Backed up the PostgreSQL database to ${file} (restore: npm run restore -- ${file})`,
    );
  } else {
    const by = await backupEmbedded(config.dataDir, file);
    console.log(
      `Backed up the embedded database of ${config.dataDir} to ${file}${by === 'running server' ? ' (taken by the running server)' : ''} (restore: npm run restore -- ${file})`,
    );
  }
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}

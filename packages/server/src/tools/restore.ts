// npm run restore -- FILE: replaces the configured database with a backup of `npm run backup` —
// the PostgreSQL server of DATABASE_URL (pg_restore --clean; refused while other sessions are
// connected) or the embedded database in DATA_DIR (refused while a server uses DATA_DIR; the
// database it replaces is kept aside).
import { resolve } from 'node:path';
import { BackupError, restoreEmbedded, restorePostgres } from '../modules/backup/backup.ts';
import { loadToolConfig } from './configured-database.ts';

const config = loadToolConfig();
// npm runs scripts in the repository's root; a relative FILE is the caller's folder's.
const file = process.argv[2] && resolve(process.env.INIT_CWD ?? '.', process.argv[2]);

try {
  if (!file) throw new BackupError('usage: npm run restore -- FILE');
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, file);
    console.log(`Restored the PostgreSQL database from ${file}`);
  } else {
    const aside = await restoreEmbedded(config.dataDir, file);
    console.log(`Restored the embedded database of ${config.dataDir} from ${file}`);
    if (aside) console.log(`The database it replaced is in ${aside}: delete it when all is well.`);
  }
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}

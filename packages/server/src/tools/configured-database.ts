// What the command-line tools (backup, restore, create-admin) share: the server's configuration
// and its database — the PostgreSQL server of DATABASE_URL, else the embedded PGlite in DATA_DIR.
import { type AppConfig, loadConfig } from '../config.ts';
import { createDatabase, type DatabaseHandle } from '../db/client.ts';
import { embeddedDatabaseDir, runningServer } from '../modules/backup/backup-channel.ts';

/** A refusal a tool prints as its one line before exiting with code 1. */
export class ToolError extends Error {}

/**
 * The server's configuration from the environment. A placeholder secret keeps loadConfig from
 * generating one into DATA_DIR: no tool signs sessions.
 */
export function loadToolConfig(): AppConfig {
  return loadConfig({ JWT_SECRET: 'x'.repeat(32), ...process.env });
}

/**
 * Opens the configured database with its migrations applied, as a server's start does (safe
 * beside running servers on PostgreSQL). The embedded one is refused while a server uses
 * DATA_DIR: PGlite opens its files in one process only.
 */
export async function openConfiguredDatabase(config: AppConfig): Promise<DatabaseHandle> {
  if (!config.databaseUrl && (await runningServer(config.dataDir))) {
    throw new ToolError(
      `a Flowsight server is using ${config.dataDir}: stop it, then run this again (the embedded database opens in one process only)`,
    );
  }
  const database = await createDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 }
      : { kind: 'pglite', dataDir: embeddedDatabaseDir(config.dataDir) },
  );
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

// A fresh, migrated database for one test file, cloned from the run's prepared template.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../db/client.ts';
import {
  DEMO_TEMPLATE_DATABASE,
  databaseUrlFor,
  TEMPLATE_DATABASE,
  testBackend,
} from './backend.ts';

export type TestDatabaseOptions = {
  /** Start from the seeded demo portfolio instead of an empty (but prepared) database. */
  demo?: boolean;
};

export async function createTestDatabase(
  options: TestDatabaseOptions = {},
): Promise<DatabaseHandle> {
  if (testBackend() === 'postgres') {
    const name = `flowsight_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrlFor('postgres') });
    await admin.connect();
    const template = options.demo ? DEMO_TEMPLATE_DATABASE : TEMPLATE_DATABASE;
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const handle = await createDatabase({
      kind: 'postgres',
      url: databaseUrlFor(name),
      poolSize: 4,
    });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: databaseUrlFor('postgres') });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const template = readFileSync(
    inject(options.demo ? 'pgliteDemoTemplatePath' : 'pgliteTemplatePath'),
  );
  return createDatabase({ kind: 'pglite-memory', loadDataDir: new Blob([template]) });
}

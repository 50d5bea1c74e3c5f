// A fresh, migrated database for one test file, cloned from the run's prepared template.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../db/client.ts';
import { databaseUrlFor, demoTemplateDatabase, templateDatabase, testBackend } from './backend.ts';

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
    const run = inject('postgresTemplateRun');
    const template = options.demo ? demoTemplateDatabase(run) : templateDatabase(run);
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
        // The pool's sockets may still be closing; forcing the drop now would kill them mid-way
        // and their 'error' would surface as an uncaught exception. Wait for them to leave.
        for (let attempt = 0; attempt < 50; attempt++) {
          const { rows } = await cleanup.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if ((rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await cleanup.query(`drop database if exists ${name}`);
        await cleanup.end();
      },
    };
  }
  const template = readFileSync(
    inject(options.demo ? 'pgliteDemoTemplatePath' : 'pgliteTemplatePath'),
  );
  return createDatabase({ kind: 'pglite-memory', loadDataDir: new Blob([template]) });
}

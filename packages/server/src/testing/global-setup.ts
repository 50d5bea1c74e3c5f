// Prepares one migrated database per test run and lets every test file clone it: a PGlite data
// directory dump, or on PostgreSQL (TEST_DB=postgres with TEST_DATABASE_URL) a template database.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { databaseUrlFor, demoTemplateDatabase, templateDatabase, testBackend } from './backend.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    pgliteDemoTemplatePath: string;
    postgresTemplateRun: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (testBackend() === 'postgres') {
    const run = randomBytes(4).toString('hex');
    const TEMPLATE_DATABASE = templateDatabase(run);
    const DEMO_TEMPLATE_DATABASE = demoTemplateDatabase(run);
    const admin = new pg.Client({ connectionString: databaseUrlFor('postgres') });
    await admin.connect();
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    const handle = await createDatabase({
      kind: 'postgres',
      url: databaseUrlFor(TEMPLATE_DATABASE),
      poolSize: 2,
    });
    await prepareDatabase(handle);
    await handle.close();
    await admin.query(`create database ${DEMO_TEMPLATE_DATABASE} template ${TEMPLATE_DATABASE}`);
    const demo = await createDatabase({
      kind: 'postgres',
      url: databaseUrlFor(DEMO_TEMPLATE_DATABASE),
      poolSize: 2,
    });
    await seedDemo(demo.db);
    await demo.close();
    await admin.end();
    project.provide('pgliteTemplatePath', '');
    project.provide('pgliteDemoTemplatePath', '');
    project.provide('postgresTemplateRun', run);
    return async () => {
      const cleanup = new pg.Client({ connectionString: databaseUrlFor('postgres') });
      await cleanup.connect();
      for (const name of [DEMO_TEMPLATE_DATABASE, TEMPLATE_DATABASE]) {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      }
      await cleanup.end();
    };
  }

  const dir = mkdtempSync(join(tmpdir(), 'flowsight-test-'));
  const handle = await createDatabase({ kind: 'pglite-memory' });
  await prepareDatabase(handle);
  const path = join(dir, 'template.tar');
  writeFileSync(path, Buffer.from(await (await handle.dump()).arrayBuffer()));
  await seedDemo(handle.db);
  const demoPath = join(dir, 'demo-template.tar');
  writeFileSync(demoPath, Buffer.from(await (await handle.dump()).arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplatePath', path);
  project.provide('pgliteDemoTemplatePath', demoPath);
  project.provide('postgresTemplateRun', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}

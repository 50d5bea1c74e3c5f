// Prepares one migrated database per test run and lets every test file clone it: a PGlite data
// directory dump, or on PostgreSQL (TEST_DB=postgres with TEST_DATABASE_URL) a template database.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { seedDemo } from '../db/seed/demo.ts';
import {
  DEMO_TEMPLATE_DATABASE,
  databaseUrlFor,
  TEMPLATE_DATABASE,
  testBackend,
} from './backend.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    pgliteDemoTemplatePath: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (testBackend() === 'postgres') {
    const admin = new pg.Client({ connectionString: databaseUrlFor('postgres') });
    await admin.connect();
    for (const name of [TEMPLATE_DATABASE, DEMO_TEMPLATE_DATABASE]) {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
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
    return async () => {};
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
  return async () => rmSync(dir, { recursive: true, force: true });
}

// Prepares one migrated database per test run and lets every test file clone it: a PGlite data
// directory dump, or on PostgreSQL (TEST_DB=postgres with TEST_DATABASE_URL) a template database.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { databaseUrlFor, TEMPLATE_DATABASE, testBackend } from './backend.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (testBackend() === 'postgres') {
    const admin = new pg.Client({ connectionString: databaseUrlFor('postgres') });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const handle = await createDatabase({
      kind: 'postgres',
      url: databaseUrlFor(TEMPLATE_DATABASE),
      poolSize: 2,
    });
    await prepareDatabase(handle);
    await handle.close();
    project.provide('pgliteTemplatePath', '');
    return async () => {};
  }

  const dir = mkdtempSync(join(tmpdir(), 'flowsight-test-'));
  const handle = await createDatabase({ kind: 'pglite-memory' });
  await prepareDatabase(handle);
  const dump = await handle.dump();
  await handle.close();
  const path = join(dir, 'template.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', path);
  return async () => rmSync(dir, { recursive: true, force: true });
}

// Unit and integration tests: every project on PGlite, then the test files that open a database
// again on a PostgreSQL server when TEST_DATABASE_URL is set; the few engine-neutral files
// (`engineNeutral` in vitest.config.ts) then run in the PostgreSQL pass only. In each pass the `measure` project
// (tests that time what they test) runs after the others, alone on the machine (vitest.config.ts).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseTestFiles } from './database-tests.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vitest = join(root, 'node_modules/.bin/vitest');

function run(label, args, env) {
  console.log(`\n== ${label}`);
  const started = Date.now();
  const result = spawnSync(vitest, ['run', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  console.log(`== ${label}: ${Math.round((Date.now() - started) / 1000)} s`);
  return result.status ?? 1;
}

const postgres = Boolean(process.env.TEST_DATABASE_URL);
// With a PostgreSQL pass to follow, the engine-neutral files (vitest.config.ts) wait for it.
let failed = run('unit and integration tests on PGlite', [], {
  TEST_DB: 'pglite',
  ON_POSTGRES_ONLY: postgres ? '1' : '0',
});
if (postgres) {
  const files = databaseTestFiles(root);
  failed ||= run(
    `database tests on PostgreSQL (${files.length} files that open a test database)`,
    ['--project', 'node', '--project', 'measure', ...files],
    { TEST_DB: 'postgres' },
  );
} else {
  console.log('\nTEST_DATABASE_URL is not set: skipping the PostgreSQL run.');
}
process.exit(failed);

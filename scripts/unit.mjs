// Unit and integration tests: every project on PGlite, then the database tests again on a
// PostgreSQL server when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vitest = join(root, 'node_modules/.bin/vitest');

function run(label, args, env) {
  console.log(`\n== ${label}`);
  const result = spawnSync(vitest, ['run', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

let failed = run('unit and integration tests on PGlite', [], { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  failed ||= run('database tests on PostgreSQL', ['--project', 'node'], { TEST_DB: 'postgres' });
} else {
  console.log('\nTEST_DATABASE_URL is not set: skipping the PostgreSQL run.');
}
process.exit(failed);

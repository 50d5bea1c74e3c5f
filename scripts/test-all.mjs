// `npm test`: every check, one stage after another, stopping at the first that fails; prints each
// stage's time as it ends and all of them at the close (the README's CI table is read from it).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const stages = ['lint', 'typecheck', 'api:verify', 'test:unit', 'build', 'test:e2e'];

const times = [];
for (const stage of stages) {
  const started = Date.now();
  const result = spawnSync(npm, ['run', stage], { cwd: root, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  times.push([stage, seconds]);
  console.log(`\n== npm run ${stage}: ${seconds} s`);
  if (result.status !== 0) {
    console.error(`npm run ${stage} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n== stage times');
for (const [stage, seconds] of times) console.log(`${stage.padEnd(10)} ${seconds} s`);
console.log(`${'total'.padEnd(10)} ${times.reduce((sum, [, s]) => sum + s, 0)} s`);

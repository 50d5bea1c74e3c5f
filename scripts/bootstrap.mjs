// Entry of `npm start` and `npm test` on a fresh clone: runs on whatever Node the machine has,
// installs the workspace when node_modules is missing or older than the lockfile, then hands
// over to `npm run <script>`, whose scripts run on the pinned Node from node_modules/.bin.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [, , verb, script] = process.argv;
if (verb !== 'run' || !script) {
  console.error('usage: node scripts/bootstrap.mjs run <script>');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const lockfile = join(root, 'package-lock.json');
const installed = join(root, 'node_modules', '.package-lock.json');
const pinnedNode = join(root, 'node_modules', '.bin', 'node');

const stale =
  !existsSync(installed) ||
  !existsSync(pinnedNode) ||
  statSync(installed).mtimeMs < statSync(lockfile).mtimeMs;

function run(args) {
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.error) {
    console.error(`Could not run npm ${args.join(' ')}: ${result.error.message}`);
    process.exit(1);
  }
  return result.status ?? 1;
}

if (stale) {
  console.log('Installing dependencies (first run or lockfile changed)…');
  // `npm install` rather than `npm ci`: it honours the lockfile too, and tolerates the optional
  // platform packages (biome, esbuild) that npm leaves out of lockfiles made on another platform.
  const status = run(['install']);
  if (status !== 0) process.exit(status);
}
process.exit(run(['run', script]));

// `npm run typecheck`: the five TypeScript programs (the server and simulator builds, the server
// with its tests, the web app, the browser tests, the benchmarks). Each reads the workspace
// packages from their sources (the `@flowsight/source` condition), so none waits for another:
// they run side by side, as many at a time as there are cores, and each one's output is printed
// whole when it ends.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules/.bin/tsc');
// Longest first (measured: web 29 s, the builds 24 s, the server's tests 22 s, bench 7 s, e2e 3 s),
// so that the two lanes of a 2-core machine end close together.
const programs = [
  ['-p', 'packages/web', '--noEmit'],
  ['-b', 'packages/server', 'packages/simulator'],
  ['-p', 'packages/server/tsconfig.test.json'],
  ['-p', 'bench', '--noEmit'],
  ['-p', 'e2e', '--noEmit'],
];

function check(args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(tsc, args, { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`tsc ${args.join(' ')}: ${code === 0 ? 'ok' : 'failed'} (${seconds} s)`);
      if (output) process.stdout.write(output);
      resolve(code ?? 1);
    });
  });
}

const waiting = [...programs];
let failed = 0;
async function lane() {
  for (let args = waiting.shift(); args; args = waiting.shift()) failed ||= await check(args);
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), programs.length) }, lane));
process.exit(failed);

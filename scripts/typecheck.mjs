// `npm run typecheck`: the five TypeScript programs (the server and simulator builds, the server
// with its tests, the web app, the browser tests, the benchmarks). Each reads the workspace
// packages from their sources (the `@flowsight/source` condition), so none waits for another:
// they run side by side, as many at a time as there are cores, and each one's output is printed
// whole when it ends. They are checked by TypeScript's native compiler (7.x, the
// `typescript-native` package); the `typescript` package stays at 5.9 for the tools that load the
// compiler's API (docs/decisions.md, "TypeScript 5.9 rather than the 7.x native compiler").
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules/typescript-native/bin/tsc');
// Longest first (measured with the native compiler on a clean clone: web 15 s, the builds 7 s,
// the server's tests 8 s, bench 2 s, e2e 1 s), so that the two lanes of a 2-core machine end close
// together. Each program is checked on one thread: the lanes already fill the cores, and two
// multi-threaded programs side by side took 35 s where two single-threaded lanes take 20 s.
const programs = [
  ['-p', 'packages/web', '--noEmit'],
  ['-b', 'packages/server', 'packages/simulator'],
  ['-p', 'packages/server/tsconfig.test.json'],
  ['-p', 'bench', '--noEmit'],
  ['-p', 'e2e', '--noEmit'],
].map((args) => [...args, '--singleThreaded']);

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

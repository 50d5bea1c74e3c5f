// `npm start`: serves the built product on the embedded database with the demo portfolio and
// the device simulator (a year of history on first start, then live readings).
// Every variable of the configuration table can still be set by the caller.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { DEMO: '1', SIMULATE: '1', DATA_DIR: join(root, 'data'), ...process.env };
const server = spawn(process.execPath, [join(root, 'packages/server/dist/main.js')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// The first run of `npm start`: starts a built server on a fresh DATA_DIR with
// DEMO=1 SIMULATE=1, and while the simulator back-fills its year of history, and then once it is
// done, loads a few pages signed in as the demo manager (each page: the API calls it makes, in
// parallel, as a browser does; the static HTML and code are left out) and times `/api/health`.
// Prints the back-fill's time, the server's own event-loop delay line, and page and health
// latencies during and after. When the back-fill is not done by --limit-s (it runs slower while
// someone uses the product), the server is restarted on the same data without the simulator and
// the quiet figures are taken from it.
//
//   node --conditions=@flowsight/source --import tsx bench/src/first-run.ts \
//     [--server packages/server/dist/main.js] [--port 8300] [--data-dir DIR] [--label after]
//     [--quiet-s 30] [--limit-s 900]
//
// Several servers (e.g. a baseline built in a git worktree) are compared by running it once per
// server, alternated, on the same machine.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { demoPassword } from '@flowsight/simulator/demo-portfolio';

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: 'packages/server/dist/main.js' },
    port: { type: 'string', default: '8300' },
    'data-dir': { type: 'string' },
    label: { type: 'string', default: 'server' },
    'quiet-s': { type: 'string', default: '30' },
    'limit-s': { type: 'string', default: '900' },
  },
});
const serverMain = resolve(values.server);
// The server's repository (its web build and migrations sit beside its dist).
const root = resolve(dirname(serverMain), '../../..');
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const dataDir = values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'flowsight-first-run-'));
rmSync(dataDir, { recursive: true, force: true });
const limitMs = Number(values['limit-s']) * 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs: readonly number[], q: number) => {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};
const ms = (x: number) => `${Math.round(x)} ms`;

type Backfill = { doneAt?: number; line?: string; progress?: string };
function startServer(simulate = true): { child: ChildProcess; backfill: Backfill } {
  const child = spawn(process.execPath, [serverMain], {
    cwd: root,
    env: {
      ...process.env,
      DEMO: '1',
      SIMULATE: simulate ? '1' : '0',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const backfill: Backfill = {};
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      const message = /"msg":"([^"]*)"/.exec(line)?.[1] ?? '';
      if (/^history backfill: \d+%/.test(message)) {
        backfill.progress = `${((performance.now() - started) / 1000).toFixed(0)} s: ${message}`;
      }
      if (message.startsWith('history backfill: done')) {
        backfill.doneAt = performance.now();
        backfill.line = message;
      }
    }
  });
  return { child, backfill };
}

async function timed(path: string, token?: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return performance.now() - started;
}

async function signIn(): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'manager@flowsight.test', password: demoPassword }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A page: its HTML and its API calls at once; its time is the slowest of them. */
async function loadPage(paths: readonly string[], token: string): Promise<number> {
  const started = performance.now();
  await Promise.all(paths.map((path) => timed(path, path.startsWith('/api/') ? token : undefined)));
  return performance.now() - started;
}

async function untilReady(since: number) {
  for (;;) {
    if (performance.now() - since > 120_000) throw new Error('the server did not get ready');
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch {}
    await sleep(250);
  }
}

async function stopServer(server: ChildProcess) {
  const exited = new Promise<void>((r) => server.once('exit', () => r()));
  server.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
}

const started = performance.now();
let { child, backfill } = startServer();
try {
  await untilReady(started);
  const readyS = (performance.now() - started) / 1000;
  const token = await signIn();
  const me = await (
    await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })
  ).text();
  const company = /"company_?[iI]d":(\d+)/.exec(me)?.[1];
  const pages: Record<string, string[]> = {
    dashboard: [
      '/api/auth/me',
      `/api/companies/${company}/statistics`,
      `/api/companies/${company}/top-gallons-properties`,
    ],
    report: [
      '/api/auth/me',
      `/api/companies/${company}/report-overview/1`,
      `/api/companies/${company}/top-gallons-units`,
    ],
  };
  const during = { page: [] as number[], health: [] as number[] };
  const quiet = { page: [] as number[], health: [] as number[] };
  const quietMs = Number(values['quiet-s']) * 1000;
  let quietUntil = 0;
  while (performance.now() - started < limitMs) {
    const into = backfill.doneAt === undefined ? during : quiet;
    into.health.push(await timed('/api/health'));
    for (const paths of Object.values(pages)) into.page.push(await loadPage(paths, token));
    if (backfill.doneAt !== undefined) {
      quietUntil ||= performance.now() + quietMs;
      if (performance.now() > quietUntil) break;
    }
    await sleep(500);
  }
  let quietFrom = 'once the back-fill is done';
  if (backfill.doneAt === undefined) {
    // Not done in time: the same data, served without the simulator.
    const unfinished = backfill;
    await stopServer(child);
    ({ child, backfill } = startServer(false));
    backfill.progress = unfinished.progress;
    await untilReady(performance.now());
    quietFrom = 'after a restart without the simulator, on the same data';
    const quietToken = await signIn();
    const until = performance.now() + quietMs;
    while (performance.now() < until) {
      quiet.health.push(await timed('/api/health'));
      for (const paths of Object.values(pages)) quiet.page.push(await loadPage(paths, quietToken));
      await sleep(500);
    }
  }
  const line = (name: string, xs: number[]) =>
    `${name.padEnd(22)} n=${String(xs.length).padStart(4)}  median ${ms(quantile(xs, 0.5))}, ` +
    `p90 ${ms(quantile(xs, 0.9))}, max ${ms(Math.max(...xs))}`;
  const backfillS =
    backfill.doneAt === undefined
      ? 'not done'
      : `${((backfill.doneAt - started) / 1000).toFixed(0)} s`;
  console.log(`\n# first run: ${values.label} (${serverMain})`);
  console.log(`pages: ${JSON.stringify(pages)}`);
  console.log(`ready after ${readyS.toFixed(1)} s; back-fill done ${backfillS} after start`);
  console.log(`server: ${backfill.line ?? `(not done; last: ${backfill.progress})`}`);
  console.log(line('pages during back-fill', during.page));
  console.log(`quiet: ${quietFrom}`);
  console.log(line('pages quiet', quiet.page));
  console.log(line('health during', during.health));
  console.log(line('health quiet', quiet.health));
  const ratio = quantile(during.page, 0.5) / quantile(quiet.page, 0.5);
  console.log(`page median during / quiet: ${ratio.toFixed(2)}`);
} finally {
  await stopServer(child);
  if (!values['data-dir']) rmSync(dataDir, { recursive: true, force: true });
}

// The real server as a separate process, for tests that must kill it (crash tests): started from
// source with the pinned Node, on a database the caller names, and killed with SIGKILL.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { demoPassword } from '@flowsight/simulator/demo-portfolio';

const serverEntry = fileURLToPath(new URL('../main.ts', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export type ServerProcess = {
  readonly url: string;
  readonly child: ChildProcess;
  /** SIGKILL: no graceful shutdown, in-flight requests and transactions die with it. */
  kill(): Promise<void>;
  stop(): Promise<void>;
};

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become ready in time');
}

export type ServerProcessOptions = {
  /** Receives each line the server writes to stdout or stderr (else stderr is inherited). */
  readonly onLine?: (line: string) => void;
};

export async function startServerProcess(
  env: Record<string, string>,
  port: number,
  timeoutMs = 120_000,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    ['--conditions=@flowsight/source', '--import', 'tsx', serverEntry],
    {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'crash-test-secret-that-is-long-enough',
        ...env,
      },
      stdio: ['ignore', options.onLine ? 'pipe' : 'ignore', options.onLine ? 'pipe' : 'inherit'],
    },
  );
  const { onLine } = options;
  if (onLine) {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream as NodeJS.ReadableStream }).on('line', onLine);
    }
  }
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitUntilReady(url, child, timeoutMs);
  return {
    url,
    child,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Signs in as the demo system admin and creates an integration API key named `name`. */
export async function createIntegrationKey(server: { url: string }, name: string): Promise<string> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@flowsight.test', password: demoPassword }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const created = await fetch(`${server.url}/api/integration-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name }),
  });
  if (created.status !== 201) throw new Error(`integration key not created: ${created.status}`);
  return ((await created.json()) as { key: string }).key;
}

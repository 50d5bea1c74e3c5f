// The real server as a separate process, for tests that must kill it (crash tests): started from
// source with the pinned Node, on a database the caller names, and killed with SIGKILL.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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

export async function startServerProcess(
  env: Record<string, string>,
  port: number,
  timeoutMs = 120_000,
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
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
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

// The ingest bench's own Mosquitto: a second broker process on its own port, started from a config
// file generated in a temp directory, with the settings that keep QoS 1 messages for a subscriber
// that is behind (the README's "MQTT" section). The machine's broker on 1883 keeps Debian's
// defaults, under which Mosquitto queues at most 1,000 messages per client and drops the rest.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The broker settings the bench runs with (the README lists them for operators). */
export const benchBrokerSettings = [
  // Queue (not drop) QoS 1 messages for a subscriber that is behind: no count or byte limit
  // beyond what the bench sends (Mosquitto's defaults: 1,000 messages, no byte limit).
  'max_queued_messages 1000000',
  'max_queued_bytes 0',
  // Messages sent to a subscriber before its acknowledgements (Mosquitto's default: 20). The
  // subscriber acknowledges after its batch is committed, so a window of 20 starves batching.
  'max_inflight_messages 5000',
  // Sessions and their queued messages survive a broker restart; an offline session is kept 7 days.
  'persistence true',
  'persistent_client_expiration 7d',
  'autosave_interval 60',
];

export type BenchBroker = {
  url: string;
  /** The broker's process id (for its CPU time). */
  pid: number | undefined;
  /** Lines of the broker's log saying it dropped messages for a client. */
  droppedLines(): string[];
  stop(): Promise<void>;
};

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function startBenchBroker(port: number): Promise<BenchBroker> {
  const dir = mkdtempSync(join(tmpdir(), 'flowsight-bench-mosquitto-'));
  // Started as root, Mosquitto runs as its own user: it must be able to write here.
  chmodSync(dir, 0o777);
  const logFile = join(dir, 'mosquitto.log');
  const configFile = join(dir, 'mosquitto.conf');
  writeFileSync(
    configFile,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      `persistence_location ${dir}/`,
      `log_dest file ${logFile}`,
      ...benchBrokerSettings,
      '',
    ].join('\n'),
  );
  const child = spawn('mosquitto', ['-c', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const spawnError = new Promise<never>((_, reject) =>
    child.once('error', (error) =>
      reject(new Error(`cannot start mosquitto (${error.message}); set MQTT_TEST_URL instead`)),
    ),
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    const open = await Promise.race([portOpen(port), spawnError]);
    if (open) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`mosquitto did not listen on ${port}: see ${logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const log = () => {
    try {
      return readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  return {
    url: `mqtt://127.0.0.1:${port}`,
    pid: child.pid,
    droppedLines: () =>
      log()
        .split('\n')
        .filter((line) => /dropped/i.test(line)),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

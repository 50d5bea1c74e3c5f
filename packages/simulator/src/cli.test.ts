import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { decodeUplink } from '@flowsight/domain/device-protocol';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const simulate = (...args: string[]) =>
  run(process.execPath, ['--conditions=@flowsight/source', '--import', 'tsx', cli, ...args], {
    maxBuffer: 64 * 1024 * 1024,
  });

describe('simulate CLI', () => {
  it('prints its usage', async () => {
    const { stdout } = await simulate('--help');
    expect(stdout).toContain('npm run simulate -- <command>');
    expect(stdout).toContain('--transport');
  });

  it('backfills as native JSON lines the server can decode', async () => {
    const { stdout } = await simulate(
      'backfill',
      '--days',
      '0.5',
      '--sensors',
      '3',
      '--transport',
      'ndjson',
      '--to',
      '2026-06-01T00:00:00Z',
    );
    const lines = stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3 * (12 * 4 - 1));
    for (const line of lines) {
      const uplink = JSON.parse(line) as { port: number; payload: string; received_at: string };
      expect(decodeUplink(uplink.port, Buffer.from(uplink.payload, 'base64')).ok).toBe(true);
      expect(Date.parse(uplink.received_at)).toBeLessThanOrEqual(
        Date.parse('2026-06-01T00:15:37Z'),
      );
    }
  });

  it('refuses an unknown transport with a clear message', async () => {
    await expect(simulate('backfill', '--transport', 'carrier-pigeon')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('unknown --transport carrier-pigeon'),
    });
  });
});

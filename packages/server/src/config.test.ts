import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = { DATA_DIR: '/tmp/flowsight-config-test', JWT_SECRET: 'x'.repeat(40) };

describe('loadConfig', () => {
  it('works untouched with defaults for the embedded mode', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.appUrl).toBe('http://localhost:8080');
    expect(config.demo).toBe(false);
    expect(config.mqttTopics).toEqual(['application/+/device/+/event/up', 'flowsight/uplinks/+']);
    expect(config.trustProxy).toEqual([]);
  });

  it('trusts the proxies TRUST_PROXY lists: addresses, CIDR ranges and proxy-addr range names', () => {
    expect(
      loadConfig({ ...base, TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,fd00::/8' }).trustProxy,
    ).toEqual(['10.0.0.2', '10.1.0.0/16', 'fd00::/8']);
    expect(loadConfig({ ...base, TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual([
      'loopback',
      'uniquelocal',
    ]);
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid PORT: /],
    [{ PORT: '70000' }, /^Invalid PORT: /],
    [{ DATABASE_URL: 'mysql://x@y/z' }, /^Invalid DATABASE_URL: must be a postgres:\/\/ URL$/],
    [{ JWT_SECRET: 'short' }, /^Invalid JWT_SECRET: must be at least 32 characters$/],
    [{ DEMO: 'maybe' }, /^Invalid DEMO: /],
    [{ LOG_LEVEL: 'loud' }, /^Invalid LOG_LEVEL: /],
    // Trusting every sender, a hop count or the whole address space lets clients pick an address.
    [{ TRUST_PROXY: 'true' }, /^Invalid TRUST_PROXY: must be a comma-separated list of proxy /],
    [{ TRUST_PROXY: '1' }, /^Invalid TRUST_PROXY: /],
    [{ TRUST_PROXY: '0.0.0.0/0' }, /^Invalid TRUST_PROXY: /],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^Invalid TRUST_PROXY: /],
    [{ TRUST_PROXY: '10.0.0.1,proxy.local' }, /^Invalid TRUST_PROXY: /],
  ])('stops with one line naming the bad variable: %o', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });

  it('keeps a generated signing secret across restarts when none is configured', () => {
    const dir = `/tmp/flowsight-secret-${process.pid}-${Date.now()}`;
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });
});

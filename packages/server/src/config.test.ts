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

  const twilio = {
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: `AC${'a1'.repeat(16)}`,
    TWILIO_AUTH_TOKEN: 'twilio-auth-token-0123456789',
  };

  it('sends texts to the outbox unless SMS_PROVIDER is twilio, and reads Twilio’s settings', () => {
    expect(loadConfig(base).sms).toEqual({ provider: 'outbox' });
    expect(
      loadConfig({
        ...base,
        ...twilio,
        TWILIO_FROM: '+16175550100',
        TWILIO_API_URL: 'http://127.0.0.1:9/',
      }).sms,
    ).toEqual({
      provider: 'twilio',
      apiUrl: 'http://127.0.0.1:9',
      accountSid: twilio.TWILIO_ACCOUNT_SID,
      authToken: twilio.TWILIO_AUTH_TOKEN,
      from: '+16175550100',
      messagingServiceSid: undefined,
    });
    const service = `MG${'b2'.repeat(16)}`;
    expect(
      loadConfig({ ...base, ...twilio, TWILIO_MESSAGING_SERVICE_SID: service }).sms,
    ).toMatchObject({
      apiUrl: 'https://api.twilio.com',
      from: undefined,
      messagingServiceSid: service,
    });
  });

  it.each([
    [{ SMS_PROVIDER: 'carrier-pigeon' }, /^Invalid SMS_PROVIDER: /],
    [
      { ...twilio, SMS_PROVIDER: undefined, TWILIO_FROM: '+16175550100' },
      /^Invalid SMS_PROVIDER: must be twilio when TWILIO_ACCOUNT_SID is set$/,
    ],
    [
      { ...twilio, TWILIO_ACCOUNT_SID: undefined, TWILIO_FROM: '+16175550100' },
      /^Invalid TWILIO_ACCOUNT_SID: required when SMS_PROVIDER is twilio$/,
    ],
    [
      { ...twilio, TWILIO_ACCOUNT_SID: 'AC123', TWILIO_FROM: '+16175550100' },
      /^Invalid TWILIO_ACCOUNT_SID: must be AC followed by 32 hexadecimal digits$/,
    ],
    [
      { ...twilio, TWILIO_AUTH_TOKEN: undefined, TWILIO_FROM: '+16175550100' },
      /^Invalid TWILIO_AUTH_TOKEN: required when SMS_PROVIDER is twilio$/,
    ],
    [
      twilio,
      /^Invalid TWILIO_FROM: set either TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID \(not both\)/,
    ],
    [
      {
        ...twilio,
        TWILIO_FROM: '+16175550100',
        TWILIO_MESSAGING_SERVICE_SID: `MG${'b2'.repeat(16)}`,
      },
      /^Invalid TWILIO_FROM: set either/,
    ],
    [
      { ...twilio, TWILIO_FROM: '617-555-0100' },
      /^Invalid TWILIO_FROM: must be a phone number in E.164 form/,
    ],
    [
      { ...twilio, TWILIO_FROM: '+16175550100', TWILIO_API_URL: 'ftp://twilio' },
      /^Invalid TWILIO_API_URL: /,
    ],
  ])('stops on an incomplete or bad SMS configuration with one line: %o', (env, message) => {
    const present = Object.fromEntries(
      Object.entries({ ...base, ...env }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    expect(() => loadConfig(present)).toThrow(ConfigError);
    expect(() => loadConfig(present)).toThrow(message);
  });

  it('keeps a generated signing secret across restarts when none is configured', () => {
    const dir = `/tmp/flowsight-secret-${process.pid}-${Date.now()}`;
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });
});

import { describe, expect, it } from 'vitest';
import {
  decodeConfigDownlink,
  decodeUplink,
  encodeConfigDownlink,
  encodeUplink,
  type Frame,
  receiveTimeProblem,
} from './device-protocol.ts';

const bytes = (hex: string) =>
  Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
const toHex = (data: Uint8Array) => Buffer.from(data).toString('hex');

describe('device protocol', () => {
  it('reads a usage v2 frame byte by byte', () => {
    // seq 0x0102, volume 0x000009C4 (2.5 gal), interval 900 s, flow 120 s, peak 0x0BB8, battery 87
    const decoded = decodeUplink(
      1,
      bytes('02' + '0102' + '000009c4' + '0384' + '0078' + '0bb8' + '57'),
    );
    expect(decoded).toEqual({
      ok: true,
      frame: {
        kind: 'usage',
        version: 2,
        seq: 258,
        volumeMgal: 2500,
        intervalS: 900,
        flowTimeS: 120,
        peakFlowMgpm: 3000,
        battery: 87,
      },
    });
  });

  it('reads a legacy v1 usage frame in thousandths and an unknown battery as null', () => {
    expect(decodeUplink(1, bytes('01' + '00fa' + 'ff'))).toEqual({
      ok: true,
      frame: { kind: 'usage_v1', version: 1, volumeMgal: 2500, battery: null },
    });
  });

  it('reads a keep-alive with firmware, interval and flags', () => {
    expect(decodeUplink(2, bytes('02' + '64' + '010203' + '0384' + '05'))).toEqual({
      ok: true,
      frame: {
        kind: 'keepalive',
        version: 2,
        battery: 100,
        firmwareVersion: '1.2.3',
        reportIntervalS: 900,
        flags: 5,
      },
    });
  });

  it('refuses truncated, oversized, empty, unknown-version and unknown-port frames with a reason', () => {
    const cases: [number, string, RegExp][] = [
      [1, '0201020000', /usage v2: truncated, 5 of 14 bytes/],
      [1, `02${'00'.repeat(14)}`, /usage v2: oversized, 15 bytes, expected 14/],
      [1, '0100', /usage v1: truncated/],
      [1, '', /empty payload/],
      [1, '03000000', /usage: unknown version 3/],
      [2, '0164010203038405', /keep-alive: unknown version 1/],
      [2, '02640102', /keep-alive v2: truncated/],
      [9, '02', /unknown port 9/],
    ];
    for (const [port, hex, error] of cases) {
      const decoded = decodeUplink(port, bytes(hex));
      expect(decoded.ok, hex).toBe(false);
      if (!decoded.ok) expect(decoded.error, hex).toMatch(error);
    }
  });

  it('round-trips every frame kind through encode and decode', () => {
    const frames: Frame[] = [
      {
        kind: 'usage',
        version: 2,
        seq: 65535,
        volumeMgal: 4294967295,
        intervalS: 3600,
        flowTimeS: 0,
        peakFlowMgpm: 0,
        battery: null,
      },
      { kind: 'usage_v1', version: 1, volumeMgal: 655350, battery: 3 },
      {
        kind: 'keepalive',
        version: 2,
        battery: 55,
        firmwareVersion: '2.10.0',
        reportIntervalS: 60,
        flags: 2,
      },
    ];
    for (const frame of frames) {
      const { port, bytes: encoded } = encodeUplink(frame);
      expect(decodeUplink(port, encoded)).toEqual({ ok: true, frame });
    }
    expect(toHex(encodeUplink(frames[0] as Frame).bytes)).toBe('02ffffffffffff0e1000000000ff');
  });

  it('refuses values a field cannot hold', () => {
    expect(() =>
      encodeUplink({
        kind: 'usage',
        version: 2,
        seq: 70000,
        volumeMgal: 1,
        intervalS: 1,
        flowTimeS: 0,
        peakFlowMgpm: 0,
        battery: 1,
      }),
    ).toThrow(/seq/);
    expect(() =>
      encodeUplink({
        kind: 'usage',
        version: 2,
        seq: 1,
        volumeMgal: -1,
        intervalS: 1,
        flowTimeS: 0,
        peakFlowMgpm: 0,
        battery: 1,
      }),
    ).toThrow(/volume/);
  });

  it('encodes and decodes config downlinks', () => {
    const encoded = encodeConfigDownlink([
      { paramId: 1, value: 900 },
      { paramId: 2, value: 3600 },
    ]);
    expect(toHex(encoded)).toBe('010384020e10');
    expect(decodeConfigDownlink(encoded)).toEqual([
      { paramId: 1, value: 900 },
      { paramId: 2, value: 3600 },
    ]);
    expect(() => decodeConfigDownlink(bytes('0103'))).toThrow(/multiple of 3/);
  });

  it('accepts receive times from the allowed past up to a small skew ahead of the clock', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const at = (iso: string) => receiveTimeProblem(new Date(iso), now);
    expect(at('2026-11-26T12:05:00Z')).toBeNull();
    expect(at('2026-11-26T12:05:01Z')).toBe(
      "must not be more than 5 minutes ahead of the server's clock",
    );
    expect(at('9999-12-31T00:00:00Z')).toMatch(/ahead/);
    expect(at('2024-11-27T12:00:00Z')).toBeNull();
    expect(at('2024-11-26T11:59:59Z')).toBe('must be within the last 730 days');
    expect(at('0001-01-01T00:00:00Z')).toMatch(/within/);
    expect(receiveTimeProblem(new Date(Number.NaN), now)).toMatch(/ISO 8601/);
  });
});

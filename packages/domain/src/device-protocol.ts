// The micrometer's LoRaWAN payloads (DESIGN section 7, docs/device-protocol.md): one decoder and
// encoder shared by the server's ingest and the simulator. Big-endian throughout. Decoding never
// throws: a frame that cannot be read comes back as `{ ok: false, error }` so the uplink can be
// stored with its error.

import { READING_MAX_AGE_DAYS, READING_MAX_FUTURE_SKEW_MS } from './constants.ts';

export const UPLINK_PORT_USAGE = 1;
export const UPLINK_PORT_KEEPALIVE = 2;
export const DOWNLINK_PORT_CONFIG = 3;

export const USAGE_V2_LENGTH = 14;
export const USAGE_V1_LENGTH = 4;
export const KEEPALIVE_V2_LENGTH = 8;
/** Battery byte meaning "not measured". */
export const BATTERY_UNKNOWN = 0xff;

export const keepaliveFlags = { tamper: 0b001, freezeRisk: 0b010, reverseFlow: 0b100 } as const;

export type UsageV2 = {
  kind: 'usage';
  version: 2;
  seq: number;
  /** Thousandths of a US gallon used in the interval. */
  volumeMgal: number;
  intervalS: number;
  flowTimeS: number;
  /** Thousandths of a gallon per minute. */
  peakFlowMgpm: number;
  /** Percent, or null when the sensor did not measure it. */
  battery: number | null;
};
export type UsageV1 = {
  kind: 'usage_v1';
  version: 1;
  /** Converted from the frame's hundredths to thousandths of a gallon. */
  volumeMgal: number;
  battery: number | null;
};
export type KeepaliveV2 = {
  kind: 'keepalive';
  version: 2;
  battery: number | null;
  firmwareVersion: string;
  reportIntervalS: number;
  flags: number;
};
export type Frame = UsageV2 | UsageV1 | KeepaliveV2;
export type Decoded = { ok: true; frame: Frame } | { ok: false; error: string };

const battery = (byte: number) => (byte === BATTERY_UNKNOWN || byte > 100 ? null : byte);
const hex = (bytes: Uint8Array) =>
  Array.from(bytes.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');

function expectLength(bytes: Uint8Array, length: number, what: string): string | undefined {
  if (bytes.length < length) return `${what}: truncated, ${bytes.length} of ${length} bytes`;
  if (bytes.length > length) return `${what}: oversized, ${bytes.length} bytes, expected ${length}`;
  return undefined;
}

/** Reads one uplink frame of `port`. */
export function decodeUplink(port: number, bytes: Uint8Array): Decoded {
  if (bytes.length === 0) return { ok: false, error: 'empty payload' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = bytes[0];
  if (port === UPLINK_PORT_USAGE) {
    if (version === 2) {
      const problem = expectLength(bytes, USAGE_V2_LENGTH, 'usage v2');
      if (problem) return { ok: false, error: problem };
      return {
        ok: true,
        frame: {
          kind: 'usage',
          version: 2,
          seq: view.getUint16(1),
          volumeMgal: view.getUint32(3),
          intervalS: view.getUint16(7),
          flowTimeS: view.getUint16(9),
          peakFlowMgpm: view.getUint16(11),
          battery: battery(view.getUint8(13)),
        },
      };
    }
    if (version === 1) {
      const problem = expectLength(bytes, USAGE_V1_LENGTH, 'usage v1');
      if (problem) return { ok: false, error: problem };
      return {
        ok: true,
        frame: {
          kind: 'usage_v1',
          version: 1,
          volumeMgal: view.getUint16(1) * 10,
          battery: battery(view.getUint8(3)),
        },
      };
    }
    return { ok: false, error: `usage: unknown version ${version} (frame ${hex(bytes)})` };
  }
  if (port === UPLINK_PORT_KEEPALIVE) {
    if (version !== 2) {
      return { ok: false, error: `keep-alive: unknown version ${version} (frame ${hex(bytes)})` };
    }
    const problem = expectLength(bytes, KEEPALIVE_V2_LENGTH, 'keep-alive v2');
    if (problem) return { ok: false, error: problem };
    return {
      ok: true,
      frame: {
        kind: 'keepalive',
        version: 2,
        battery: battery(view.getUint8(1)),
        firmwareVersion: `${view.getUint8(2)}.${view.getUint8(3)}.${view.getUint8(4)}`,
        reportIntervalS: view.getUint16(5),
        flags: view.getUint8(7),
      },
    };
  }
  return { ok: false, error: `unknown port ${port}` };
}

const u16 = (value: number, what: string) => {
  if (!Number.isInteger(value) || value < 0 || value > 0xffff) {
    throw new RangeError(`${what} must be an integer from 0 to 65535`);
  }
  return value;
};

/** Writes a frame as the sensor would (the simulator's uplinks, tests' vectors). */
export function encodeUplink(frame: Frame): { port: number; bytes: Uint8Array } {
  const batteryByte = (value: number | null) => (value === null ? BATTERY_UNKNOWN : value);
  switch (frame.kind) {
    case 'usage': {
      const bytes = new Uint8Array(USAGE_V2_LENGTH);
      const view = new DataView(bytes.buffer);
      if (
        !Number.isInteger(frame.volumeMgal) ||
        frame.volumeMgal < 0 ||
        frame.volumeMgal > 0xffffffff
      ) {
        throw new RangeError('volume must be an integer from 0 to 4294967295');
      }
      view.setUint8(0, 2);
      view.setUint16(1, u16(frame.seq, 'seq'));
      view.setUint32(3, frame.volumeMgal);
      view.setUint16(7, u16(frame.intervalS, 'interval'));
      view.setUint16(9, u16(frame.flowTimeS, 'flow time'));
      view.setUint16(11, u16(frame.peakFlowMgpm, 'peak flow'));
      view.setUint8(13, batteryByte(frame.battery));
      return { port: UPLINK_PORT_USAGE, bytes };
    }
    case 'usage_v1': {
      const bytes = new Uint8Array(USAGE_V1_LENGTH);
      const view = new DataView(bytes.buffer);
      view.setUint8(0, 1);
      view.setUint16(1, u16(Math.round(frame.volumeMgal / 10), 'volume'));
      view.setUint8(3, batteryByte(frame.battery));
      return { port: UPLINK_PORT_USAGE, bytes };
    }
    case 'keepalive': {
      const bytes = new Uint8Array(KEEPALIVE_V2_LENGTH);
      const view = new DataView(bytes.buffer);
      const [major = 0, minor = 0, patch = 0] = frame.firmwareVersion.split('.').map(Number);
      view.setUint8(0, 2);
      view.setUint8(1, batteryByte(frame.battery));
      view.setUint8(2, major);
      view.setUint8(3, minor);
      view.setUint8(4, patch);
      view.setUint16(5, u16(frame.reportIntervalS, 'report interval'));
      view.setUint8(7, frame.flags);
      return { port: UPLINK_PORT_KEEPALIVE, bytes };
    }
    default: {
      const unreachable: never = frame;
      return unreachable;
    }
  }
}

export type ConfigEntry = { paramId: number; value: number };

/** Port 3 downlink: repeated `param id u8, value u16`. */
export function encodeConfigDownlink(entries: readonly ConfigEntry[]): Uint8Array {
  const bytes = new Uint8Array(entries.length * 3);
  const view = new DataView(bytes.buffer);
  entries.forEach(({ paramId, value }, index) => {
    if (!Number.isInteger(paramId) || paramId < 0 || paramId > 0xff) {
      throw new RangeError('param id must be an integer from 0 to 255');
    }
    view.setUint8(index * 3, paramId);
    view.setUint16(index * 3 + 1, u16(value, 'config value'));
  });
  return bytes;
}

export function decodeConfigDownlink(bytes: Uint8Array): ConfigEntry[] {
  if (bytes.length % 3 !== 0)
    throw new RangeError('config downlink length must be a multiple of 3');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: ConfigEntry[] = [];
  for (let offset = 0; offset < bytes.length; offset += 3) {
    entries.push({ paramId: view.getUint8(offset), value: view.getUint16(offset + 1) });
  }
  return entries;
}

/**
 * Why a reading's receive time (the end of a report's interval) cannot be stored, or null: more
 * than READING_MAX_FUTURE_SKEW_MS after the server's clock, or more than READING_MAX_AGE_DAYS
 * before it. Every ingest transport checks it and names the field that carried the time.
 */
export function receiveTimeProblem(at: Date, now: Date): string | null {
  const time = at.getTime();
  if (Number.isNaN(time)) return 'must be an ISO 8601 time';
  if (time > now.getTime() + READING_MAX_FUTURE_SKEW_MS) {
    return `must not be more than ${READING_MAX_FUTURE_SKEW_MS / 60_000} minutes ahead of the server's clock`;
  }
  if (time < now.getTime() - READING_MAX_AGE_DAYS * 86_400_000) {
    return `must be within the last ${READING_MAX_AGE_DAYS} days`;
  }
  return null;
}

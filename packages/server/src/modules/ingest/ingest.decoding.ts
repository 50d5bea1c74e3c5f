// What an uplink is stored as. Every transport hands over an `Uplink`; decoding turns it into the
// `submissions` row it becomes: the device protocol's frame fields, the sequence number (the
// frame's own, else the LoRaWAN frame counter), text PostgreSQL can hold, and a bad payload or
// DevEUI kept as a malformed row carrying its error (never a failed batch). Also the rows' natural
// key and the one order every statement of a batch touches them in.
import { decodeUplink, type Frame } from '@flowsight/domain/device-protocol';
import type { StoredPlacement } from '@flowsight/domain/micrometers';

export const transports = ['http', 'chirpstack', 'ttn', 'mqtt', 'simulator'] as const;
export type Transport = (typeof transports)[number];

/** One uplink as any transport hands it over. */
export type Uplink = {
  /** DevEUI in any common spelling; normalised here. */
  readonly mac: string;
  readonly port: number;
  readonly payload: Uint8Array;
  /** The network server's receive time: the end of a report's interval. */
  readonly receivedAt: Date;
  /** LoRaWAN frame counter, when the transport knows it. */
  readonly fCnt?: number | null;
  readonly gateway?: string | null;
  /**
   * The gateway's EUI when the transport names it apart from `gateway` (The Things Stack's gateway
   * ids are names): a gateway registered by either is the one that heard the uplink.
   */
  readonly gatewayEui?: string | null;
  readonly rssi?: number | null;
  readonly snr?: number | null;
  readonly transport: Transport;
};

/** The micrometer behind a DevEUI with its assignment at this moment (copied onto its rows). */
export type SensorRow = StoredPlacement & {
  id: number;
  mac_address: string;
  report_interval_s: number;
  timezone: string | null;
};

export type Row = {
  measuredAt: Date;
  mac: string;
  seq: number;
  kind: 'usage' | 'usage_v1' | 'keepalive' | 'malformed';
  port: number;
  payload: Uint8Array;
  transport: Transport;
  volumeMgal: number | null;
  intervalS: number | null;
  flowTimeS: number | null;
  peakFlowMgpm: number | null;
  battery: number | null;
  firmware: string | null;
  flags: number | null;
  reportIntervalS: number | null;
  gateway: string | null;
  gatewayEui: string | null;
  rssi: number | null;
  snr: number | null;
  error: string | null;
  sensor: SensorRow | undefined;
  /** Which of the merged batches it came from. */
  part: number;
};

const MAX_SEQ = 2_147_483_647;

/** Text as PostgreSQL can store it: a NUL character (valid in JSON) becomes U+FFFD. */
export const storable = (text: string) =>
  text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text;

/** The DevEUI a row or a refusal names: the normalised one, else the text as sent, cut to fit. */
export const namedMac = (uplink: Uplink, mac: string | null) =>
  mac ?? storable(uplink.mac.slice(0, 64));

/**
 * The row an uplink is stored as; `mac` is its normalised DevEUI (null: not a DevEUI, which makes
 * the row malformed whatever its payload).
 */
export function toRow(
  uplink: Uplink,
  mac: string | null,
  sensor: SensorRow | undefined,
  part: number,
): Row {
  const row = decodedRow(uplink, sensor, part);
  row.mac = namedMac(uplink, mac);
  if (!mac) {
    row.kind = 'malformed';
    row.error = `invalid DevEUI '${row.mac}'`;
  }
  return row;
}

/** The payload's fields in a row. Built as one object and filled in (hot path: no spreads). */
function decodedRow(uplink: Uplink, sensor: SensorRow | undefined, part: number): Row {
  const row: Row = {
    measuredAt: uplink.receivedAt,
    mac: '',
    seq: Math.min(Math.max(0, Math.trunc(uplink.fCnt ?? 0)), MAX_SEQ),
    kind: 'malformed',
    port: uplink.port,
    payload: uplink.payload,
    transport: uplink.transport,
    volumeMgal: null,
    intervalS: null,
    flowTimeS: null,
    peakFlowMgpm: null,
    battery: null,
    firmware: null,
    flags: null,
    reportIntervalS: null,
    gateway: uplink.gateway == null ? null : storable(uplink.gateway),
    gatewayEui: uplink.gatewayEui == null ? null : storable(uplink.gatewayEui),
    rssi: uplink.rssi ?? null,
    snr: uplink.snr ?? null,
    error: null,
    sensor,
    part,
  };
  const decoded = decodeUplink(uplink.port, uplink.payload);
  if (!decoded.ok) {
    row.error = decoded.error;
    return row;
  }
  const frame: Frame = decoded.frame;
  row.kind = frame.kind;
  row.battery = frame.battery;
  switch (frame.kind) {
    case 'usage':
      row.seq = frame.seq;
      row.volumeMgal = frame.volumeMgal;
      row.intervalS = frame.intervalS;
      row.flowTimeS = frame.flowTimeS;
      row.peakFlowMgpm = frame.peakFlowMgpm;
      return row;
    case 'usage_v1':
      row.volumeMgal = frame.volumeMgal;
      row.intervalS = sensor?.report_interval_s ?? 900;
      return row;
    case 'keepalive':
      row.firmware = frame.firmwareVersion;
      row.flags = frame.flags;
      row.reportIntervalS = frame.reportIntervalS;
      return row;
    default: {
      const unreachable: never = frame;
      return unreachable;
    }
  }
}

/** A reading's natural key: a redelivery has the same. */
export const rowKey = (row: Row) => `${row.mac}|${row.measuredAt.getTime()}|${row.seq}`;

/** The one order (by natural key) every statement of a batch touches its rows in. */
export const byKey = (a: Row, b: Row) =>
  (a.mac < b.mac ? -1 : a.mac > b.mac ? 1 : 0) ||
  a.measuredAt.getTime() - b.measuredAt.getTime() ||
  a.seq - b.seq;

// The one ingest path every transport feeds (DESIGN sections 6 and 7). A batch of uplinks is decoded
// and stored in one transaction: each uplink becomes a raw submission carrying the sensor's
// assignment at that moment; the natural key (mac, measured_at, seq) makes a redelivery insert
// nothing; only rows actually inserted add to the hourly and daily usage rollups and move the
// sensors' and gateways' last-seen facts. A malformed uplink is stored with its error and never
// fails its batch. A batch written with a company's integration key stores only that company's
// micrometers and reports the others as refused. Callers acknowledge their transport only after
// `ingest` resolves.
import { decodeUplink, type Frame } from '@flowsight/domain/device-protocol';
import { GatewayStatus, SensorStatus } from '@flowsight/domain/lookups';
import { normalizeMac } from '@flowsight/domain/mac';
import { localDate, usageInstant, utcHour } from '@flowsight/domain/usage';
import { sql } from 'drizzle-orm';
import { copyField, copyWriter, type Database, type Executor } from '../../db/client.ts';
import { Forbidden } from '../../lib/errors.ts';

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
  readonly rssi?: number | null;
  readonly snr?: number | null;
  readonly transport: Transport;
};

export type IngestResult = {
  /** Uplinks in the batch. */
  received: number;
  /** New rows stored (the rest were redeliveries or refused). */
  stored: number;
  duplicates: number;
  malformed: number;
  /** Stored rows from MACs that are unknown or not assigned to a unit. */
  unassigned: number;
  /** Uplinks not stored: their micrometer is outside the writer's scope. */
  refused: number;
  /** The DevEUIs of the refused uplinks, each once. */
  refusedMacs: string[];
};

/**
 * Whose micrometers a batch may write: one company's (an integration key of that company's network
 * server), or, with `companyId` null, the whole fleet — unknown and stock DevEUIs included.
 */
export type IngestScope = { readonly companyId: number | null };
export const wholeFleet: IngestScope = { companyId: null };

/** Most DevEUIs a refusal message names. */
const NAMED_IN_REFUSAL = 20;
/** The refusal of a call none of whose micrometers is in the key's scope. */
export function outOfScope(macs: readonly string[]): Forbidden {
  const named = macs.slice(0, NAMED_IN_REFUSAL).join(', ');
  const more = macs.length > NAMED_IN_REFUSAL ? ` and ${macs.length - NAMED_IN_REFUSAL} more` : '';
  return new Forbidden(
    `This integration key writes only its company's micrometers; refused: ${named}${more}`,
  );
}

type SensorRow = {
  id: number;
  mac_address: string;
  company_id: number | null;
  property_id: number | null;
  building_id: number | null;
  unit_id: number | null;
  appliance_type_id: number | null;
  room_type_id: number | null;
  water_type_id: number | null;
  report_interval_s: number;
  timezone: string | null;
};

type Row = {
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
  rssi: number | null;
  snr: number | null;
  error: string | null;
  sensor: SensorRow | undefined;
  /** Which of the merged batches it came from. */
  part: number;
};

/** Something that wants to know which sensors got new readings (leak detection, live updates). */
export type IngestListener = (event: { sensorIds: readonly number[]; at: Date }) => void;

const MAX_SEQ = 2_147_483_647;
const monthKey = (date: Date) => `${date.getUTCFullYear()}-${date.getUTCMonth()}`;

/** The row an uplink is stored as. Built as one object and filled in (hot path: no spreads). */
function toRow(uplink: Uplink, sensor: SensorRow | undefined, part: number): Row {
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

/** Text as PostgreSQL can store it: a NUL character (valid in JSON) becomes U+FFFD. */
const storable = (text: string) =>
  text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text;
/** A reading's natural key: a redelivery has the same. */
const rowKey = (row: Row) => `${row.mac}|${row.measuredAt.getTime()}|${row.seq}`;
const SUBMISSION_COLUMNS =
  'measured_at, mac_address, seq, kind, port, payload, transport, volume_mgal, interval_s, flow_time_s, ' +
  'peak_flow_mgpm, battery, firmware_version, flags, report_interval_s, gateway_serial, rssi, snr, error, ' +
  'sensor_id, company_id, property_id, building_id, unit_id, appliance_type_id, room_type_id, water_type_id';
const isUsage = (kind: Row['kind']) => kind === 'usage' || kind === 'usage_v1';
const byKey = (a: Row, b: Row) =>
  (a.mac < b.mac ? -1 : a.mac > b.mac ? 1 : 0) ||
  a.measuredAt.getTime() - b.measuredAt.getTime() ||
  a.seq - b.seq;

/** PostgreSQL's answers to lock cycles and serialization conflicts: the batch may simply retry. */
const RETRYABLE = new Set(['40P01', '40001', '42P07']);
const MAX_ATTEMPTS = 4;
/** Readings one merged transaction takes at most. */
const MERGE_LIMIT = 5000;
/** A transaction of at least this many readings starts at once… */
const GATHER_READINGS = 2000;
/** …a smaller one waits this long for more to join it (ms)… */
const GATHER_MS = 10;
/** …or up to this long while announced batches are still being read (ms). */
const ARRIVAL_WAIT_MS = 20;
/** Batches announced this recently (ms) mean more are likely on their way. */
const RECENT_ARRIVAL_MS = 250;
/**
 * Transactions one process writes at once. Each lane owns a share of the sensors (by DevEUI), so
 * concurrent transactions never wait for each other's rows (submissions keys, rollup rows, the
 * sensor's facts) and PostgreSQL can use a core per lane.
 */
const LANES = 2;
/** The lane of a DevEUI (in any spelling: only its hex digits count). */
export function laneOf(mac: string): number {
  let hash = 0;
  for (let i = 0; i < mac.length; i += 1) {
    const code = mac.charCodeAt(i) | 0x20;
    const digit =
      code >= 0x30 && code <= 0x39 ? code - 0x30 : code >= 0x61 && code <= 0x66 ? code - 0x57 : -1;
    if (digit >= 0) hash = (hash * 31 + digit) >>> 0;
  }
  return hash % LANES;
}
const emptyResult = (received: number): IngestResult => ({
  received,
  stored: 0,
  duplicates: 0,
  malformed: 0,
  unassigned: 0,
  refused: 0,
  refusedMacs: [],
});
/** One caller's uplinks within a group commit, with the scope they were sent under. */
type Part = { readonly uplinks: readonly Uplink[]; readonly scope: IngestScope };
/** The SQLSTATE of a database error, looked for through its causes. */
function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
const retryable = (error: unknown) => RETRYABLE.has(errorCode(error) ?? '');
const UNIQUE_VIOLATION = '23505';
/** A COPY of rows met one already stored: nothing of its transaction was kept. */
class CopyRefused extends Error {
  constructor(cause: unknown) {
    super('a redelivered reading refused the COPY', { cause });
  }
}
const NEEDS_ESCAPE = /["\\]/;

/**
 * A PostgreSQL array literal (`{"a","b",NULL}`) sent as one text parameter and cast in SQL: the
 * same on node-postgres and PGlite, and one parameter however many rows a batch has.
 */
export function pgArray(values: readonly (string | number | null)[]): string {
  const items = values.map((value) => {
    if (value === null) return 'NULL';
    if (typeof value === 'number') return String(value);
    return NEEDS_ESCAPE.test(value)
      ? `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`
      : `"${value}"`;
  });
  return `{${items.join(',')}}`;
}

export type IngestTiming = {
  /** See GATHER_MS. */
  gatherMs?: number;
  /** See ARRIVAL_WAIT_MS. */
  arrivalWaitMs?: number;
};

export function createIngestService(
  db: Database,
  { gatherMs = GATHER_MS, arrivalWaitMs = ARRIVAL_WAIT_MS }: IngestTiming = {},
) {
  const listeners = new Set<IngestListener>();
  const partitionsReady = new Set<string>();

  async function ensurePartitions(tx: Executor, rows: readonly Row[]) {
    const months = new Map<string, Date>();
    for (const row of rows) {
      const key = monthKey(row.measuredAt);
      if (!partitionsReady.has(key)) months.set(key, row.measuredAt);
    }
    for (const [key, date] of months) {
      await tx.execute(
        sql`select ensure_submissions_partition(${date.toISOString()}::timestamptz)`,
      );
      partitionsReady.add(key);
    }
  }

  async function sensorsByMac(tx: Executor, macs: readonly string[]) {
    if (macs.length === 0) return new Map<string, SensorRow>();
    const { rows } = (await tx.execute(sql`
      select s.id, s.mac_address, s.company_id, s.property_id, s.building_id, s.unit_id,
             s.appliance_type_id, s.room_type_id, s.water_type_id, s.report_interval_s, z.name as timezone
      from sensors s
      left join properties p on p.id = s.property_id
      left join timezones z on z.id = p.timezone_id
      where s.mac_address = any(${pgArray(macs)}::text[])`)) as unknown as { rows: SensorRow[] };
    return new Map(rows.map((row) => [row.mac_address, row]));
  }

  /**
   * Stores the rows; answers the keys of those actually inserted. With `useCopy` (PostgreSQL only)
   * they are streamed with COPY, all or none: a redelivery among them hits the natural key and
   * fails the transaction with `CopyRefused`, to be stored again without it. Otherwise they
   * are inserted skipping those already stored (always on PGlite).
   */
  async function storeSubmissions(tx: Executor, rows: readonly Row[], useCopy: boolean) {
    const copy = useCopy ? copyWriter(tx) : undefined;
    if (!copy) return insertSubmissions(tx, rows);
    let text = '';
    for (const row of rows) {
      const a = row.sensor?.unit_id ? row.sensor : undefined;
      // In SUBMISSION_COLUMNS order.
      const fields = [
        row.measuredAt.toISOString(),
        row.mac,
        row.seq,
        row.kind,
        row.port,
        `\\x${Buffer.from(row.payload).toString('hex')}`,
        row.transport,
        row.volumeMgal,
        row.intervalS,
        row.flowTimeS,
        row.peakFlowMgpm,
        row.battery,
        row.firmware,
        row.flags,
        row.reportIntervalS,
        row.gateway,
        row.rssi,
        row.snr,
        row.error,
        row.sensor?.id,
        a?.company_id,
        a?.property_id,
        a?.building_id,
        a?.unit_id,
        a?.appliance_type_id,
        a?.room_type_id,
        a?.water_type_id,
      ];
      text += `${fields.map(copyField).join('\t')}\n`;
    }
    try {
      await copy(`submissions (${SUBMISSION_COLUMNS})`, text);
    } catch (error) {
      throw errorCode(error) === UNIQUE_VIOLATION ? new CopyRefused(error) : error;
    }
    return new Set(rows.map(rowKey));
  }

  /** Inserts the rows, skipping redeliveries; answers the keys of the rows actually inserted. */
  async function insertSubmissions(tx: Executor, rows: readonly Row[]) {
    const assigned = (row: Row) => (row.sensor?.unit_id ? row.sensor : undefined);
    const column = <T extends string | number | null>(pick: (row: Row) => T) =>
      pgArray(rows.map(pick));
    // One array per column, unnested into rows: a handful of parameters whatever the batch size.
    const { rows: inserted } = (await tx.execute(sql`
      insert into submissions (${sql.raw(SUBMISSION_COLUMNS)})
      select measured_at, mac_address, seq, kind, port, decode(payload, 'hex'), transport, volume_mgal,
        interval_s, flow_time_s, peak_flow_mgpm, battery, firmware_version, flags, report_interval_s,
        gateway_serial, rssi, snr, error, sensor_id, company_id, property_id, building_id, unit_id,
        appliance_type_id, room_type_id, water_type_id
      from unnest(
        ${column((r) => r.measuredAt.toISOString())}::timestamptz[], ${column((r) => r.mac)}::text[],
        ${column((r) => r.seq)}::int[], ${column((r) => r.kind)}::text[], ${column((r) => r.port)}::smallint[],
        ${column((r) => Buffer.from(r.payload).toString('hex'))}::text[], ${column((r) => r.transport)}::text[],
        ${column((r) => r.volumeMgal)}::bigint[], ${column((r) => r.intervalS)}::int[],
        ${column((r) => r.flowTimeS)}::int[], ${column((r) => r.peakFlowMgpm)}::int[],
        ${column((r) => r.battery)}::smallint[], ${column((r) => r.firmware)}::text[],
        ${column((r) => r.flags)}::smallint[], ${column((r) => r.reportIntervalS)}::int[],
        ${column((r) => r.gateway)}::text[], ${column((r) => r.rssi)}::real[], ${column((r) => r.snr)}::real[],
        ${column((r) => r.error)}::text[], ${column((r) => r.sensor?.id ?? null)}::int[],
        ${column((r) => assigned(r)?.company_id ?? null)}::int[], ${column((r) => assigned(r)?.property_id ?? null)}::int[],
        ${column((r) => assigned(r)?.building_id ?? null)}::int[], ${column((r) => assigned(r)?.unit_id ?? null)}::int[],
        ${column((r) => assigned(r)?.appliance_type_id ?? null)}::smallint[],
        ${column((r) => assigned(r)?.room_type_id ?? null)}::smallint[],
        ${column((r) => assigned(r)?.water_type_id ?? null)}::smallint[]
      ) as u(measured_at, mac_address, seq, kind, port, payload, transport, volume_mgal, interval_s,
        flow_time_s, peak_flow_mgpm, battery, firmware_version, flags, report_interval_s, gateway_serial,
        rssi, snr, error, sensor_id, company_id, property_id, building_id, unit_id, appliance_type_id,
        room_type_id, water_type_id)
      on conflict (mac_address, measured_at, seq) do nothing
      returning mac_address, measured_at, seq`)) as unknown as {
      rows: { mac_address: string; measured_at: Date | string; seq: number }[];
    };
    return new Set(
      inserted.map((row) => `${row.mac_address}|${new Date(row.measured_at).getTime()}|${row.seq}`),
    );
  }

  async function addUsage(tx: Executor, rows: readonly Row[]) {
    type Sum = { sensor: SensorRow; key: string; volume: number; flow: number; readings: number };
    const hourly = new Map<string, Sum>();
    const daily = new Map<string, Sum>();
    const monthly = new Map<string, Sum>();
    const add = (map: Map<string, Sum>, sensor: SensorRow, key: string, row: Row) => {
      const id = `${sensor.id}|${sensor.unit_id}|${key}`;
      const sum = map.get(id) ?? { sensor, key, volume: 0, flow: 0, readings: 0 };
      sum.volume += row.volumeMgal ?? 0;
      sum.flow += row.flowTimeS ?? 0;
      sum.readings += 1;
      map.set(id, sum);
    };
    for (const row of rows) {
      const sensor = row.sensor;
      if (!isUsage(row.kind) || !sensor?.unit_id) continue;
      const instant = usageInstant(row.measuredAt, row.intervalS ?? 0);
      add(hourly, sensor, utcHour(instant).toISOString(), row);
      const day = localDate(instant, sensor.timezone ?? 'UTC');
      add(daily, sensor, day, row);
      add(monthly, sensor, `${day.slice(0, 8)}01`, row);
    }
    const upsert = (
      table: 'usage_hourly' | 'usage_daily' | 'usage_monthly',
      sums: Map<string, Sum>,
    ) => {
      const list = [...sums.values()].sort(
        (a, b) =>
          a.sensor.id - b.sensor.id ||
          (a.sensor.unit_id ?? 0) - (b.sensor.unit_id ?? 0) ||
          (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
      );
      const column = <T extends string | number | null>(pick: (sum: Sum) => T) =>
        pgArray(list.map(pick));
      const time =
        table === 'usage_hourly' ? sql`hour` : table === 'usage_daily' ? sql`day` : sql`month`;
      const cast = table === 'usage_hourly' ? sql`timestamptz[]` : sql`date[]`;
      return sql`
        insert into ${sql.identifier(table)} (sensor_id, company_id, property_id, building_id, unit_id,
          appliance_type_id, volume_mgal, flow_time_s, readings, ${time})
        select * from unnest(
          ${column((x) => x.sensor.id)}::int[], ${column((x) => x.sensor.company_id)}::int[],
          ${column((x) => x.sensor.property_id)}::int[], ${column((x) => x.sensor.building_id)}::int[],
          ${column((x) => x.sensor.unit_id)}::int[], ${column((x) => x.sensor.appliance_type_id)}::smallint[],
          ${column((x) => x.volume)}::bigint[], ${column((x) => x.flow)}::int[],
          ${column((x) => x.readings)}::int[], ${column((x) => x.key)}::${cast})
        on conflict (sensor_id, unit_id, ${time}) do update set
          volume_mgal = ${sql.identifier(table)}.volume_mgal + excluded.volume_mgal,
          flow_time_s = ${sql.identifier(table)}.flow_time_s + excluded.flow_time_s,
          readings = ${sql.identifier(table)}.readings + excluded.readings`;
    };
    // Every usage row falls in an hour, a day and a month: all three or none.
    if (hourly.size === 0) return;
    // One statement (one round trip): the first two upserts run as data-modifying CTEs.
    await tx.execute(sql`
      with hourly as (${upsert('usage_hourly', hourly)}), daily as (${upsert('usage_daily', daily)})
      ${upsert('usage_monthly', monthly)}`);
  }

  /** Last submission / keep-alive, battery, firmware and report interval, newest wins. */
  async function touchSensors(tx: Executor, rows: readonly Row[]) {
    type Facts = {
      id: number;
      lastUsage: Date | null;
      lastKeepalive: Date | null;
      newest: Date;
      battery: number | null;
      firmware: string | null;
      interval: number | null;
    };
    const facts = new Map<number, Facts>();
    for (const row of rows) {
      if (!row.sensor || row.kind === 'malformed') continue;
      const f = facts.get(row.sensor.id) ?? {
        id: row.sensor.id,
        lastUsage: null,
        lastKeepalive: null,
        newest: new Date(0),
        battery: null,
        firmware: null,
        interval: null,
      };
      const at = row.measuredAt;
      if (isUsage(row.kind) && (!f.lastUsage || at > f.lastUsage)) f.lastUsage = at;
      if (row.kind === 'keepalive' && (!f.lastKeepalive || at > f.lastKeepalive)) {
        f.lastKeepalive = at;
        f.firmware = row.firmware;
        f.interval = row.reportIntervalS;
      }
      if (at >= f.newest) {
        f.newest = at;
        if (row.battery !== null) f.battery = row.battery;
      }
      facts.set(row.sensor.id, f);
    }
    if (facts.size === 0) return [];
    const list = [...facts.values()].sort((a, b) => a.id - b.id);
    const column = <T extends string | number | null>(pick: (f: Facts) => T) =>
      pgArray(list.map(pick));
    // Locks taken in id order by the CTE (an UPDATE … FROM may visit rows in any order); every
    // row the UPDATE changes is one the CTE has already locked.
    await tx.execute(sql`
      with locked as materialized (
        select id from sensors where id = any(${column((f) => f.id)}::int[]) order by id for update)
      update sensors s set
        last_submission = greatest(s.last_submission, v.last_usage),
        last_keepalive = greatest(s.last_keepalive, v.last_keepalive),
        battery = case when v.battery is not null
          and v.newest >= coalesce(greatest(s.last_submission, s.last_keepalive), '-infinity'::timestamptz)
          then v.battery else s.battery end,
        firmware_version = case when v.last_keepalive is not null
          and v.last_keepalive >= coalesce(s.last_keepalive, '-infinity'::timestamptz)
          then v.firmware else s.firmware_version end,
        report_interval_s = case when v.interval is not null
          and v.last_keepalive >= coalesce(s.last_keepalive, '-infinity'::timestamptz)
          then v.interval else s.report_interval_s end,
        -- Old history arriving late (a backfill, a redelivered backlog) says nothing about now.
        sensor_status_id = case when v.newest >= coalesce(greatest(s.last_submission, s.last_keepalive), '-infinity'::timestamptz)
          then ${SensorStatus.Transmitting} else s.sensor_status_id end,
        updated_at = now()
      from unnest(
        ${column((f) => f.id)}::int[], ${column((f) => f.lastUsage?.toISOString() ?? null)}::timestamptz[],
        ${column((f) => f.lastKeepalive?.toISOString() ?? null)}::timestamptz[],
        ${column((f) => f.newest.toISOString())}::timestamptz[], ${column((f) => f.battery)}::smallint[],
        ${column((f) => f.firmware)}::text[], ${column((f) => f.interval)}::int[]
      ) as v(id, last_usage, last_keepalive, newest, battery, firmware, interval)
      join locked l on l.id = v.id
      where s.id = v.id`);
    return [...facts.keys()];
  }

  async function touchGateways(tx: Executor, rows: readonly Row[]) {
    const seen = new Map<string, Date>();
    for (const row of rows) {
      if (!row.gateway) continue;
      const last = seen.get(row.gateway);
      if (!last || row.measuredAt > last) seen.set(row.gateway, row.measuredAt);
    }
    if (seen.size === 0) return;
    const list = [...seen].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    await tx.execute(sql`
      update gateways g set
        last_seen_at = greatest(g.last_seen_at, v.at),
        gateway_status_id = case when g.gateway_status_id = ${GatewayStatus.Offline}
          then ${GatewayStatus.Online} else g.gateway_status_id end,
        updated_at = now()
      from unnest(${pgArray(list.map(([serial]) => serial))}::text[],
        ${pgArray(list.map(([, at]) => at.toISOString()))}::timestamptz[]) as v(serial, at)
      where lower(g.serial_number) = lower(v.serial)`);
  }

  /** One transaction for several batches; answers each batch's result and the touched sensors. */
  async function storeGroup(parts: readonly Part[], useCopy: boolean) {
    return db.transaction(async (tx) => {
      const prepared = parts.flatMap(({ uplinks }, part) =>
        uplinks.map((uplink) => ({ uplink, part, mac: normalizeMac(uplink.mac) })),
      );
      const macs = [...new Set(prepared.flatMap(({ mac }) => (mac ? [mac] : [])))];
      const sensors = await sensorsByMac(tx, macs);
      const results = parts.map(({ uplinks }) => emptyResult(uplinks.length));
      const refusedMacs = parts.map(() => new Set<string>());
      // A key repeated within the group would be refused by the database; keep its first copy.
      const unique = new Map<string, Row>();
      for (const { uplink, part, mac } of prepared) {
        const sensor = mac ? sensors.get(mac) : undefined;
        const companyId = parts[part]?.scope.companyId ?? null;
        if (companyId !== null && sensor?.company_id !== companyId) {
          // Outside the writer's scope (another company's, stock or unknown): not stored at all.
          (results[part] as IngestResult).refused += 1;
          refusedMacs[part]?.add(mac ?? storable(uplink.mac.slice(0, 64)));
          continue;
        }
        const row = toRow(uplink, sensor, part);
        row.mac = mac ?? storable(uplink.mac.slice(0, 64));
        if (!mac) {
          row.kind = 'malformed';
          row.error = `invalid DevEUI '${row.mac}'`;
        }
        const key = rowKey(row);
        if (!unique.has(key)) unique.set(key, row);
      }
      // Every statement below touches rows in one global order (by key), so concurrent
      // transactions over the same sensors (other replicas) wait instead of deadlocking.
      const rows = [...unique.values()].sort(byKey);
      await ensurePartitions(tx, rows);
      const inserted = await storeSubmissions(tx, rows, useCopy);
      const fresh =
        inserted.size === rows.length ? rows : rows.filter((row) => inserted.has(rowKey(row)));
      await addUsage(tx, fresh);
      const sensorIds = await touchSensors(tx, fresh);
      await touchGateways(tx, fresh);
      for (const row of fresh) {
        const result = results[row.part];
        if (!result) continue;
        result.stored += 1;
        if (row.kind === 'malformed') result.malformed += 1;
        if (!row.sensor?.unit_id) result.unassigned += 1;
      }
      for (const [part, result] of results.entries()) {
        result.duplicates = result.received - result.stored - result.refused;
        result.refusedMacs = [...(refusedMacs[part] ?? [])];
      }
      return { results, sensorIds };
    });
  }

  async function storeWithRetry(parts: readonly Part[]) {
    let useCopy = true;
    for (let attempt = 1; ; ) {
      try {
        return await storeGroup(parts, useCopy);
      } catch (error) {
        // A redelivery refused the COPY (only ever thrown with it): insert, skipping what is stored.
        if (error instanceof CopyRefused) {
          useCopy = false;
          continue;
        }
        // A lock cycle with another replica's transaction: nothing was stored, so store again.
        if (attempt >= MAX_ATTEMPTS || !retryable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20));
        attempt += 1;
      }
    }
  }

  type Pending = Part & {
    resolve: (result: IngestResult) => void;
    reject: (error: unknown) => void;
  };
  /** One queue and at most one writer per lane; a sensor's readings always take the same lane. */
  const lanes = Array.from({ length: LANES }, () => ({ queue: [] as Pending[], busy: false }));

  function notify(sensorIds: readonly number[]) {
    if (sensorIds.length === 0) return;
    const event = { sensorIds, at: new Date() };
    for (const listener of listeners) listener(event);
  }

  /** Batches announced (their request is being read) and not yet queued or given up. */
  let announced = 0;
  let lastAnnounced = Number.NEGATIVE_INFINITY;
  const arrivalWaiters = new Set<() => void>();
  function arrivalNews() {
    for (const wake of arrivalWaiters) wake();
    arrivalWaiters.clear();
  }
  /**
   * Group commit: while batches keep arriving over HTTP (one was announced within the last
   * RECENT_ARRIVAL_MS), a writer with fewer than GATHER_READINGS queued gives others a moment to
   * join its transaction (GATHER_MS), longer while announced ones are still being read (up to
   * ARRIVAL_WAIT_MS), instead of each batch paying for a transaction of its own. Uplinks that come
   * alone (MQTT, whose broker sends the next messages only once these are acknowledged) are
   * written at once.
   */
  async function gather(queue: readonly Pending[]) {
    const started = performance.now();
    for (;;) {
      const now = performance.now();
      const waited = now - started;
      const queued = queue.reduce((sum, pending) => sum + pending.uplinks.length, 0);
      if (queued >= MERGE_LIMIT || waited >= arrivalWaitMs) return;
      if (announced === 0) {
        const arriving = now - lastAnnounced < RECENT_ARRIVAL_MS;
        if (!arriving || queued >= GATHER_READINGS || waited >= gatherMs) return;
      }
      const left = (announced > 0 ? arrivalWaitMs : gatherMs) - waited;
      await new Promise<void>((resolve) => {
        arrivalWaiters.add(resolve);
        setTimeout(resolve, left);
      });
    }
  }

  /** A lane's writer: takes what is queued, up to MERGE_LIMIT readings, into one transaction. */
  async function drain(lane: (typeof lanes)[number]) {
    if (lane.busy) return;
    lane.busy = true;
    const { queue } = lane;
    try {
      for (;;) {
        await gather(queue);
        const group: Pending[] = [];
        let size = 0;
        for (;;) {
          const next = queue[0];
          if (!next || (group.length > 0 && size + next.uplinks.length > MERGE_LIMIT)) break;
          queue.shift();
          group.push(next);
          size += next.uplinks.length;
        }
        if (group.length === 0) return;
        try {
          const { results, sensorIds } = await storeWithRetry(group);
          for (const [index, pending] of group.entries()) {
            pending.resolve(results[index] ?? emptyResult(0));
          }
          notify(sensorIds);
        } catch (error) {
          if (group.length === 1) {
            group[0]?.reject(error);
            continue;
          }
          // One batch must not fail the others it was merged with: store each alone.
          for (const pending of group) {
            try {
              const { results, sensorIds } = await storeWithRetry([pending]);
              pending.resolve(results[0] ?? emptyResult(0));
              notify(sensorIds);
            } catch (alone) {
              pending.reject(alone);
            }
          }
        }
      }
    } finally {
      lane.busy = false;
    }
  }

  /** Queues uplinks of one lane; resolves once the transaction holding them committed. */
  function enqueue(
    index: number,
    uplinks: readonly Uplink[],
    scope: IngestScope,
  ): Promise<IngestResult> {
    const lane = lanes[index] as (typeof lanes)[number];
    return new Promise((resolve, reject) => {
      lane.queue.push({ uplinks, scope, resolve, reject });
      arrivalNews();
      void drain(lane);
    });
  }

  return {
    /**
     * Stores a batch exactly once; resolves after every transaction holding part of it committed.
     * The batch is split by lane; what arrives while a lane is writing is merged into that lane's
     * next transaction (group commit): fewer, larger transactions, and a reading that appears in
     * several merged batches is stored for the first and counted a duplicate for the others. If a
     * part fails the call fails, and a retry stores only what is missing.
     *
     * Under a company's scope, uplinks of micrometers that are not that company's are refused
     * (counted and named, never stored); when that is all of them the call fails with 403.
     */
    async ingest(uplinks: readonly Uplink[], scope = wholeFleet): Promise<IngestResult> {
      if (uplinks.length === 0) return emptyResult(0);
      const parts: Uplink[][] = Array.from({ length: LANES }, () => []);
      for (const uplink of uplinks) parts[laneOf(uplink.mac)]?.push(uplink);
      const results = await Promise.all(
        parts.flatMap((part, index) => (part.length > 0 ? [enqueue(index, part, scope)] : [])),
      );
      const total = emptyResult(uplinks.length);
      const refused = new Set<string>();
      for (const result of results) {
        total.stored += result.stored;
        total.duplicates += result.duplicates;
        total.malformed += result.malformed;
        total.unassigned += result.unassigned;
        total.refused += result.refused;
        for (const mac of result.refusedMacs) refused.add(mac);
      }
      total.refusedMacs = [...refused].sort();
      if (total.refused === total.received) throw outOfScope(total.refusedMacs);
      return total;
    },
    /**
     * Tells the writers a batch is on its way (its request is being read), so they may wait a
     * moment for it; call the answer once it is handed to `ingest` or given up (any number of
     * times).
     */
    announce(): () => void {
      announced += 1;
      lastAnnounced = performance.now();
      let pending = true;
      return () => {
        if (!pending) return;
        pending = false;
        announced -= 1;
        arrivalNews();
      };
    },
    /**
     * A battery level reported out of band (ChirpStack `status` events); newest wins. Under a
     * company's scope, another company's (or an unknown) micrometer is refused with 403.
     */
    async recordBattery(mac: string, battery: number, at: Date, scope = wholeFleet) {
      const normalized = normalizeMac(mac);
      if (scope.companyId !== null) {
        const { rows } = (await db.execute(
          sql`select company_id from sensors where mac_address = ${normalized ?? ''}`,
        )) as unknown as { rows: { company_id: number | null }[] };
        if (rows[0]?.company_id !== scope.companyId) throw outOfScope([normalized ?? mac]);
      }
      if (!normalized) return false;
      const { rows } = (await db.execute(sql`
        update sensors set battery = ${Math.round(battery)}, updated_at = now()
        where mac_address = ${normalized}
          and ${at.toISOString()}::timestamptz >= coalesce(greatest(last_submission, last_keepalive), '-infinity'::timestamptz)
        returning id`)) as unknown as { rows: { id: number }[] };
      return rows.length > 0;
    },
    /** Called after each committed batch with the sensors that got new readings. */
    onIngested(listener: IngestListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type IngestService = ReturnType<typeof createIngestService>;

// The ingest batch's statements (ingest.service.ts decides what a batch stores, ingest.batcher.ts
// groups batches into transactions, ingest.decoding.ts makes the rows): the write transaction with
// its retries, the monthly partitions of `submissions`, the sensors of a batch's DevEUIs, the
// readings' insert (COPY, or an unnest insert that skips redeliveries), and in one statement what
// the new readings change besides themselves: the hourly, daily and monthly rollups and the
// sensors' and gateways' last-heard facts and status. Each method runs in the
// transaction it is given, else on the database.
import { GatewayStatus, SensorStatus } from '@flowsight/domain/lookups';
import { usageInstant } from '@flowsight/domain/usage';
import { type SQL, sql } from 'drizzle-orm';
import {
  copyField,
  copyWriter,
  type Database,
  type Executor,
  rowsOf,
  type Transaction,
} from '../../db/client.ts';
import { pgArray, RollupSums, rollupWriteCtes } from '../../db/rollup-writes.ts';
import { type ParametersAfterDb, withDatabase } from '../../lib/with-database.ts';
import { type Row, rowKey, type SensorRow } from './ingest.decoding.ts';

const monthKey = (date: Date) => `${date.getUTCFullYear()}-${date.getUTCMonth()}`;

const SUBMISSION_COLUMNS =
  'measured_at, mac_address, seq, kind, port, payload, transport, volume_mgal, interval_s, flow_time_s, ' +
  'peak_flow_mgpm, battery, firmware_version, flags, report_interval_s, gateway_serial, rssi, snr, error, ' +
  'sensor_id, company_id, property_id, building_id, unit_id, appliance_type_id, room_type_id, water_type_id';

export const isUsage = (kind: Row['kind']) => kind === 'usage' || kind === 'usage_v1';

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

const UNIQUE_VIOLATION = '23505';
/** PostgreSQL's answers to lock cycles and serialization conflicts: the batch may simply retry. */
const RETRYABLE = new Set(['40P01', '40001', '42P07']);
const MAX_ATTEMPTS = 4;
const retryable = (error: unknown) => RETRYABLE.has(errorCode(error) ?? '');
/** A row for a month without its partition (`check_violation` raised while routing the row). */
function missingPartition(error: unknown): boolean {
  if (errorCode(error) !== '23514') return false;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current.message.startsWith('no partition of relation')) return true;
    current = current.cause;
  }
  return false;
}

/** A COPY of rows met one already stored: nothing of its transaction was kept. */
export class CopyRefused extends Error {
  constructor(cause: unknown) {
    super('a redelivered reading refused the COPY', { cause });
  }
}

/** The payload as `bytea` hex text in a COPY field (its backslash escaped), read in place. */
const hexBytes = (bytes: Uint8Array) =>
  `\\\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`;

/**
 * The rows in COPY text format, columns in SUBMISSION_COLUMNS order (hot path: one string per
 * row, no arrays per field). Text that a sender chose (DevEUI as sent, gateway, error, firmware)
 * goes through `copyField`; the rest are numbers, dates and fixed words.
 */
export function copyText(rows: readonly Row[]): string {
  const n = (value: number | null) => (value === null ? '\\N' : String(value));
  let text = '';
  for (const row of rows) {
    const s = row.sensor;
    const a = s?.unit_id ? s : undefined;
    text +=
      `${row.measuredAt.toISOString()}\t${copyField(row.mac)}\t${row.seq}\t${row.kind}\t${row.port}\t` +
      `${hexBytes(row.payload)}\t${row.transport}\t${n(row.volumeMgal)}\t${n(row.intervalS)}\t` +
      `${n(row.flowTimeS)}\t${n(row.peakFlowMgpm)}\t${n(row.battery)}\t${copyField(row.firmware)}\t` +
      `${n(row.flags)}\t${n(row.reportIntervalS)}\t${copyField(row.gateway)}\t${n(row.rssi)}\t` +
      `${n(row.snr)}\t${copyField(row.error)}\t${n(s?.id ?? null)}\t${n(a?.company_id ?? null)}\t` +
      `${n(a?.property_id ?? null)}\t${n(a?.building_id ?? null)}\t${n(a?.unit_id ?? null)}\t` +
      `${n(a?.appliance_type_id ?? null)}\t${n(a?.room_type_id ?? null)}\t${n(a?.water_type_id ?? null)}\n`;
  }
  return text;
}

const partitionsReady = new Set<string>();

/**
 * Runs `work` in one transaction and answers its result; `work` is told whether to store the
 * readings with COPY. Again without COPY when a redelivery refused it (`CopyRefused`, only ever
 * thrown with it): the insert skips what is stored. Again after a short pause, up to
 * MAX_ATTEMPTS in all, after a lock cycle with another replica's transaction: nothing was
 * stored, so store again.
 */
async function writeTransaction<T>(
  db: Database,
  work: (tx: Transaction, useCopy: boolean) => Promise<T>,
): Promise<T> {
  let useCopy = true;
  for (let attempt = 1; ; ) {
    const copy = useCopy;
    try {
      return await db.transaction((tx) => work(tx, copy));
    } catch (error) {
      if (error instanceof CopyRefused) {
        useCopy = false;
        continue;
      }
      // Retention dropped a month this process had found ready: find it again (it is made).
      if (missingPartition(error) && attempt < MAX_ATTEMPTS) {
        partitionsReady.clear();
        attempt += 1;
        continue;
      }
      if (attempt >= MAX_ATTEMPTS || !retryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20));
      attempt += 1;
    }
  }
}

async function ensurePartitions(db: Database, rows: readonly Row[], tx?: Executor) {
  const months = new Map<string, Date>();
  for (const row of rows) {
    const key = monthKey(row.measuredAt);
    if (!partitionsReady.has(key)) months.set(key, row.measuredAt);
  }
  for (const [key, date] of months) {
    await (tx ?? db).execute(
      sql`select ensure_submissions_partition(${date.toISOString()}::timestamptz)`,
    );
    partitionsReady.add(key);
  }
}

async function sensorsByMac(db: Database, macs: readonly string[], tx?: Executor) {
  if (macs.length === 0) return new Map<string, SensorRow>();
  const rows = await rowsOf<SensorRow>(
    tx ?? db,
    sql`
      select s.id, s.mac_address, s.company_id, s.property_id, s.building_id, s.unit_id,
             s.appliance_type_id, s.room_type_id, s.water_type_id, s.report_interval_s, z.name as timezone
      from sensors s
      left join properties p on p.id = s.property_id
      left join timezones z on z.id = p.timezone_id
      where s.mac_address = any(${pgArray(macs)}::text[])`,
  );
  return new Map(rows.map((row) => [row.mac_address, row]));
}

/**
 * Stores the rows; answers those actually inserted. With `useCopy` they are written with COPY
 * (node-postgres's stream, PGlite's blob), all or none: a redelivery among them hits the natural
 * key and fails the transaction with `CopyRefused`, to be stored again without it. Otherwise
 * they are inserted skipping those already stored.
 */
async function storeSubmissions(
  db: Database,
  rows: readonly Row[],
  useCopy: boolean,
  tx?: Executor,
): Promise<readonly Row[]> {
  const ex = tx ?? db;
  const copy = useCopy ? copyWriter(ex) : undefined;
  if (!copy) {
    const inserted = await insertSubmissions(db, rows, ex);
    return inserted.size === rows.length ? rows : rows.filter((row) => inserted.has(rowKey(row)));
  }
  try {
    await copy(`submissions (${SUBMISSION_COLUMNS})`, copyText(rows));
  } catch (error) {
    throw errorCode(error) === UNIQUE_VIOLATION ? new CopyRefused(error) : error;
  }
  return rows;
}

/** Inserts the rows, skipping redeliveries; answers the keys of the rows actually inserted. */
async function insertSubmissions(db: Database, rows: readonly Row[], tx?: Executor) {
  const assigned = (row: Row) => (row.sensor?.unit_id ? row.sensor : undefined);
  const column = <T extends string | number | null>(pick: (row: Row) => T) =>
    pgArray(rows.map(pick));
  // One array per column, unnested into rows: a handful of parameters whatever the batch size.
  const inserted = await rowsOf<{ mac_address: string; measured_at: Date | string; seq: number }>(
    tx ?? db,
    sql`
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
      returning mac_address, measured_at, seq`,
  );
  return new Set(
    inserted.map((row) => `${row.mac_address}|${new Date(row.measured_at).getTime()}|${row.seq}`),
  );
}

/** The fresh rows' usage per rollup row (only assigned micrometers' usage readings count). */
function usageSums(rows: readonly Row[]) {
  const sums = new RollupSums();
  for (const row of rows) {
    const sensor = row.sensor;
    if (!isUsage(row.kind) || !sensor?.unit_id) continue;
    sums.add(
      {
        sensorId: sensor.id,
        unitId: sensor.unit_id,
        companyId: sensor.company_id ?? 0,
        propertyId: sensor.property_id ?? 0,
        buildingId: sensor.building_id ?? 0,
        applianceTypeId: sensor.appliance_type_id,
        timeZone: sensor.timezone ?? 'UTC',
      },
      usageInstant(row.measuredAt, row.intervalS ?? 0),
      row.volumeMgal ?? 0,
      row.flowTimeS ?? 0,
      1,
    );
  }
  return sums;
}

/**
 * Last submission / keep-alive, battery, firmware and report interval, newest wins: the CTEs
 * that write them and the sensors they touch.
 */
function sensorFactWrites(rows: readonly Row[]): {
  ids: number[];
  newest: Date | null;
  ctes: SQL[];
} {
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
  if (facts.size === 0) return { ids: [], newest: null, ctes: [] };
  const list = [...facts.values()].sort((a, b) => a.id - b.id);
  const column = <T extends string | number | null>(pick: (f: Facts) => T) =>
    pgArray(list.map(pick));
  // Locks taken in id order by the CTE (an UPDATE … FROM may visit rows in any order); every
  // row the UPDATE changes is one the CTE has already locked.
  const locked = sql`sensors_locked as materialized (
        select id from sensors where id = any(${column((f) => f.id)}::int[]) order by id for update)`;
  const update = sql`sensor_facts as (update sensors s set
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
      join sensors_locked l on l.id = v.id
      where s.id = v.id)`;
  const newest = new Date(list.reduce((ms, f) => Math.max(ms, f.newest.getTime()), 0));
  return { ids: [...facts.keys()], newest, ctes: [locked, update] };
}

/**
 * The gateways' last-seen time and status (an offline gateway heard again is online). A gateway
 * is the one whose serial number is the name the uplink gives it or, when the transport names its
 * EUI apart (The Things Stack), that EUI, bare or as TTS's default id `eui-<eui>`.
 */
function gatewayFactWrites(rows: readonly Row[]): SQL[] {
  const seen = new Map<string, { at: Date; eui: string | null }>();
  for (const row of rows) {
    if (!row.gateway) continue;
    const last = seen.get(row.gateway);
    if (!last || row.measuredAt > last.at)
      seen.set(row.gateway, { at: row.measuredAt, eui: row.gatewayEui ?? last?.eui ?? null });
  }
  if (seen.size === 0) return [];
  const list = [...seen].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return [
    sql`gateway_facts as (update gateways g set
        last_seen_at = greatest(g.last_seen_at, v.at),
        gateway_status_id = case when g.gateway_status_id = ${GatewayStatus.Offline}
          then ${GatewayStatus.Online} else g.gateway_status_id end,
        updated_at = now()
      from unnest(${pgArray(list.map(([serial]) => serial))}::text[],
        ${pgArray(list.map(([, { at }]) => at.toISOString()))}::timestamptz[],
        ${pgArray(list.map(([, { eui }]) => eui))}::text[]) as v(serial, at, eui)
      where lower(g.serial_number) = lower(v.serial)
        or lower(g.serial_number) = lower(v.eui)
        or lower(g.serial_number) = 'eui-' || lower(v.eui))`,
  ];
}

/**
 * What newly stored rows change besides themselves, in one statement (one round trip): their
 * usage added to the hourly, daily and monthly rollups, and their sensors' and gateways'
 * last-heard facts. Answers the sensors touched and the newest of their readings (null: none).
 */
async function recordFresh(
  db: Database,
  rows: readonly Row[],
  tx?: Executor,
): Promise<{ sensorIds: number[]; newestMeasuredAt: Date | null }> {
  const sensors = sensorFactWrites(rows);
  const ctes = [...rollupWriteCtes(usageSums(rows)), ...sensors.ctes, ...gatewayFactWrites(rows)];
  if (ctes.length > 0) await (tx ?? db).execute(sql`with ${sql.join(ctes, sql`, `)} select 1`);
  return { sensorIds: sensors.ids, newestMeasuredAt: sensors.newest };
}

/** The company of the micrometer with this DevEUI (undefined: unknown DevEUI). */
async function companyOfMac(db: Database, mac: string, tx?: Executor) {
  const rows = await rowsOf<{ company_id: number | null }>(
    tx ?? db,
    sql`select company_id from sensors where mac_address = ${mac}`,
  );
  return rows[0]?.company_id;
}

/**
 * A battery level reported out of band; kept only when newer than the last frame heard. Answers
 * what became of it: recorded, no such micrometer, or stale (with the last frame's time).
 */
async function setBattery(
  db: Database,
  mac: string,
  battery: number,
  at: Date,
  tx?: Executor,
): Promise<BatteryOutcome> {
  const [outcome] = await rowsOf<{ known: boolean; recorded: boolean; newest: string | null }>(
    tx ?? db,
    sql`
      with target as (
        select id, greatest(last_submission, last_keepalive) as newest from sensors
        where mac_address = ${mac}),
      updated as (
        update sensors s set battery = ${battery}, updated_at = now() from target t
        where s.id = t.id
          and ${at.toISOString()}::timestamptz >= coalesce(t.newest, '-infinity'::timestamptz)
        returning s.id)
      select exists (select 1 from target) as known, exists (select 1 from updated) as recorded,
        (select newest from target) as newest`,
  );
  if (!outcome?.known) return { kind: 'unknown' };
  if (outcome.recorded || outcome.newest === null) return { kind: 'recorded' };
  return { kind: 'stale', lastHeard: new Date(outcome.newest) };
}

export function createIngestRepository(db: Database) {
  return {
    ...withDatabase(db, {
      companyOfMac,
      setBattery,
      ensurePartitions,
      sensorsByMac,
      storeSubmissions,
      recordFresh,
    }),
    // Bound by hand: through withDatabase, a generic function would lose its `T`.
    writeTransaction: <T>(...args: ParametersAfterDb<typeof writeTransaction<T>>) =>
      writeTransaction<T>(db, ...args),
  };
}
/** What became of an out-of-band battery report. */
export type BatteryOutcome =
  | { kind: 'recorded' }
  | { kind: 'unknown' }
  /** Older than the last frame heard (`lastHeard`), which carried a battery level of its own. */
  | { kind: 'stale'; lastHeard: Date };
export type IngestRepository = ReturnType<typeof createIngestRepository>;

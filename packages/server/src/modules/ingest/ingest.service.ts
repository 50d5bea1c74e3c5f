// The one ingest path every transport feeds (DESIGN sections 6 and 7). A batch of uplinks is decoded
// and stored in one transaction: each uplink becomes a raw submission carrying the sensor's
// assignment at that moment; the natural key (mac, measured_at, seq) makes a redelivery insert
// nothing; only rows actually inserted add to the hourly and daily usage rollups and move the
// sensors' and gateways' last-seen facts. A malformed uplink is stored with its error and never
// fails its batch. A batch written with a company's integration key stores only that company's
// micrometers and reports the others as refused. Callers acknowledge their transport only after
// `ingest` resolves.
//
// This service decides (whose uplinks a batch may store, which rows are new, what each caller is
// answered) and wires the parts: ingest.decoding.ts makes the rows, ingest.batcher.ts groups
// batches into transactions over its writer lanes, ingest.repository.ts runs the statements.
// Receive times are checked where the transports read them (ingest.transports.ts).
import { normalizeMac } from '@flowsight/domain/mac';
import type { Database, Transaction } from '../../db/client.ts';
import { Forbidden } from '../../lib/errors.ts';
import {
  type Batch,
  createIngestBatcher,
  type GroupCommit,
  type IngestTiming,
} from './ingest.batcher.ts';
import {
  byKey,
  namedMac,
  type Row,
  rowKey,
  type SensorRow,
  storable,
  type Transport,
  toRow,
  type Uplink,
} from './ingest.decoding.ts';
import { type BatteryOutcome, createIngestRepository } from './ingest.repository.ts';

export type { IngestTiming } from './ingest.batcher.ts';
export { type Transport, transports, type Uplink } from './ingest.decoding.ts';

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

/**
 * Something that wants to know which sensors got new readings (leak detection, live updates): when,
 * and the newest of those readings (a history back-fill's are old).
 */
export type IngestListener = (event: {
  sensorIds: readonly number[];
  at: Date;
  newestMeasuredAt: Date;
}) => void;
/** Rows a committed transaction stored, per transport, with the newest reading's time. */
export type StoredReadings = { transport: Transport; count: number; newestMeasuredAt: Date };

/** The newly stored rows counted by transport (for the metrics). */
function storedByTransport(fresh: readonly Row[]): StoredReadings[] {
  const byTransport = new Map<Transport, StoredReadings>();
  for (const row of fresh) {
    const stored = byTransport.get(row.transport);
    if (!stored) {
      byTransport.set(row.transport, {
        transport: row.transport,
        count: 1,
        newestMeasuredAt: row.measuredAt,
      });
      continue;
    }
    stored.count += 1;
    if (row.measuredAt > stored.newestMeasuredAt) stored.newestMeasuredAt = row.measuredAt;
  }
  return [...byTransport.values()];
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

/** Each uplink of a group with its batch's index and its normalised DevEUI (null: not one). */
type Prepared = { readonly uplink: Uplink; readonly part: number; readonly mac: string | null };
const prepare = (parts: readonly Batch<IngestScope>[]): Prepared[] =>
  parts.flatMap(({ uplinks }, part) =>
    uplinks.map((uplink) => ({ uplink, part, mac: normalizeMac(uplink.mac) })),
  );

/**
 * What a group stores: the rows of the uplinks within their batch's scope, the first copy of each
 * key (the database would refuse a key repeated within the group), in key order — every statement
 * touches rows in that one global order, so concurrent transactions over the same sensors (other
 * replicas) wait instead of deadlocking. Uplinks outside their batch's scope (another company's,
 * stock or unknown) are not stored at all: they are counted and named in their batch's result.
 */
function rowsToStore(
  parts: readonly Batch<IngestScope>[],
  prepared: readonly Prepared[],
  sensors: ReadonlyMap<string, SensorRow>,
  results: readonly IngestResult[],
  refusedMacs: readonly Set<string>[],
): Row[] {
  const unique = new Map<string, Row>();
  for (const { uplink, part, mac } of prepared) {
    const sensor = mac ? sensors.get(mac) : undefined;
    const companyId = parts[part]?.scope.companyId ?? null;
    if (companyId !== null && sensor?.company_id !== companyId) {
      (results[part] as IngestResult).refused += 1;
      refusedMacs[part]?.add(namedMac(uplink, mac));
      continue;
    }
    const row = toRow(uplink, mac, sensor, part);
    const key = rowKey(row);
    if (!unique.has(key)) unique.set(key, row);
  }
  return [...unique.values()].sort(byKey);
}

/** Counts the newly stored rows into their batches' results; the rest were redeliveries. */
function countStored(
  fresh: readonly Row[],
  results: readonly IngestResult[],
  refusedMacs: readonly Set<string>[],
) {
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
}

/** The call's answer from its lanes' results; refused DevEUIs each once, sorted. */
function total(received: number, results: readonly IngestResult[]): IngestResult {
  const sum = emptyResult(received);
  const refused = new Set<string>();
  for (const result of results) {
    sum.stored += result.stored;
    sum.duplicates += result.duplicates;
    sum.malformed += result.malformed;
    sum.unassigned += result.unassigned;
    sum.refused += result.refused;
    for (const mac of result.refusedMacs) refused.add(mac);
  }
  sum.refusedMacs = [...refused].sort();
  return sum;
}

/** How the writers group batches (IngestTiming) and how many write at once (`lanes`). */
export type IngestOptions = IngestTiming & {
  /** Writer lanes: 1 on a database with one connection (PGlite); default 2 (ingest.batcher.ts). */
  lanes?: number;
};

export function createIngestService(db: Database, options: IngestOptions = {}) {
  const repository = createIngestRepository(db);
  const listeners = new Set<IngestListener>();
  const storedListeners = new Set<(stored: readonly StoredReadings[]) => void>();

  /** One transaction for several batches: answers each batch's result and the touched sensors. */
  async function storeGroup(
    tx: Transaction,
    parts: readonly Batch<IngestScope>[],
    useCopy: boolean,
  ) {
    const prepared = prepare(parts);
    const macs = [...new Set(prepared.flatMap(({ mac }) => (mac ? [mac] : [])))];
    const sensors = await repository.sensorsByMac(macs, tx);
    const results = parts.map(({ uplinks }) => emptyResult(uplinks.length));
    const refusedMacs = parts.map(() => new Set<string>());
    const rows = rowsToStore(parts, prepared, sensors, results, refusedMacs);
    await repository.ensurePartitions(rows, tx);
    const fresh = await repository.storeSubmissions(rows, useCopy, tx);
    // Only rows actually inserted add to the rollups and move the last-heard facts.
    const { sensorIds, newestMeasuredAt } = await repository.recordFresh(fresh, tx);
    countStored(fresh, results, refusedMacs);
    return { results, sensorIds, newestMeasuredAt, stored: storedByTransport(fresh) };
  }

  function notify({ sensorIds, newestMeasuredAt }: GroupCommit<IngestResult>) {
    if (sensorIds.length === 0 || !newestMeasuredAt) return;
    const event = { sensorIds, at: new Date(), newestMeasuredAt };
    for (const listener of listeners) listener(event);
  }

  const batcher = createIngestBatcher<IngestScope, IngestResult>({
    write: async (group) => {
      const commit = await repository.writeTransaction((tx, useCopy) =>
        storeGroup(tx, group, useCopy),
      );
      // Told once the transaction committed: a retried attempt's rows are not counted twice.
      if (commit.stored.length > 0) for (const listener of storedListeners) listener(commit.stored);
      return commit;
    },
    committed: notify,
    timing: options,
    lanes: options.lanes,
  });

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
      const result = total(uplinks.length, await batcher.submit(uplinks, scope));
      if (result.refused === result.received) throw outOfScope(result.refusedMacs);
      return result;
    },
    /**
     * Tells the writers a batch is on its way (its request is being read), so they may wait a
     * moment for it; call the answer once it is handed to `ingest` or given up (any number of
     * times).
     */
    announce: batcher.announce,
    /**
     * A battery level reported out of band (ChirpStack `status` events); newest wins: a report
     * older than the last frame heard is not recorded. Under a company's scope, another company's
     * (or an unknown) micrometer is refused with 403; with the whole fleet's, an unknown one is
     * answered `unknown`.
     */
    async recordBattery(
      mac: string,
      battery: number,
      at: Date,
      scope = wholeFleet,
    ): Promise<BatteryOutcome & { mac: string }> {
      const normalized = normalizeMac(mac);
      if (scope.companyId !== null) {
        const companyId = await repository.companyOfMac(normalized ?? '');
        if (companyId !== scope.companyId) throw outOfScope([normalized ?? mac]);
      }
      if (!normalized) return { kind: 'unknown', mac: storable(mac.slice(0, 64)) };
      const outcome = await repository.setBattery(normalized, Math.round(battery), at);
      return { ...outcome, mac: normalized };
    },
    /** Called after each committed batch with the sensors that got new readings. */
    onIngested(listener: IngestListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Called after each committed transaction with the rows it stored, per transport. */
    onStored(listener: (stored: readonly StoredReadings[]) => void) {
      storedListeners.add(listener);
      return () => storedListeners.delete(listener);
    },
  };
}
export type IngestService = ReturnType<typeof createIngestService>;

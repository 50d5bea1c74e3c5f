// The one ingest path every transport feeds (DESIGN sections 6 and 7). A batch of uplinks is decoded
// and stored in one transaction: each uplink becomes a raw submission carrying the sensor's
// assignment at that moment; the natural key (mac, measured_at, seq) makes a redelivery insert
// nothing; only rows actually inserted add to the hourly and daily usage rollups and move the
// sensors' and gateways' last-seen facts. A malformed uplink is stored with its error and never
// fails its batch. A batch written with a company's integration key stores only that company's
// micrometers and reports the others as refused. Callers acknowledge their transport only after
// `ingest` resolves.
import { normalizeMac } from '@flowsight/domain/mac';
import type { Database, Transaction } from '../../db/client.ts';
import { Forbidden } from '../../lib/errors.ts';
import { byKey, namedMac, type Row, rowKey, toRow, type Uplink } from './ingest.decoding.ts';
import { createIngestRepository } from './ingest.repository.ts';

export { type Transport, transports, type Uplink } from './ingest.decoding.ts';
export { pgArray } from './ingest.repository.ts';

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

/** Something that wants to know which sensors got new readings (leak detection, live updates). */
export type IngestListener = (event: { sensorIds: readonly number[]; at: Date }) => void;

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
  const repository = createIngestRepository(db);

  /** One transaction for several batches; answers each batch's result and the touched sensors. */
  async function storeGroup(tx: Transaction, parts: readonly Part[], useCopy: boolean) {
    const prepared = parts.flatMap(({ uplinks }, part) =>
      uplinks.map((uplink) => ({ uplink, part, mac: normalizeMac(uplink.mac) })),
    );
    const macs = [...new Set(prepared.flatMap(({ mac }) => (mac ? [mac] : [])))];
    const sensors = await repository.sensorsByMac(macs, tx);
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
        refusedMacs[part]?.add(namedMac(uplink, mac));
        continue;
      }
      const row = toRow(uplink, mac, sensor, part);
      const key = rowKey(row);
      if (!unique.has(key)) unique.set(key, row);
    }
    // Every statement below touches rows in one global order (by key), so concurrent
    // transactions over the same sensors (other replicas) wait instead of deadlocking.
    const rows = [...unique.values()].sort(byKey);
    await repository.ensurePartitions(rows, tx);
    const inserted = await repository.storeSubmissions(rows, useCopy, tx);
    const fresh =
      inserted.size === rows.length ? rows : rows.filter((row) => inserted.has(rowKey(row)));
    await repository.addUsage(fresh, tx);
    const sensorIds = await repository.touchSensors(fresh, tx);
    await repository.touchGateways(fresh, tx);
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
  }

  /** A group in one transaction (retried, and without COPY after a redelivery refused it). */
  const storeWithRetry = (parts: readonly Part[]) =>
    repository.writeTransaction((tx, useCopy) => storeGroup(tx, parts, useCopy));

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
        const companyId = await repository.companyOfMac(normalized ?? '');
        if (companyId !== scope.companyId) throw outOfScope([normalized ?? mac]);
      }
      if (!normalized) return false;
      return repository.setBattery(normalized, Math.round(battery), at);
    },
    /** Called after each committed batch with the sensors that got new readings. */
    onIngested(listener: IngestListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type IngestService = ReturnType<typeof createIngestService>;

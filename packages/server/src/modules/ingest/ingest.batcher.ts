// The ingest writers: group commit over writer lanes. A batch is split by lane (each lane owns a
// share of the sensors, by DevEUI); each lane has one queue and at most one writer, which takes
// what is queued (up to MERGE_LIMIT readings) into one transaction, so many small batches cost one
// commit instead of one each. While batches keep arriving over HTTP the writer waits a moment for
// more to join. A batch resolves once the transaction holding it committed; a merged group that
// fails is written again batch by batch, so one batch never fails the others. What a group's
// transaction stores is the writer's business (`write`, the ingest service's).
import type { Uplink } from './ingest.decoding.ts';

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
 * Transactions one process writes at once on PostgreSQL. Each lane owns a share of the sensors (by
 * DevEUI), so concurrent transactions never wait for each other's rows (submissions keys, rollup
 * rows, the sensor's facts) and PostgreSQL can use a core per lane. A database with one
 * connection (PGlite) runs one transaction at a time whatever the lanes: there one lane writes
 * each batch in one transaction instead of two in turn (docs/decisions.md, "One writer lane on
 * the embedded database").
 */
export const DEFAULT_LANES = 2;

/** The lane of a DevEUI (in any spelling: only its hex digits count) among `lanes`. */
export function laneOf(mac: string, lanes = DEFAULT_LANES): number {
  let hash = 0;
  for (let i = 0; i < mac.length; i += 1) {
    const code = mac.charCodeAt(i) | 0x20;
    const digit =
      code >= 0x30 && code <= 0x39 ? code - 0x30 : code >= 0x61 && code <= 0x66 ? code - 0x57 : -1;
    if (digit >= 0) hash = (hash * 31 + digit) >>> 0;
  }
  return hash % lanes;
}

export type IngestTiming = {
  /** See GATHER_MS. */
  gatherMs?: number;
  /** See ARRIVAL_WAIT_MS. */
  arrivalWaitMs?: number;
};

/** One caller's uplinks of one lane within a group commit, with the scope they were sent under. */
export type Batch<Scope> = { readonly uplinks: readonly Uplink[]; readonly scope: Scope };

/** What a group's transaction answers: a result per batch, in order, and the sensors it touched. */
export type GroupCommit<Result> = {
  readonly results: readonly Result[];
  readonly sensorIds: readonly number[];
  /** The newest of those sensors' new readings (null: none). */
  readonly newestMeasuredAt: Date | null;
};

export type IngestBatcherOptions<Scope, Result> = {
  /** Stores a group of batches in one transaction; resolves once it committed. */
  write(group: readonly Batch<Scope>[]): Promise<GroupCommit<Result>>;
  /** Told after each committed transaction which sensors got new readings, and how recent. */
  committed(commit: GroupCommit<Result>): void;
  timing?: IngestTiming | undefined;
  /** Writer lanes; default DEFAULT_LANES. */
  lanes?: number | undefined;
};

type Pending<Scope, Result> = Batch<Scope> & {
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
};
type Lane<Scope, Result> = { queue: Pending<Scope, Result>[]; busy: boolean };

const readingsIn = (queue: readonly Batch<unknown>[]) =>
  queue.reduce((sum, pending) => sum + pending.uplinks.length, 0);

/** Up to MERGE_LIMIT readings from the head of the queue (at least one batch, if any). */
function takeGroup<T extends Batch<unknown>>(queue: T[]): T[] {
  const group: T[] = [];
  let size = 0;
  for (;;) {
    const next = queue[0];
    if (!next || (group.length > 0 && size + next.uplinks.length > MERGE_LIMIT)) break;
    queue.shift();
    group.push(next);
    size += next.uplinks.length;
  }
  return group;
}

export function createIngestBatcher<Scope, Result>(options: IngestBatcherOptions<Scope, Result>) {
  const { write, committed } = options;
  const { gatherMs = GATHER_MS, arrivalWaitMs = ARRIVAL_WAIT_MS } = options.timing ?? {};
  /** One queue and at most one writer per lane; a sensor's readings always take the same lane. */
  const laneCount = options.lanes ?? DEFAULT_LANES;
  const lanes: Lane<Scope, Result>[] = Array.from({ length: laneCount }, () => ({
    queue: [],
    busy: false,
  }));

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
  async function gather(queue: readonly Batch<Scope>[]) {
    const started = performance.now();
    for (;;) {
      const now = performance.now();
      const waited = now - started;
      const queued = readingsIn(queue);
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

  /** Answers each batch of a committed group its own result, then tells who listens. */
  function settle(group: readonly Pending<Scope, Result>[], commit: GroupCommit<Result>) {
    for (const [index, pending] of group.entries()) {
      const result = commit.results[index];
      if (result === undefined) pending.reject(new Error('The ingest writer answered no result'));
      else pending.resolve(result);
    }
    committed(commit);
  }

  /** Writes a group; if it fails, each of its batches alone, so one cannot fail the others. */
  async function flush(group: readonly Pending<Scope, Result>[]) {
    try {
      settle(group, await write(group));
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      for (const pending of group) {
        try {
          settle([pending], await write([pending]));
        } catch (alone) {
          pending.reject(alone);
        }
      }
    }
  }

  /** A lane's writer: takes what is queued, up to MERGE_LIMIT readings, into one transaction. */
  async function drain(lane: Lane<Scope, Result>) {
    if (lane.busy) return;
    lane.busy = true;
    try {
      for (;;) {
        await gather(lane.queue);
        const group = takeGroup(lane.queue);
        if (group.length === 0) return;
        await flush(group);
      }
    } finally {
      lane.busy = false;
    }
  }

  /** Queues uplinks of one lane; resolves once the transaction holding them committed. */
  function enqueue(lane: Lane<Scope, Result>, batch: Batch<Scope>): Promise<Result> {
    return new Promise((resolve, reject) => {
      lane.queue.push({ ...batch, resolve, reject });
      arrivalNews();
      void drain(lane);
    });
  }

  return {
    /**
     * Queues a batch, split by lane; answers the result of each lane that had uplinks, once the
     * transaction holding its part committed (rejects if one failed).
     */
    submit(uplinks: readonly Uplink[], scope: Scope): Promise<Result[]> {
      const parts: Uplink[][] = Array.from({ length: laneCount }, () => []);
      for (const uplink of uplinks) parts[laneOf(uplink.mac, laneCount)]?.push(uplink);
      return Promise.all(
        lanes.flatMap((lane, index) => {
          const part = parts[index] ?? [];
          return part.length > 0 ? [enqueue(lane, { uplinks: part, scope })] : [];
        }),
      );
    },
    /**
     * Tells the writers a batch is on its way (its request is being read), so they may wait a
     * moment for it; call the answer once it is handed over or given up (any number of times).
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
  };
}

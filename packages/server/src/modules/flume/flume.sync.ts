// The Flume sync: each linked meter's water, by Flume's smallest bucket (the minute),
// from its cursor (the last synced instant, less an hour for minutes Flume fills in late; on a
// first sync, `backfillDays` back, or from the end of the last hour a main-line micrometer
// measured the building) to the last whole minute, into the rollups as the building's
// main line (flume-sync.repository.ts). A call's minutes and the cursor move in one transaction,
// and only a minute's change since its last import is counted, so a sync cut short and run again
// counts nothing twice and fills what it missed. A periodic job syncs the due accounts, claimed
// under an advisory lock by one replica at a time, once per tick across replicas (the tick's claim,
// lib/jobs.ts), and held by a lease while Flume is called; a person's "Sync now" claims the same
// lease. Failures are kept on the account in words; Flume refusing the credentials is flagged (the
// device-health alert reads the flag).
import { instantOfLocalDateTime, localDateTime } from '@flowsight/domain/wall-clock';
import { claimEvery, type Job, type JobLog, type RoundClaim, runJob } from '../../lib/jobs.ts';
import type { FlumeClient, FlumeCredentials, FlumeWaterQuery } from './flume.client.ts';
import { FlumeError } from './flume.client.ts';
import type { FlumeRepository } from './flume.repository.ts';
import { type FlumeSecretBox, FlumeSecretError } from './flume-secrets.ts';
import type { FlumeSyncRepository, LinkedMeter } from './flume-sync.repository.ts';

const MINUTE_MS = 60_000;
/** Minutes asked in one query (20 hours) and queries in one call: 100 hours a call. */
export const MINUTES_PER_QUERY = 1200;
export const QUERIES_PER_CALL = 5;
/** Calls one meter may make in one run (about 50 days); a longer gap goes on next run. */
export const CALLS_PER_RUN = 12;
/** Minutes before the cursor fetched again: a Flume bridge uploads some minutes late. */
export const LATE_MINUTES_MS = 60 * MINUTE_MS;
/** How long a claimed account stays claimed if its replica dies mid-sync. */
const LEASE_MS = 15 * MINUTE_MS;

export type FlumeSyncOutcome = {
  readonly accountId: number;
  readonly meters: number;
  readonly calls: number;
  /** Water new to Flowsight (thousandths of a gallon; a revision downwards subtracts). */
  readonly addedMgal: number;
  readonly newMinutes: number;
  readonly error: string | null;
};

/** Whether Flume refused the account's credentials (not a passing failure). */
export const credentialsRefused = (error: unknown) =>
  (error instanceof FlumeError && error.kind === 'unauthorized') ||
  error instanceof FlumeSecretError;

type Totals = { calls: number; addedMgal: number; newMinutes: number };

type Dependencies = {
  accounts: FlumeRepository;
  sync: FlumeSyncRepository;
  secrets: FlumeSecretBox;
  connect: (credentials: FlumeCredentials) => FlumeClient;
  backfillDays: number;
  /** Smaller chunks let tests cut a sync short after a few calls. */
  chunks?: { minutesPerQuery: number; queriesPerCall: number; callsPerRun: number };
  now?: () => Date;
};

export function createFlumeSync({
  accounts,
  sync,
  secrets,
  connect,
  backfillDays,
  chunks = {
    minutesPerQuery: MINUTES_PER_QUERY,
    queriesPerCall: QUERIES_PER_CALL,
    callsPerRun: CALLS_PER_RUN,
  },
  now = () => new Date(),
}: Dependencies) {
  const queryMs = chunks.minutesPerQuery * MINUTE_MS;
  async function clientOf(accountId: number): Promise<FlumeClient> {
    const sealed = await accounts.credentials(accountId);
    if (!sealed) throw new FlumeError('refused', 'The Flume account is gone');
    return connect({
      clientId: sealed.clientId,
      clientSecret: secrets.open(sealed.clientSecretSealed),
      username: sealed.username,
      password: secrets.open(sealed.passwordSealed),
    });
  }

  /** One meter from its cursor to `end`, a call at a time, counting what it imports in `totals`. */
  async function syncMeter(client: FlumeClient, meter: LinkedMeter, end: Date, totals: Totals) {
    // A first sync goes back `backfillDays`, but not into hours a main-line micrometer of the
    // building measured (the water would count twice).
    const measured = meter.syncedUntil ? null : await sync.mainLineMeasuredUntil(meter.buildingId);
    const firstFrom = meter.syncedUntil
      ? meter.syncedUntil.getTime() - LATE_MINUTES_MS
      : Math.max(end.getTime() - backfillDays * 24 * 60 * MINUTE_MS, measured?.getTime() ?? 0);
    let from = Math.floor(firstFrom / MINUTE_MS) * MINUTE_MS;
    let calls = 0;
    while (from < end.getTime() && calls < chunks.callsPerRun) {
      const until = Math.min(end.getTime(), from + chunks.queriesPerCall * queryMs);
      const queries: FlumeWaterQuery[] = [];
      for (let start = from; start < until; start += queryMs) {
        const stop = Math.min(until, start + queryMs);
        queries.push({
          requestId: `q${queries.length}`,
          bucket: 'MIN',
          since: localDateTime(new Date(start), meter.timeZone),
          // Inclusive on Flume's side: the last second before the next query's first minute.
          until: localDateTime(new Date(stop - 1000), meter.timeZone),
        });
      }
      const answers = await client.queryWater(meter.externalDeviceId, queries);
      calls += 1;
      totals.calls += 1;
      const minutes = new Map<number, number>();
      for (const points of answers.values()) {
        for (const point of points) {
          const minute = instantOfLocalDateTime(point.datetime, meter.timeZone)?.getTime();
          if (minute === undefined || minute < from || minute >= until) continue;
          minutes.set(minute, Math.round(point.gallons * 1000));
        }
      }
      const imported = await sync.importMinutes(
        meter,
        [...minutes].map(([minute, volumeMgal]) => ({ minute: new Date(minute), volumeMgal })),
        { from: new Date(from), until: new Date(until) },
        now(),
      );
      totals.addedMgal += imported.addedMgal;
      totals.newMinutes += imported.newMinutes;
      from = until;
    }
  }

  /** Syncs a claimed account's meters; the outcome is kept on the account. */
  async function run(accountId: number): Promise<FlumeSyncOutcome> {
    const outcome = { accountId, meters: 0, calls: 0, addedMgal: 0, newMinutes: 0 };
    // Counted as calls complete: what a failure cuts short stays imported and is reported.
    try {
      const client = await clientOf(accountId);
      await client.token();
      // The last whole minute: the current one is still filling.
      const end = new Date(Math.floor(now().getTime() / MINUTE_MS) * MINUTE_MS);
      for (const meter of await sync.linkedMeters(accountId)) {
        outcome.meters += 1;
        await syncMeter(client, meter, end, outcome);
      }
      await sync.recordSynced(accountId, now());
      return { ...outcome, error: null };
    } catch (error) {
      if (!(error instanceof FlumeError || error instanceof FlumeSecretError)) throw error;
      await accounts.recordError(accountId, error.message, now(), credentialsRefused(error));
      return { ...outcome, error: error.message };
    } finally {
      await sync.release(accountId);
    }
  }

  return {
    /** Syncs one account now; null when a sync of it is already running. */
    async account(accountId: number): Promise<FlumeSyncOutcome | null> {
      const at = now();
      const [claimed] =
        (await sync.claim({
          now: at,
          leaseUntil: new Date(at.getTime() + LEASE_MS),
          only: accountId,
        })) ?? [];
      return claimed ? run(claimed.id) : null;
    },

    /**
     * Syncs every account with a linked meter last tried more than `everyMs` ago. Null when
     * another replica is claiming, or (the job's `round`) has looked in this period.
     */
    async due(everyMs: number, round?: RoundClaim): Promise<FlumeSyncOutcome[] | null> {
      const at = now();
      const claimed = await sync.claim({
        now: at,
        leaseUntil: new Date(at.getTime() + LEASE_MS),
        dueBefore: new Date(at.getTime() - everyMs),
        ...(round ? { round } : {}),
      });
      if (claimed === null) return null;
      const outcomes: FlumeSyncOutcome[] = [];
      for (const { id } of claimed) outcomes.push(await run(id));
      return outcomes;
    },
  };
}
export type FlumeSync = ReturnType<typeof createFlumeSync>;

/** Looks for due accounts every `tickMs` and syncs each every `everyMs`. */
export function createFlumeSyncJob(options: {
  sync: FlumeSync;
  log: JobLog;
  everyMs: number;
  tickMs?: number;
}): Job {
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tickMs = options.tickMs ?? 60_000;
  // One look for due accounts per tick across replicas; the one at start-up claims too.
  const round = claimEvery('flume-sync', tickMs);
  const tick = () => {
    running = running
      .then(() => runJob(options.log, 'flume-sync', () => options.sync.due(options.everyMs, round)))
      .then((outcomes) => {
        for (const outcome of outcomes ?? []) {
          if (outcome.error) {
            options.log.warn({ account: outcome.accountId }, `Flume sync failed: ${outcome.error}`);
          }
        }
      })
      .catch((error: unknown) => options.log.warn({ err: error }, 'Flume sync failed'));
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, tickMs);
      timer.unref();
      tick();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

// Fleet health (DESIGN section 8, device health): a sensor not heard for 3 keep-alive intervals
// becomes "not transmitting" (its next uplink makes it transmitting again — the ingest service does
// that), and a gateway silent for an hour goes offline. Each sweep runs in one transaction that
// first takes a transaction-scoped advisory lock: with several replicas exactly one runs a given
// sweep and the others skip it, and a replica that dies mid-sweep releases the lock with its
// connection. The job's sweeps also claim their period in that transaction (lib/jobs.ts), so the
// fleet is swept once per period across replicas, not once per replica. Every change is an event
// (no actor: the system did it).

import type { Database } from '../../db/client.ts';
import { claimEvery, type Job, type JobRunner, type RoundClaim, runJob } from '../../lib/jobs.ts';
import {
  FLEET_HEALTH_LOCK,
  lockSweep,
  offlineSilentGateways,
  silenceQuietSensors,
} from './fleet-health.repository.ts';

export { FLEET_HEALTH_LOCK };

export type SweepResult = { sensorsSilenced: number; gatewaysOffline: number };

/**
 * One sweep; answers null when another replica holds the lock, or (with `claim`) has swept in
 * this period.
 */
export async function sweepFleetHealth(
  db: Database,
  now = new Date(),
  claim?: RoundClaim,
): Promise<SweepResult | null> {
  return db.transaction(async (tx) => {
    if (!(await lockSweep(tx))) return null;
    if (claim && !(await claim(tx))) return null;
    const at = now.toISOString();
    const sensorsSilenced = await silenceQuietSensors(tx, at);
    const gatewaysOffline = await offlineSilentGateways(tx, at);
    return { sensorsSilenced, gatewaysOffline };
  });
}

export type FleetHealthLog = {
  warn(object: unknown, message: string): void;
  info(message: string): void;
  run?: JobRunner;
};

/** Sweeps every `intervalMs` between start and stop. */
export function createFleetHealthJob(options: {
  db: Database;
  log: FleetHealthLog;
  intervalMs?: number;
}): Job {
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const intervalMs = options.intervalMs ?? 60_000;
  // The sweep at start-up claims too: a replica starting finds the fleet swept by the others.
  const claim = claimEvery('fleet-health', intervalMs);
  const sweep = () => {
    running = runJob(options.log, 'fleet-health', () =>
      sweepFleetHealth(options.db, new Date(), claim),
    ).then(
      (result) => {
        if (result && (result.sensorsSilenced > 0 || result.gatewaysOffline > 0)) {
          options.log.info(
            `fleet health: ${result.sensorsSilenced} micrometers not transmitting, ${result.gatewaysOffline} gateways offline`,
          );
        }
      },
      (error: unknown) => options.log.warn({ err: error }, 'fleet health sweep failed'),
    );
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(sweep, intervalMs);
      timer.unref();
      sweep();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

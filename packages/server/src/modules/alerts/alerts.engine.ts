// The detection engine (DESIGN section 8, docs/detection.md): when to detect and where the changes
// go. It runs the detection (alerts.detection.ts) for the sensors an ingest batch touched
// (debounced by the jobs) and, on the replica holding the advisory lock, as a periodic sweep over
// every sensor, gateway and building (and the end of snoozes); it publishes what changed, once committed, on the alerts
// event bus (alerts.status.ts), the same bus a person's status change is published on. The live
// stream and the alert emails subscribe to the bus, not to the engine.
import type { Database } from '../../db/client.ts';
import type { RoundClaim } from '../../lib/jobs.ts';
import { lockSweep } from './alert-detection.repository.ts';
import { createAlertDetection, oldestReadingRead } from './alerts.detection.ts';
import {
  type AlertChange,
  type AlertChangeListener,
  type AlertStatus,
  createAlertEvents,
  createAlertStatus,
} from './alerts.status.ts';

export { SYSTEM_CLOSE_NOTE } from './alerts.detection.ts';
export type { AlertChange, AlertChangeListener };

/** Advisory lock key of the alerts sweep ("ALRT"). */
export const ALERT_SWEEP_LOCK = 0x414c5254;

/**
 * The detection engine. Its system close goes through the status service (the one writer of an
 * alert's status); every change it makes is published on the status service's event bus.
 */
export function createAlertEngine(
  db: Database,
  now: () => Date = () => new Date(),
  status: AlertStatus = createAlertStatus({ db, events: createAlertEvents() }),
) {
  const detection = createAlertDetection({ status, now });
  const publish = (changes: readonly AlertChange[]) => status.events.publish(changes);

  return {
    /**
     * Whether readings as new as `newest` can change what `evaluate` finds now: older ones (a
     * history back-fill, an old backlog) are before everything its rules read.
     */
    evaluates(newest: Date): boolean {
      return newest >= oldestReadingRead(now().getTime());
    },
    /**
     * Leak and usage rules for sensors that just got readings; then the device-health alerts of
     * devices heard again (these sensors, gateways online again) close at once rather than at the
     * next sweep — under the sweep's lock, so only one replica closes an alert (while a sweep
     * runs this is skipped: the sweep closes them itself).
     */
    async evaluate(sensorIds: readonly number[]) {
      if (sensorIds.length === 0) return [];
      const changes = await detection.sensors(db, sensorIds, 'leaks');
      const recovered = await db.transaction(async (tx) => {
        if (!(await lockSweep(tx, ALERT_SWEEP_LOCK))) return [];
        return [
          ...(await detection.sensors(tx, sensorIds, 'recovered')),
          ...(await detection.gateways(tx, 'recovered')),
        ];
      });
      changes.push(...recovered);
      publish(changes);
      return changes;
    },
    /**
     * Every sensor, gateway and building, device health, unaccounted water and Flume meters
     * included; null when another replica sweeps, or (the job's `claim`) has swept in this period.
     */
    async sweep(claim?: RoundClaim) {
      // A transaction-scoped lock: pooled connections make a session lock's owner unpredictable.
      // The lock keeps rounds (and the closes of `evaluate`) from overlapping; the claim, in the
      // same transaction, keeps the replicas to one sweep per period, and a failed sweep's claim
      // rolls back with it.
      const changes = await db.transaction(async (tx) => {
        if (!(await lockSweep(tx, ALERT_SWEEP_LOCK))) return null;
        if (claim && !(await claim(tx))) return null;
        return [
          ...(await detection.sensors(tx, 'all', 'sweep')),
          ...(await detection.gateways(tx)),
          ...(await detection.buildings(tx)),
          ...(await detection.flumeMeters(tx)),
          ...(await detection.snoozes(tx)),
        ];
      });
      if (changes) publish(changes);
      return changes;
    },
    /**
     * Ends the snoozes over at `at` (now by default; the sweep does it too), under the sweep's lock
     * so one replica ends each; null when another replica sweeps.
     */
    async endSnoozes(at?: Date) {
      const changes = await db.transaction(async (tx) => {
        if (!(await lockSweep(tx, ALERT_SWEEP_LOCK))) return null;
        return detection.snoozes(tx, at);
      });
      if (changes) publish(changes);
      return changes;
    },
    /** Subscribes to the alerts event bus (the engine's changes and people's alike). */
    onChange(listener: AlertChangeListener) {
      return status.events.subscribe(listener);
    },
  };
}
export type AlertEngine = ReturnType<typeof createAlertEngine>;

// Fleet health (DESIGN section 8, device health): a sensor not heard for 3 keep-alive intervals
// becomes "not transmitting" (its next uplink makes it transmitting again — the ingest service does
// that), and a gateway silent for an hour goes offline. Each sweep runs in one transaction that
// first takes a transaction-scoped advisory lock: with several replicas exactly one runs a given
// sweep and the others skip it, and a replica that dies mid-sweep releases the lock with its
// connection. Every change is an event (no actor: the system did it).

import { GatewayStatus, SensorStatus } from '@flowsight/domain/lookups';
import { GATEWAY_SILENCE_MS, MISSED_KEEPALIVES } from '@flowsight/domain/micrometers';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Advisory lock key of the fleet-health sweep ("FLHE"). */
export const FLEET_HEALTH_LOCK = 0x464c4845;

export type SweepResult = { sensorsSilenced: number; gatewaysOffline: number };

/** One sweep; answers null when another replica holds the lock. */
export async function sweepFleetHealth(
  db: Database,
  now = new Date(),
): Promise<SweepResult | null> {
  return db.transaction(async (tx) => {
    const { rows: lock } = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${FLEET_HEALTH_LOCK}) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!lock[0]?.locked) return null;
    const at = now.toISOString();
    const { rows: silenced } = (await tx.execute(sql`
      with quiet as (
        update sensors set sensor_status_id = ${SensorStatus.NotTransmitting}::smallint, updated_at = ${at}::timestamptz
        where sensor_status_id = ${SensorStatus.Transmitting}::smallint
          and coalesce(greatest(last_keepalive, last_submission), created_at)
            < ${at}::timestamptz - make_interval(secs => ${MISSED_KEEPALIVES} * keepalive_interval_s)
        returning id, company_id, greatest(last_keepalive, last_submission) as last_heard)
      insert into events (occurred_at, company_id, entity_type, entity_id, action, from_value, to_value, note)
      select ${at}::timestamptz, company_id, 'sensor', id, 'status',
             to_jsonb(${SensorStatus.Transmitting}::int), to_jsonb(${SensorStatus.NotTransmitting}::int),
             'No keep-alive for ' || ${MISSED_KEEPALIVES} || ' intervals (last heard ' || coalesce(last_heard::text, 'never') || ')'
      from quiet returning id`)) as unknown as { rows: unknown[] };
    const { rows: offline } = (await tx.execute(sql`
      with silent as (
        update gateways set gateway_status_id = ${GatewayStatus.Offline}::smallint, updated_at = ${at}::timestamptz
        where gateway_status_id = ${GatewayStatus.Online}::smallint
          and last_seen_at < ${at}::timestamptz - make_interval(secs => ${GATEWAY_SILENCE_MS / 1000})
        returning id, company_id, last_seen_at)
      insert into events (occurred_at, company_id, entity_type, entity_id, action, from_value, to_value, note)
      select ${at}::timestamptz, company_id, 'gateway', id, 'status',
             to_jsonb(${GatewayStatus.Online}::int), to_jsonb(${GatewayStatus.Offline}::int),
             'Silent since ' || last_seen_at::text
      from silent returning id`)) as unknown as { rows: unknown[] };
    return { sensorsSilenced: silenced.length, gatewaysOffline: offline.length };
  });
}

export type FleetHealthLog = {
  warn(object: unknown, message: string): void;
  info(message: string): void;
};

/** Sweeps every `intervalMs` until stopped; answers the stop function. */
export function startFleetHealth(options: {
  db: Database;
  log: FleetHealthLog;
  intervalMs?: number;
}) {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sweepFleetHealth(options.db).then(
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
  const timer = setInterval(sweep, options.intervalMs ?? 60_000);
  timer.unref();
  sweep();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

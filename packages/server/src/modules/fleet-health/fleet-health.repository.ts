// The fleet-health sweep's statements: the sweep's advisory lock, and the status changes of quiet
// micrometers and silent gateways, each written together with its event.
import { GatewayStatus, SensorStatus } from '@flowsight/domain/lookups';
import { GATEWAY_SILENCE_MS, MISSED_KEEPALIVES } from '@flowsight/domain/micrometers';
import { sql } from 'drizzle-orm';
import { tryTransactionLock } from '../../db/advisory-lock.ts';
import { type Executor, rowsOf } from '../../db/client.ts';

/** Advisory lock key of the fleet-health sweep ("FLHE"). */
export const FLEET_HEALTH_LOCK = 0x464c4845;

/** Takes the sweep's transaction-scoped lock; false when another replica holds it. */
export const lockSweep = (tx: Executor) => tryTransactionLock(tx, FLEET_HEALTH_LOCK);

/** Micrometers not heard for `MISSED_KEEPALIVES` intervals become not transmitting; answers how many. */
export async function silenceQuietSensors(tx: Executor, at: string): Promise<number> {
  const silenced = await rowsOf<unknown>(
    tx,
    sql`
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
      from quiet returning id`,
  );
  return silenced.length;
}

/** Gateways silent for `GATEWAY_SILENCE_MS` go offline; answers how many. */
export async function offlineSilentGateways(tx: Executor, at: string): Promise<number> {
  const offline = await rowsOf<unknown>(
    tx,
    sql`
      with silent as (
        update gateways set gateway_status_id = ${GatewayStatus.Offline}::smallint, updated_at = ${at}::timestamptz
        where gateway_status_id = ${GatewayStatus.Online}::smallint
          and last_seen_at < ${at}::timestamptz - make_interval(secs => ${GATEWAY_SILENCE_MS / 1000})
        returning id, company_id, last_seen_at)
      insert into events (occurred_at, company_id, entity_type, entity_id, action, from_value, to_value, note)
      select ${at}::timestamptz, company_id, 'gateway', id, 'status',
             to_jsonb(${GatewayStatus.Online}::int), to_jsonb(${GatewayStatus.Offline}::int),
             'Silent since ' || last_seen_at::text
      from silent returning id`,
  );
  return offline.length;
}

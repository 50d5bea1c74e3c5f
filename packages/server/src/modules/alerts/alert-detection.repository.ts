// The detection's statements (alerts.detection.ts decides, this reads and writes): the facts each
// sensor's rules need (its thresholds, recent hours and days), the open and recently closed alerts
// of sensors and gateways, the gateways' states, the alert lifecycle writes (open with its event,
// update; a close is the status service's) and the sweep's advisory lock. Every function runs on
// the database or the caller's transaction.
import { GatewayStatus, NotificationStatus } from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import { tryTransactionLock } from '../../db/advisory-lock.ts';
import { type Executor, selectRows } from '../../db/client.ts';
import { recordEvent } from '../../db/queries/record-event.ts';

/** A sensor as its rules see it: its place, fixture, state and the thresholds that apply. */
export type SensorFacts = {
  id: number;
  mac_address: string;
  company_id: number;
  property_id: number;
  building_id: number;
  unit_id: number;
  appliance_type_id: number;
  room_type_id: number | null;
  last_submission: Date | string | null;
  last_keepalive: Date | string | null;
  report_interval_s: number;
  notification_excluded: boolean;
  battery: number | null;
  sensor_status_id: number;
  sensor_state_id: number;
  /** When it was last fitted on a fixture (null: not installed, or before it was recorded). */
  installed_at: Date | string | null;
  keepalive_interval_s: number;
  continuous_hours: number | null;
  hourly_min_gal: number;
  night_flow: boolean;
  daily_high_gal: number | null;
  timezone: string;
  sensor_threshold: number | null;
  company_threshold: number | null;
};

/** An open alert of a sensor or gateway (`key`), by type. */
export type OpenAlert<Type extends number = number> = {
  id: number;
  key: number;
  type: Type;
  last_detected_at: Date | string;
  /** Its status (New or On it), when read. */
  status?: number;
};

/** The facts of the assigned sensors among `sensorIds` (or of every assigned sensor), by id. */
export function sensorFacts(ex: Executor, sensorIds: readonly number[] | 'all') {
  const idFilter =
    sensorIds === 'all' ? sql`true` : sql`s.id = any(${`{${sensorIds.join(',')}}`}::int[])`;
  return selectRows<SensorFacts>(
    ex,
    sql`select s.id, s.mac_address, s.company_id, s.property_id, s.building_id, s.unit_id,
          s.appliance_type_id, s.room_type_id, s.last_submission, s.last_keepalive, s.report_interval_s,
          s.notification_excluded, s.battery, s.sensor_status_id, s.sensor_state_id, s.installed_at,
          s.keepalive_interval_s,
          a.continuous_hours, a.hourly_min_gal::float8 as hourly_min_gal, a.night_flow,
          a.daily_high_gal::float8 as daily_high_gal, z.name as timezone,
          g.value::float8 as sensor_threshold, ct.threshold::float8 as company_threshold
        from sensors s
        join appliance_types a on a.id = s.appliance_type_id
        join properties p on p.id = s.property_id
        join timezones z on z.id = p.timezone_id
        left join sensor_gallon_thresholds g on g.sensor_id = s.id
        left join company_appliance_thresholds ct
          on ct.company_id = s.company_id and ct.appliance_type_id = s.appliance_type_id
        where s.unit_id is not null and ${idFilter}
        order by s.id`,
  );
}

const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** An alert's rate (gallons per month) as stored: three decimals. */
const storedRate = (rate: number | null) =>
  rate === null ? null : String(Math.round(rate * 1000) / 1000);

/** The sensors' hours since `from` in their current unit. */
export function hourlyUsage(ex: Executor, sensorIds: readonly number[], from: string) {
  return selectRows<{ sensor_id: number; hour_ms: number; gallons: number; flow_s: number }>(
    ex,
    sql`select h.sensor_id, (extract(epoch from h.hour) * 1000)::float8 as hour_ms,
          h.volume_mgal::float8 / 1000 as gallons, h.flow_time_s as flow_s
        from usage_hourly h join sensors s on s.id = h.sensor_id and s.unit_id = h.unit_id
        where h.sensor_id = any(${idArray(sensorIds)}::int[]) and h.hour >= ${from}::timestamptz`,
  );
}

/** The sensors' local days from two days before `at` in their current unit. */
export function dailyUsage(ex: Executor, sensorIds: readonly number[], at: string) {
  return selectRows<{ sensor_id: number; day: string; gallons: number }>(
    ex,
    sql`select d.sensor_id, d.day::text as day, d.volume_mgal::float8 / 1000 as gallons
        from usage_daily d join sensors s on s.id = d.sensor_id and s.unit_id = d.unit_id
        where d.sensor_id = any(${idArray(sensorIds)}::int[]) and d.day >= (${at}::timestamptz - interval '2 days')::date`,
  );
}

/** The sensors' open alerts. */
export function openSensorAlerts<Type extends number>(ex: Executor, sensorIds: readonly number[]) {
  return selectRows<OpenAlert<Type>>(
    ex,
    sql`select id, sensor_id as key, notification_type_id as type, last_detected_at,
          notification_status_id as status from notifications
        where sensor_id = any(${idArray(sensorIds)}::int[]) and notification_status_id in (1, 2)`,
  );
}

/** When each of the sensors' alert types last closed, since `from`. */
export function lastClosedSensorAlerts<Type extends number>(
  ex: Executor,
  sensorIds: readonly number[],
  from: string,
) {
  return selectRows<{ key: number; type: Type; closed_ms: number }>(
    ex,
    sql`select sensor_id as key, notification_type_id as type,
          (extract(epoch from max(closed_at)) * 1000)::float8 as closed_ms
        from notifications
        where sensor_id = any(${idArray(sensorIds)}::int[]) and notification_status_id = ${NotificationStatus.Closed}
          and closed_at >= ${from}::timestamptz
        group by sensor_id, notification_type_id`,
  );
}

/**
 * The companies' gateways, `offline` when offline and not excused from alerts, `online` when
 * online; only those with an open alert when `withOpenAlert` (their recovery is all to check).
 */
export function gatewayStates(ex: Executor, withOpenAlert = false) {
  return selectRows<{
    id: number;
    company_id: number;
    property_id: number | null;
    building_id: number | null;
    offline: boolean;
    online: boolean;
    last_seen_at: Date | string | null;
  }>(
    ex,
    sql`select g.id, g.company_id, g.property_id, g.building_id,
          (g.gateway_status_id = ${GatewayStatus.Offline} and not g.alerts_disabled) as offline,
          g.gateway_status_id = ${GatewayStatus.Online} as online, g.last_seen_at
        from gateways g
        where g.company_id is not null ${
          withOpenAlert
            ? sql`and exists (select 1 from notifications n
                where n.gateway_id = g.id and n.notification_status_id in (1, 2))`
            : sql``
        }`,
  );
}

/** The gateways' open alerts. */
export function openGatewayAlerts<Type extends number>(ex: Executor) {
  return selectRows<OpenAlert<Type>>(
    ex,
    sql`select id, gateway_id as key, notification_type_id as type, last_detected_at,
          notification_status_id as status from notifications
        where gateway_id is not null and notification_status_id in (1, 2)`,
  );
}

/** A building as the target of a building-level alert. */
export type BuildingPlace = { company_id: number; property_id: number; building_id: number };

/** Buildings measured by a Flume meter, and whether Flume refuses its account's credentials. */
export function flumeMeterStates(ex: Executor) {
  return selectRows<BuildingPlace & { refused: boolean }>(
    ex,
    sql`select b.company_id, b.property_id, b.id as building_id, a.credentials_refused as refused
        from external_flow_devices d
        join external_flow_accounts a on a.id = d.account_id
        join buildings b on b.id = d.building_id`,
  );
}

/** The open alerts of one building-level type (no sensor, no gateway), keyed by building. */
export function openBuildingAlerts<Type extends number>(ex: Executor, type: Type) {
  return selectRows<OpenAlert<Type> & BuildingPlace>(
    ex,
    sql`select id, building_id as key, notification_type_id as type, last_detected_at,
          notification_status_id as status, company_id, property_id, building_id
        from notifications
        where notification_type_id = ${type} and notification_status_id in (1, 2)
          and building_id is not null and sensor_id is null and gateway_id is null`,
  );
}

/** What a new alert is about: its place, sensor or gateway, fixture and room. */
export type AlertTarget = {
  sensorId: number | null;
  gatewayId: number | null;
  companyId: number;
  propertyId: number | null;
  buildingId: number | null;
  unitId: number | null;
  applianceTypeId: number | null;
  roomTypeId: number | null;
};

/**
 * Opens an alert and records its event (the system's); undefined when one of that type is already
 * open for the target. `rate` is stored to three decimals and recorded as found.
 */
export async function insertAlert(
  ex: Executor,
  target: AlertTarget,
  alert: { type: number; categoryId: number; rate: number | null; at: string },
): Promise<number | undefined> {
  const inserted = await selectRows<{ id: number }>(
    ex,
    sql`insert into notifications (company_id, property_id, building_id, unit_id, sensor_id, gateway_id,
          appliance_type_id, room_type_id, notification_type_id, notification_category_id,
          notification_status_id, rate, first_detected_at, last_detected_at)
        values (${target.companyId}, ${target.propertyId}, ${target.buildingId}, ${target.unitId},
          ${target.sensorId}, ${target.gatewayId}, ${target.applianceTypeId}, ${target.roomTypeId},
          ${alert.type}, ${alert.categoryId}, ${NotificationStatus.New}, ${storedRate(alert.rate)}::numeric, ${alert.at}::timestamptz, ${alert.at}::timestamptz)
        on conflict do nothing returning id`,
  );
  const id = inserted[0]?.id;
  if (id === undefined) return undefined;
  await recordEvent(ex, null, {
    companyId: target.companyId,
    entityType: 'alert',
    entityId: id,
    action: 'opened',
    to: { status: NotificationStatus.New, type: alert.type, rate: alert.rate },
  });
  return id;
}

/** The condition is still there: the alert's rate and last detection. */
export async function updateAlert(ex: Executor, id: number, rate: number | null, at: string) {
  await ex.execute(sql`
    update notifications set rate = ${storedRate(rate)}::numeric, last_detected_at = ${at}::timestamptz, updated_at = now()
    where id = ${id}`);
}

/** Takes the sweep's transaction-scoped advisory lock; false when another replica holds it. */
export const lockSweep = tryTransactionLock;

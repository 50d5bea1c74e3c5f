// The detection engine (DESIGN section 8, docs/detection.md): reads what the rules need — a
// sensor's recent complete hours, today's local gallons and the thresholds that apply — runs the
// domain's rules and applies the alert lifecycle (open, update, close after 24 h absent) in one
// transaction per evaluation. It runs for the sensors an ingest batch touched (debounced) and, on
// the replica holding the advisory lock, as a periodic sweep over every sensor and gateway, which
// also raises and closes device-health alerts and reconciles each building's main line against
// its fixtures (unaccounted water, a building-level leak alert without sensor or unit).
// Notification-excluded sensors and gateways with alerts disabled raise nothing.
import {
  byHour,
  continuousFlow,
  type Finding,
  type HourUsage,
  highUsage,
  hoursSince,
  LOW_BATTERY_PERCENT,
  nightFlow,
  stepAlert,
} from '@flowsight/domain/detection';
import {
  GatewayStatus,
  NotificationStatus,
  NotificationType,
  notificationTypes,
  SensorStatus,
} from '@flowsight/domain/lookups';
import {
  reconcilesBuilding,
  UNACCOUNTED_LOOKBACK_DAYS,
  unaccountedWater,
  unaccountedWaterDefaults,
} from '@flowsight/domain/unaccounted';
import { localDate } from '@flowsight/domain/usage';
import { addDays } from '@flowsight/domain/usage-windows';
import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../db/client.ts';
import { recordEvent } from '../../db/queries/record-event.ts';
import { createUnaccountedWaterRepository } from './unaccounted-water.repository.ts';

const HOUR_MS = 3_600_000;
/** Night flow looks back over 3 nights plus today. */
const LOOKBACK_HOURS = 4 * 24 + 2;
/**
 * A sensor whose newest complete hour is older than this says nothing about now: its leak rules
 * neither open, update nor close anything until it reports again (its silence is a device-health
 * alert of its own).
 */
const STALE_MS = 3 * HOUR_MS;
/** Advisory lock key of the alerts sweep ("ALRT"). */
export const ALERT_SWEEP_LOCK = 0x414c5254;
export const SYSTEM_CLOSE_NOTE = 'Closed by the system: the condition has been absent for 24 hours';

type TypeId = (typeof NotificationType)[keyof typeof NotificationType];
const categoryOf = (type: TypeId) => notificationTypes.find((t) => t.id === type)?.categoryId ?? 1;

/** A change to an alert, for live updates and emails. */
export type AlertChange = {
  readonly alertId: number;
  readonly kind: 'opened' | 'updated' | 'status';
  readonly companyId: number;
  readonly propertyId: number | null;
  readonly buildingId: number | null;
  readonly unitId: number | null;
  readonly statusId: number;
};
export type AlertChangeListener = (changes: readonly AlertChange[]) => void;

type SensorFacts = {
  id: number;
  mac_address: string;
  company_id: number;
  property_id: number;
  building_id: number;
  unit_id: number;
  appliance_type_id: number;
  room_type_id: number | null;
  last_submission: Date | string | null;
  report_interval_s: number;
  notification_excluded: boolean;
  battery: number | null;
  sensor_status_id: number;
  continuous_hours: number | null;
  hourly_min_gal: number;
  night_flow: boolean;
  daily_high_gal: number | null;
  timezone: string;
  sensor_threshold: number | null;
  company_threshold: number | null;
};
type OpenAlert = { id: number; key: number; type: TypeId; last_detected_at: Date | string };

const ms = (value: Date | string) => new Date(value).getTime();

export function createAlertEngine(db: Database, now: () => Date = () => new Date()) {
  const unaccounted = createUnaccountedWaterRepository();
  const listeners = new Set<AlertChangeListener>();
  const emit = (changes: AlertChange[]) => {
    if (changes.length === 0) return;
    for (const listener of listeners) listener(changes);
  };

  /** Findings of one sensor's leak and usage rules at `atMs`. */
  function findings(
    sensor: SensorFacts,
    hours: ReadonlyMap<number, HourUsage>,
    dayGallons: number,
    atMs: number,
    closedAt: (type: TypeId) => number | null,
  ): [TypeId, Finding | null][] | 'stale' {
    if (sensor.notification_excluded) {
      return [
        [NotificationType.ContinuousFlow, null],
        [NotificationType.NightFlow, null],
        [NotificationType.HighUsage, null],
      ];
    }
    const params = {
      continuousHours: sensor.continuous_hours,
      hourlyMinGal: Number(sensor.hourly_min_gal),
      nightFlow: sensor.night_flow,
      dailyHighGal: sensor.daily_high_gal === null ? null : Number(sensor.daily_high_gal),
    };
    // Hours before the one holding the newest report's midpoint are complete.
    const until =
      sensor.last_submission === null
        ? null
        : Math.floor((ms(sensor.last_submission) - sensor.report_interval_s * 500) / HOUR_MS) *
          HOUR_MS;
    if (until !== null && atMs - until > STALE_MS) return 'stale';
    const continuousSince = hoursSince(hours, closedAt(NotificationType.ContinuousFlow));
    const nightSince = hoursSince(hours, closedAt(NotificationType.NightFlow));
    // A day's total counts again from the local day after its alert was closed.
    const usageClosed = closedAt(NotificationType.HighUsage);
    const today = localDate(new Date(atMs), sensor.timezone);
    const usageCounts =
      usageClosed === null || localDate(new Date(usageClosed), sensor.timezone) !== today;
    return [
      [
        NotificationType.ContinuousFlow,
        until === null ? null : continuousFlow(continuousSince, params, until),
      ],
      [
        NotificationType.NightFlow,
        until === null ? null : nightFlow(nightSince, params, sensor.timezone, until),
      ],
      [
        NotificationType.HighUsage,
        !usageCounts
          ? null
          : highUsage(
              dayGallons,
              {
                sensor: sensor.sensor_threshold === null ? null : Number(sensor.sensor_threshold),
                company:
                  sensor.company_threshold === null ? null : Number(sensor.company_threshold),
                fixture: params.dailyHighGal,
              },
              atMs,
            ),
      ],
    ];
  }

  /** Applies one rule's step to the sensor's (or gateway's) open alert of that type. */
  async function apply(
    tx: Database,
    target: {
      sensorId: number | null;
      gatewayId: number | null;
      companyId: number;
      propertyId: number | null;
      buildingId: number | null;
      unitId: number | null;
      applianceTypeId: number | null;
      roomTypeId: number | null;
    },
    type: TypeId,
    open: OpenAlert | undefined,
    finding: { rate: number | null } | null,
    atMs: number,
    changes: AlertChange[],
  ) {
    const step = stepAlert(
      open ? { lastDetectedMs: ms(open.last_detected_at) } : null,
      finding && { rule: 'continuous-flow', rate: finding.rate ?? 0, sinceMs: atMs },
      atMs,
    );
    const at = new Date(atMs).toISOString();
    const rate =
      finding?.rate === null || finding === null
        ? null
        : String(Math.round(finding.rate * 1000) / 1000);
    const base = {
      companyId: target.companyId,
      propertyId: target.propertyId,
      buildingId: target.buildingId,
      unitId: target.unitId,
    };
    switch (step.action) {
      case 'open': {
        const inserted = await selectRows<{ id: number }>(
          tx,
          sql`insert into notifications (company_id, property_id, building_id, unit_id, sensor_id, gateway_id,
                appliance_type_id, room_type_id, notification_type_id, notification_category_id,
                notification_status_id, rate, first_detected_at, last_detected_at)
              values (${target.companyId}, ${target.propertyId}, ${target.buildingId}, ${target.unitId},
                ${target.sensorId}, ${target.gatewayId}, ${target.applianceTypeId}, ${target.roomTypeId},
                ${type}, ${categoryOf(type)}, ${NotificationStatus.New}, ${rate}::numeric, ${at}::timestamptz, ${at}::timestamptz)
              on conflict do nothing returning id`,
        );
        const id = inserted[0]?.id;
        if (id === undefined) return;
        await recordEvent(tx, null, {
          companyId: target.companyId,
          entityType: 'alert',
          entityId: id,
          action: 'opened',
          to: { status: NotificationStatus.New, type, rate: finding?.rate ?? null },
        });
        changes.push({ alertId: id, kind: 'opened', statusId: NotificationStatus.New, ...base });
        return;
      }
      case 'update': {
        if (!open) return;
        await tx.execute(sql`
          update notifications set rate = ${rate}::numeric, last_detected_at = ${at}::timestamptz, updated_at = now()
          where id = ${open.id}`);
        changes.push({
          alertId: open.id,
          kind: 'updated',
          statusId: NotificationStatus.New,
          ...base,
        });
        return;
      }
      case 'close': {
        if (!open) return;
        await tx.execute(sql`
          update notifications set notification_status_id = ${NotificationStatus.Closed}, closed_at = ${at}::timestamptz,
            status_changed_at = ${at}::timestamptz, status_changed_by = null,
            note = ${SYSTEM_CLOSE_NOTE}, updated_at = now()
          where id = ${open.id}`);
        await recordEvent(tx, null, {
          companyId: target.companyId,
          entityType: 'alert',
          entityId: open.id,
          action: 'status',
          to: NotificationStatus.Closed,
          note: SYSTEM_CLOSE_NOTE,
        });
        changes.push({
          alertId: open.id,
          kind: 'status',
          statusId: NotificationStatus.Closed,
          ...base,
        });
        return;
      }
      case 'none':
        return;
      default: {
        const unreachable: never = step;
        return unreachable;
      }
    }
  }

  /** Evaluates the leak, usage (and, in a sweep, device-health) rules of sensors. */
  async function evaluateSensors(
    db: Database,
    sensorIds: readonly number[] | 'all',
    health: boolean,
  ) {
    const atMs = now().getTime();
    const idFilter =
      sensorIds === 'all' ? sql`true` : sql`s.id = any(${`{${sensorIds.join(',')}}`}::int[])`;
    const sensors = await selectRows<SensorFacts>(
      db,
      sql`select s.id, s.mac_address, s.company_id, s.property_id, s.building_id, s.unit_id,
            s.appliance_type_id, s.room_type_id, s.last_submission, s.report_interval_s,
            s.notification_excluded, s.battery, s.sensor_status_id,
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
    if (sensors.length === 0) return [];
    const ids = `{${sensors.map((s) => s.id).join(',')}}`;
    const from = new Date(atMs - LOOKBACK_HOURS * HOUR_MS - 48 * HOUR_MS).toISOString();
    const hourly = await selectRows<{
      sensor_id: number;
      hour_ms: number;
      gallons: number;
      flow_s: number;
    }>(
      db,
      sql`select h.sensor_id, (extract(epoch from h.hour) * 1000)::float8 as hour_ms,
            h.volume_mgal::float8 / 1000 as gallons, h.flow_time_s as flow_s
          from usage_hourly h join sensors s on s.id = h.sensor_id and s.unit_id = h.unit_id
          where h.sensor_id = any(${ids}::int[]) and h.hour >= ${from}::timestamptz`,
    );
    const hoursOf = new Map<number, HourUsage[]>();
    for (const h of hourly) {
      const list = hoursOf.get(h.sensor_id) ?? [];
      list.push({ hourMs: Number(h.hour_ms), gallons: Number(h.gallons), flowS: Number(h.flow_s) });
      hoursOf.set(h.sensor_id, list);
    }
    const daily = await selectRows<{ sensor_id: number; day: string; gallons: number }>(
      db,
      sql`select d.sensor_id, d.day::text as day, d.volume_mgal::float8 / 1000 as gallons
          from usage_daily d join sensors s on s.id = d.sensor_id and s.unit_id = d.unit_id
          where d.sensor_id = any(${ids}::int[]) and d.day >= (${new Date(atMs).toISOString()}::timestamptz - interval '2 days')::date`,
    );
    const dayGallons = new Map(daily.map((d) => [`${d.sensor_id}|${d.day}`, Number(d.gallons)]));
    const open = await selectRows<OpenAlert>(
      db,
      sql`select id, sensor_id as key, notification_type_id as type, last_detected_at from notifications
          where sensor_id = any(${ids}::int[]) and notification_status_id in (1, 2)`,
    );
    const openOf = new Map(open.map((o) => [`${o.key}|${o.type}`, o]));
    const closed = await selectRows<{ key: number; type: TypeId; closed_ms: number }>(
      db,
      sql`select sensor_id as key, notification_type_id as type,
            (extract(epoch from max(closed_at)) * 1000)::float8 as closed_ms
          from notifications
          where sensor_id = any(${ids}::int[]) and notification_status_id = ${NotificationStatus.Closed}
            and closed_at >= ${from}::timestamptz
          group by sensor_id, notification_type_id`,
    );
    const closedOf = new Map(closed.map((c) => [`${c.key}|${c.type}`, Number(c.closed_ms)]));

    const changes: AlertChange[] = [];
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      for (const sensor of sensors) {
        const hours = byHour(hoursOf.get(sensor.id) ?? []);
        const today =
          dayGallons.get(`${sensor.id}|${localDate(new Date(atMs), sensor.timezone)}`) ?? 0;
        const found = findings(
          sensor,
          hours,
          today,
          atMs,
          (type) => closedOf.get(`${sensor.id}|${type}`) ?? null,
        );
        const results: [TypeId, { rate: number | null } | null][] = found === 'stale' ? [] : found;
        if (health) {
          const watched = !sensor.notification_excluded;
          results.push(
            [
              NotificationType.SensorOffline,
              watched && sensor.sensor_status_id === SensorStatus.NotTransmitting
                ? { rate: null }
                : null,
            ],
            [
              NotificationType.LowBattery,
              watched && sensor.battery !== null && sensor.battery < LOW_BATTERY_PERCENT
                ? { rate: null }
                : null,
            ],
          );
        }
        for (const [type, finding] of results) {
          await apply(
            tx,
            {
              sensorId: sensor.id,
              gatewayId: null,
              companyId: sensor.company_id,
              propertyId: sensor.property_id,
              buildingId: sensor.building_id,
              unitId: sensor.unit_id,
              applianceTypeId: sensor.appliance_type_id,
              roomTypeId: sensor.room_type_id,
            },
            type,
            openOf.get(`${sensor.id}|${type}`),
            finding,
            atMs,
            changes,
          );
        }
      }
    });
    return changes;
  }

  /** Gateway-offline alerts: offline gateways of a company's building, unless alerts are disabled. */
  async function evaluateGateways(db: Database) {
    const atMs = now().getTime();
    const gateways = await selectRows<{
      id: number;
      company_id: number;
      property_id: number | null;
      building_id: number | null;
      offline: boolean;
    }>(
      db,
      sql`select id, company_id, property_id, building_id,
            (gateway_status_id = ${GatewayStatus.Offline} and not alerts_disabled) as offline
          from gateways where company_id is not null`,
    );
    const open = await selectRows<OpenAlert>(
      db,
      sql`select id, gateway_id as key, notification_type_id as type, last_detected_at from notifications
          where gateway_id is not null and notification_status_id in (1, 2)`,
    );
    const openOf = new Map(open.map((o) => [o.key, o]));
    const changes: AlertChange[] = [];
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      for (const gateway of gateways) {
        await apply(
          tx,
          {
            sensorId: null,
            gatewayId: gateway.id,
            companyId: gateway.company_id,
            propertyId: gateway.property_id,
            buildingId: gateway.building_id,
            unitId: null,
            applianceTypeId: null,
            roomTypeId: null,
          },
          NotificationType.GatewayOffline,
          openOf.get(gateway.id),
          gateway.offline ? { rate: null } : null,
          atMs,
          changes,
        );
      }
    });
    return changes;
  }

  /**
   * Unaccounted water: each building's recent complete local days against the company's
   * threshold. A building without enough counted days (no main line, or a silent one) changes
   * nothing; one whose installation leaves water unmetered by design finds nothing.
   */
  async function evaluateBuildings(db: Database) {
    const atMs = now().getTime();
    const buildings = await unaccounted.buildings(db);
    // UTC dates around every zone's last complete days and today.
    const today = new Date(atMs).toISOString().slice(0, 10);
    const from = addDays(today, -(UNACCOUNTED_LOOKBACK_DAYS + 2));
    const to = addDays(today, 1);
    const days = new Map<number, Awaited<ReturnType<typeof unaccounted.days>>>();
    for (const companyId of new Set(buildings.map((b) => b.company_id))) {
      days.set(companyId, await unaccounted.days(db, companyId, from, to));
    }
    const open = await unaccounted.openAlerts(db);
    const closed = await unaccounted.lastClosed(
      db,
      new Date(atMs - (UNACCOUNTED_LOOKBACK_DAYS + 2) * 24 * HOUR_MS),
    );
    const changes: AlertChange[] = [];
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      for (const building of buildings) {
        const ofBuilding = days.get(building.company_id)?.get(building.building_id) ?? [];
        const alert = open.get(building.building_id);
        if (ofBuilding.length === 0 && !alert) continue;
        const finding = reconcilesBuilding(building.installation_type_id)
          ? unaccountedWater(
              ofBuilding,
              {
                sharePercent: building.share_percent ?? unaccountedWaterDefaults.sharePercent,
                minGallonsPerDay:
                  building.min_gallons_per_day ?? unaccountedWaterDefaults.minGallonsPerDay,
              },
              {
                atMs,
                timeZone: building.timezone,
                closedAtMs: closed.get(building.building_id) ?? null,
              },
            )
          : null;
        if (finding === 'unknown') continue;
        await apply(
          tx,
          {
            sensorId: null,
            gatewayId: null,
            companyId: building.company_id,
            propertyId: building.property_id,
            buildingId: building.building_id,
            unitId: null,
            applianceTypeId: null,
            roomTypeId: null,
          },
          NotificationType.UnaccountedWater,
          alert && { ...alert, key: alert.building_id, type: NotificationType.UnaccountedWater },
          finding,
          atMs,
          changes,
        );
      }
    });
    return changes;
  }

  return {
    /** Leak and usage rules for sensors that just got readings. */
    async evaluate(sensorIds: readonly number[]) {
      if (sensorIds.length === 0) return [];
      const changes = await evaluateSensors(db, sensorIds, false);
      emit(changes);
      return changes;
    },
    /**
     * Every sensor, gateway and building, device health and unaccounted water included; null
     * when another replica sweeps.
     */
    async sweep() {
      // A transaction-scoped lock: pooled connections make a session lock's owner unpredictable.
      const changes = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const { rows: lock } = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(${ALERT_SWEEP_LOCK}) as locked`,
        )) as unknown as { rows: { locked: boolean }[] };
        if (!lock[0]?.locked) return null;
        return [
          ...(await evaluateSensors(tx, 'all', true)),
          ...(await evaluateGateways(tx)),
          ...(await evaluateBuildings(tx)),
        ];
      });
      if (changes) emit(changes);
      return changes;
    },
    onChange(listener: AlertChangeListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Lets the alerts service announce status changes made by people. */
    emit,
  };
}
export type AlertEngine = ReturnType<typeof createAlertEngine>;

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
import type { Database, Executor } from '../../db/client.ts';
import { recordEvent } from '../../db/queries/record-event.ts';
import {
  type AlertTarget,
  dailyUsage,
  gatewayStates,
  hourlyUsage,
  insertAlert,
  lastClosedSensorAlerts,
  lockSweep,
  type OpenAlert as OpenAlertOf,
  openGatewayAlerts,
  openSensorAlerts,
  type SensorFacts,
  sensorFacts,
  updateAlert,
} from './alert-detection.repository.ts';
import {
  type AlertChange,
  type AlertChangeListener,
  type AlertStatus,
  createAlertEvents,
  createAlertStatus,
} from './alerts.status.ts';
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

export type { AlertChange, AlertChangeListener };

type OpenAlert = OpenAlertOf<TypeId>;

const ms = (value: Date | string) => new Date(value).getTime();

/**
 * The detection engine. Its system close goes through the status service (the one writer of an
 * alert's status); every change it makes is published on the status service's event bus.
 */
export function createAlertEngine(
  db: Database,
  now: () => Date = () => new Date(),
  status: AlertStatus = createAlertStatus({ db, events: createAlertEvents() }),
) {
  const unaccounted = createUnaccountedWaterRepository();
  const emit = (changes: readonly AlertChange[]) => status.events.publish(changes);

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
    tx: Executor,
    target: AlertTarget,
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
        const id = await insertAlert(tx, target, {
          type,
          categoryId: categoryOf(type),
          rate,
          at,
        });
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
        await updateAlert(tx, open.id, rate, at);
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
        changes.push(
          await status.write(
            tx,
            null,
            { alertId: open.id, ...base },
            { statusId: NotificationStatus.Closed, at: new Date(atMs), note: SYSTEM_CLOSE_NOTE },
          ),
        );
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
    db: Executor,
    sensorIds: readonly number[] | 'all',
    health: boolean,
  ) {
    const atMs = now().getTime();
    const sensors = await sensorFacts(db, sensorIds);
    if (sensors.length === 0) return [];
    const ids = sensors.map((s) => s.id);
    const from = new Date(atMs - LOOKBACK_HOURS * HOUR_MS - 48 * HOUR_MS).toISOString();
    const hourly = await hourlyUsage(db, ids, from);
    const hoursOf = new Map<number, HourUsage[]>();
    for (const h of hourly) {
      const list = hoursOf.get(h.sensor_id) ?? [];
      list.push({ hourMs: Number(h.hour_ms), gallons: Number(h.gallons), flowS: Number(h.flow_s) });
      hoursOf.set(h.sensor_id, list);
    }
    const daily = await dailyUsage(db, ids, new Date(atMs).toISOString());
    const dayGallons = new Map(daily.map((d) => [`${d.sensor_id}|${d.day}`, Number(d.gallons)]));
    const open = await openSensorAlerts<TypeId>(db, ids);
    const openOf = new Map(open.map((o) => [`${o.key}|${o.type}`, o]));
    const closed = await lastClosedSensorAlerts<TypeId>(db, ids, from);
    const closedOf = new Map(closed.map((c) => [`${c.key}|${c.type}`, Number(c.closed_ms)]));

    const changes: AlertChange[] = [];
    await db.transaction(async (tx) => {
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
  async function evaluateGateways(db: Executor) {
    const atMs = now().getTime();
    const gateways = await gatewayStates(db);
    const open = await openGatewayAlerts<TypeId>(db);
    const openOf = new Map(open.map((o) => [o.key, o]));
    const changes: AlertChange[] = [];
    await db.transaction(async (tx) => {
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
  async function evaluateBuildings(db: Executor) {
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
    await db.transaction(async (tx) => {
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
      const changes = await db.transaction(async (tx) => {
        if (!(await lockSweep(tx, ALERT_SWEEP_LOCK))) return null;
        return [
          ...(await evaluateSensors(tx, 'all', true)),
          ...(await evaluateGateways(tx)),
          ...(await evaluateBuildings(tx)),
        ];
      });
      if (changes) emit(changes);
      return changes;
    },
    /** Subscribes to the alerts event bus (the engine's changes and people's alike). */
    onChange(listener: AlertChangeListener) {
      return status.events.subscribe(listener);
    },
  };
}
export type AlertEngine = ReturnType<typeof createAlertEngine>;

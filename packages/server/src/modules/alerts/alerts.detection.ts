// Alert detection (DESIGN section 8, docs/detection.md): reads what the rules need — a sensor's
// recent complete hours, today's local gallons and the thresholds that apply, the gateways' states,
// each building's recent days — runs the rules (alerts.findings.ts) and applies the alert lifecycle
// (open, update, close after 24 h absent) in one transaction per kind of target. It answers the
// changes it made; publishing them is the engine's. A system close goes through the status service,
// the one writer of an alert's status. Notification-excluded sensors and gateways with alerts
// disabled raise nothing. A device-health alert whose device recovered (heard again, a battery back
// above the threshold) closes at once with a note saying why; leak and usage alerts never do (a
// person closes them, or the 24 h rule). A snoozed alert whose snooze is over goes back to New.
import { byHour, type HourUsage, stepAlert } from '@flowsight/domain/detection';
import { NotificationStatus, NotificationType, notificationTypes } from '@flowsight/domain/lookups';
import { UNACCOUNTED_LOOKBACK_DAYS } from '@flowsight/domain/unaccounted';
import { addDays } from '@flowsight/domain/usage-windows';
import { localDate } from '@flowsight/domain/wall-clock';
import type { Executor } from '../../db/client.ts';
import {
  type AlertTarget,
  type BuildingPlace,
  dailyUsage,
  flumeMeterStates,
  gatewayStates,
  hourlyUsage,
  insertAlert,
  lastClosedSensorAlerts,
  type OpenAlert as OpenAlertOf,
  openBuildingAlerts,
  openGatewayAlerts,
  openSensorAlerts,
  type SensorFacts,
  sensorFacts,
  updateAlert,
} from './alert-detection.repository.ts';
import {
  buildingFinding,
  flumeFinding,
  gatewayFinding,
  HOUR_MS,
  healthFindings,
  ms,
  type RuleResult,
  sensorFindings,
  type TypeId,
} from './alerts.findings.ts';
import { dueSnoozes } from './alerts.repository.ts';
import { type AlertChange, type AlertStatus, snoozeEndedNote } from './alerts.status.ts';
import { createUnaccountedWaterRepository } from './unaccounted-water.repository.ts';

/** Night flow looks back over 3 nights plus today. */
const LOOKBACK_HOURS = 4 * 24 + 2;

/**
 * The oldest reading the leak and usage rules read when they evaluate at `atMs` (hours from here
 * on, today's local day, closures): an older reading is counted in an hour and a day before it,
 * so it cannot change what they find.
 */
export const oldestReadingRead = (atMs: number) =>
  new Date(atMs - LOOKBACK_HOURS * HOUR_MS - 48 * HOUR_MS);

export const SYSTEM_CLOSE_NOTE = 'Closed by the system: the condition has been absent for 24 hours';

const categoryOf = (type: TypeId) => notificationTypes.find((t) => t.id === type)?.categoryId ?? 1;

/** Outside a sweep only recoveries count: a result that can close, never open or age an alert. */
const recoveredOnly = ([, finding, recovered]: RuleResult) => !finding && Boolean(recovered);

type OpenAlert = OpenAlertOf<TypeId>;

/** A building as the target of its building-level alerts. */
const buildingTarget = (place: BuildingPlace): AlertTarget => ({
  sensorId: null,
  gatewayId: null,
  companyId: place.company_id,
  propertyId: place.property_id,
  buildingId: place.building_id,
  unitId: null,
  applianceTypeId: null,
  roomTypeId: null,
});

/** A sensor as the target of its alerts. */
const sensorTarget = (sensor: SensorFacts): AlertTarget => ({
  sensorId: sensor.id,
  gatewayId: null,
  companyId: sensor.company_id,
  propertyId: sensor.property_id,
  buildingId: sensor.building_id,
  unitId: sensor.unit_id,
  applianceTypeId: sensor.appliance_type_id,
  roomTypeId: sensor.room_type_id,
});

export type AlertDetectionOptions = {
  /** The one writer of an alert's status (the system close). */
  status: Pick<AlertStatus, 'write'>;
  now: () => Date;
};

export function createAlertDetection({ status, now }: AlertDetectionOptions) {
  const unaccounted = createUnaccountedWaterRepository();

  /**
   * Applies one rule's step to the target's open alert of that type; answers the change made. An
   * open alert whose device `recovered` (and whose condition is gone) closes now with that note.
   */
  async function apply(
    tx: Executor,
    target: AlertTarget,
    [type, finding, recovered]: RuleResult,
    open: OpenAlert | undefined,
    atMs: number,
  ): Promise<AlertChange | undefined> {
    const recovering = open && !finding && recovered ? recovered : null;
    const step = recovering
      ? ({ action: 'close' } as const)
      : stepAlert(
          open ? { lastDetectedMs: ms(open.last_detected_at) } : null,
          finding && { rule: 'continuous-flow', rate: finding.rate ?? 0, sinceMs: atMs },
          atMs,
        );
    const at = new Date(atMs).toISOString();
    const rate = finding?.rate ?? null;
    const base = {
      companyId: target.companyId,
      propertyId: target.propertyId,
      buildingId: target.buildingId,
      unitId: target.unitId,
    };
    switch (step.action) {
      case 'open': {
        const id = await insertAlert(tx, target, { type, categoryId: categoryOf(type), rate, at });
        if (id === undefined) return undefined;
        return { alertId: id, kind: 'opened', statusId: NotificationStatus.New, ...base };
      }
      case 'update': {
        if (!open) return undefined;
        await updateAlert(tx, open.id, rate, at);
        return { alertId: open.id, kind: 'updated', statusId: NotificationStatus.New, ...base };
      }
      case 'close': {
        if (!open) return undefined;
        return status.write(
          tx,
          null,
          { alertId: open.id, ...base },
          {
            statusId: NotificationStatus.Closed,
            at: new Date(atMs),
            note: recovering ?? SYSTEM_CLOSE_NOTE,
            from: open.status,
          },
        );
      }
      case 'none':
        return undefined;
      default: {
        const unreachable: never = step;
        return unreachable;
      }
    }
  }

  /** Applies every finding of one target, collecting the changes. */
  async function applyAll(
    tx: Executor,
    target: AlertTarget,
    results: readonly RuleResult[],
    openOf: (type: TypeId) => OpenAlert | undefined,
    atMs: number,
    changes: AlertChange[],
  ) {
    for (const result of results) {
      const change = await apply(tx, target, result, openOf(result[0]), atMs);
      if (change) changes.push(change);
    }
  }

  /**
   * The rules of sensors: 'leaks' the leak and usage rules (after ingest); 'sweep' those and device
   * health; 'recovered' only closes the device-health alerts of sensors that recovered.
   */
  async function sensors(
    ex: Executor,
    sensorIds: readonly number[] | 'all',
    mode: 'leaks' | 'sweep' | 'recovered',
  ) {
    const atMs = now().getTime();
    const facts = await sensorFacts(ex, sensorIds);
    if (facts.length === 0) return [];
    const ids = facts.map((s) => s.id);
    const open = await openSensorAlerts<TypeId>(ex, ids);
    const openOf = new Map(open.map((o) => [`${o.key}|${o.type}`, o]));
    const leaks = mode === 'recovered' ? undefined : await leakFacts(ex, ids, atMs);

    const changes: AlertChange[] = [];
    await ex.transaction(async (tx) => {
      for (const sensor of facts) {
        const results: RuleResult[] = [];
        if (leaks) {
          const found = sensorFindings(
            sensor,
            byHour(leaks.hoursOf.get(sensor.id) ?? []),
            leaks.dayGallons.get(`${sensor.id}|${localDate(new Date(atMs), sensor.timezone)}`) ?? 0,
            atMs,
            (type) => leaks.closedOf.get(`${sensor.id}|${type}`) ?? null,
          );
          if (found !== 'stale') results.push(...found);
        }
        if (mode === 'sweep') results.push(...healthFindings(sensor, atMs));
        if (mode === 'recovered') {
          results.push(...healthFindings(sensor, atMs).filter(recoveredOnly));
        }
        await applyAll(
          tx,
          sensorTarget(sensor),
          results,
          (type) => openOf.get(`${sensor.id}|${type}`),
          atMs,
          changes,
        );
      }
    });
    return changes;
  }

  /** What the leak and usage rules read: recent hours, today's gallons, recent closures. */
  async function leakFacts(ex: Executor, ids: readonly number[], atMs: number) {
    const from = oldestReadingRead(atMs).toISOString();
    const hourly = await hourlyUsage(ex, ids, from);
    const hoursOf = new Map<number, HourUsage[]>();
    for (const h of hourly) {
      const list = hoursOf.get(h.sensor_id) ?? [];
      list.push({ hourMs: Number(h.hour_ms), gallons: Number(h.gallons), flowS: Number(h.flow_s) });
      hoursOf.set(h.sensor_id, list);
    }
    const daily = await dailyUsage(ex, ids, new Date(atMs).toISOString());
    const dayGallons = new Map(daily.map((d) => [`${d.sensor_id}|${d.day}`, Number(d.gallons)]));
    const closed = await lastClosedSensorAlerts<TypeId>(ex, ids, from);
    const closedOf = new Map(closed.map((c) => [`${c.key}|${c.type}`, Number(c.closed_ms)]));
    return { hoursOf, dayGallons, closedOf };
  }

  /**
   * Gateway-offline alerts: offline gateways of a company's building, unless alerts are disabled;
   * 'recovered' only closes the alerts of gateways online again.
   */
  async function gateways(ex: Executor, mode: 'sweep' | 'recovered' = 'sweep') {
    const atMs = now().getTime();
    const states = await gatewayStates(ex, mode === 'recovered');
    const open = await openGatewayAlerts<TypeId>(ex);
    const openOf = new Map(open.map((o) => [o.key, o]));
    const changes: AlertChange[] = [];
    await ex.transaction(async (tx) => {
      for (const gateway of states) {
        const result = gatewayFinding(gateway);
        await applyAll(
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
          mode === 'sweep' ? [result] : [result].filter(recoveredOnly),
          () => openOf.get(gateway.id),
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
  async function buildings(ex: Executor) {
    const atMs = now().getTime();
    const reconciled = await unaccounted.buildings(ex);
    // UTC dates around every zone's last complete days and today.
    const today = new Date(atMs).toISOString().slice(0, 10);
    const from = addDays(today, -(UNACCOUNTED_LOOKBACK_DAYS + 2));
    const to = addDays(today, 1);
    const days = new Map<number, Awaited<ReturnType<typeof unaccounted.days>>>();
    for (const companyId of new Set(reconciled.map((b) => b.company_id))) {
      days.set(companyId, await unaccounted.days(ex, companyId, from, to));
    }
    const open = await unaccounted.openAlerts(ex);
    const closed = await unaccounted.lastClosed(
      ex,
      new Date(atMs - (UNACCOUNTED_LOOKBACK_DAYS + 2) * 24 * HOUR_MS),
    );
    const changes: AlertChange[] = [];
    await ex.transaction(async (tx) => {
      for (const building of reconciled) {
        const ofBuilding = days.get(building.company_id)?.get(building.building_id) ?? [];
        const alert = open.get(building.building_id);
        if (ofBuilding.length === 0 && !alert) continue;
        const finding = buildingFinding(
          building,
          ofBuilding,
          atMs,
          closed.get(building.building_id) ?? null,
        );
        if (finding === 'unknown') continue;
        await applyAll(
          tx,
          buildingTarget(building),
          [[NotificationType.UnaccountedWater, finding]],
          () =>
            alert && { ...alert, key: alert.building_id, type: NotificationType.UnaccountedWater },
          atMs,
          changes,
        );
      }
    });
    return changes;
  }

  /**
   * Flume meters: a building's "Flume meter not syncing" device-health alert while Flume
   * refuses its account's credentials, closed once it accepts them or the meter is unlinked.
   */
  async function flumeMeters(ex: Executor) {
    const atMs = now().getTime();
    const states = new Map((await flumeMeterStates(ex)).map((s) => [s.building_id, s]));
    const open = new Map(
      (await openBuildingAlerts(ex, NotificationType.FlumeNotSyncing)).map((a) => [a.key, a]),
    );
    const places = new Map<number, BuildingPlace>([...open, ...states]);
    const changes: AlertChange[] = [];
    await ex.transaction(async (tx) => {
      for (const [buildingId, place] of places) {
        await applyAll(
          tx,
          buildingTarget(place),
          [flumeFinding(states.get(buildingId))],
          () => open.get(buildingId),
          atMs,
          changes,
        );
      }
    });
    return changes;
  }

  /**
   * Snoozes whose time is over (at `at`, now by default): each alert goes back to New, whatever
   * its open status, with the system's 'snooze-ended' event and note; reminders then resume.
   */
  async function snoozes(ex: Executor, at: Date = now()) {
    const changes: AlertChange[] = [];
    await ex.transaction(async (tx) => {
      for (const due of await dueSnoozes(tx, at)) {
        changes.push(
          await status.write(
            tx,
            null,
            {
              alertId: due.id,
              companyId: due.company_id,
              propertyId: due.property_id,
              buildingId: due.building_id,
              unitId: due.unit_id,
            },
            {
              statusId: NotificationStatus.New,
              at,
              note: snoozeEndedNote(due.snooze_reason),
              from: due.notification_status_id,
              snoozeEnded: true,
            },
          ),
        );
      }
    });
    return changes;
  }

  return { sensors, gateways, buildings, flumeMeters, snoozes };
}
export type AlertDetection = ReturnType<typeof createAlertDetection>;

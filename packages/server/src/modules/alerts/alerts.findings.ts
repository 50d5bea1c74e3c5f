// What the alert rules find for each target, from the facts the detection read (docs/detection.md):
// a sensor's leak and usage rules (nothing while it is stale), its device health, and a building's
// unaccounted water. Pure functions of their inputs; the detection decides what to open or close.
import {
  continuousFlow,
  type Finding,
  type HourUsage,
  highUsage,
  hoursSince,
  LOW_BATTERY_PERCENT,
  nightFlow,
} from '@flowsight/domain/detection';
import { NotificationType, SensorState, SensorStatus } from '@flowsight/domain/lookups';
import { neverHeardOfflineAt } from '@flowsight/domain/micrometers';
import {
  type BuildingDay,
  reconcilesBuilding,
  unaccountedWater,
  unaccountedWaterDefaults,
} from '@flowsight/domain/unaccounted';
import { localDate } from '@flowsight/domain/wall-clock';
import type { SensorFacts } from './alert-detection.repository.ts';
import type { ReconciledBuilding } from './unaccounted-water.repository.ts';

export const HOUR_MS = 3_600_000;
/**
 * A sensor whose newest complete hour is older than this says nothing about now: its leak rules
 * neither open, update nor close anything until it reports again (its silence is a device-health
 * alert of its own).
 */
const STALE_MS = 3 * HOUR_MS;

export type TypeId = (typeof NotificationType)[keyof typeof NotificationType];
/** What a rule found (its rate, when it has one), or null: the condition is absent. */
export type AlertFinding = { readonly rate: number | null } | null;

export const ms = (value: Date | string) => new Date(value).getTime();

/** Findings of one sensor's leak and usage rules at `atMs`; 'stale' when it says nothing. */
export function sensorFindings(
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
              company: sensor.company_threshold === null ? null : Number(sensor.company_threshold),
              fixture: params.dailyHighGal,
            },
            atMs,
          ),
    ],
  ];
}

/**
 * What one rule found for a target, and — for device health — why its device counts as recovered
 * (the system's closing note), or null: an open alert of a recovered device closes at once
 * instead of 24 h after it was last detected.
 */
export type RuleResult = readonly [type: TypeId, finding: AlertFinding, recovered?: string | null];

/** A moment in a system note: minutes, UTC ("2026-11-26 19:20 UTC"). */
export const noteTime = (value: Date | string) =>
  `${new Date(value).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The notes of device-health alerts the system closes because their device recovered. */
export const recoveredNotes = {
  micrometer: (lastHeard: Date | string | null) =>
    lastHeard === null
      ? 'Closed automatically: the micrometer is transmitting again.'
      : `Closed automatically: the micrometer is transmitting again, last heard at ${noteTime(lastHeard)}.`,
  battery: (percent: number) =>
    `Closed automatically: the battery reads ${percent} %, no longer below ${LOW_BATTERY_PERCENT} %.`,
  gateway: (lastSeen: Date | string | null) =>
    lastSeen === null
      ? 'Closed automatically: the gateway is online again.'
      : `Closed automatically: the gateway is online again, last heard at ${noteTime(lastSeen)}.`,
  flume: 'Closed automatically: Flume accepts the account’s credentials again.',
  flumeUnlinked: 'Closed automatically: no Flume meter measures the building any more.',
};

const newest = (a: Date | string | null, b: Date | string | null) =>
  a === null ? b : b === null ? a : ms(a) >= ms(b) ? a : b;

/**
 * Whether a sensor is offline at `atMs`: not transmitting (the fleet-health sweep's verdict), or
 * installed, never heard, and installed longer than a heard one may stay silent. A
 * never-heard sensor keeps its "Never heard" status: that is what an installer needs to know.
 */
function isOffline(sensor: SensorFacts, atMs: number): boolean {
  if (sensor.sensor_status_id === SensorStatus.NotTransmitting) return true;
  if (
    sensor.sensor_status_id !== SensorStatus.NeverHeard ||
    sensor.sensor_state_id !== SensorState.Installed
  ) {
    return false;
  }
  const offlineAt = neverHeardOfflineAt(sensor.installed_at, sensor.keepalive_interval_s);
  return offlineAt !== null && offlineAt <= atMs;
}

/**
 * A sensor's device health at `atMs`: offline and low battery, unless notifications are excluded.
 * It has recovered from being offline once it transmits (its next uplink, or its first), from a
 * low battery once a reading is back at or above the threshold (a replaced battery, too).
 */
export function healthFindings(sensor: SensorFacts, atMs: number): RuleResult[] {
  const watched = !sensor.notification_excluded;
  const low = sensor.battery !== null && sensor.battery < LOW_BATTERY_PERCENT;
  return [
    [
      NotificationType.SensorOffline,
      watched && isOffline(sensor, atMs) ? { rate: null } : null,
      sensor.sensor_status_id === SensorStatus.Transmitting
        ? recoveredNotes.micrometer(newest(sensor.last_keepalive, sensor.last_submission))
        : null,
    ],
    [
      NotificationType.LowBattery,
      watched && low ? { rate: null } : null,
      sensor.battery !== null && !low ? recoveredNotes.battery(sensor.battery) : null,
    ],
  ];
}

/**
 * A gateway's health: offline unless its alerts are disabled; recovered once it is online again
 * (heard by the ingest, or set online). Maintenance or disabled alerts are no recovery: an open
 * alert then closes 24 h after it was last detected, as before.
 */
export function gatewayFinding(gateway: {
  offline: boolean;
  online: boolean;
  last_seen_at: Date | string | null;
}): RuleResult {
  return [
    NotificationType.GatewayOffline,
    gateway.offline ? { rate: null } : null,
    gateway.online ? recoveredNotes.gateway(gateway.last_seen_at) : null,
  ];
}

/**
 * A building's Flume meter: not syncing while Flume refuses its account's credentials;
 * recovered once Flume accepts them again, or once no meter is linked to the building.
 */
export function flumeFinding(meter: { refused: boolean } | undefined): RuleResult {
  if (!meter) return [NotificationType.FlumeNotSyncing, null, recoveredNotes.flumeUnlinked];
  return [
    NotificationType.FlumeNotSyncing,
    meter.refused ? { rate: null } : null,
    meter.refused ? null : recoveredNotes.flume,
  ];
}

/**
 * Unaccounted water of a building over its recent complete local days; 'unknown' without enough
 * counted days, null when its installation leaves water unmetered by design.
 */
export function buildingFinding(
  building: ReconciledBuilding,
  days: readonly BuildingDay[],
  atMs: number,
  closedAtMs: number | null,
) {
  if (!reconcilesBuilding(building.installation_type_id)) return null;
  return unaccountedWater(
    days,
    {
      sharePercent: building.share_percent ?? unaccountedWaterDefaults.sharePercent,
      minGallonsPerDay: building.min_gallons_per_day ?? unaccountedWaterDefaults.minGallonsPerDay,
    },
    { atMs, timeZone: building.timezone, closedAtMs },
  );
}

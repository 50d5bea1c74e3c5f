// A year of alert history for the demo portfolio: alerts that were opened, taken on ("On it") and
// fixed ("Fixed it") by the demo users who act on alerts, with their notes, or closed by the
// system when the condition went away. Plain data with the portfolio's local keys and times as
// minutes before the seeding clock, generated from a fixed seed, so the server's seed only maps
// it onto database ids.
//
// Consistency with the simulated readings: an alert sits on a micrometer, gateway or building that
// was installed at least a few days before it opened, within the year the simulator backfills
// (SIMULATE=1, 365 days), and everything closed at least a week before the clock, so the detection
// engine's present (the alerts it opens at start-up, and its look-back at recent closures) is the
// same with or without this history. The restricted company sees no water data and has none.
// The present's open device-health alerts (generateDemoPresentAlerts) end the story at the clock.
import { LOW_BATTERY_PERCENT } from '@flowsight/domain/detection';
import {
  applianceTypes,
  CompanyType,
  type FixtureKind,
  GatewayStatus,
  NotificationStatus,
  NotificationType,
  RoleType,
  SensorState,
  SensorStatus,
} from '@flowsight/domain/lookups';
import {
  DEFAULT_KEEPALIVE_INTERVAL_S,
  GATEWAY_SILENCE_MS,
  neverHeardOfflineAt,
  silenceLimitMs,
} from '@flowsight/domain/micrometers';
import { reconcilesBuilding } from '@flowsight/domain/unaccounted';
import { DEMO_SEED, type DemoPortfolio } from './demo-portfolio.ts';
import { BATTERY_DRAIN_PER_DAY } from './fleet-simulation.ts';
import { createRandom, type Random } from './random.ts';

type NotificationTypeId = (typeof NotificationType)[keyof typeof NotificationType];
type NotificationStatusId = (typeof NotificationStatus)[keyof typeof NotificationStatus];

/** A demo user acting through one of their roles (indexes into the portfolio's users). */
export type DemoAlertActor = { readonly userIndex: number; readonly roleIndex: number };

/** One status change, as the alerts service records it when a person (or the engine) acts. */
export type DemoAlertStatusChange = {
  readonly minutesAgo: number;
  readonly from: NotificationStatusId;
  readonly to: NotificationStatusId;
  /** Null for a change without a note; the engine's own note for a close by the system. */
  readonly note: string | null;
  /** Null: the detection engine closed it, the condition having been absent for 24 hours. */
  readonly actor: DemoAlertActor | null;
};

export type DemoHistoricAlert = {
  readonly companyIndex: number;
  readonly propertyIndex: number;
  readonly buildingIndex: number;
  readonly unitIndex: number | null;
  readonly sensorIndex: number | null;
  readonly gatewayIndex: number | null;
  readonly applianceTypeId: number | null;
  readonly roomTypeId: number | null;
  readonly notificationTypeId: NotificationTypeId;
  /** Gallons per month, for leak and usage alerts. */
  readonly rate: number | null;
  readonly firstDetectedMinutesAgo: number;
  readonly lastDetectedMinutesAgo: number;
  /** Oldest first; the last one closes the alert, except in the present (still open). */
  readonly changes: readonly DemoAlertStatusChange[];
  /** The last reminder of an alert still New (the present's), or null. */
  readonly lastRemindedMinutesAgo?: number | null;
};

export type DemoAlertHistoryOptions = {
  /** The clock the history counts back from (the seed's `now`). */
  readonly now: Date;
  readonly seed?: number;
};

const MINUTE_MS = 60_000;
const HOUR_MIN = 60;
const DAY_MIN = 24 * HOUR_MIN;
/** The oldest alert opens this many days back, inside the simulator's 365-day backfill. */
export const ALERT_HISTORY_DAYS = 360;
/** Every historic alert opens at least this long before the clock, and so closes before it. */
const NEWEST_OPEN_DAYS = 16;
/** A micrometer or gateway reports for a few days before anything is concluded from it. */
const SETTLING_DAYS = 3;
/** Expected alerts per installed micrometer and day (about one a month per 65 micrometers). */
const ALERTS_PER_SENSOR_DAY = 0.0005;

const kindOf = new Map<number, FixtureKind>(applianceTypes.map((a) => [a.id, a.kind]));

/** Which fixtures each kind of alert is found on, and how often each kind of alert happens. */
const alertKinds: readonly (readonly [NotificationTypeId, number])[] = [
  [NotificationType.ContinuousFlow, 30],
  [NotificationType.NightFlow, 14],
  [NotificationType.HighUsage, 16],
  [NotificationType.SensorOffline, 14],
  [NotificationType.LowBattery, 14],
  [NotificationType.GatewayOffline, 6],
  [NotificationType.UnaccountedWater, 6],
];
const fixturesFor: Partial<Record<NotificationTypeId, readonly FixtureKind[]>> = {
  [NotificationType.ContinuousFlow]: ['toilet', 'toilet', 'toilet', 'faucet', 'main-line'],
  [NotificationType.NightFlow]: ['toilet', 'faucet', 'faucet', 'shower'],
  [NotificationType.HighUsage]: ['shower', 'tub', 'machine', 'faucet'],
};

/** What people write when they take an alert on ("On it"); null leaves no note. */
const acknowledgeNotes: Record<NotificationTypeId, readonly (string | null)[]> = {
  [NotificationType.ContinuousFlow]: [
    null,
    'Plumber booked for tomorrow morning.',
    'Called the resident, they will let maintenance in after 4 pm.',
    'Maintenance on the way with a flapper kit.',
  ],
  [NotificationType.NightFlow]: [
    null,
    'Asked maintenance to check the fixture on the next round.',
    'Left a note for the resident to check for a dripping tap.',
  ],
  [NotificationType.HighUsage]: [
    null,
    'Checking with the resident whether guests are staying.',
    'Looking into it with the site team.',
  ],
  [NotificationType.SensorOffline]: [
    null,
    'Technician visit planned for this week.',
    'Asked the site team to check the micrometer.',
  ],
  [NotificationType.LowBattery]: [null, 'Battery swap added to the next maintenance round.'],
  [NotificationType.GatewayOffline]: [
    null,
    'Building manager is checking the gateway power.',
    'Internet provider contacted about the outage.',
  ],
  [NotificationType.UnaccountedWater]: [
    null,
    'Walking the common areas and the mechanical room tomorrow.',
    'Asked the plumber to check the irrigation and the boiler feed.',
  ],
  // Not in the history's mix (no Flume meter in the demo); every type has its notes.
  [NotificationType.FlumeNotSyncing]: [null, 'Asked the owner for the new Flume password.'],
};

/** What people write when they mark an alert fixed ("Fixed it"). */
const closeNotes: Record<NotificationTypeId, readonly string[]> = {
  [NotificationType.ContinuousFlow]: [
    'Replaced the toilet flapper; flow is back to zero.',
    'Fill valve was stuck open. Replaced it and tested two flushes.',
    'Tightened the supply line under the sink, no more flow overnight.',
    'Running toilet fixed by maintenance, resident confirmed.',
    'Replaced a worn washer in the faucet cartridge.',
  ],
  [NotificationType.NightFlow]: [
    'Dripping kitchen tap fixed, new cartridge fitted.',
    'Resident had left the shower dripping; handle replaced.',
    'Toilet flapper replaced, night readings are flat again.',
  ],
  [NotificationType.HighUsage]: [
    'Resident had family staying for the week; usage is back to normal.',
    'Washing machine inlet hose was leaking. Hose replaced.',
    'Long showers during a heat wave, nothing broken. Talked to the resident.',
    'Tub faucet would not shut fully; cartridge replaced.',
  ],
  [NotificationType.SensorOffline]: [
    'Micrometer re-seated and reporting again.',
    'Antenna cable was loose after painting works. Fixed.',
    'Replaced the micrometer under warranty.',
  ],
  [NotificationType.LowBattery]: [
    'Battery replaced during the maintenance round.',
    'New battery fitted, reading 100 % again.',
  ],
  [NotificationType.GatewayOffline]: [
    'Gateway was unplugged by the cleaning crew. Back online.',
    'Power supply replaced, gateway online again.',
    'Internet outage in the building, resolved by the provider.',
  ],
  [NotificationType.UnaccountedWater]: [
    'Found a leaking hose bib in the garage; replaced it.',
    'Irrigation valve was stuck open. Repaired by the landscaper.',
    'Boiler make-up water was running; pressure relief valve replaced.',
  ],
  [NotificationType.FlumeNotSyncing]: ['Flume account signed in again with the new password.'],
};

/** What people write about a leak on a fixture of this kind: what they did depends on the fixture. */
const leakNotes: Partial<
  Record<FixtureKind, { acknowledge: readonly (string | null)[]; close: readonly string[] }>
> = {
  toilet: {
    acknowledge: [
      null,
      'Maintenance on the way with a flapper kit.',
      'Called the resident, they will let maintenance in after 4 pm.',
    ],
    close: [
      'Replaced the toilet flapper; flow is back to zero.',
      'Fill valve was stuck open. Replaced it and tested two flushes.',
      'Running toilet fixed by maintenance, resident confirmed.',
    ],
  },
  faucet: {
    acknowledge: [
      null,
      'Plumber booked for tomorrow morning.',
      'Left a note for the resident to check for a dripping tap.',
    ],
    close: [
      'Replaced a worn washer in the faucet cartridge.',
      'Dripping tap fixed, new cartridge fitted.',
      'Tightened the supply line under the sink, no more flow overnight.',
    ],
  },
  shower: {
    acknowledge: [null, 'Asked maintenance to check the shower valve on the next round.'],
    close: ['Resident had left the shower dripping; handle replaced.'],
  },
  'main-line': {
    acknowledge: [null, 'Walking the building with the plumber tomorrow.'],
    close: [
      'Leaking valve on the riser in the mechanical room; repaired.',
      'Irrigation valve was stuck open. Repaired by the landscaper.',
    ],
  },
};

/** What people write about high usage on a fixture of this kind; guests explain any of them. */
const guests = 'Resident had family staying for the week; usage is back to normal.';
const usageNotes: Partial<Record<FixtureKind, readonly string[]>> = {
  machine: [guests, 'Washing machine inlet hose was leaking. Hose replaced.'],
  shower: [guests, 'Long showers during a heat wave, nothing broken. Talked to the resident.'],
  tub: [guests, 'Tub faucet would not shut fully; cartridge replaced.'],
  faucet: [guests, 'Kitchen tap left running overnight; resident reminded.'],
};

/** Monthly rates (gallons per month) a leak or usage alert of each type reports. */
const rateRange: Partial<Record<NotificationTypeId, readonly [number, number]>> = {
  [NotificationType.ContinuousFlow]: [900, 9000],
  [NotificationType.NightFlow]: [150, 1200],
  [NotificationType.HighUsage]: [300, 2400],
  [NotificationType.UnaccountedWater]: [3000, 24000],
};

const deviceHealth = new Set<NotificationTypeId>([
  NotificationType.SensorOffline,
  NotificationType.LowBattery,
  NotificationType.GatewayOffline,
]);

type Acting = { readonly actor: DemoAlertActor; readonly weight: number };

/** Where an alert sits, as far as who may act on it is concerned. */
type ActingPlace = {
  readonly companyIndex: number;
  readonly propertyIndex?: number;
  readonly buildingIndex?: number;
};

/**
 * Who acts on alerts of a place: its company's managers most, its admins less, a person with two
 * roles least; a role narrowed to a property or a building (site staff) only on alerts inside it.
 * Without a property, the company-wide roles alone.
 */
function actorsOf(portfolio: DemoPortfolio, place: ActingPlace): Acting[] {
  const base: Partial<Record<number, number>> = {
    [RoleType.CompanyManager]: 4,
    [RoleType.CompanyAdmin]: 2,
  };
  const reaches = (narrowedTo: number | null, index: number | undefined) =>
    narrowedTo === null || narrowedTo === index;
  return portfolio.users.flatMap((user, userIndex) =>
    user.roles.flatMap((role, roleIndex) => {
      const weight = base[role.roleTypeId];
      return role.companyIndex === place.companyIndex &&
        reaches(role.propertyIndex, place.propertyIndex) &&
        reaches(role.buildingIndex, place.buildingIndex) &&
        weight !== undefined
        ? [{ actor: { userIndex, roleIndex }, weight: weight / user.roles.length }]
        : [];
    }),
  );
}

/** The system support desk, who now and then takes on a device-health alert. */
function supportDesk(portfolio: DemoPortfolio): DemoAlertActor | null {
  for (const [userIndex, user] of portfolio.users.entries()) {
    const roleIndex = user.roles.findIndex((r) => r.roleTypeId === RoleType.SystemSupport);
    if (roleIndex >= 0) return { userIndex, roleIndex };
  }
  return null;
}

/** Minutes ago of an instant, for the data's clock-free offsets. */
const minutesBefore = (nowMs: number, atMs: number) => Math.round((nowMs - atMs) / MINUTE_MS);

export function generateDemoAlertHistory(
  portfolio: DemoPortfolio,
  options: DemoAlertHistoryOptions,
): DemoHistoricAlert[] {
  const random = createRandom((options.seed ?? DEMO_SEED) ^ 0x41_4c_52_54);
  const nowMs = options.now.getTime();
  const support = supportDesk(portfolio);
  const alerts: DemoHistoricAlert[] = [];

  const companies = portfolio.companies.flatMap((company, companyIndex) =>
    company.companyTypeId === CompanyType.Restricted ? [] : [companyIndex],
  );
  for (const companyIndex of companies) {
    if (actorsOf(portfolio, { companyIndex }).length === 0) continue;
    const sensors = portfolio.sensors.flatMap((sensor, sensorIndex) =>
      sensor.placement?.companyIndex === companyIndex
        ? [
            {
              sensor,
              sensorIndex,
              readyMs: Date.parse(sensor.installDate) + SETTLING_DAYS * DAY_MIN * MINUTE_MS,
            },
          ]
        : [],
    );
    const gateways = portfolio.gateways.flatMap((gateway, gatewayIndex) =>
      gateway.companyIndex === companyIndex && !gateway.alertsDisabled
        ? [
            {
              gateway,
              gatewayIndex,
              readyMs: Date.parse(gateway.assignedAt) + SETTLING_DAYS * DAY_MIN * MINUTE_MS,
            },
          ]
        : [],
    );

    for (let daysAgo = ALERT_HISTORY_DAYS; daysAgo >= NEWEST_OPEN_DAYS; daysAgo -= 1) {
      const dayStartMs = nowMs - daysAgo * DAY_MIN * MINUTE_MS;
      const ready = sensors.filter((s) => s.readyMs <= dayStartMs);
      // About ALERTS_PER_SENSOR_DAY × micrometers alerts a day, drawn as four even chances.
      const chance = Math.min(1, (ready.length * ALERTS_PER_SENSOR_DAY) / 4);
      let count = 0;
      for (let trial = 0; trial < 4; trial += 1) if (random.chance(chance)) count += 1;
      for (let n = 0; n < count; n += 1) {
        const openedMs = dayStartMs + random.int(0, DAY_MIN - 1) * MINUTE_MS;
        const type = random.weighted(alertKinds);
        const place = placeOf(type, ready, gateways, portfolio, companyIndex, openedMs, random);
        if (!place) continue;
        alerts.push({
          ...place,
          notificationTypeId: type,
          ...lifecycle(
            type,
            notesFor(type, place.applianceTypeId),
            openedMs,
            nowMs,
            actorsOf(portfolio, place),
            support,
            random,
          ),
        });
      }
    }
  }
  return alerts;
}

type Place = Pick<
  DemoHistoricAlert,
  | 'companyIndex'
  | 'propertyIndex'
  | 'buildingIndex'
  | 'unitIndex'
  | 'sensorIndex'
  | 'gatewayIndex'
  | 'applianceTypeId'
  | 'roomTypeId'
  | 'rate'
>;

/** Where an alert of this type could have been found at `openedMs`; null when nowhere yet. */
function placeOf(
  type: NotificationTypeId,
  sensors: readonly { sensor: DemoPortfolio['sensors'][number]; sensorIndex: number }[],
  gateways: readonly {
    gateway: DemoPortfolio['gateways'][number];
    gatewayIndex: number;
    readyMs: number;
  }[],
  portfolio: DemoPortfolio,
  companyIndex: number,
  openedMs: number,
  random: Random,
): Place | null {
  const range = rateRange[type];
  const rate = range ? Math.round(random.float(range[0], range[1], 0)) : null;
  if (type === NotificationType.GatewayOffline) {
    const ready = gateways.filter((g) => g.readyMs <= openedMs);
    if (ready.length === 0) return null;
    const { gateway, gatewayIndex } = random.pick(ready);
    return {
      companyIndex,
      propertyIndex: gateway.propertyIndex,
      buildingIndex: gateway.buildingIndex,
      unitIndex: null,
      sensorIndex: null,
      gatewayIndex,
      applianceTypeId: null,
      roomTypeId: null,
      rate: null,
    };
  }
  if (type === NotificationType.UnaccountedWater) {
    // Only a building whose main line and fixtures are both metered is reconciled.
    const metered = [
      ...new Set(
        sensors
          .filter(
            ({ sensor }) =>
              sensor.placement && kindOf.get(sensor.placement.applianceTypeId) === 'main-line',
          )
          .map(({ sensor }) => sensor.placement?.buildingIndex ?? -1),
      ),
    ].filter((b) => reconcilesBuilding(portfolio.buildings[b]?.installationTypeId));
    if (metered.length === 0) return null;
    const buildingIndex = random.pick(metered);
    const building = portfolio.buildings[buildingIndex];
    if (!building) return null;
    return {
      companyIndex,
      propertyIndex: building.propertyIndex,
      buildingIndex,
      unitIndex: null,
      sensorIndex: null,
      gatewayIndex: null,
      applianceTypeId: null,
      roomTypeId: null,
      rate,
    };
  }
  const kinds = fixturesFor[type];
  const kind = kinds ? random.pick(kinds) : null;
  const fitting = kind
    ? sensors.filter(
        ({ sensor }) => sensor.placement && kindOf.get(sensor.placement.applianceTypeId) === kind,
      )
    : sensors.filter(
        ({ sensor }) =>
          sensor.placement && kindOf.get(sensor.placement.applianceTypeId) !== 'notes',
      );
  if (fitting.length === 0) return null;
  const { sensor, sensorIndex } = random.pick(fitting);
  const placement = sensor.placement;
  if (!placement) return null;
  return {
    companyIndex,
    propertyIndex: placement.propertyIndex,
    buildingIndex: placement.buildingIndex,
    unitIndex: placement.unitIndex,
    sensorIndex,
    gatewayIndex: null,
    applianceTypeId: placement.applianceTypeId,
    roomTypeId: placement.roomTypeId,
    rate,
  };
}

/**
 * What happened to an alert: most are taken on within hours and fixed within days by a person
 * with a note; some are fixed at once; a few (more of the device-health ones, which mend
 * themselves when a device reports again) are closed by the engine 24 hours after the condition
 * was last seen.
 */
type Notes = { acknowledge: readonly (string | null)[]; close: readonly string[] };

/** The notes of a leak on this fixture, or of the alert's type. */
function notesFor(type: NotificationTypeId, applianceTypeId: number | null): Notes {
  const kind = applianceTypeId === null ? undefined : kindOf.get(applianceTypeId);
  const byFixture = kind === undefined ? undefined : leakNotes[kind];
  const isLeak = type === NotificationType.ContinuousFlow || type === NotificationType.NightFlow;
  if (isLeak && byFixture) return byFixture;
  const usage = kind === undefined ? undefined : usageNotes[kind];
  return {
    acknowledge: acknowledgeNotes[type],
    close: type === NotificationType.HighUsage && usage ? usage : closeNotes[type],
  };
}

function lifecycle(
  type: NotificationTypeId,
  notes: Notes,
  openedMs: number,
  nowMs: number,
  actors: readonly Acting[],
  support: DemoAlertActor | null,
  random: Random,
): Pick<DemoHistoricAlert, 'firstDetectedMinutesAgo' | 'lastDetectedMinutesAgo' | 'changes'> {
  const ago = (atMs: number) => minutesBefore(nowMs, atMs);
  const outcome = random.weighted([
    ['taken-on', 72],
    ['fixed-at-once', 12],
    ['by-the-system', deviceHealth.has(type) ? 30 : 10],
  ] as const);
  const person = () =>
    deviceHealth.has(type) && support && random.chance(0.2)
      ? support
      : random.weighted(actors.map((a) => [a.actor, a.weight] as const));

  if (outcome === 'by-the-system') {
    const lastMs = openedMs + random.int(HOUR_MIN, 3 * DAY_MIN) * MINUTE_MS;
    // The sweep runs every five minutes.
    const closedMs = lastMs + (DAY_MIN + random.int(0, 5)) * MINUTE_MS;
    return {
      firstDetectedMinutesAgo: ago(openedMs),
      lastDetectedMinutesAgo: ago(lastMs),
      changes: [
        {
          minutesAgo: ago(closedMs),
          from: NotificationStatus.New,
          to: NotificationStatus.Closed,
          note: null,
          actor: null,
        },
      ],
    };
  }

  const changes: DemoAlertStatusChange[] = [];
  let atMs = openedMs;
  let status: NotificationStatusId = NotificationStatus.New;
  let closer = person();
  if (outcome === 'taken-on') {
    atMs += random.int(10, 18 * HOUR_MIN) * MINUTE_MS;
    changes.push({
      minutesAgo: ago(atMs),
      from: status,
      to: NotificationStatus.Acknowledged,
      note: random.pick(notes.acknowledge),
      actor: closer,
    });
    status = NotificationStatus.Acknowledged;
    // Now and then a colleague finishes the job.
    if (random.chance(0.25)) closer = person();
  }
  const closedMs = atMs + random.int(2 * HOUR_MIN, 6 * DAY_MIN) * MINUTE_MS;
  const lastMs = Math.max(openedMs, closedMs - random.int(10, 3 * HOUR_MIN) * MINUTE_MS);
  changes.push({
    minutesAgo: ago(closedMs),
    from: status,
    to: NotificationStatus.Closed,
    note: random.pick(notes.close),
    actor: closer,
  });
  return {
    firstDetectedMinutesAgo: ago(openedMs),
    lastDetectedMinutesAgo: ago(lastMs),
    changes,
  };
}

/**
 * The demo's present: the device-health alerts its portfolio's state holds open at the clock —
 * micrometers not transmitting, installed ones never heard, low batteries, offline gateways — as
 * the product would have opened them had it run all along, each when its evidence was complete:
 * a micrometer heard last at X at X + three keep-alive intervals, one installed at X and never
 * heard at X + three intervals, a gateway last seen at X at X + one hour, a battery when the
 * simulated readings first fall below the alert level (they drain at BATTERY_DRAIN_PER_DAY, so a
 * low battery has been low for a while), but no earlier than its micrometer settled. Some of these
 * open before the year the history and the readings cover, as the micrometers they sit on were
 * installed before it. Those open for a day or more are taken on ("On it") by a person of the
 * company in about half the cases; New ones were reminded every 24 hours. The detection finds
 * exactly these at start-up and updates them, so start-up adds no alert of these kinds at the
 * clock; it still opens the leaks the simulator's readings show.
 */
export function generateDemoPresentAlerts(
  portfolio: DemoPortfolio,
  options: DemoAlertHistoryOptions,
): DemoHistoricAlert[] {
  const random = createRandom((options.seed ?? DEMO_SEED) ^ 0x50_52_45_53);
  const nowMs = options.now.getTime();
  const ago = (atMs: number) => minutesBefore(nowMs, atMs);
  const keepAliveLimitMs = silenceLimitMs(DEFAULT_KEEPALIVE_INTERVAL_S);
  const support = supportDesk(portfolio);
  const actors = new Map<string, Acting[]>();
  const actorsFor = (place: ActingPlace) => {
    const key = `${place.companyIndex}:${place.propertyIndex}:${place.buildingIndex}`;
    const known = actors.get(key);
    if (known) return known;
    const found = actorsOf(portfolio, place);
    actors.set(key, found);
    return found;
  };

  const open = (
    place: Place,
    type: NotificationTypeId,
    openedMs: number,
  ): DemoHistoricAlert | null => {
    if (openedMs > nowMs) return null;
    const openedFor = nowMs - openedMs;
    const people = actorsFor(place);
    const takenOn = openedFor >= DAY_MIN * MINUTE_MS && people.length > 0 && random.chance(0.5);
    const changes: DemoAlertStatusChange[] = [];
    if (takenOn) {
      const atMs = Math.min(
        nowMs - HOUR_MIN * MINUTE_MS,
        openedMs + random.int(10, 18 * HOUR_MIN) * MINUTE_MS,
      );
      changes.push({
        minutesAgo: ago(atMs),
        from: NotificationStatus.New,
        to: NotificationStatus.Acknowledged,
        note: random.pick(acknowledgeNotes[type]),
        actor:
          support && random.chance(0.2)
            ? support
            : random.weighted(people.map((a) => [a.actor, a.weight] as const)),
      });
    }
    const reminders = Math.floor(openedFor / (DAY_MIN * MINUTE_MS));
    return {
      ...place,
      notificationTypeId: type,
      firstDetectedMinutesAgo: ago(openedMs),
      lastDetectedMinutesAgo: 0,
      changes,
      lastRemindedMinutesAgo:
        takenOn || reminders === 0 ? null : ago(openedMs + reminders * DAY_MIN * MINUTE_MS),
    };
  };

  const alerts: DemoHistoricAlert[] = [];
  for (const [sensorIndex, sensor] of portfolio.sensors.entries()) {
    const placement = sensor.placement;
    if (!placement || sensor.sensorStateId !== SensorState.Installed) continue;
    const place: Place = {
      companyIndex: placement.companyIndex,
      propertyIndex: placement.propertyIndex,
      buildingIndex: placement.buildingIndex,
      unitIndex: placement.unitIndex,
      sensorIndex,
      gatewayIndex: null,
      applianceTypeId: placement.applianceTypeId,
      roomTypeId: placement.roomTypeId,
      rate: null,
    };
    const installedMs = Date.parse(sensor.installDate);
    const heard = [sensor.lastKeepaliveMinutesAgo, sensor.lastSubmissionMinutesAgo].filter(
      (m): m is number => m !== null,
    );
    const offlineMs =
      sensor.sensorStatusId === SensorStatus.NotTransmitting && heard.length > 0
        ? nowMs - Math.min(...heard) * MINUTE_MS + keepAliveLimitMs
        : sensor.sensorStatusId === SensorStatus.NeverHeard
          ? neverHeardOfflineAt(sensor.installDate, DEFAULT_KEEPALIVE_INTERVAL_S)
          : null;
    if (offlineMs !== null) {
      const alert = open(place, NotificationType.SensorOffline, offlineMs);
      if (alert) alerts.push(alert);
    }
    if (sensor.battery !== null && sensor.battery < LOW_BATTERY_PERCENT) {
      const lowForDays = (LOW_BATTERY_PERCENT - sensor.battery) / BATTERY_DRAIN_PER_DAY;
      const lowMs = Math.max(
        nowMs - lowForDays * DAY_MIN * MINUTE_MS,
        installedMs + SETTLING_DAYS * DAY_MIN * MINUTE_MS,
      );
      const alert = open(place, NotificationType.LowBattery, lowMs);
      if (alert) alerts.push(alert);
    }
  }
  for (const [gatewayIndex, gateway] of portfolio.gateways.entries()) {
    if (
      gateway.gatewayStatusId !== GatewayStatus.Offline ||
      gateway.alertsDisabled ||
      gateway.lastSeenMinutesAgo === null
    ) {
      continue;
    }
    const alert = open(
      {
        companyIndex: gateway.companyIndex,
        propertyIndex: gateway.propertyIndex,
        buildingIndex: gateway.buildingIndex,
        unitIndex: null,
        sensorIndex: null,
        gatewayIndex,
        applianceTypeId: null,
        roomTypeId: null,
        rate: null,
      },
      NotificationType.GatewayOffline,
      nowMs - gateway.lastSeenMinutesAgo * MINUTE_MS + GATEWAY_SILENCE_MS,
    );
    if (alert) alerts.push(alert);
  }
  return alerts;
}

/**
 * The history that agrees with the present: without the alerts on a micrometer never heard, and
 * without those that would overlap an open one of the present on the same device and type (one
 * open alert per device and type). They are left out, not drawn again, so the rest of the history
 * stays as its seed draws it.
 */
export function consistentWithPresent(
  portfolio: DemoPortfolio,
  history: readonly DemoHistoricAlert[],
  present: readonly DemoHistoricAlert[],
): DemoHistoricAlert[] {
  const keyOf = (a: DemoHistoricAlert) =>
    `${a.notificationTypeId}|${a.sensorIndex}|${a.gatewayIndex}|${a.buildingIndex}`;
  const openSince = new Map(present.map((a) => [keyOf(a), a.firstDetectedMinutesAgo]));
  return history.filter((alert) => {
    const sensor = alert.sensorIndex === null ? undefined : portfolio.sensors[alert.sensorIndex];
    if (sensor?.sensorStatusId === SensorStatus.NeverHeard) return false;
    const since = openSince.get(keyOf(alert));
    const closedMinutesAgo = alert.changes.at(-1)?.minutesAgo ?? 0;
    return since === undefined || closedMinutesAgo > since;
  });
}

/** The demo's alerts as the seed writes them: the year's closed history, then the present's open ones. */
export function generateDemoAlerts(
  portfolio: DemoPortfolio,
  options: DemoAlertHistoryOptions,
): DemoHistoricAlert[] {
  const present = generateDemoPresentAlerts(portfolio, options);
  const history = generateDemoAlertHistory(portfolio, options);
  return [...consistentWithPresent(portfolio, history, present), ...present];
}

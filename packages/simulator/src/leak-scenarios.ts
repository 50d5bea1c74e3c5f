// Labelled leaks laid on top of normal use, so leak detection can be evaluated against known
// truth: a running toilet (~0.5 gal/min, day and night), a dripping faucet (~0.02 gal/min), a
// burst supply line (~5 gal/min for a few hours), night flow on a building's main line (a
// hidden leak that shows in the small hours) and a hidden pipe (0.1–0.4 gal/min day and night in
// a wall or a slab: water the main line measures and no fixture does). Which sensors leak, and
// when, follows from the seed and the time range alone; the labels are plain JSON.
import {
  ApplianceType,
  InstallationType,
  SensorStatus,
  UnitCategory,
  UnitState,
} from '@flowsight/domain/lookups';
import type { DemoPortfolio } from './demo-portfolio.ts';
import { localDayOf, localDayStartMs } from './local-time.ts';
import { createRandom } from './random.ts';
import { seedOf } from './usage-model.ts';

export const leakKinds = [
  'running-toilet',
  'dripping-faucet',
  'burst',
  'main-line-night-flow',
  'hidden-pipe',
] as const;
export type LeakKind = (typeof leakKinds)[number];

/**
 * One labelled leak. Times are ISO 8601 UTC; the leak flows in [start, end). `mac` is the sensor
 * whose water it adds to; a hidden pipe is labelled with its building's main line, the only meter
 * it reaches.
 */
export type LeakScenario = {
  readonly mac: string;
  readonly kind: LeakKind;
  readonly start: string;
  readonly end: string;
  /** Gallons per minute while it flows. */
  readonly flowGpm: number;
  /** Night flow only: local hours [from, to) it flows in, in the property's time zone. */
  readonly nightHours?: readonly [number, number];
  readonly timeZone: string;
};

export type LeakLabels = {
  readonly seed: number;
  readonly generatedFor: { readonly from: string; readonly to: string };
  readonly scenarios: readonly LeakScenario[];
};

/** Typical flow of each kind, gallons per minute. */
export const leakRates: Record<LeakKind, number> = {
  'running-toilet': 0.5,
  'dripping-faucet': 0.02,
  burst: 5,
  'main-line-night-flow': 1.5,
  'hidden-pipe': 0.25,
};
/**
 * A leak flows at its kind's typical rate ±15 %, a hidden pipe anywhere in this range (gal/min):
 * from a weeping joint to a cracked pipe, so the evaluation sees small and large shares.
 */
export const HIDDEN_PIPE_GPM = [0.1, 0.4] as const;

export type LeakCounts = Partial<Record<LeakKind, number>>;
export const defaultLeakCounts: Required<LeakCounts> = {
  'running-toilet': 3,
  'dripping-faucet': 3,
  burst: 1,
  'main-line-night-flow': 2,
  'hidden-pipe': 1,
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const toilets = new Set<number>([
  ApplianceType.MainToilet,
  ApplianceType.SecondToilet,
  ApplianceType.ThirdToilet,
]);
const faucets = new Set<number>([
  ApplianceType.KitchenCold,
  ApplianceType.KitchenHot,
  ApplianceType.MainBathroomCold,
  ApplianceType.MainBathroomHot,
  ApplianceType.SecondBathroomCold,
  ApplianceType.SecondBathroomHot,
  ApplianceType.ThirdBathroomCold,
  ApplianceType.ThirdBathroomHot,
]);
const burstable = new Set<number>([ApplianceType.WashingMachine, ApplianceType.KitchenCold]);
const mainLines = new Set<number>([ApplianceType.MainLine]);

/**
 * Picks leaks for the portfolio's transmitting sensors, starting inside [from, to). Fixture leaks
 * go to occupied apartments; night flow to main lines; hidden pipes to the main lines of buildings
 * with every fixture metered (the only ones whose main line is reconciled against the fixtures).
 * No sensor gets two.
 */
export function chooseLeakScenarios(
  portfolio: DemoPortfolio,
  options: { seed: number; from: Date; to: Date; counts?: LeakCounts },
): LeakScenario[] {
  const random = createRandom(seedOf(options.seed, 'leaks', options.from.getTime()));
  const fromMs = options.from.getTime();
  const spanMs = Math.max(HOUR_MS, options.to.getTime() - fromMs);
  const counts = { ...defaultLeakCounts, ...options.counts };
  const taken = new Set<string>();
  const scenarios: LeakScenario[] = [];
  const candidates = (types: Set<number>, apartmentsOnly: boolean, everyFixture = false) =>
    portfolio.sensors.filter((sensor) => {
      const placement = sensor.placement;
      if (!placement || sensor.sensorStatusId !== SensorStatus.Transmitting) return false;
      if (!types.has(placement.applianceTypeId) || taken.has(sensor.macAddress)) return false;
      if (Date.parse(sensor.installDate) > fromMs) return false;
      if (
        everyFixture &&
        portfolio.buildings[placement.buildingIndex]?.installationTypeId !==
          InstallationType.EveryFixture
      ) {
        return false;
      }
      if (!apartmentsOnly) return true;
      const unit = portfolio.units[placement.unitIndex];
      return (
        unit?.unitCategoryId === UnitCategory.Internal && unit.unitStateId === UnitState.Occupied
      );
    });
  const durations: Record<LeakKind, readonly [number, number]> = {
    'running-toilet': [2 * DAY_MS, 9 * DAY_MS],
    'dripping-faucet': [6 * DAY_MS, 20 * DAY_MS],
    burst: [2 * HOUR_MS, 6 * HOUR_MS],
    'main-line-night-flow': [4 * DAY_MS, 10 * DAY_MS],
    'hidden-pipe': [5 * DAY_MS, 12 * DAY_MS],
  };
  const pools: Record<LeakKind, () => typeof portfolio.sensors> = {
    'running-toilet': () => candidates(toilets, true),
    'dripping-faucet': () => candidates(faucets, true),
    burst: () => candidates(burstable, true),
    'main-line-night-flow': () => candidates(mainLines, false),
    'hidden-pipe': () => candidates(mainLines, false, true),
  };
  for (const kind of leakKinds) {
    for (let i = 0; i < counts[kind]; i += 1) {
      const pool = pools[kind]();
      if (pool.length === 0) break;
      const sensor = random.pick(pool);
      const placement = sensor.placement;
      const property = placement ? portfolio.properties[placement.propertyIndex] : undefined;
      if (!property) continue;
      taken.add(sensor.macAddress);
      // Whole minutes keep the labels readable.
      const startMs = Math.floor((fromMs + random.next() * spanMs) / 60_000) * 60_000;
      const [shortest, longest] = durations[kind];
      const endMs =
        startMs + Math.round((shortest + random.next() * (longest - shortest)) / 60_000) * 60_000;
      const [slowest, fastest] = HIDDEN_PIPE_GPM;
      const flowGpm =
        kind === 'hidden-pipe'
          ? Math.round((slowest + random.next() * (fastest - slowest)) * 1000) / 1000
          : Math.round(leakRates[kind] * (0.85 + random.next() * 0.3) * 1000) / 1000;
      scenarios.push({
        mac: sensor.macAddress,
        kind,
        start: new Date(startMs).toISOString(),
        end: new Date(endMs).toISOString(),
        flowGpm,
        ...(kind === 'main-line-night-flow' ? { nightHours: [1, 5] as const } : {}),
        timeZone: property.timezone,
      });
    }
  }
  return scenarios;
}

/** The leak's water in [fromMs, toMs): gallons and seconds of flow. */
export function leakWithin(
  scenario: LeakScenario,
  fromMs: number,
  toMs: number,
): { gallons: number; seconds: number } {
  const startMs = Math.max(fromMs, Date.parse(scenario.start));
  const endMs = Math.min(toMs, Date.parse(scenario.end));
  if (endMs <= startMs) return { gallons: 0, seconds: 0 };
  let flowingMs = 0;
  if (!scenario.nightHours) {
    flowingMs = endMs - startMs;
  } else {
    const [fromHour, toHour] = scenario.nightHours;
    const lastDay = localDayOf(endMs, scenario.timeZone);
    for (let day = localDayOf(startMs, scenario.timeZone) - 1; day <= lastDay; day += 1) {
      const midnight = localDayStartMs(day, scenario.timeZone);
      const overlap =
        Math.min(endMs, midnight + toHour * HOUR_MS) -
        Math.max(startMs, midnight + fromHour * HOUR_MS);
      if (overlap > 0) flowingMs += overlap;
    }
  }
  return { gallons: (scenario.flowGpm * flowingMs) / 60_000, seconds: flowingMs / 1000 };
}

export function leakLabels(
  seed: number,
  from: Date,
  to: Date,
  scenarios: readonly LeakScenario[],
): LeakLabels {
  return { seed, generatedFor: { from: from.toISOString(), to: to.toISOString() }, scenarios };
}

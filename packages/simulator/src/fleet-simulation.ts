// The simulated fleet: every installed demo micrometer that transmits, the household whose water
// it measures, and the frames it sends. A fixture sensor reports its fixture's use (usage-model)
// plus any labelled leak on it; a main line reports the sum of every fixture in its building and
// of their leaks, plus its own leaks (night flow, a hidden pipe that no fixture measures). Frames are encoded with the domain's one encoder
// and handed over shaped like the server's `Uplink` (transport 'simulator').
import { encodeUplink, type Frame } from '@flowsight/domain/device-protocol';
import {
  ApplianceType,
  type ApplianceTypeId,
  SensorStatus,
  UnitCategory,
  UnitState,
  UnitType,
} from '@flowsight/domain/lookups';
import { commonAreas } from './demo-blueprint.ts';
import {
  DEMO_SEED,
  type DemoPortfolio,
  type DemoSensor,
  type DemoUnit,
  generateDemoPortfolio,
} from './demo-portfolio.ts';
import { type LeakScenario, leakWithin } from './leak-scenarios.ts';
import { localDayOf } from './local-time.ts';
import {
  addEvents,
  fixtureDayEvents,
  type Household,
  type HouseholdKind,
  type IntervalUse,
  LONGEST_EVENT_MS,
  seedOf,
} from './usage-model.ts';

/** One uplink as a network server would hand it over; assignable to the server's `Uplink`. */
export type SimulatedUplink = {
  readonly mac: string;
  readonly port: number;
  readonly payload: Uint8Array;
  readonly receivedAt: Date;
  readonly fCnt: number;
  readonly gateway: string | null;
  readonly rssi: number;
  readonly snr: number;
  readonly transport: 'simulator';
};

export type SimulatedSensor = {
  readonly mac: string;
  readonly applianceTypeId: ApplianceTypeId;
  readonly unitKey: number;
  readonly buildingKey: number;
  readonly household: Household;
  /** Seconds after each 15-minute mark that this sensor's reports end (sensors do not all talk at once). */
  readonly phaseS: number;
  readonly installedMs: number;
  /** Sensors that went quiet stop here (demo "not transmitting"); null for healthy ones. */
  readonly silentFromMs: number | null;
  readonly firmwareVersion: string;
  /** Firmware 1.x sends the legacy v1 usage frame. */
  readonly legacyFrames: boolean;
  readonly gateway: string | null;
  readonly rssi: number;
  readonly snr: number;
  /** Battery percent at the simulation's anchor instant. */
  readonly batteryAtAnchor: number;
};

/** Keep-alives go out this long after a report boundary, so they never share its instant. */
export const KEEPALIVE_OFFSET_S = 37;
/** Battery drain, percent per day (~7 % a year). */
export const BATTERY_DRAIN_PER_DAY = 0.02;
const DAY_MS = 86_400_000;

export type FleetSimulationOptions = {
  /** Seed of the water use and leaks (the portfolio keeps its own, DEMO_SEED). */
  seed?: number;
  portfolio?: DemoPortfolio;
  /** The instant batteries are as the portfolio says and "minutes ago" offsets count back from. */
  anchor: Date;
  scenarios?: readonly LeakScenario[];
  /** Only these MACs (tests, small runs). */
  macs?: readonly string[];
};

const APARTMENT_FIXTURES: Record<number, readonly ApplianceTypeId[]> = {
  [UnitType.Studio]: [1, 2, 3, 5, 6],
  [UnitType.OneBedroom]: [1, 2, 3, 5, 7, 12],
  [UnitType.TwoBedrooms]: [1, 2, 3, 5, 7, 12, 8, 10, 14, 11],
  [UnitType.ThreeBedrooms]: [1, 2, 3, 5, 7, 12, 8, 10, 14, 11],
  [UnitType.FourOrMoreBedrooms]: [1, 2, 3, 5, 7, 12, 8, 10, 14, 11, 16, 18, 20],
};
const RETAIL_FIXTURES: readonly ApplianceTypeId[] = [1, 2, 3, 5];

const SECOND_BATHROOM = new Set<number>([8, 9, 10, 14, 15]);
const THIRD_BATHROOM = new Set<number>([16, 17, 18, 20, 21]);

const amenityShare: Record<
  string,
  { perApartment: number; kind: HouseholdKind; seasonal: boolean }
> = {
  [commonAreas.laundry.name]: { perApartment: 0.5, kind: 'laundry-room', seasonal: false },
  [commonAreas.fitness.name]: { perApartment: 0.12, kind: 'amenity', seasonal: false },
  [commonAreas.clubhouse.name]: { perApartment: 0.06, kind: 'amenity', seasonal: false },
  [commonAreas.lobby.name]: { perApartment: 0.15, kind: 'amenity', seasonal: false },
  [commonAreas.pool.name]: { perApartment: 0.1, kind: 'amenity', seasonal: true },
  [commonAreas.roofDeck.name]: { perApartment: 0.05, kind: 'amenity', seasonal: true },
};

function defaultFixtures(unit: DemoUnit): readonly ApplianceTypeId[] {
  switch (unit.unitCategoryId) {
    case UnitCategory.Internal:
      return APARTMENT_FIXTURES[unit.unitTypeId ?? UnitType.OneBedroom] ?? [];
    case UnitCategory.Commercial:
      return RETAIL_FIXTURES;
    case UnitCategory.CommonArea:
      return Object.values(commonAreas).find((area) => area.name === unit.name)?.fixtures ?? [];
    default:
      return [];
  }
}

function householdOf(
  unit: DemoUnit,
  unitKey: number,
  fixtures: readonly ApplianceTypeId[],
  apartmentsInBuilding: number,
  timeZone: string,
): Household {
  const bathrooms =
    1 +
    (fixtures.some((f) => SECOND_BATHROOM.has(f)) ? 1 : 0) +
    (fixtures.some((f) => THIRD_BATHROOM.has(f)) ? 1 : 0);
  const base = { unitKey, timeZone, bathrooms, seasonal: false };
  switch (unit.unitCategoryId) {
    case UnitCategory.Internal:
      if (unit.unitStateId === UnitState.Vacant) return { ...base, kind: 'vacant', occupants: 0 };
      if (unit.unitStateId === UnitState.UnderRenovation) {
        return { ...base, kind: 'renovation', occupants: 0 };
      }
      return { ...base, kind: 'apartment', occupants: Math.max(1, unit.tenants) };
    case UnitCategory.Commercial:
      return { ...base, kind: 'retail', occupants: 6 };
    case UnitCategory.CommonArea: {
      const share = amenityShare[unit.name] ?? {
        perApartment: 0.05,
        kind: 'amenity',
        seasonal: false,
      };
      return {
        ...base,
        kind: share.kind,
        seasonal: share.seasonal,
        occupants: Math.max(1, apartmentsInBuilding * share.perApartment),
      };
    }
    default:
      return { ...base, kind: 'services', occupants: 1 };
  }
}

export function createFleetSimulation(options: FleetSimulationOptions) {
  const seed = options.seed ?? DEMO_SEED;
  const portfolio = options.portfolio ?? generateDemoPortfolio(DEMO_SEED);
  const anchorMs = options.anchor.getTime();
  const scenarios = options.scenarios ?? [];
  const only = options.macs ? new Set(options.macs) : undefined;

  const placedByUnit = new Map<number, DemoSensor[]>();
  for (const sensor of portfolio.sensors) {
    if (!sensor.placement) continue;
    const list = placedByUnit.get(sensor.placement.unitIndex) ?? [];
    list.push(sensor);
    placedByUnit.set(sensor.placement.unitIndex, list);
  }
  const apartments = new Map<number, number>();
  for (const unit of portfolio.units) {
    if (unit.unitCategoryId === UnitCategory.Internal) {
      apartments.set(unit.buildingIndex, (apartments.get(unit.buildingIndex) ?? 0) + 1);
    }
  }

  /** Every unit's household and the fixtures drawing water in it (measured or not). */
  const units = portfolio.units.map((unit, unitKey) => {
    const measured = (placedByUnit.get(unitKey) ?? [])
      .map((s) => s.placement?.applianceTypeId)
      .filter((id): id is ApplianceTypeId => id !== undefined && id !== ApplianceType.MainLine);
    const fixtures = measured.length > 0 ? [...new Set(measured)] : defaultFixtures(unit);
    const timeZone = portfolio.properties[unit.propertyIndex]?.timezone ?? 'UTC';
    const household = householdOf(
      unit,
      unitKey,
      fixtures,
      apartments.get(unit.buildingIndex) ?? 0,
      timeZone,
    );
    return { unit, household, fixtures };
  });
  const unitsByBuilding = new Map<number, typeof units>();
  for (const entry of units) {
    const list = unitsByBuilding.get(entry.unit.buildingIndex) ?? [];
    list.push(entry);
    unitsByBuilding.set(entry.unit.buildingIndex, list);
  }
  const gatewaysByBuilding = new Map<number, string[]>();
  for (const gateway of portfolio.gateways) {
    const list = gatewaysByBuilding.get(gateway.buildingIndex) ?? [];
    list.push(gateway.serialNumber);
    gatewaysByBuilding.set(gateway.buildingIndex, list);
  }

  const sensors: SimulatedSensor[] = [];
  for (const sensor of portfolio.sensors) {
    const placement = sensor.placement;
    if (!placement || sensor.sensorStatusId === SensorStatus.NeverHeard) continue;
    if (only && !only.has(sensor.macAddress)) continue;
    const entry = units[placement.unitIndex];
    if (!entry) continue;
    const hash = seedOf(seed, 'radio', sensor.macAddress);
    const gateways = gatewaysByBuilding.get(placement.buildingIndex) ?? [];
    const unit = entry.unit;
    sensors.push({
      mac: sensor.macAddress,
      applianceTypeId: placement.applianceTypeId,
      unitKey: placement.unitIndex,
      buildingKey: placement.buildingIndex,
      household: entry.household,
      phaseS: seedOf(seed, 'phase', sensor.macAddress) % 900,
      installedMs: Date.parse(sensor.installDate),
      silentFromMs:
        sensor.sensorStatusId === SensorStatus.NotTransmitting
          ? anchorMs - (sensor.lastSubmissionMinutesAgo ?? 0) * 60_000
          : null,
      firmwareVersion: sensor.firmwareVersion,
      legacyFrames: sensor.firmwareVersion.startsWith('1.'),
      gateway: gateways.length > 0 ? (gateways[hash % gateways.length] ?? null) : null,
      rssi: -58 - unit.floor * 2 - (hash % 37),
      snr: Math.round((9.5 - (hash % 120) / 10) * 10) / 10,
      batteryAtAnchor: sensor.battery ?? 95,
    });
  }

  const leaksByMac = new Map<string, LeakScenario[]>();
  for (const scenario of scenarios) {
    const list = leaksByMac.get(scenario.mac) ?? [];
    list.push(scenario);
    leaksByMac.set(scenario.mac, list);
  }
  const buildingOfMac = new Map<string, number>();
  for (const sensor of portfolio.sensors) {
    if (sensor.placement) buildingOfMac.set(sensor.macAddress, sensor.placement.buildingIndex);
  }
  /** Leaks a building's main line carries: its own and those of every fixture in the building. */
  const leaksOfBuilding = (buildingKey: number) =>
    scenarios.filter((s) => buildingOfMac.get(s.mac) === buildingKey);

  function fixtureUse(
    use: IntervalUse,
    household: Household,
    applianceTypeId: ApplianceTypeId,
    fromMs: number,
    toMs: number,
  ) {
    const firstDay = localDayOf(fromMs - LONGEST_EVENT_MS, household.timeZone);
    const lastDay = localDayOf(toMs - 1, household.timeZone);
    for (let day = firstDay; day <= lastDay; day += 1) {
      addEvents(use, fixtureDayEvents(seed, household, applianceTypeId, day), fromMs, toMs);
    }
  }

  /** The water a sensor measures in [fromMs, toMs), leaks included. */
  function use(sensor: SimulatedSensor, fromMs: number, toMs: number): IntervalUse {
    const total: IntervalUse = { gallons: 0, flowSeconds: 0, peakGpm: 0 };
    let leaks: readonly LeakScenario[];
    if (sensor.applianceTypeId === ApplianceType.MainLine) {
      for (const { household, fixtures } of unitsByBuilding.get(sensor.buildingKey) ?? []) {
        for (const fixture of fixtures) fixtureUse(total, household, fixture, fromMs, toMs);
      }
      leaks = leaksOfBuilding(sensor.buildingKey);
    } else {
      fixtureUse(total, sensor.household, sensor.applianceTypeId, fromMs, toMs);
      leaks = leaksByMac.get(sensor.mac) ?? [];
    }
    let leakFlow = 0;
    for (const leak of leaks) {
      const { gallons, seconds } = leakWithin(leak, fromMs, toMs);
      if (seconds <= 0) continue;
      total.gallons += gallons;
      total.flowSeconds += seconds;
      leakFlow += leak.flowGpm;
    }
    total.peakGpm += leakFlow;
    total.flowSeconds = Math.min(total.flowSeconds, (toMs - fromMs) / 1000);
    return total;
  }

  const battery = (sensor: SimulatedSensor, atMs: number) =>
    Math.max(
      0,
      Math.min(
        100,
        Math.floor(sensor.batteryAtAnchor + ((anchorMs - atMs) / DAY_MS) * BATTERY_DRAIN_PER_DAY),
      ),
    );

  const uplink = (sensor: SimulatedSensor, frame: Frame, atMs: number): SimulatedUplink => {
    const { port, bytes } = encodeUplink(frame);
    const jitter = seedOf(sensor.mac, atMs) % 7;
    return {
      mac: sensor.mac,
      port,
      payload: bytes,
      receivedAt: new Date(atMs),
      fCnt: Math.max(0, Math.floor((atMs - sensor.installedMs) / 15_000)),
      gateway: sensor.gateway,
      rssi: sensor.rssi - jitter,
      snr: Math.round((sensor.snr - jitter / 4) * 10) / 10,
      transport: 'simulator',
    };
  };

  /** Whether the sensor was on the air for the whole of [fromMs, toMs]. */
  const transmits = (sensor: SimulatedSensor, fromMs: number, toMs: number) =>
    fromMs >= sensor.installedMs && (sensor.silentFromMs === null || toMs <= sensor.silentFromMs);

  return {
    seed,
    anchor: new Date(anchorMs),
    portfolio,
    sensors,
    scenarios,
    use,
    transmits,
    /** The report ending at `endMs` that covers `intervalS` seconds, or null while off the air. */
    usageUplink(sensor: SimulatedSensor, endMs: number, intervalS: number): SimulatedUplink | null {
      const fromMs = endMs - intervalS * 1000;
      if (!transmits(sensor, fromMs, endMs)) return null;
      const measured = use(sensor, fromMs, endMs);
      const volumeMgal = Math.round(measured.gallons * 1000);
      const level = battery(sensor, endMs);
      // The legacy frame counts hundredths in 16 bits; a volume beyond it goes out as v2.
      if (sensor.legacyFrames && volumeMgal <= 655_350) {
        return uplink(sensor, { kind: 'usage_v1', version: 1, volumeMgal, battery: level }, endMs);
      }
      const frame: Frame = {
        kind: 'usage',
        version: 2,
        seq: Math.floor(endMs / 900_000) % 65_536,
        volumeMgal,
        intervalS,
        flowTimeS: Math.min(intervalS, Math.round(measured.flowSeconds)),
        peakFlowMgpm: Math.min(65_535, Math.round(measured.peakGpm * 1000)),
        battery: level,
      };
      return uplink(sensor, frame, endMs);
    },
    keepaliveUplink(sensor: SimulatedSensor, atMs: number, reportIntervalS: number) {
      if (!transmits(sensor, atMs, atMs)) return null;
      const frame: Frame = {
        kind: 'keepalive',
        version: 2,
        battery: battery(sensor, atMs),
        firmwareVersion: sensor.firmwareVersion,
        reportIntervalS,
        flags: 0,
      };
      return uplink(sensor, frame, atMs);
    },
  };
}
export type FleetSimulation = ReturnType<typeof createFleetSimulation>;

// The demo portfolio: three companies with their properties, buildings, units, micrometers,
// gateways and sign-in users, generated from a fixed seed. Plain data with local keys (array
// indexes) and no database ids, so the server's seed, the simulator and tests can all use it.
// Names, addresses and sizes come from the hand-written blueprint (demo-blueprint.ts); the seeded
// generator here fills in what would be tedious to write by hand: unit mix, fixtures, devices,
// batteries, dates.
import { fixtureDefaults } from '@flowsight/domain/fixtures';
import {
  ApplianceType,
  type ApplianceTypeId,
  applianceTypes,
  BuildingType,
  type FixtureKind,
  GatewayStatus,
  InstallationType,
  RoleType,
  type RoleTypeId,
  SensorState,
  SensorStatus,
  UnitCategory,
  UnitState,
  UnitType,
} from '@flowsight/domain/lookups';
import {
  type CompanyBlueprint,
  commonAreas,
  type DemoCity,
  demoBlueprint,
  type PropertyBlueprint,
} from './demo-blueprint.ts';
import { createRandom, type Random } from './random.ts';

export const DEMO_SEED = 20261121;

/** Every demo user signs in with this password. */
export const demoPassword = 'Demo!2026flow';

export type DemoCompany = Omit<CompanyBlueprint, 'properties'>;

export type DemoProperty = Omit<PropertyBlueprint, 'buildings'> & { readonly companyIndex: number };

export type DemoBuilding = {
  companyIndex: number;
  propertyIndex: number;
  name: string;
  street: string;
  city: DemoCity;
  postal: string;
  floors: number;
  buildingTypeId: number;
  installationTypeId: number;
  surveyStatus: number;
  /** ISO date-time the installation crew started; sensors and gateways follow within days. */
  installedAt: string;
};

export type DemoUnit = {
  companyIndex: number;
  propertyIndex: number;
  buildingIndex: number;
  name: string;
  floor: number;
  unitCategoryId: number;
  unitTypeId: number | null;
  unitStateId: number | null;
  tenants: number;
};

export type DemoSensorPlacement = {
  companyIndex: number;
  propertyIndex: number;
  buildingIndex: number;
  unitIndex: number;
  applianceTypeId: ApplianceTypeId;
  roomTypeId: number;
  waterTypeId: number;
};

export type DemoSensor = {
  /** DevEUI, 16 upper-case hex digits. */
  macAddress: string;
  sensorStateId: number;
  sensorStatusId: number;
  battery: number | null;
  firmwareVersion: string;
  sizeInch: number;
  /** ISO date-time; the product shows it as the production date for sensors in stock. */
  installDate: string;
  // Offsets rather than timestamps keep the data independent of the day it is seeded.
  lastKeepaliveMinutesAgo: number | null;
  lastSubmissionMinutesAgo: number | null;
  /** Null for unassigned stock. */
  placement: DemoSensorPlacement | null;
};

export type DemoGateway = {
  serialNumber: string;
  name: string;
  model: string;
  companyIndex: number;
  propertyIndex: number;
  buildingIndex: number;
  gatewayStatusId: number;
  alertsDisabled: boolean;
  lastSeenMinutesAgo: number | null;
  /** ISO date-time it was mounted in its building. */
  assignedAt: string;
};

export type DemoApplianceThreshold = {
  companyIndex: number;
  applianceTypeId: ApplianceTypeId;
  /** Daily high-usage threshold in gallons. */
  gallonsPerDay: number;
};

export type DemoRole = {
  roleTypeId: RoleTypeId;
  companyIndex: number | null;
  propertyIndex: number | null;
  buildingIndex: number | null;
  unitIndex: number | null;
};

export type DemoUser = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  roles: DemoRole[];
};

export type DemoPortfolio = {
  seed: number;
  companies: DemoCompany[];
  properties: DemoProperty[];
  buildings: DemoBuilding[];
  units: DemoUnit[];
  sensors: DemoSensor[];
  gateways: DemoGateway[];
  applianceThresholds: DemoApplianceThreshold[];
  users: DemoUser[];
};

/**
 * A demo sign-in role: system roles have no company; `unitScoped` roles get one of its units; a
 * role with `propertyName` is narrowed to that property of its company (site staff).
 */
export type DemoRoleSpec = {
  readonly roleTypeId: RoleTypeId;
  readonly companyIndex: number | null;
  readonly unitScoped?: boolean;
  readonly propertyName?: string;
};

export type DemoUserSpec = {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly phone: string;
  /** The first role is the one sign-in starts with. */
  readonly roles: readonly DemoRoleSpec[];
};

const FIRST_COMPANY = 0;
const SECOND_COMPANY = 1;
const RESTRICTED_COMPANY = 2;
/** The property of the first company whose site manager is a demo sign-in. */
export const SITE_MANAGER_PROPERTY = 'Kendall Square Lofts';

/** One sign-in per role the product knows, all with `demoPassword`. */
export const demoUsers = [
  {
    email: 'admin@flowsight.test',
    firstName: 'Avery',
    lastName: 'Collins',
    phone: '(617) 555-0101',
    roles: [{ roleTypeId: RoleType.SystemAdmin, companyIndex: null }],
  },
  {
    email: 'support@flowsight.test',
    firstName: 'Jordan',
    lastName: 'Reyes',
    phone: '(617) 555-0102',
    roles: [{ roleTypeId: RoleType.SystemSupport, companyIndex: null }],
  },
  {
    email: 'technician@flowsight.test',
    firstName: 'Marcus',
    lastName: 'Bennett',
    phone: '(617) 555-0103',
    roles: [{ roleTypeId: RoleType.SystemTechnician, companyIndex: null }],
  },
  {
    email: 'company.admin@flowsight.test',
    firstName: 'Olivia',
    lastName: 'Hartman',
    phone: '(617) 555-0104',
    roles: [{ roleTypeId: RoleType.CompanyAdmin, companyIndex: FIRST_COMPANY }],
  },
  {
    email: 'manager@flowsight.test',
    firstName: 'Daniel',
    lastName: 'Okafor',
    phone: '(617) 555-0105',
    roles: [{ roleTypeId: RoleType.CompanyManager, companyIndex: FIRST_COMPANY }],
  },
  {
    email: 'tester@flowsight.test',
    firstName: 'Priya',
    lastName: 'Natarajan',
    phone: '(617) 555-0106',
    roles: [{ roleTypeId: RoleType.SensorTester, companyIndex: null }],
  },
  {
    email: 'installer@flowsight.test',
    firstName: 'Luis',
    lastName: 'Alvarez',
    phone: '(617) 555-0107',
    roles: [{ roleTypeId: RoleType.CompanyInstaller, companyIndex: FIRST_COMPANY }],
  },
  {
    email: 'other.admin@flowsight.test',
    firstName: 'Grace',
    lastName: 'Kowalski',
    phone: '(312) 555-0108',
    roles: [{ roleTypeId: RoleType.CompanyAdmin, companyIndex: SECOND_COMPANY }],
  },
  {
    email: 'restricted.admin@flowsight.test',
    firstName: 'Samuel',
    lastName: 'Whitfield',
    phone: '(720) 555-0109',
    roles: [{ roleTypeId: RoleType.CompanyAdmin, companyIndex: RESTRICTED_COMPANY }],
  },
  {
    email: 'multi@flowsight.test',
    firstName: 'Hannah',
    lastName: 'Lindqvist',
    phone: '(312) 555-0110',
    roles: [
      { roleTypeId: RoleType.CompanyAdmin, companyIndex: FIRST_COMPANY },
      { roleTypeId: RoleType.CompanyManager, companyIndex: SECOND_COMPANY },
    ],
  },
  {
    email: 'site.manager@flowsight.test',
    firstName: 'Nadia',
    lastName: 'Ferreira',
    phone: '(617) 555-0112',
    roles: [
      {
        roleTypeId: RoleType.CompanyManager,
        companyIndex: FIRST_COMPANY,
        propertyName: SITE_MANAGER_PROPERTY,
      },
    ],
  },
  {
    email: 'resident@flowsight.test',
    firstName: 'Ethan',
    lastName: 'Brooks',
    phone: '(617) 555-0111',
    roles: [{ roleTypeId: RoleType.Resident, companyIndex: FIRST_COMPANY, unitScoped: true }],
  },
] as const satisfies readonly DemoUserSpec[];

const gatewayModels = [
  'RAK7289 WisGate Edge Pro',
  'Kerlink Wirnet iStation',
  'MultiTech Conduit AP',
] as const;

/** Default daily high-usage thresholds (gallons) by fixture kind; `notes` carries no water. */
const thresholdByKind: Record<FixtureKind, number | null> = {
  faucet: 40,
  toilet: 60,
  shower: 80,
  tub: 80,
  machine: 50,
  'main-line': 3000,
  notes: null,
};
const thresholdOverrides: Partial<Record<ApplianceTypeId, number>> = {
  [ApplianceType.Dishwasher]: 15,
  [ApplianceType.WaterLine]: 1500,
};

const kindOf = new Map<number, FixtureKind>(applianceTypes.map((a) => [a.id, a.kind]));

// Firmware 1.x sends the legacy v1 usage frame; a few such sensors keep that path exercised.
const firmwareVersions = [
  ['2.3.1', 70],
  ['2.2.4', 15],
  ['2.4.0', 10],
  ['1.9.3', 5],
] as const;

/** Gateways, by name, that are not simply online. */
const gatewayTroubles: Record<string, Partial<DemoGateway>> = {
  'Fullerton Court roof': {
    gatewayStatusId: GatewayStatus.Offline,
    lastSeenMinutesAgo: 3 * 60 + 17,
  },
  // Mid-survey building: the crew powers it down at times, so its alerts are muted.
  'SoCo Flats Building 3 roof': {
    gatewayStatusId: GatewayStatus.Maintenance,
    alertsDisabled: true,
    lastSeenMinutesAgo: 26 * 60,
  },
};

const STOCK_SENSORS = 40;
const MAC_PREFIX = 'F10A5E';
const MINUTES_PER_DAY = 24 * 60;

/**
 * The fixtures of an apartment of this type that carry a micrometer; optional ones are drawn.
 * Bathroom hot lines are fitted only where an access panel reaches them, about one in three.
 */
function apartmentFixtures(unitTypeId: number, random: Random): ApplianceTypeId[] {
  const bedrooms = unitTypeId - UnitType.Studio;
  const hotReachable = random.chance(0.35);
  const fixtures: ApplianceTypeId[] = [
    ApplianceType.KitchenCold,
    ApplianceType.KitchenHot,
    ApplianceType.MainBathroomCold,
    ApplianceType.MainToilet,
  ];
  if (hotReachable) fixtures.push(ApplianceType.MainBathroomHot);
  if (bedrooms === 0) {
    fixtures.push(ApplianceType.MainShower);
  } else {
    fixtures.push(random.chance(0.55) ? ApplianceType.MainTub : ApplianceType.MainShower);
    if (random.chance(0.6)) fixtures.push(ApplianceType.Dishwasher);
  }
  if (bedrooms >= 2) {
    fixtures.push(
      ApplianceType.SecondBathroomCold,
      ApplianceType.SecondToilet,
      ApplianceType.SecondShower,
    );
    if (hotReachable) fixtures.push(ApplianceType.SecondBathroomHot);
  } else if (bedrooms === 1 && random.chance(0.2)) {
    // A powder room.
    fixtures.push(ApplianceType.SecondBathroomCold, ApplianceType.SecondToilet);
  }
  if (bedrooms >= 4 || (bedrooms === 3 && random.chance(0.4))) {
    fixtures.push(
      ApplianceType.ThirdBathroomCold,
      ApplianceType.ThirdToilet,
      ApplianceType.ThirdShower,
    );
  }
  if (random.chance(bedrooms >= 2 ? 0.5 : 0.2)) fixtures.push(ApplianceType.WashingMachine);
  return fixtures;
}

function fixtureSize(applianceTypeId: ApplianceTypeId, buildingTypeId: number, random: Random) {
  switch (kindOf.get(applianceTypeId)) {
    case 'main-line':
      if (applianceTypeId === ApplianceType.WaterLine) return 0.75;
      return buildingTypeId === BuildingType.HighRise
        ? 2
        : buildingTypeId === BuildingType.MidRise
          ? 1
          : 0.75;
    case 'shower':
    case 'tub':
    case 'machine':
      return random.weighted([
        [0.5, 6],
        [0.625, 4],
      ] as const);
    default:
      return random.weighted([
        [0.375, 7],
        [0.5, 3],
      ] as const);
  }
}

type Heard = Pick<DemoSensor, 'battery' | 'lastKeepaliveMinutesAgo' | 'lastSubmissionMinutesAgo'>;

function lastHeard(status: number, random: Random): Heard {
  switch (status) {
    case SensorStatus.Transmitting:
      return {
        // A few batteries below the 15 % alert level.
        battery: random.chance(0.012) ? random.int(6, 14) : random.int(48, 100),
        lastKeepaliveMinutesAgo: random.int(1, 59),
        lastSubmissionMinutesAgo: random.int(1, 15),
      };
    case SensorStatus.NotTransmitting:
      return {
        battery: random.int(0, 35),
        lastKeepaliveMinutesAgo: random.int(2 * MINUTES_PER_DAY, 12 * MINUTES_PER_DAY),
        lastSubmissionMinutesAgo: random.int(2 * MINUTES_PER_DAY, 12 * MINUTES_PER_DAY),
      };
    default:
      return { battery: null, lastKeepaliveMinutesAgo: null, lastSubmissionMinutesAgo: null };
  }
}

const isoAt = (epochMs: number): string => new Date(epochMs).toISOString();

const dayMs = 24 * 60 * 60 * 1000;
const FIRST_INSTALL = Date.UTC(2025, 1, 3);
const LAST_INSTALL = Date.UTC(2026, 8, 28);

function uniqueHex(random: Random, digits: number, taken: Set<string>): string {
  for (;;) {
    let hex = '';
    while (hex.length < digits) {
      hex += random.int(0, 0xffff).toString(16).padStart(4, '0');
    }
    const value = hex.slice(0, digits).toUpperCase();
    if (!taken.has(value)) {
      taken.add(value);
      return value;
    }
  }
}

export function generateDemoPortfolio(seed = DEMO_SEED): DemoPortfolio {
  const random = createRandom(seed);
  const companies: DemoCompany[] = [];
  const properties: DemoProperty[] = [];
  const buildings: DemoBuilding[] = [];
  const units: DemoUnit[] = [];
  const sensors: DemoSensor[] = [];
  const gateways: DemoGateway[] = [];
  const macs = new Set<string>();
  const gatewaySerials = new Set<string>();

  const nextMac = () => `${MAC_PREFIX}${uniqueHex(random, 16 - MAC_PREFIX.length, macs)}`;

  const installedSensor = (placement: DemoSensorPlacement, building: DemoBuilding): DemoSensor => {
    const status = random.weighted([
      [SensorStatus.Transmitting, 97],
      [SensorStatus.NotTransmitting, 2],
      [SensorStatus.NeverHeard, 1],
    ] as const);
    const installedAt = Date.parse(building.installedAt) + random.int(0, 4) * dayMs;
    const heard = lastHeard(status, random);
    return {
      macAddress: nextMac(),
      sensorStateId: SensorState.Installed,
      sensorStatusId: status,
      ...heard,
      firmwareVersion: random.weighted(firmwareVersions),
      sizeInch: fixtureSize(placement.applianceTypeId, building.buildingTypeId, random),
      installDate: isoAt(installedAt + random.int(0, 8 * 60) * 60_000),
      placement,
    };
  };

  for (const [companyIndex, { properties: propertyPlans, ...company }] of demoBlueprint.entries()) {
    companies.push(company);
    for (const { buildings: buildingPlans, ...property } of propertyPlans) {
      const propertyIndex = properties.length;
      properties.push({ companyIndex, ...property });
      for (const plan of buildingPlans) {
        const buildingIndex = buildings.length;
        // Crews start mid-morning US time (13:00–15:00 UTC).
        const startDay = random.int(0, Math.floor((LAST_INSTALL - FIRST_INSTALL) / dayMs));
        const building: DemoBuilding = {
          companyIndex,
          propertyIndex,
          name: plan.name,
          street: plan.street,
          city: property.city,
          postal: property.postal,
          floors: plan.floors,
          buildingTypeId: plan.buildingTypeId,
          installationTypeId: plan.installationTypeId,
          surveyStatus: plan.surveyStatus,
          installedAt: isoAt(FIRST_INSTALL + startDay * dayMs + random.int(13, 15) * 3_600_000),
        };
        buildings.push(building);

        const place = (unitIndex: number, fixtures: readonly ApplianceTypeId[]) => {
          for (const applianceTypeId of fixtures) {
            // Now and then a fixture was out of reach on installation day.
            if (applianceTypeId !== ApplianceType.MainLine && random.chance(0.04)) continue;
            const placement: DemoSensorPlacement = {
              companyIndex,
              propertyIndex,
              buildingIndex,
              unitIndex,
              applianceTypeId,
              ...fixtureDefaults[applianceTypeId],
            };
            sensors.push(installedSensor(placement, building));
          }
        };

        const fitsSensors = plan.installationTypeId !== InstallationType.MainLineOnly;
        let apartmentOrdinal = 0;
        for (let floor = 1; floor <= plan.floors; floor += 1) {
          for (let door = 1; door <= plan.unitsPerFloor; door += 1) {
            const unitIndex = units.length;
            const number = `${floor}${String(door).padStart(2, '0')}`;
            if (floor === 1 && door <= (plan.retailUnits ?? 0)) {
              units.push({
                companyIndex,
                propertyIndex,
                buildingIndex,
                name: `Retail ${number}`,
                floor,
                unitCategoryId: UnitCategory.Commercial,
                unitTypeId: UnitType.Retail,
                unitStateId: UnitState.Occupied,
                tenants: 0,
              });
              if (fitsSensors) {
                place(unitIndex, [
                  ApplianceType.KitchenCold,
                  ApplianceType.KitchenHot,
                  ApplianceType.MainBathroomCold,
                  ApplianceType.MainToilet,
                ]);
              }
              continue;
            }
            const unitTypeId = random.weighted([
              [UnitType.Studio, 15],
              [UnitType.OneBedroom, 40],
              [UnitType.TwoBedrooms, 32],
              [UnitType.ThreeBedrooms, 10],
              [UnitType.FourOrMoreBedrooms, 3],
            ] as const);
            const unitStateId = random.weighted([
              [UnitState.Occupied, 90],
              [UnitState.Vacant, 8],
              [UnitState.UnderRenovation, 2],
            ] as const);
            const bedrooms = Math.max(1, unitTypeId - UnitType.Studio);
            units.push({
              companyIndex,
              propertyIndex,
              buildingIndex,
              name: number,
              floor,
              unitCategoryId: UnitCategory.Internal,
              unitTypeId,
              unitStateId,
              tenants: unitStateId === UnitState.Occupied ? random.int(1, bedrooms + 1) : 0,
            });
            const fixtures = apartmentFixtures(unitTypeId, random);
            // Pilot installations cover one apartment in three.
            const inPilot =
              plan.installationTypeId !== InstallationType.PilotUnits || apartmentOrdinal % 3 === 0;
            if (fitsSensors && inPilot) place(unitIndex, fixtures);
            apartmentOrdinal += 1;
          }
        }

        for (const area of plan.commonAreas) {
          const unitIndex = units.length;
          units.push({
            companyIndex,
            propertyIndex,
            buildingIndex,
            name: area.name,
            floor: area === commonAreas.roofDeck ? plan.floors : 1,
            unitCategoryId: UnitCategory.CommonArea,
            unitTypeId: UnitType.CommonArea,
            unitStateId: null,
            tenants: 0,
          });
          if (plan.installationTypeId === InstallationType.EveryFixture) {
            place(unitIndex, area.fixtures);
          }
        }

        // Every building, whatever its installation type, gets its main line measured.
        const servicesIndex = units.length;
        units.push({
          companyIndex,
          propertyIndex,
          buildingIndex,
          name: 'Mechanical Room',
          floor: 1,
          unitCategoryId: UnitCategory.Building,
          unitTypeId: null,
          unitStateId: null,
          tenants: 0,
        });
        place(
          servicesIndex,
          random.chance(0.4)
            ? [ApplianceType.MainLine, ApplianceType.WaterLine]
            : [ApplianceType.MainLine],
        );

        // One gateway per building, two where a single one would not reach every floor.
        const gatewayCount = plan.floors >= 6 || plan.floors * plan.unitsPerFloor >= 24 ? 2 : 1;
        for (let g = 0; g < gatewayCount; g += 1) {
          const serialYear = building.installedAt.slice(0, 4);
          let serialNumber = '';
          do {
            serialNumber = `FSGW-${serialYear}-${String(random.int(1000, 9999))}`;
          } while (gatewaySerials.has(serialNumber));
          gatewaySerials.add(serialNumber);
          gateways.push({
            serialNumber,
            name: `${plan.name} ${g === 0 ? 'roof' : 'basement'}`,
            model: random.pick(gatewayModels),
            companyIndex,
            propertyIndex,
            buildingIndex,
            gatewayStatusId: GatewayStatus.Online,
            alertsDisabled: false,
            lastSeenMinutesAgo: random.int(0, 4),
            assignedAt: isoAt(Date.parse(building.installedAt) - 2 * dayMs),
          });
        }
      }
    }
  }

  // A few gateways that are not fine, so the fleet pages and health alerts have something to show.
  for (const gateway of gateways) {
    const trouble = gatewayTroubles[gateway.name];
    if (trouble) Object.assign(gateway, trouble);
  }

  for (let i = 0; i < STOCK_SENSORS; i += 1) {
    const producedDay = random.int(0, 120);
    sensors.push({
      macAddress: nextMac(),
      sensorStateId: SensorState.Stock,
      sensorStatusId: SensorStatus.NeverHeard,
      battery: 100,
      firmwareVersion: '2.4.0',
      sizeInch: random.pick([0.375, 0.5, 0.625]),
      installDate: isoAt(Date.UTC(2026, 5, 1) + producedDay * dayMs),
      lastKeepaliveMinutesAgo: null,
      lastSubmissionMinutesAgo: null,
      placement: null,
    });
  }

  const applianceThresholds: DemoApplianceThreshold[] = [FIRST_COMPANY, SECOND_COMPANY].flatMap(
    (companyIndex) =>
      applianceTypes.flatMap(({ id, kind }) => {
        const gallonsPerDay = thresholdOverrides[id] ?? thresholdByKind[kind];
        return gallonsPerDay === null ? [] : [{ companyIndex, applianceTypeId: id, gallonsPerDay }];
      }),
  );

  const users = demoUsers.map((spec) => ({
    email: spec.email,
    firstName: spec.firstName,
    lastName: spec.lastName,
    phone: spec.phone,
    roles: spec.roles.map((role) => resolveRole(role, properties, units, sensors)),
  }));

  return {
    seed,
    companies,
    properties,
    buildings,
    units,
    sensors,
    gateways,
    applianceThresholds,
    users,
  };
}

/**
 * Gives a unit-scoped role an occupied apartment of its company that has sensors to show, and a
 * property-scoped one its named property.
 */
function resolveRole(
  spec: DemoRoleSpec,
  properties: DemoProperty[],
  units: DemoUnit[],
  sensors: DemoSensor[],
): DemoRole {
  const none = { propertyIndex: null, buildingIndex: null, unitIndex: null };
  if (spec.propertyName !== undefined) {
    const propertyIndex = properties.findIndex(
      (p) => p.companyIndex === spec.companyIndex && p.name === spec.propertyName,
    );
    if (propertyIndex < 0) throw new Error(`No demo property named ${spec.propertyName}`);
    return { roleTypeId: spec.roleTypeId, companyIndex: spec.companyIndex, ...none, propertyIndex };
  }
  if (!spec.unitScoped || spec.companyIndex === null) {
    return { roleTypeId: spec.roleTypeId, companyIndex: spec.companyIndex, ...none };
  }
  const fitted = new Set(sensors.map((s) => s.placement?.unitIndex));
  const unitIndex = units.findIndex(
    (unit, index) =>
      unit.companyIndex === spec.companyIndex &&
      unit.unitCategoryId === UnitCategory.Internal &&
      unit.unitStateId === UnitState.Occupied &&
      fitted.has(index),
  );
  const unit = units[unitIndex];
  if (!unit) throw new Error(`Company ${spec.companyIndex} has no fitted apartment`);
  return {
    roleTypeId: spec.roleTypeId,
    companyIndex: unit.companyIndex,
    propertyIndex: unit.propertyIndex,
    buildingIndex: unit.buildingIndex,
    unitIndex,
  };
}

/** The copies' names end with their number: "Harborview Residential Group · 2". */
const copyName = (name: string, copy: number) => `${name} · ${copy + 1}`;

/**
 * The demo portfolio `times` over, for scale benchmarks: the original first and unchanged (same
 * indexes, users and stock), then `times - 1` copies of its companies with their properties,
 * buildings, units, installed micrometers, gateways and thresholds — the same shape per building,
 * so a chart of an original place compares like with like at any size. Copies get numbered
 * company and property names and their own MAC addresses and gateway serials, drawn from the
 * portfolio's seed; they have no users (the demo sign-ins stay on the original companies) and
 * share the original's stock. Usage differs per copy: the simulator draws it per unit and MAC.
 */
export function multiplyDemoPortfolio(portfolio: DemoPortfolio, times: number): DemoPortfolio {
  if (!Number.isInteger(times) || times < 1) {
    throw new Error(`The fleet multiplier must be a positive integer, got ${times}`);
  }
  if (times === 1) return portfolio;
  // Its own stream, so the original's draws (and with them the 1× portfolio) never move.
  const random = createRandom((portfolio.seed ^ 0x46_4c_45_45) >>> 0);
  const macs = new Set(portfolio.sensors.map((s) => s.macAddress));
  const serials = new Set(portfolio.gateways.map((g) => g.serialNumber));
  const companies = [...portfolio.companies];
  const properties = [...portfolio.properties];
  const buildings = [...portfolio.buildings];
  const units = [...portfolio.units];
  const sensors = [...portfolio.sensors];
  const gateways = [...portfolio.gateways];
  const applianceThresholds = [...portfolio.applianceThresholds];
  const n = {
    companies: portfolio.companies.length,
    properties: portfolio.properties.length,
    buildings: portfolio.buildings.length,
    units: portfolio.units.length,
  };
  for (let copy = 1; copy < times; copy += 1) {
    const at = {
      companyIndex: n.companies * copy,
      propertyIndex: n.properties * copy,
      buildingIndex: n.buildings * copy,
      unitIndex: n.units * copy,
    };
    const moved = <T extends Partial<Record<keyof typeof at, number | null>>>(row: T): T => {
      const next: Record<string, unknown> = { ...row };
      for (const key of Object.keys(at) as (keyof typeof at)[]) {
        const index = row[key];
        if (typeof index === 'number') next[key] = index + at[key];
      }
      return next as T;
    };
    for (const company of portfolio.companies) {
      companies.push({ ...company, name: copyName(company.name, copy) });
    }
    for (const property of portfolio.properties) {
      properties.push({ ...moved(property), name: copyName(property.name, copy) });
    }
    for (const building of portfolio.buildings) buildings.push(moved(building));
    for (const unit of portfolio.units) units.push(moved(unit));
    for (const sensor of portfolio.sensors) {
      if (!sensor.placement) continue;
      sensors.push({
        ...sensor,
        macAddress: `${MAC_PREFIX}${uniqueHex(random, 16 - MAC_PREFIX.length, macs)}`,
        placement: moved(sensor.placement),
      });
    }
    for (const gateway of portfolio.gateways) {
      const year = gateway.serialNumber.split('-')[1];
      let serialNumber = '';
      do {
        serialNumber = `FSGW-${year}-${String(random.int(1000, 9999))}`;
      } while (serials.has(serialNumber));
      serials.add(serialNumber);
      gateways.push({ ...moved(gateway), serialNumber });
    }
    for (const threshold of portfolio.applianceThresholds) {
      applianceThresholds.push(moved(threshold));
    }
  }
  return {
    ...portfolio,
    companies,
    properties,
    buildings,
    units,
    sensors,
    gateways,
    applianceThresholds,
  };
}

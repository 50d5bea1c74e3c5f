// The hand-written part of the demo portfolio: companies, properties and buildings with real US
// cities, plausible addresses, sizes and installation stages, and the shared rooms buildings have.
// The seeded generator (demo-portfolio.ts) fills in units, devices and dates from this.
import {
  ApplianceType,
  type ApplianceTypeId,
  BuildingType,
  CompanyType,
  InstallationType,
  PropertyType,
  SurveyStatus,
} from '@flowsight/domain/lookups';

/** A city as the location dataset names it: US state code and city name. */
export type DemoCity = { readonly stateCode: string; readonly name: string };

export type CommonArea = { readonly name: string; readonly fixtures: readonly ApplianceTypeId[] };

export const commonAreas = {
  laundry: {
    name: 'Laundry Room',
    fixtures: [ApplianceType.WashingMachine, ApplianceType.WaterLine],
  },
  fitness: {
    name: 'Fitness Center',
    fixtures: [
      ApplianceType.MainBathroomCold,
      ApplianceType.MainBathroomHot,
      ApplianceType.MainToilet,
      ApplianceType.MainShower,
    ],
  },
  clubhouse: {
    name: 'Clubhouse',
    fixtures: [
      ApplianceType.KitchenCold,
      ApplianceType.KitchenHot,
      ApplianceType.Dishwasher,
      ApplianceType.MainBathroomCold,
      ApplianceType.MainToilet,
    ],
  },
  lobby: {
    name: 'Lobby Restrooms',
    fixtures: [
      ApplianceType.MainBathroomCold,
      ApplianceType.MainToilet,
      ApplianceType.SecondBathroomCold,
      ApplianceType.SecondToilet,
    ],
  },
  pool: {
    name: 'Pool House',
    fixtures: [ApplianceType.MainBathroomCold, ApplianceType.MainToilet, ApplianceType.MainShower],
  },
  roofDeck: { name: 'Roof Deck', fixtures: [ApplianceType.KitchenCold, ApplianceType.WaterLine] },
} as const satisfies Record<string, CommonArea>;

export type BuildingBlueprint = {
  readonly name: string;
  readonly street: string;
  readonly floors: number;
  readonly unitsPerFloor: number;
  readonly buildingTypeId: number;
  readonly installationTypeId: number;
  readonly surveyStatus: number;
  readonly commonAreas: readonly CommonArea[];
  /** Ground-floor shops, taken from the first floor's unit numbers. */
  readonly retailUnits?: number;
};

export type PropertyBlueprint = {
  readonly name: string;
  readonly street: string;
  readonly city: DemoCity;
  readonly postal: string;
  /** IANA name. */
  readonly timezone: string;
  readonly propertyTypeId: number;
  /** USD per 1,000 gallons. */
  readonly waterPricePerKgal: number;
  readonly buildings: readonly BuildingBlueprint[];
};

export type CompanyBlueprint = {
  readonly name: string;
  readonly street: string;
  readonly city: DemoCity;
  readonly postal: string;
  readonly phone: string;
  readonly email: string;
  readonly companyTypeId: number;
  readonly allowAssignment: boolean;
  /** IANA name of the head office's time zone. */
  readonly timezone: string;
  readonly properties: readonly PropertyBlueprint[];
};

const NEW_YORK = 'America/New_York';
const CHICAGO = 'America/Chicago';
const DENVER = 'America/Denver';
const LOS_ANGELES = 'America/Los_Angeles';

const everyFixture = {
  installationTypeId: InstallationType.EveryFixture,
  surveyStatus: SurveyStatus.Completed,
} as const;

// Company order matters: index 0 is "the first company" of the demo sign-ins, index 2 the
// restricted partner.
export const demoBlueprint: readonly CompanyBlueprint[] = [
  {
    name: 'Harborview Residential Group',
    street: '200 State St, Suite 1200',
    city: { stateCode: 'MA', name: 'Boston' },
    postal: '02109',
    phone: '(617) 555-0142',
    email: 'office@harborviewresidential.example',
    companyTypeId: CompanyType.PropertyManagement,
    allowAssignment: true,
    timezone: NEW_YORK,
    properties: [
      {
        name: 'Harbor Point Apartments',
        street: '1 Harbor Point Blvd',
        city: { stateCode: 'MA', name: 'Boston' },
        postal: '02125',
        timezone: NEW_YORK,
        propertyTypeId: PropertyType.MultifamilyResidential,
        waterPricePerKgal: 12.85,
        buildings: [
          {
            name: 'Harbor Point North',
            street: '10 Harbor Point Blvd',
            floors: 5,
            unitsPerFloor: 4,
            buildingTypeId: BuildingType.MidRise,
            ...everyFixture,
            commonAreas: [commonAreas.laundry, commonAreas.fitness],
          },
          {
            name: 'Harbor Point South',
            street: '20 Harbor Point Blvd',
            floors: 5,
            unitsPerFloor: 4,
            buildingTypeId: BuildingType.MidRise,
            installationTypeId: InstallationType.PilotUnits,
            surveyStatus: SurveyStatus.ApprovedByCustomer,
            commonAreas: [commonAreas.laundry],
          },
          {
            name: 'Harbor Point East',
            street: '30 Harbor Point Blvd',
            floors: 4,
            unitsPerFloor: 4,
            buildingTypeId: BuildingType.MidRise,
            ...everyFixture,
            commonAreas: [commonAreas.laundry, commonAreas.clubhouse],
          },
        ],
      },
      {
        name: 'Kendall Square Lofts',
        street: '255 Main St',
        city: { stateCode: 'MA', name: 'Cambridge' },
        postal: '02142',
        timezone: NEW_YORK,
        propertyTypeId: PropertyType.MixedUse,
        waterPricePerKgal: 13.4,
        buildings: [
          {
            name: 'Kendall Lofts A',
            street: '255 Main St',
            floors: 4,
            unitsPerFloor: 4,
            buildingTypeId: BuildingType.MidRise,
            ...everyFixture,
            commonAreas: [commonAreas.roofDeck],
            retailUnits: 2,
          },
          {
            name: 'Kendall Lofts B',
            street: '275 Main St',
            floors: 4,
            unitsPerFloor: 3,
            buildingTypeId: BuildingType.MidRise,
            ...everyFixture,
            commonAreas: [commonAreas.laundry],
          },
        ],
      },
      {
        name: 'Lincoln Park Residences',
        street: '2400 N Clark St',
        city: { stateCode: 'IL', name: 'Chicago' },
        postal: '60614',
        timezone: CHICAGO,
        propertyTypeId: PropertyType.MultifamilyResidential,
        waterPricePerKgal: 9.75,
        buildings: [
          {
            name: 'Clark Street Tower',
            street: '2400 N Clark St',
            floors: 8,
            unitsPerFloor: 3,
            buildingTypeId: BuildingType.HighRise,
            ...everyFixture,
            commonAreas: [commonAreas.lobby, commonAreas.fitness],
          },
          {
            name: 'Fullerton Court',
            street: '520 W Fullerton Pkwy',
            floors: 3,
            unitsPerFloor: 3,
            buildingTypeId: BuildingType.LowRise,
            ...everyFixture,
            commonAreas: [commonAreas.laundry],
          },
        ],
      },
      {
        name: 'Queen Anne Terrace',
        street: '1600 Queen Anne Ave N',
        city: { stateCode: 'WA', name: 'Seattle' },
        postal: '98109',
        timezone: LOS_ANGELES,
        propertyTypeId: PropertyType.MultifamilyResidential,
        waterPricePerKgal: 13.95,
        buildings: [
          {
            name: 'Queen Anne North',
            street: '1600 Queen Anne Ave N',
            floors: 4,
            unitsPerFloor: 3,
            buildingTypeId: BuildingType.MidRise,
            ...everyFixture,
            commonAreas: [commonAreas.laundry],
          },
          {
            name: 'Queen Anne South',
            street: '1550 Queen Anne Ave N',
            floors: 4,
            unitsPerFloor: 3,
            buildingTypeId: BuildingType.LowRise,
            installationTypeId: InstallationType.PilotUnits,
            surveyStatus: SurveyStatus.ApprovedByCustomer,
            commonAreas: [commonAreas.roofDeck],
          },
        ],
      },
    ],
  },
  {
    name: 'Lakeshore Living Partners',
    street: '180 N LaSalle St, Suite 3700',
    city: { stateCode: 'IL', name: 'Chicago' },
    postal: '60601',
    phone: '(312) 555-0177',
    email: 'contact@lakeshoreliving.example',
    companyTypeId: CompanyType.BuildingOwner,
    allowAssignment: false,
    timezone: CHICAGO,
    properties: [
      {
        name: 'Evanston Commons',
        street: '1700 Sherman Ave',
        city: { stateCode: 'IL', name: 'Evanston' },
        postal: '60201',
        timezone: CHICAGO,
        propertyTypeId: PropertyType.StudentHousing,
        waterPricePerKgal: 10.2,
        buildings: [
          {
            name: 'Sherman Hall',
            street: '1700 Sherman Ave',
            floors: 4,
            unitsPerFloor: 4,
            buildingTypeId: BuildingType.LowRise,
            ...everyFixture,
            commonAreas: [commonAreas.laundry, commonAreas.lobby],
          },
          {
            name: 'Davis Hall',
            street: '600 Davis St',
            floors: 3,
            unitsPerFloor: 4,
            buildingTypeId: BuildingType.LowRise,
            installationTypeId: InstallationType.PilotUnits,
            surveyStatus: SurveyStatus.ApprovedByCustomer,
            commonAreas: [commonAreas.laundry],
          },
        ],
      },
      {
        name: 'South Congress Flats',
        street: '1800 S Congress Ave',
        city: { stateCode: 'TX', name: 'Austin' },
        postal: '78704',
        timezone: CHICAGO,
        propertyTypeId: PropertyType.MultifamilyResidential,
        waterPricePerKgal: 8.65,
        buildings: [
          {
            name: 'SoCo Flats Building 1',
            street: '1800 S Congress Ave',
            floors: 3,
            unitsPerFloor: 4,
            buildingTypeId: BuildingType.Garden,
            ...everyFixture,
            commonAreas: [commonAreas.pool, commonAreas.clubhouse],
          },
          {
            name: 'SoCo Flats Building 2',
            street: '1810 S Congress Ave',
            floors: 3,
            unitsPerFloor: 4,
            buildingTypeId: BuildingType.Garden,
            ...everyFixture,
            commonAreas: [commonAreas.laundry],
          },
          {
            name: 'SoCo Flats Building 3',
            street: '1820 S Congress Ave',
            floors: 3,
            unitsPerFloor: 4,
            buildingTypeId: BuildingType.Garden,
            installationTypeId: InstallationType.MainLineOnly,
            surveyStatus: SurveyStatus.InProgress,
            commonAreas: [commonAreas.laundry],
          },
        ],
      },
      {
        name: 'Uptown Oakland Residences',
        street: '2100 Telegraph Ave',
        city: { stateCode: 'CA', name: 'Oakland' },
        postal: '94612',
        timezone: LOS_ANGELES,
        propertyTypeId: PropertyType.SeniorLiving,
        waterPricePerKgal: 13.1,
        buildings: [
          {
            name: 'Telegraph Tower',
            street: '2100 Telegraph Ave',
            floors: 6,
            unitsPerFloor: 4,
            buildingTypeId: BuildingType.HighRise,
            installationTypeId: InstallationType.PilotUnits,
            surveyStatus: SurveyStatus.ApprovedByCustomer,
            commonAreas: [commonAreas.lobby, commonAreas.clubhouse],
          },
        ],
      },
    ],
  },
  {
    name: 'Cedar & Pine Housing Cooperative',
    street: '2900 Welton St',
    city: { stateCode: 'CO', name: 'Denver' },
    postal: '80205',
    phone: '(720) 555-0119',
    email: 'board@cedarpinecoop.example',
    companyTypeId: CompanyType.Restricted,
    allowAssignment: false,
    timezone: DENVER,
    properties: [
      {
        name: 'Cedar & Pine Commons',
        street: '2900 Welton St',
        city: { stateCode: 'CO', name: 'Denver' },
        postal: '80205',
        timezone: DENVER,
        propertyTypeId: PropertyType.MultifamilyResidential,
        waterPricePerKgal: 11.3,
        buildings: [
          {
            name: 'Cedar House',
            street: '2900 Welton St',
            floors: 3,
            unitsPerFloor: 4,
            buildingTypeId: BuildingType.LowRise,
            ...everyFixture,
            commonAreas: [commonAreas.laundry],
          },
        ],
      },
    ],
  },
];

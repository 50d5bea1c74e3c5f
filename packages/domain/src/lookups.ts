// Every lookup the product loads from the server, with ids that never change. The database is
// seeded from these lists by migration and `GET /api/static` serves them; web, server and
// simulator import the named ids below instead of writing numbers inline.

export type LookupRow = { readonly id: number; readonly name: string };

export const RoleType = {
  SystemAdmin: 1,
  SystemSupport: 2,
  SystemTechnician: 3,
  CompanyAdmin: 4,
  CompanyManager: 5,
  PropertyManager: 6,
  BuildingManager: 7,
  Resident: 8,
  SensorTester: 12,
  CompanyInstaller: 13,
} as const;
export type RoleTypeId = (typeof RoleType)[keyof typeof RoleType];

export const roleTypes = [
  { id: RoleType.SystemAdmin, name: 'System Admin' },
  { id: RoleType.SystemSupport, name: 'System Support' },
  { id: RoleType.SystemTechnician, name: 'System Technician' },
  { id: RoleType.CompanyAdmin, name: 'Company Admin' },
  { id: RoleType.CompanyManager, name: 'Company Manager' },
  { id: RoleType.PropertyManager, name: 'Property Manager' },
  { id: RoleType.BuildingManager, name: 'Building Manager' },
  { id: RoleType.Resident, name: 'Resident' },
  { id: RoleType.SensorTester, name: 'Sensor Tester' },
  { id: RoleType.CompanyInstaller, name: 'Company Installer' },
] as const satisfies readonly LookupRow[];

export const CompanyType = { PropertyManagement: 1, BuildingOwner: 2, Restricted: 3 } as const;
export const companyTypes = [
  { id: CompanyType.PropertyManagement, name: 'Property management' },
  { id: CompanyType.BuildingOwner, name: 'Building owner' },
  { id: CompanyType.Restricted, name: 'Restricted partner' },
] as const satisfies readonly LookupRow[];

export const SensorState = {
  Stock: 1,
  Tested: 2,
  OfficeAssigned: 3,
  Installed: 4,
  Uninstalled: 5,
  Defective: 6,
} as const;
export const sensorStates = [
  { id: SensorState.Stock, name: 'In stock' },
  { id: SensorState.Tested, name: 'Tested' },
  { id: SensorState.OfficeAssigned, name: 'Office assigned' },
  { id: SensorState.Installed, name: 'Installed' },
  { id: SensorState.Uninstalled, name: 'Uninstalled' },
  { id: SensorState.Defective, name: 'Defective' },
] as const satisfies readonly LookupRow[];

export const SensorStatus = { Transmitting: 1, NotTransmitting: 2, NeverHeard: 3 } as const;
export const sensorStatuses = [
  { id: SensorStatus.Transmitting, name: 'Transmitting' },
  { id: SensorStatus.NotTransmitting, name: 'Not transmitting' },
  { id: SensorStatus.NeverHeard, name: 'Never heard' },
] as const satisfies readonly LookupRow[];

/**
 * What kind of fixture an appliance type is; detection parameters hang off the kind.
 * `notes` (type 13) is a free-text slot with no water flow of its own.
 */
export type FixtureKind =
  | 'faucet'
  | 'toilet'
  | 'shower'
  | 'tub'
  | 'machine'
  | 'main-line'
  | 'notes';

export type ApplianceTypeRow = LookupRow & { readonly kind: FixtureKind };

/** Unit-level appliance ("fixture") types, ids and names exactly as the specification lists. */
export const ApplianceType = {
  KitchenCold: 1,
  KitchenHot: 2,
  MainBathroomCold: 3,
  MainBathroomHot: 4,
  MainToilet: 5,
  MainShower: 6,
  MainTub: 7,
  SecondBathroomCold: 8,
  SecondBathroomHot: 9,
  SecondToilet: 10,
  WashingMachine: 11,
  Dishwasher: 12,
  Notes: 13,
  SecondShower: 14,
  SecondTub: 15,
  ThirdBathroomCold: 16,
  ThirdBathroomHot: 17,
  ThirdToilet: 18,
  MainLine: 19,
  ThirdShower: 20,
  ThirdTub: 21,
  WaterLine: 22,
} as const;
export const applianceTypes = [
  { id: ApplianceType.KitchenCold, name: 'kitchen cold', kind: 'faucet' },
  { id: ApplianceType.KitchenHot, name: 'kitchen hot', kind: 'faucet' },
  { id: ApplianceType.MainBathroomCold, name: 'main bathroom cold', kind: 'faucet' },
  { id: ApplianceType.MainBathroomHot, name: 'main bathroom hot', kind: 'faucet' },
  { id: ApplianceType.MainToilet, name: 'main toilet', kind: 'toilet' },
  { id: ApplianceType.MainShower, name: 'main shower', kind: 'shower' },
  { id: ApplianceType.MainTub, name: 'main tub', kind: 'tub' },
  { id: ApplianceType.SecondBathroomCold, name: 'second bathroom cold', kind: 'faucet' },
  { id: ApplianceType.SecondBathroomHot, name: 'second bathroom hot', kind: 'faucet' },
  { id: ApplianceType.SecondToilet, name: 'second toilet', kind: 'toilet' },
  { id: ApplianceType.WashingMachine, name: 'washing machine', kind: 'machine' },
  { id: ApplianceType.Dishwasher, name: 'dishwasher', kind: 'machine' },
  { id: ApplianceType.Notes, name: 'notes', kind: 'notes' },
  { id: ApplianceType.SecondShower, name: 'second shower', kind: 'shower' },
  { id: ApplianceType.SecondTub, name: 'second tub', kind: 'tub' },
  { id: ApplianceType.ThirdBathroomCold, name: 'third bathroom cold', kind: 'faucet' },
  { id: ApplianceType.ThirdBathroomHot, name: 'third bathroom hot', kind: 'faucet' },
  { id: ApplianceType.ThirdToilet, name: 'third toilet', kind: 'toilet' },
  { id: ApplianceType.MainLine, name: 'main line', kind: 'main-line' },
  { id: ApplianceType.ThirdShower, name: 'third shower', kind: 'shower' },
  { id: ApplianceType.ThirdTub, name: 'third tub', kind: 'tub' },
  { id: ApplianceType.WaterLine, name: 'water line', kind: 'main-line' },
] as const satisfies readonly ApplianceTypeRow[];
export type ApplianceTypeId = (typeof ApplianceType)[keyof typeof ApplianceType];

/**
 * Leak-detection parameters of a fixture type (DESIGN section 8), editable by system admins on
 * `/appliances`; these are the starting values each kind of fixture gets.
 * - `continuousHours`: continuous flow is every hour of the last T hours having at least
 *   `hourlyMinGal` gallons (null: the type is not watched for continuous flow).
 * - `nightFlow`: watched for flow in every hour 02:00–04:00 local on 3 nights in a row.
 * - `dailyHighGal`: a day's volume above it is high usage when the company set no threshold.
 */
export type FixtureDetection = {
  readonly continuousHours: number | null;
  readonly hourlyMinGal: number;
  readonly nightFlow: boolean;
  readonly dailyHighGal: number | null;
};
export const fixtureDetectionDefaults: Readonly<Record<FixtureKind, FixtureDetection>> = {
  toilet: { continuousHours: 2, hourlyMinGal: 0.1, nightFlow: false, dailyHighGal: null },
  shower: { continuousHours: 2, hourlyMinGal: 0.1, nightFlow: false, dailyHighGal: null },
  tub: { continuousHours: 2, hourlyMinGal: 0.1, nightFlow: false, dailyHighGal: null },
  faucet: { continuousHours: 4, hourlyMinGal: 0.1, nightFlow: false, dailyHighGal: null },
  machine: { continuousHours: 3, hourlyMinGal: 0.1, nightFlow: false, dailyHighGal: null },
  'main-line': { continuousHours: 24, hourlyMinGal: 0.1, nightFlow: true, dailyHighGal: null },
  notes: { continuousHours: null, hourlyMinGal: 0.1, nightFlow: false, dailyHighGal: null },
};

export const RoomType = {
  Kitchen: 1,
  MainBathroom: 2,
  SecondBathroom: 3,
  ThirdBathroom: 4,
  Laundry: 5,
  UtilityRoom: 6,
  MechanicalRoom: 7,
  Other: 8,
} as const;
export type RoomTypeId = (typeof RoomType)[keyof typeof RoomType];
export const roomTypes = [
  { id: RoomType.Kitchen, name: 'Kitchen' },
  { id: RoomType.MainBathroom, name: 'Main bathroom' },
  { id: RoomType.SecondBathroom, name: 'Second bathroom' },
  { id: RoomType.ThirdBathroom, name: 'Third bathroom' },
  { id: RoomType.Laundry, name: 'Laundry' },
  { id: RoomType.UtilityRoom, name: 'Utility room' },
  { id: RoomType.MechanicalRoom, name: 'Mechanical room' },
  { id: RoomType.Other, name: 'Other' },
] as const satisfies readonly LookupRow[];

export const WaterType = { Cold: 1, Hot: 2, Mixed: 3 } as const;
export type WaterTypeId = (typeof WaterType)[keyof typeof WaterType];
export const waterTypes = [
  { id: WaterType.Cold, name: 'Cold' },
  { id: WaterType.Hot, name: 'Hot' },
  { id: WaterType.Mixed, name: 'Mixed' },
] as const satisfies readonly LookupRow[];

export const GatewayStatus = { Online: 1, Offline: 2, Maintenance: 3, Decommissioned: 4 } as const;
export const gatewayStatuses = [
  { id: GatewayStatus.Online, name: 'Online' },
  { id: GatewayStatus.Offline, name: 'Offline' },
  { id: GatewayStatus.Maintenance, name: 'Maintenance' },
  { id: GatewayStatus.Decommissioned, name: 'Decommissioned' },
] as const satisfies readonly LookupRow[];

export const PropertyType = {
  MultifamilyResidential: 1,
  MixedUse: 2,
  StudentHousing: 3,
  SeniorLiving: 4,
  Commercial: 5,
} as const;
export const propertyTypes = [
  { id: PropertyType.MultifamilyResidential, name: 'Multifamily residential' },
  { id: PropertyType.MixedUse, name: 'Mixed use' },
  { id: PropertyType.StudentHousing, name: 'Student housing' },
  { id: PropertyType.SeniorLiving, name: 'Senior living' },
  { id: PropertyType.Commercial, name: 'Commercial' },
] as const satisfies readonly LookupRow[];

export const BuildingType = {
  Garden: 1,
  LowRise: 2,
  MidRise: 3,
  HighRise: 4,
  Townhouse: 5,
} as const;
export const buildingTypes = [
  { id: BuildingType.Garden, name: 'Garden' },
  { id: BuildingType.LowRise, name: 'Low-rise' },
  { id: BuildingType.MidRise, name: 'Mid-rise' },
  { id: BuildingType.HighRise, name: 'High-rise' },
  { id: BuildingType.Townhouse, name: 'Townhouse' },
] as const satisfies readonly LookupRow[];

export const InstallationType = { EveryFixture: 1, PilotUnits: 2, MainLineOnly: 3 } as const;
export const installationTypes = [
  { id: InstallationType.EveryFixture, name: 'Every fixture' },
  { id: InstallationType.PilotUnits, name: 'Pilot units' },
  { id: InstallationType.MainLineOnly, name: 'Main line only' },
] as const satisfies readonly LookupRow[];

export const UnitType = {
  Studio: 1,
  OneBedroom: 2,
  TwoBedrooms: 3,
  ThreeBedrooms: 4,
  FourOrMoreBedrooms: 5,
  CommonArea: 6,
  Retail: 7,
} as const;
export const unitTypes = [
  { id: UnitType.Studio, name: 'Studio' },
  { id: UnitType.OneBedroom, name: 'One bedroom' },
  { id: UnitType.TwoBedrooms, name: 'Two bedrooms' },
  { id: UnitType.ThreeBedrooms, name: 'Three bedrooms' },
  { id: UnitType.FourOrMoreBedrooms, name: 'Four or more bedrooms' },
  { id: UnitType.CommonArea, name: 'Common area' },
  { id: UnitType.Retail, name: 'Retail' },
] as const satisfies readonly LookupRow[];

export const UnitState = { Occupied: 1, Vacant: 2, UnderRenovation: 3 } as const;
export const unitStates = [
  { id: UnitState.Occupied, name: 'Occupied' },
  { id: UnitState.Vacant, name: 'Vacant' },
  { id: UnitState.UnderRenovation, name: 'Under renovation' },
] as const satisfies readonly LookupRow[];

export const UnitCategory = { Internal: 1, CommonArea: 2, Commercial: 3, Building: 4 } as const;
export const unitCategories = [
  { id: UnitCategory.Internal, name: 'Internal units' },
  { id: UnitCategory.CommonArea, name: 'Common areas' },
  { id: UnitCategory.Commercial, name: 'Commercial units' },
  { id: UnitCategory.Building, name: 'Building services' },
] as const satisfies readonly LookupRow[];

export const NotificationCategory = { Leak: 1, Usage: 2, DeviceHealth: 3 } as const;
export const notificationCategories = [
  { id: NotificationCategory.Leak, name: 'Leak' },
  { id: NotificationCategory.Usage, name: 'High usage' },
  { id: NotificationCategory.DeviceHealth, name: 'Device health' },
] as const satisfies readonly LookupRow[];

/** Alert statuses; 1 and 2 are the open ones (spec section 9). */
export const NotificationStatus = { New: 1, Acknowledged: 2, Closed: 3 } as const;
export const notificationStatuses = [
  { id: NotificationStatus.New, name: 'New' },
  { id: NotificationStatus.Acknowledged, name: 'Acknowledged' },
  { id: NotificationStatus.Closed, name: 'Closed' },
] as const satisfies readonly LookupRow[];
export const openNotificationStatuses = [
  NotificationStatus.New,
  NotificationStatus.Acknowledged,
] as const;

export const NotificationMethod = { Email: 1, Sms: 2 } as const;
export const notificationMethods = [
  { id: NotificationMethod.Email, name: 'Email' },
  { id: NotificationMethod.Sms, name: 'SMS' },
] as const satisfies readonly LookupRow[];

export const NotificationType = {
  ContinuousFlow: 1,
  HighUsage: 2,
  NightFlow: 3,
  SensorOffline: 4,
  LowBattery: 5,
  GatewayOffline: 6,
  /** A building's main line above its fixtures for days (unaccounted.ts): no sensor, no unit. */
  UnaccountedWater: 7,
  /** Flume refuses the credentials of the account whose meter measures the building. */
  FlumeNotSyncing: 8,
} as const;
export type NotificationTypeRow = LookupRow & { readonly categoryId: number };
export const notificationTypes = [
  {
    id: NotificationType.ContinuousFlow,
    name: 'Continuous flow',
    categoryId: NotificationCategory.Leak,
  },
  { id: NotificationType.HighUsage, name: 'High usage', categoryId: NotificationCategory.Usage },
  { id: NotificationType.NightFlow, name: 'Night flow', categoryId: NotificationCategory.Leak },
  {
    id: NotificationType.SensorOffline,
    name: 'Sensor offline',
    categoryId: NotificationCategory.DeviceHealth,
  },
  {
    id: NotificationType.LowBattery,
    name: 'Low battery',
    categoryId: NotificationCategory.DeviceHealth,
  },
  {
    id: NotificationType.GatewayOffline,
    name: 'Gateway offline',
    categoryId: NotificationCategory.DeviceHealth,
  },
  {
    id: NotificationType.UnaccountedWater,
    name: 'Unaccounted water',
    categoryId: NotificationCategory.Leak,
  },
  {
    id: NotificationType.FlumeNotSyncing,
    name: 'Flume meter not syncing',
    categoryId: NotificationCategory.DeviceHealth,
  },
] as const satisfies readonly NotificationTypeRow[];

export const UserStatus = { Invited: 1, Active: 2, Disabled: 3 } as const;
export const userStatuses = [
  { id: UserStatus.Invited, name: 'Invited' },
  { id: UserStatus.Active, name: 'Active' },
  { id: UserStatus.Disabled, name: 'Disabled' },
] as const satisfies readonly LookupRow[];

export const reportTypes = [
  { id: 1, name: 'Usage by unit' },
  { id: 2, name: 'Usage by fixture' },
  { id: 3, name: 'Leak alerts' },
  { id: 4, name: 'Sensor health' },
  { id: 5, name: 'Cost estimate' },
] as const satisfies readonly LookupRow[];

/** Building survey status (spec section 3): 0 none, 1 in progress, 2 approved by customer, 3 completed. */
export const SurveyStatus = {
  None: 0,
  InProgress: 1,
  ApprovedByCustomer: 2,
  Completed: 3,
} as const;
export const surveyStatuses = [
  { id: SurveyStatus.None, name: 'None' },
  { id: SurveyStatus.InProgress, name: 'In Survey' },
  { id: SurveyStatus.ApprovedByCustomer, name: 'Survey approved by customer' },
  { id: SurveyStatus.Completed, name: 'Completed' },
] as const satisfies readonly LookupRow[];

/** Survey answer option lists exactly as the specification gives them. */
export const surveyOptionLists = {
  supplySize: ['No', '1/2', '3/8', '5/8'],
  yesNo: ['No', 'Yes'],
  pipeMaterial: ['No', 'Galvanized', 'Copper'],
  mainSize: ['No', '3/4', '1', '2'],
  valveSize: ['No', '3/8', '1/2'],
} as const;

/** Sensor configuration parameters carried by the port-3 downlink (DESIGN section 7). */
export type SensorConfigParamRow = LookupRow & {
  readonly unit: string;
  readonly min: number;
  readonly max: number;
  readonly defaultValue: number;
};
export const sensorConfigParams = [
  { id: 1, name: 'Report interval', unit: 's', min: 60, max: 3600, defaultValue: 900 },
  { id: 2, name: 'Keep-alive interval', unit: 's', min: 600, max: 65535, defaultValue: 3600 },
  { id: 3, name: 'Flow start threshold', unit: 'mgal/min', min: 1, max: 1000, defaultValue: 20 },
  { id: 4, name: 'Confirmed uplinks', unit: 'flag', min: 0, max: 1, defaultValue: 0 },
] as const satisfies readonly SensorConfigParamRow[];

/** Every lookup served by `GET /api/static`, keyed by the name the web reads. */
export const lookupCatalogue = {
  user_roles: roleTypes,
  company_types: companyTypes,
  sensor_states: sensorStates,
  sensor_statuses: sensorStatuses,
  appliances_types: applianceTypes,
  room_types: roomTypes,
  water_types: waterTypes,
  gateway_statuses: gatewayStatuses,
  property_types: propertyTypes,
  building_types: buildingTypes,
  installation_types: installationTypes,
  unit_types: unitTypes,
  unit_states: unitStates,
  unit_categories: unitCategories,
  notification_categories: notificationCategories,
  notification_statuses: notificationStatuses,
  notification_methods: notificationMethods,
  notification_types: notificationTypes,
  user_statuses: userStatuses,
  report_types: reportTypes,
  survey_statuses: surveyStatuses,
} as const;
export type LookupName = keyof typeof lookupCatalogue;

// Every lookup the product loads from the server, with ids that never change. The database is
// seeded from these lists by migration and `GET /api/static` serves them; web and server both
// import the named ids below instead of writing numbers inline.

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
export const applianceTypes = [
  { id: 1, name: 'kitchen cold', kind: 'faucet' },
  { id: 2, name: 'kitchen hot', kind: 'faucet' },
  { id: 3, name: 'main bathroom cold', kind: 'faucet' },
  { id: 4, name: 'main bathroom hot', kind: 'faucet' },
  { id: 5, name: 'main toilet', kind: 'toilet' },
  { id: 6, name: 'main shower', kind: 'shower' },
  { id: 7, name: 'main tub', kind: 'tub' },
  { id: 8, name: 'second bathroom cold', kind: 'faucet' },
  { id: 9, name: 'second bathroom hot', kind: 'faucet' },
  { id: 10, name: 'second toilet', kind: 'toilet' },
  { id: 11, name: 'washing machine', kind: 'machine' },
  { id: 12, name: 'dishwasher', kind: 'machine' },
  { id: 13, name: 'notes', kind: 'notes' },
  { id: 14, name: 'second shower', kind: 'shower' },
  { id: 15, name: 'second tub', kind: 'tub' },
  { id: 16, name: 'third bathroom cold', kind: 'faucet' },
  { id: 17, name: 'third bathroom hot', kind: 'faucet' },
  { id: 18, name: 'third toilet', kind: 'toilet' },
  { id: 19, name: 'main line', kind: 'main-line' },
  { id: 20, name: 'third shower', kind: 'shower' },
  { id: 21, name: 'third tub', kind: 'tub' },
  { id: 22, name: 'water line', kind: 'main-line' },
] as const satisfies readonly ApplianceTypeRow[];
export type ApplianceTypeId = (typeof applianceTypes)[number]['id'];

export const roomTypes = [
  { id: 1, name: 'Kitchen' },
  { id: 2, name: 'Main bathroom' },
  { id: 3, name: 'Second bathroom' },
  { id: 4, name: 'Third bathroom' },
  { id: 5, name: 'Laundry' },
  { id: 6, name: 'Utility room' },
  { id: 7, name: 'Mechanical room' },
  { id: 8, name: 'Other' },
] as const satisfies readonly LookupRow[];

export const WaterType = { Cold: 1, Hot: 2, Mixed: 3 } as const;
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

export const propertyTypes = [
  { id: 1, name: 'Multifamily residential' },
  { id: 2, name: 'Mixed use' },
  { id: 3, name: 'Student housing' },
  { id: 4, name: 'Senior living' },
  { id: 5, name: 'Commercial' },
] as const satisfies readonly LookupRow[];

export const buildingTypes = [
  { id: 1, name: 'Garden' },
  { id: 2, name: 'Low-rise' },
  { id: 3, name: 'Mid-rise' },
  { id: 4, name: 'High-rise' },
  { id: 5, name: 'Townhouse' },
] as const satisfies readonly LookupRow[];

export const installationTypes = [
  { id: 1, name: 'Every fixture' },
  { id: 2, name: 'Pilot units' },
  { id: 3, name: 'Main line only' },
] as const satisfies readonly LookupRow[];

export const unitTypes = [
  { id: 1, name: 'Studio' },
  { id: 2, name: 'One bedroom' },
  { id: 3, name: 'Two bedrooms' },
  { id: 4, name: 'Three bedrooms' },
  { id: 5, name: 'Four or more bedrooms' },
  { id: 6, name: 'Common area' },
  { id: 7, name: 'Retail' },
] as const satisfies readonly LookupRow[];

export const unitStates = [
  { id: 1, name: 'Occupied' },
  { id: 2, name: 'Vacant' },
  { id: 3, name: 'Under renovation' },
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

export const notificationMethods = [
  { id: 1, name: 'Email' },
  { id: 2, name: 'SMS' },
] as const satisfies readonly LookupRow[];

export const NotificationType = {
  ContinuousFlow: 1,
  HighUsage: 2,
  NightFlow: 3,
  SensorOffline: 4,
  LowBattery: 5,
  GatewayOffline: 6,
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

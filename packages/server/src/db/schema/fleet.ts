// Micrometers and gateways, from stock to installed: assignment, thresholds, tests, office
// assignments and the downlink queue. A sensor is assigned when it has a company_id.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns.ts';
import { createdBy, users } from './identity.ts';
import {
  applianceTypes,
  gatewayStatuses,
  roomTypes,
  sensorStates,
  sensorStatuses,
  waterTypes,
} from './lookups.ts';
import { placeRefsBelowCompany } from './place-refs.ts';
import {
  buildings,
  companies,
  companyRef,
  optionalCompanyRef,
  properties,
  units,
} from './portfolio.ts';

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const sensors = pgTable(
  'sensors',
  {
    id: serial('id').primaryKey(),
    /** LoRaWAN DevEUI, 16 upper-case hex digits. */
    macAddress: text('mac_address').notNull(),
    sensorStateId: smallint('sensor_state_id')
      .notNull()
      .default(1)
      .references(() => sensorStates.id),
    sensorStatusId: smallint('sensor_status_id')
      .notNull()
      .default(3)
      .references(() => sensorStatuses.id),
    battery: smallint('battery'),
    firmwareVersion: text('firmware_version'),
    sizeInch: numeric('size_inch', { precision: 5, scale: 3 }),
    /** Shown as Production Date. */
    installDate: tstz('install_date'),
    /**
     * When it was last fitted on a fixture (assigned, moved, or set installed): an installed
     * micrometer never heard counts as offline from here. Null when not installed.
     */
    installedAt: tstz('installed_at'),
    lastKeepalive: tstz('last_keepalive'),
    lastSubmission: tstz('last_submission'),
    /** Report interval the sensor last announced (keep-alive) or was configured with, seconds. */
    reportIntervalS: integer('report_interval_s').notNull().default(900),
    keepaliveIntervalS: integer('keepalive_interval_s').notNull().default(3600),
    companyId: optionalCompanyRef(),
    ...placeRefsBelowCompany(),
    applianceTypeId: smallint('appliance_type_id').references(() => applianceTypes.id),
    roomTypeId: smallint('room_type_id').references(() => roomTypes.id),
    waterTypeId: smallint('water_type_id').references(() => waterTypes.id),
    notificationExcluded: boolean('notification_excluded').notNull().default(false),
    config: jsonb('config').$type<Record<string, number>>(),
    issue: text('issue'),
    issueReportedAt: tstz('issue_reported_at'),
    issueReportedBy: integer('issue_reported_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sensors_mac_key').on(t.macAddress),
    // One sensor per fixture slot of a unit.
    uniqueIndex('sensors_fixture_slot_key')
      .on(t.unitId, t.applianceTypeId)
      .where(sql`${t.unitId} is not null and ${t.applianceTypeId} is not null`),
    index('sensors_company_idx').on(t.companyId, t.sensorStateId, t.sensorStatusId),
    index('sensors_property_idx').on(t.propertyId),
    index('sensors_building_idx').on(t.buildingId),
    index('sensors_unit_idx').on(t.unitId),
    index('sensors_state_status_idx').on(t.sensorStateId, t.sensorStatusId),
  ],
);

/** The micrometer a row belongs to, deleted with it. */
export const sensorRefCascading = () =>
  integer('sensor_id')
    .notNull()
    .references(() => sensors.id, { onDelete: 'cascade' });

/** A sensor's own daily high-usage threshold in gallons. */
export const sensorGallonThresholds = pgTable(
  'sensor_gallon_thresholds',
  {
    id: serial('id').primaryKey(),
    sensorId: sensorRefCascading(),
    companyId: optionalCompanyRef(),
    value: numeric('value', { precision: 12, scale: 3 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sensor_gallon_thresholds_sensor_key').on(t.sensorId),
    index('sensor_gallon_thresholds_company_idx').on(t.companyId),
  ],
);

/** A company's daily high-usage threshold per fixture type, in gallons. */
export const companyApplianceThresholds = pgTable(
  'company_appliance_thresholds',
  {
    companyId: companyRef(),
    applianceTypeId: smallint('appliance_type_id')
      .notNull()
      .references(() => applianceTypes.id),
    threshold: numeric('threshold', { precision: 12, scale: 3 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.applianceTypeId] })],
);

/**
 * A company's unaccounted-water threshold (docs/detection.md): the share of a building's use (per
 * cent) and the least gallons a day no fixture accounts for. A null value (or no row) is the
 * domain's default (`unaccountedWaterDefaults`).
 */
export const companyUnaccountedThresholds = pgTable('company_unaccounted_thresholds', {
  // Part of the company: deleted with it.
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  sharePercent: numeric('share_percent', { precision: 4, scale: 1 }),
  minGallonsPerDay: numeric('min_gallons_per_day', { precision: 12, scale: 3 }),
  updatedAt: updatedAt(),
});

export const gateways = pgTable(
  'gateways',
  {
    id: serial('id').primaryKey(),
    serialNumber: text('serial_number').notNull(),
    name: text('name'),
    model: text('model'),
    companyId: optionalCompanyRef(),
    propertyId: integer('property_id').references(() => properties.id),
    buildingId: integer('building_id').references(() => buildings.id),
    gatewayStatusId: smallint('gateway_status_id')
      .notNull()
      .default(1)
      .references(() => gatewayStatuses.id),
    alertsDisabled: boolean('alerts_disabled').notNull().default(false),
    lastSeenAt: tstz('last_seen_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('gateways_serial_key').on(t.serialNumber),
    index('gateways_company_idx').on(t.companyId, t.gatewayStatusId),
    index('gateways_building_idx').on(t.buildingId),
    index('gateways_last_seen_idx').on(t.lastSeenAt),
  ],
);

export const gatewayBuildingHistory = pgTable(
  'gateway_building_history',
  {
    id: serial('id').primaryKey(),
    gatewayId: integer('gateway_id')
      .notNull()
      .references(() => gateways.id, { onDelete: 'cascade' }),
    companyId: optionalCompanyRef(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    assignedAt: tstz('assigned_at').notNull().defaultNow(),
    unassignedAt: tstz('unassigned_at'),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('gateway_building_history_gateway_idx').on(t.gatewayId, t.assignedAt),
    index('gateway_building_history_building_idx').on(t.buildingId),
  ],
);

/** Bench test results recorded by sensor testers before a sensor leaves stock. */
export const sensorTests = pgTable(
  'sensor_tests',
  {
    id: serial('id').primaryKey(),
    sensorId: sensorRefCascading(),
    testerUserId: integer('tester_user_id').references(() => users.id, { onDelete: 'set null' }),
    passed: boolean('passed').notNull(),
    notes: text('notes'),
    testedAt: tstz('tested_at').notNull().defaultNow(),
    clearedAt: tstz('cleared_at'),
  },
  (t) => [
    index('sensor_tests_sensor_idx').on(t.sensorId, t.testedAt),
    index('sensor_tests_passed_idx').on(t.passed, t.clearedAt),
  ],
);

/** Sensors set aside in the office for a building before installation. */
export const officeAssignments = pgTable(
  'office_assignments',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    sensorId: sensorRefCascading(),
    unitId: integer('unit_id').references(() => units.id),
    applianceTypeId: smallint('appliance_type_id').references(() => applianceTypes.id),
    status: text('status', { enum: ['pending', 'installed', 'cancelled'] })
      .notNull()
      .default('pending'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('office_assignments_building_idx').on(t.buildingId, t.status),
    index('office_assignments_company_idx').on(t.companyId),
    uniqueIndex('office_assignments_pending_sensor_key')
      .on(t.sensorId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Port-3 configuration downlinks waiting for, or given to, the network server. */
export const downlinks = pgTable(
  'downlinks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: optionalCompanyRef(),
    buildingId: integer('building_id').references(() => buildings.id),
    sensorId: sensorRefCascading(),
    macAddress: text('mac_address').notNull(),
    port: smallint('port').notNull().default(3),
    params: jsonb('params').$type<Record<string, number>>().notNull(),
    payload: bytea('payload').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    error: text('error'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    index('downlinks_status_idx').on(t.status, t.createdAt),
    index('downlinks_sensor_idx').on(t.sensorId, t.createdAt),
    index('downlinks_company_idx').on(t.companyId),
    index('downlinks_building_idx').on(t.buildingId),
  ],
);

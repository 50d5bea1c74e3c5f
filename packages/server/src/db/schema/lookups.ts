// Lookup tables. Their rows are seeded by migration from `@flowsight/domain/lookups`; ids are
// stable and never generated.
import { boolean, integer, numeric, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

function lookupTable<const N extends string>(name: N) {
  return pgTable(name, {
    id: smallint('id').primaryKey(),
    name: text('name').notNull(),
  });
}

export const userRoleTypes = lookupTable('user_role_types');
export const companyTypes = lookupTable('company_types');
export const sensorStates = lookupTable('sensor_states');
export const sensorStatuses = lookupTable('sensor_statuses');
export const roomTypes = lookupTable('room_types');
export const waterTypes = lookupTable('water_types');
export const gatewayStatuses = lookupTable('gateway_statuses');
export const propertyTypes = lookupTable('property_types');
export const buildingTypes = lookupTable('building_types');
export const installationTypes = lookupTable('installation_types');
export const unitTypes = lookupTable('unit_types');
export const unitStates = lookupTable('unit_states');
export const unitCategories = lookupTable('unit_categories');
export const notificationCategories = lookupTable('notification_categories');
export const notificationStatuses = lookupTable('notification_statuses');
export const notificationMethods = lookupTable('notification_methods');
export const userStatuses = lookupTable('user_statuses');
export const reportTypes = lookupTable('report_types');
export const surveyStatuses = lookupTable('survey_statuses');

/**
 * The 22 fixture types. Name and kind follow the domain catalogue on every start; the detection
 * parameters start from the kind's defaults and are then the system admins' (`/appliances`).
 */
export const applianceTypes = pgTable('appliance_types', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  continuousHours: smallint('continuous_hours'),
  hourlyMinGal: numeric('hourly_min_gal', { precision: 8, scale: 3 }).notNull().default('0.1'),
  nightFlow: boolean('night_flow').notNull().default(false),
  dailyHighGal: numeric('daily_high_gal', { precision: 10, scale: 3 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  updatedBy: integer('updated_by'),
});

export const notificationTypes = pgTable('notification_types', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
  categoryId: smallint('category_id')
    .notNull()
    .references(() => notificationCategories.id),
});

export const granularities = pgTable('granularities', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
  format: text('format').notNull(),
  bucketsBack: integer('buckets_back').notNull(),
});

/** Sensor configuration parameters and their fleet-wide default values (`/sensors/config-defaults`). */
export const sensorConfigDefaults = pgTable('sensor_config_defaults', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
  unit: text('unit').notNull(),
  minValue: integer('min_value').notNull(),
  maxValue: integer('max_value').notNull(),
  value: integer('value').notNull(),
  editable: boolean('editable').notNull().default(true),
});

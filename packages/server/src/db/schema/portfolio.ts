// The tenant hierarchy: company → property → building → unit. Every row below the company
// carries company_id (DESIGN section 3: the distribution key for scale-out and the tenant scope).
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns.ts';
import { cities, timezones } from './location.ts';
import {
  buildingTypes,
  companyTypes,
  installationTypes,
  propertyTypes,
  surveyStatuses,
  unitCategories,
  unitStates,
  unitTypes,
} from './lookups.ts';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    street: text('street'),
    cityId: integer('city_id').references(() => cities.id),
    postal: text('postal'),
    phone: text('phone'),
    email: text('email'),
    companyTypeId: smallint('company_type_id')
      .notNull()
      .references(() => companyTypes.id),
    allowAssignment: boolean('allow_assignment').notNull().default(false),
    /** Time zone of company-level charts; properties carry their own. */
    timezoneId: integer('timezone_id').references(() => timezones.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('companies_name_idx').on(t.name),
    index('companies_type_idx').on(t.companyTypeId),
    index('companies_city_idx').on(t.cityId),
  ],
);

/** The company a row belongs to: every tenant-owned row has one. */
export const companyRef = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id);

/** The company a row belongs to when it has one (stock micrometers and system roles have none). */
export const optionalCompanyRef = () => integer('company_id').references(() => companies.id);

export const properties = pgTable(
  'properties',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    name: text('name').notNull(),
    street: text('street'),
    cityId: integer('city_id').references(() => cities.id),
    postal: text('postal'),
    timezoneId: integer('timezone_id')
      .notNull()
      .references(() => timezones.id),
    propertyTypeId: smallint('property_type_id').references(() => propertyTypes.id),
    /** USD per 1,000 gallons, used for alert cost estimates. */
    waterPricePerKgal: numeric('water_price_per_kgal', { precision: 10, scale: 2 })
      .notNull()
      .default('10.00'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('properties_company_name_idx').on(t.companyId, t.name),
    index('properties_name_idx').on(t.name),
    index('properties_city_idx').on(t.cityId),
    index('properties_timezone_idx').on(t.timezoneId),
  ],
);

/** A company that is billed for a property it does not own. */
export const billingCompanyProperties = pgTable(
  'billing_company_properties',
  {
    companyId: companyRef(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.propertyId] }),
    index('billing_company_properties_property_idx').on(t.propertyId),
  ],
);

export const buildings = pgTable(
  'buildings',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id),
    name: text('name').notNull(),
    street: text('street'),
    cityId: integer('city_id').references(() => cities.id),
    postal: text('postal'),
    floors: smallint('floors'),
    buildingTypeId: smallint('building_type_id').references(() => buildingTypes.id),
    installationTypeId: smallint('installation_type_id').references(() => installationTypes.id),
    surveyStatus: smallint('survey_status')
      .notNull()
      .default(0)
      .references(() => surveyStatuses.id),
    surveyUpdatedAt: tstz('survey_updated_at'),
    /** Body of the provider's (DX) approval of a survey. */
    surveyDxApproval: jsonb('survey_dx_approval'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('buildings_company_idx').on(t.companyId, t.name),
    index('buildings_property_idx').on(t.propertyId, t.name),
    index('buildings_name_idx').on(t.name),
    index('buildings_survey_idx').on(t.surveyStatus),
  ],
);

/** The building a row belongs to, deleted with it. */
export const buildingRefCascading = () =>
  integer('building_id')
    .notNull()
    .references(() => buildings.id, { onDelete: 'cascade' });

export const units = pgTable(
  'units',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    name: text('name').notNull(),
    floor: smallint('floor'),
    unitCategoryId: smallint('unit_category_id')
      .notNull()
      .references(() => unitCategories.id),
    unitTypeId: smallint('unit_type_id').references(() => unitTypes.id),
    unitStateId: smallint('unit_state_id').references(() => unitStates.id),
    tenants: smallint('tenants').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('units_company_idx').on(t.companyId, t.name),
    index('units_property_idx').on(t.propertyId),
    index('units_building_idx').on(t.buildingId, t.name),
    index('units_name_idx').on(t.name),
    index('units_category_idx').on(t.unitCategoryId),
  ],
);

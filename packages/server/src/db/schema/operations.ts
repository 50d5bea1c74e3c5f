// Getting sensors into a building: surveys, installers, shipping; and external flow accounts
// and the API keys network servers use to deliver uplinks.
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns.ts';
import { createdBy, users } from './identity.ts';
import { cities } from './location.ts';
import { applianceTypes } from './lookups.ts';
import { buildingRefCascading, buildings, companies, companyRef, units } from './portfolio.ts';

/** One answer of a building survey: for a unit's fixture, an item and its chosen option. */
export const buildingSurveyItems = pgTable(
  'building_survey_items',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    buildingId: buildingRefCascading(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    applianceTypeId: smallint('appliance_type_id').references(() => applianceTypes.id),
    item: text('item').notNull(),
    value: text('value').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('building_survey_items_key').on(t.unitId, t.applianceTypeId, t.item),
    index('building_survey_items_building_idx').on(t.buildingId),
  ],
);

export const buildingInstallers = pgTable(
  'building_installers',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    buildingId: buildingRefCascading(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    scheduledDate: date('scheduled_date', { mode: 'string' }),
    status: text('status', { enum: ['scheduled', 'in_progress', 'done'] })
      .notNull()
      .default('scheduled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('building_installers_building_idx').on(t.buildingId),
    index('building_installers_company_idx').on(t.companyId),
    index('building_installers_user_idx').on(t.userId),
  ],
);

export const buildingShipping = pgTable(
  'building_shipping',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    buildingId: buildingRefCascading(),
    shippedOn: date('shipped_on', { mode: 'string' }).notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    sensorsCount: integer('sensors_count').notNull().default(0),
    gatewaysCount: integer('gateways_count').notNull().default(0),
    /** Micrometer count by size (inches), e.g. `{"1/2": 12}`; `sensors_count` is their total. */
    micrometersBySize: jsonb('micrometers_by_size')
      .$type<Record<string, number>>()
      .notNull()
      .default({}),
    /** The MACs shipped, once known. */
    macs: jsonb('macs').$type<string[]>().notNull().default([]),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    index('building_shipping_building_idx').on(t.buildingId, t.shippedOn),
    index('building_shipping_company_idx').on(t.companyId),
  ],
);

/**
 * The signed, single-use links of survey emails (approve-and-send): one per recipient and
 * sending, stored hashed; the customer's confirming POST uses it once.
 */
export const buildingSurveyApprovalTokens = pgTable(
  'building_survey_approval_tokens',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    buildingId: buildingRefCascading(),
    recipientUserId: integer('recipient_user_id').references(() => users.id, {
      onDelete: 'cascade',
    }),
    recipientEmail: text('recipient_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('building_survey_approval_tokens_token_key').on(t.tokenHash),
    index('building_survey_approval_tokens_building_idx').on(t.buildingId),
  ],
);

export const buildingShippingContacts = pgTable(
  'building_shipping_contacts',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    buildingId: buildingRefCascading(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    street: text('street'),
    cityId: integer('city_id').references(() => cities.id),
    postal: text('postal'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('building_shipping_contacts_building_key').on(t.buildingId),
    index('building_shipping_contacts_company_idx').on(t.companyId),
  ],
);

/** Links to external flow-meter accounts (the `/flume-accounts` list). */
export const externalFlowAccounts = pgTable(
  'external_flow_accounts',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    buildingId: integer('building_id').references(() => buildings.id),
    provider: text('provider').notNull().default('flume'),
    externalAccountId: text('external_account_id').notNull(),
    name: text('name').notNull(),
    connectedAt: tstz('connected_at'),
    /** The API client of Flume's "API Access"; the id is not a secret, the secret is sealed. */
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed').notNull(),
    username: text('username').notNull(),
    passwordSealed: text('password_sealed').notNull(),
    lastSyncAt: tstz('last_sync_at'),
    /** The last failure talking to Flume, in words, and when; cleared by a success. */
    lastError: text('last_error'),
    lastErrorAt: tstz('last_error_at'),
    /** Whether the last error was Flume refusing the credentials (raises a device-health alert). */
    credentialsRefused: boolean('credentials_refused').notNull().default(false),
    /** A replica syncing the account holds it until then (a lease: the sync calls Flume for minutes). */
    syncClaimedUntil: tstz('sync_claimed_until'),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('external_flow_accounts_key').on(t.provider, t.externalAccountId),
    index('external_flow_accounts_company_idx').on(t.companyId),
    index('external_flow_accounts_building_idx').on(t.buildingId),
  ],
);

/** The meters an external flow account reports; each may be linked to one building of its company. */
export const externalFlowDevices = pgTable(
  'external_flow_devices',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    accountId: integer('account_id')
      .notNull()
      .references(() => externalFlowAccounts.id, { onDelete: 'cascade' }),
    externalDeviceId: text('external_device_id').notNull(),
    name: text('name'),
    location: text('location'),
    timeZone: text('time_zone'),
    buildingId: integer('building_id').references(() => buildings.id, { onDelete: 'set null' }),
    lastSyncAt: tstz('last_sync_at'),
    /** The sync's cursor: the meter's water is imported up to this instant. */
    syncedUntil: tstz('synced_until'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('external_flow_devices_key').on(t.accountId, t.externalDeviceId),
    uniqueIndex('external_flow_devices_building_key').on(t.buildingId),
    index('external_flow_devices_company_idx').on(t.companyId),
  ],
);

/**
 * The water an external meter measured, one row a minute (Flume's smallest bucket), kept so a sync
 * that fetches a minute again counts only its change. The row keeps the place it was counted under
 * (history does not move when the meter is linked elsewhere) and outlives the meter's account: the
 * rollups are rebuilt from it as from `submissions`.
 */
export const externalFlowUsage = pgTable(
  'external_flow_usage',
  {
    deviceId: integer('device_id').notNull(),
    /** The minute's first instant. */
    minute: tstz('minute').notNull(),
    /** Thousandths of a US gallon, as the rollups count. */
    volumeMgal: bigint('volume_mgal', { mode: 'number' }).notNull(),
    companyId: integer('company_id').notNull(),
    propertyId: integer('property_id').notNull(),
    buildingId: integer('building_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.minute] }),
    index('external_flow_usage_building_idx').on(t.buildingId, t.minute),
  ],
);

/**
 * Keys network-server integrations present on ingest calls; only a hash is kept. A key writes the
 * micrometers of its scope: the whole fleet (no company: the provider's network server) or one
 * company's.
 */
export const integrationApiKeys = pgTable(
  'integration_api_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** First characters of the key, shown so people can tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at'),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [uniqueIndex('integration_api_keys_hash_key').on(t.keyHash)],
);

/** Small key/value facts about the database itself, e.g. which location dataset is loaded. */
export const systemState = pgTable('system_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

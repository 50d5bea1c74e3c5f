// Raw readings and their rollups. `submissions` is partitioned by month on measured_at (the
// partitioning clause is written into the migration by hand: drizzle-kit cannot express it).
// Charts read usage_hourly / usage_daily, never the raw table.

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { tstz } from './columns.ts';
import { bytea } from './fleet.ts';

/** Kind of a stored uplink. `usage_v1` is legacy firmware, listed as "parsed-old". */
export const submissionKinds = ['usage', 'usage_v1', 'keepalive', 'malformed'] as const;

export const submissions = pgTable(
  'submissions',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    /** End of the reported interval: the network server's receive time. */
    measuredAt: tstz('measured_at').notNull(),
    ingestedAt: tstz('ingested_at').notNull().defaultNow(),
    macAddress: text('mac_address').notNull(),
    /** Frame sequence number (v2) or LoRaWAN frame counter; 0 when neither is known. */
    seq: integer('seq').notNull().default(0),
    kind: text('kind', { enum: submissionKinds }).notNull(),
    port: smallint('port'),
    payload: bytea('payload'),
    transport: text('transport').notNull(),
    /** Volume in thousandths of a US gallon, exact. */
    volumeMgal: bigint('volume_mgal', { mode: 'number' }),
    intervalS: integer('interval_s'),
    flowTimeS: integer('flow_time_s'),
    peakFlowMgpm: integer('peak_flow_mgpm'),
    battery: smallint('battery'),
    firmwareVersion: text('firmware_version'),
    flags: smallint('flags'),
    reportIntervalS: integer('report_interval_s'),
    gatewaySerial: text('gateway_serial'),
    rssi: real('rssi'),
    snr: real('snr'),
    error: text('error'),
    // The sensor's assignment at the moment of the reading (history does not move on reassign).
    sensorId: integer('sensor_id'),
    companyId: integer('company_id'),
    propertyId: integer('property_id'),
    buildingId: integer('building_id'),
    unitId: integer('unit_id'),
    applianceTypeId: smallint('appliance_type_id'),
    roomTypeId: smallint('room_type_id'),
    waterTypeId: smallint('water_type_id'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.measuredAt] }),
    unique('submissions_natural_key').on(t.macAddress, t.measuredAt, t.seq),
    index('submissions_company_idx').on(t.companyId, t.measuredAt),
    index('submissions_property_idx').on(t.propertyId, t.measuredAt),
    index('submissions_building_idx').on(t.buildingId, t.measuredAt),
    index('submissions_unit_idx').on(t.unitId, t.measuredAt),
    index('submissions_sensor_idx').on(t.sensorId, t.measuredAt),
    // Only the lists of keep-alive, legacy and malformed readings look rows up by kind; usage
    // reports (most rows) stay out of this index.
    index('submissions_kind_idx').on(t.kind, t.measuredAt).where(sql`${t.kind} <> 'usage'`),
  ],
);

const rollupColumns = {
  sensorId: integer('sensor_id').notNull(),
  companyId: integer('company_id').notNull(),
  propertyId: integer('property_id').notNull(),
  buildingId: integer('building_id').notNull(),
  unitId: integer('unit_id').notNull(),
  applianceTypeId: smallint('appliance_type_id'),
  volumeMgal: bigint('volume_mgal', { mode: 'number' }).notNull().default(0),
  flowTimeS: integer('flow_time_s').notNull().default(0),
  readings: integer('readings').notNull().default(0),
};

/** Usage per sensor and UTC hour, with the hierarchy denormalised for scoped reads. */
export const usageHourly = pgTable(
  'usage_hourly',
  { ...rollupColumns, hour: tstz('hour').notNull() },
  (t) => [
    primaryKey({ columns: [t.sensorId, t.unitId, t.hour] }),
    index('usage_hourly_company_idx').on(t.companyId, t.hour),
    index('usage_hourly_property_idx').on(t.propertyId, t.hour),
    index('usage_hourly_building_idx').on(t.buildingId, t.hour),
    index('usage_hourly_unit_idx').on(t.unitId, t.hour),
  ],
);

/** Usage per sensor and local calendar day of the sensor's property. */
export const usageDaily = pgTable(
  'usage_daily',
  { ...rollupColumns, day: date('day', { mode: 'string' }).notNull() },
  (t) => [
    primaryKey({ columns: [t.sensorId, t.unitId, t.day] }),
    index('usage_daily_company_idx').on(t.companyId, t.day),
    index('usage_daily_property_idx').on(t.propertyId, t.day),
    index('usage_daily_building_idx').on(t.buildingId, t.day),
    index('usage_daily_unit_idx').on(t.unitId, t.day),
  ],
);

/**
 * Usage per sensor and local calendar month of the sensor's property (`month` is its first day):
 * monthly charts of a whole company read twelve rows per sensor instead of a year of days.
 */
export const usageMonthly = pgTable(
  'usage_monthly',
  { ...rollupColumns, month: date('month', { mode: 'string' }).notNull() },
  (t) => [
    primaryKey({ columns: [t.sensorId, t.unitId, t.month] }),
    index('usage_monthly_company_idx').on(t.companyId, t.month),
    index('usage_monthly_property_idx').on(t.propertyId, t.month),
    index('usage_monthly_building_idx').on(t.buildingId, t.month),
    index('usage_monthly_unit_idx').on(t.unitId, t.month),
  ],
);

/** The columns both per-building logs share; `folded` marks the compaction's rows. */
const buildingLogColumns = {
  companyId: integer('company_id').notNull(),
  propertyId: integer('property_id').notNull(),
  buildingId: integer('building_id').notNull(),
  volumeMgal: bigint('volume_mgal', { mode: 'number' }).notNull(),
  /** The part of `volume_mgal` its main-line micrometers measured (water accounting). */
  mainMgal: bigint('main_mgal', { mode: 'number' }).notNull().default(0),
  /** Readings of its main-line micrometers: 0 when the main line did not report in the bucket. */
  mainReadings: integer('main_readings').notNull().default(0),
  /** Written by the compaction (one row per bucket); the triggers' rows are not. */
  folded: boolean('folded').notNull().default(false),
};
/** A log's indexes: by company, property and building and bucket, and its unfolded rows. */
const buildingLogIndexes = (
  table: string,
  t: {
    companyId: AnyPgColumn;
    propertyId: AnyPgColumn;
    buildingId: AnyPgColumn;
    folded: AnyPgColumn;
  },
  bucket: AnyPgColumn,
) => [
  index(`${table}_idx`).on(t.companyId, bucket),
  index(`${table}_property_idx`).on(t.propertyId, bucket),
  index(`${table}_building_idx`).on(t.buildingId, bucket),
  index(`${table}_unfolded_idx`)
    .on(t.companyId, t.propertyId, t.buildingId, bucket)
    .where(sql`not ${t.folded}`),
];

/**
 * A company's usage per building and local day, as a log of changes to `usage_daily`: database
 * triggers add a row of differences for every statement that changes `usage_daily` (ingest,
 * rebuilds, moves, deletions), and a periodic job folds a bucket's rows into one
 * (`compactCompanyLogs`). Company, property and building charts sum a few rows per day here
 * instead of one per sensor. Appending instead of updating one row per building and day keeps
 * concurrent ingest transactions from waiting on each other.
 */
export const usageCompanyDaily = pgTable(
  'usage_company_daily',
  { ...buildingLogColumns, day: date('day', { mode: 'string' }).notNull() },
  (t) => buildingLogIndexes('usage_company_daily', t, t.day),
);

/** The same log per UTC hour, following `usage_hourly`, with the readings counted. */
export const usageCompanyHourly = pgTable(
  'usage_company_hourly',
  {
    ...buildingLogColumns,
    hour: tstz('hour').notNull(),
    readings: integer('readings').notNull(),
  },
  (t) => buildingLogIndexes('usage_company_hourly', t, t.hour),
);

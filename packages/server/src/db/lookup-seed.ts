// Which database table holds each lookup of the domain catalogue, and the SQL that seeds them.
// The seed migration was generated from this (tools/write-lookup-migration.ts); a test checks the
// database still equals the domain lists, so a changed list needs a new migration.
import { granularities } from '@flowsight/domain/granularity';
import {
  applianceTypes,
  fixtureDetectionDefaults,
  type LookupName,
  lookupCatalogue,
  notificationTypes,
  sensorConfigParams,
} from '@flowsight/domain/lookups';

/** Database table of each lookup served by `/api/static`. */
export const lookupTables = {
  user_roles: 'user_role_types',
  company_types: 'company_types',
  sensor_states: 'sensor_states',
  sensor_statuses: 'sensor_statuses',
  appliances_types: 'appliance_types',
  room_types: 'room_types',
  water_types: 'water_types',
  gateway_statuses: 'gateway_statuses',
  property_types: 'property_types',
  building_types: 'building_types',
  installation_types: 'installation_types',
  unit_types: 'unit_types',
  unit_states: 'unit_states',
  unit_categories: 'unit_categories',
  notification_categories: 'notification_categories',
  notification_statuses: 'notification_statuses',
  notification_methods: 'notification_methods',
  notification_types: 'notification_types',
  user_statuses: 'user_statuses',
  report_types: 'report_types',
  survey_statuses: 'survey_statuses',
} as const satisfies Record<LookupName, string>;

const literal = (value: string | number | boolean): string =>
  typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : String(value);

/** `keep`: columns set on insert only, so later edits made in the product survive a restart. */
function upsert(
  table: string,
  rows: readonly Record<string, string | number | boolean | null>[],
  keep: readonly string[] = [],
): string {
  const first = rows[0];
  if (!first) return '';
  const columns = Object.keys(first);
  const values = rows.map(
    (row) =>
      `(${columns
        .map((c) => {
          const value = row[c];
          return value === null ? 'NULL' : literal(value ?? '');
        })
        .join(', ')})`,
  );
  const updates = columns
    .filter((c) => c !== 'id' && !keep.includes(c))
    .map((c) => `"${c}" = excluded."${c}"`)
    .join(', ');
  return `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES\n  ${values.join(',\n  ')}\nON CONFLICT ("id") DO UPDATE SET ${updates};`;
}

/** Statements that make every lookup table equal the domain catalogue. */
export function lookupSeedStatements(): string[] {
  const statements: string[] = [];
  for (const [name, table] of Object.entries(lookupTables) as [LookupName, string][]) {
    if (name === 'appliances_types' || name === 'notification_types') continue;
    statements.push(
      upsert(
        table,
        lookupCatalogue[name].map(({ id, name }) => ({ id, name })),
      ),
    );
  }
  statements.push(
    upsert(
      'appliance_types',
      applianceTypes.map(({ id, name, kind }) => {
        const detection = fixtureDetectionDefaults[kind];
        return {
          id,
          name,
          kind,
          continuous_hours: detection.continuousHours,
          hourly_min_gal: detection.hourlyMinGal,
          night_flow: detection.nightFlow,
          daily_high_gal: detection.dailyHighGal,
        };
      }),
      ['continuous_hours', 'hourly_min_gal', 'night_flow', 'daily_high_gal'],
    ),
    upsert(
      'notification_types',
      notificationTypes.map(({ id, name, categoryId }) => ({ id, name, category_id: categoryId })),
    ),
    upsert(
      'granularities',
      granularities.map(({ id, name, format, bucketsBack }) => ({
        id,
        name,
        format,
        buckets_back: bucketsBack,
      })),
    ),
    upsert(
      'sensor_config_defaults',
      sensorConfigParams.map(({ id, name, unit, min, max, defaultValue }) => ({
        id,
        name,
        unit,
        min_value: min,
        max_value: max,
        value: defaultValue,
      })),
      ['value'],
    ),
  );
  return statements;
}

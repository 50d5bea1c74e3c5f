// Request and response schemas of the statistics and report calls (usage analytics contract,
// calls 7–11), shared by the routes (validation, OpenAPI) and the service (its answers' types).
import { Granularity } from '@flowsight/domain/granularity';
import { idParamSchema } from '@flowsight/domain/input';
import { localDateSchema, unitStatuses } from '@flowsight/domain/reports';
import { useSources } from '@flowsight/domain/water-accounting';
import { z } from 'zod';

const int = z.number().int();
const gallons = z.number().describe('US gallons, rounded to 3 decimals');
const money = z.number().describe("In the property's currency units, rounded to cents");

/** Where a building use figure came from (water accounting, docs/usage.md). */
export const useSourceSchema = z
  .enum(useSources)
  .describe(
    'main-line: every building-day with water had its main line reporting; fixture-meters-only: none did (the sum of its fixture micrometers); mixed: some did',
  );

export const rangeQuerySchema = z
  .object({
    from: localDateSchema
      .optional()
      .describe("First local date (YYYY-MM-DD); default the first day of to's month"),
    to: localDateSchema.optional().describe('Last local date (YYYY-MM-DD); default today'),
  })
  .strict();

/**
 * Call 7. Above the unit level the gallons are building use (water accounting: per building and
 * local day, its main line where it reported, else its fixture micrometers); a unit's are its
 * fixture micrometers.
 */
export const statisticsSchema = z.object({
  time_zone: z.string(),
  today_gallons: gallons,
  this_month_gallons: gallons,
  last_month_gallons: gallons,
  compared_days: int.describe(
    "The whole local days compared on each side: this month's 1st to yesterday (today is still running), at most as many as last month has; 0 on the 1st",
  ),
  compared_to: z
    .string()
    .nullable()
    .describe("This month's last compared day (YYYY-MM-DD, local); null on the 1st"),
  compared_gallons: gallons.describe("This month's compared days (`compared_days`) summed"),
  last_month_same_period_gallons: gallons.describe(
    'The same number of days from the 1st of last month, summed',
  ),
  change_percent: z
    .number()
    .nullable()
    .describe(
      'compared_gallons against last_month_same_period_gallons; null when nothing is compared (the 1st) or last month used nothing then',
    ),
  daily_average_gallons: gallons.describe('Mean of the last 30 complete local days'),
  source: useSourceSchema
    .nullable()
    .describe(
      "Where this month's building use came from; null for a unit (its fixture micrometers only)",
    ),
  units: int,
  sensors: int,
  sensors_transmitting: int,
  open_alerts: int,
  open_leaks: int.describe('Open leak alerts'),
  open_leak_incidents: int.describe(
    'Open leaks: alerts that describe the same water count once (docs/detection.md, "Incidents")',
  ),
  open_leaks_monthly_cost: money.describe('What the open leaks cost a month, each gallon once'),
  water_price_per_kgal: z.number(),
});
export type Statistics = z.infer<typeof statisticsSchema>;

export const unitStatusSchema = z.object({
  unit_id: int,
  status: z.enum(unitStatuses),
  open_alerts: int,
  open_leaks: int,
  sensors: int,
  sensors_transmitting: int,
  last_submission: z.string().nullable(),
  today_gallons: gallons,
});
export type UnitStatusAnswer = z.infer<typeof unitStatusSchema>;

export const gallonsReportQuerySchema = rangeQuerySchema.extend({
  granularity: z.coerce
    .number()
    .int()
    .refine(
      (g) => g === Granularity.Monthly || g === Granularity.Weekly || g === Granularity.Daily,
      'granularity must be 1 (monthly), 2 (weekly) or 3 (daily)',
    )
    .default(Granularity.Daily),
  format: z.enum(['json', 'csv']).default('json'),
});

/**
 * Call 9. Each unit counts its fixture micrometers (a main line measures the building, not a
 * unit); the buildings' use adds the water no fixture accounts for, so `building_gallons` is the
 * place's figure in its statistics.
 */
export const gallonsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  granularity: int,
  time_zone: z.string(),
  periods: z.array(z.string()),
  data: z.array(
    z.object({
      unit_id: int,
      unit_name: z.string(),
      unit_category_id: int.describe('Lookups `unit_categories`; 1 is "Internal units"'),
      unit_category: z.string(),
      building_id: int,
      building_name: z.string(),
      gallons: z.array(gallons).describe("The unit's fixture micrometers, one value per period"),
      total_gallons: gallons,
    }),
  ),
  totals: z.array(gallons).describe('Every unit summed, one value per period'),
  total_gallons: gallons,
  unaccounted: z
    .array(gallons)
    .describe(
      'Building use − the fixture micrometers, one value per period: water no fixture accounts for (common-area taps, unmetered fixtures, leaks in walls); never negative',
    ),
  unaccounted_gallons: gallons,
  building_use: z
    .array(gallons)
    .describe("The buildings' use under the water-accounting rule, one value per period"),
  building_gallons: gallons,
  source: useSourceSchema,
});
export type GallonsReport = z.infer<typeof gallonsReportSchema>;

export const reportOverviewParams = z.object({
  id: idParamSchema,
  report: z.string().max(20).describe('Report type id (lookups `report_types`)'),
});
export const reportOverviewQuerySchema = rangeQuerySchema.extend({
  format: z.enum(['json', 'csv']).default('json'),
});

const cell = z.union([z.string(), z.number(), z.null()]);
export const reportOverviewSchema = z.object({
  report: int,
  name: z.string(),
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  columns: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      kind: z.enum(['text', 'number', 'money', 'date']),
    }),
  ),
  rows: z.array(z.record(z.string(), cell)).describe('One object per row, keyed by column key'),
  totals: z.record(z.string(), z.number()),
  source: useSourceSchema
    .nullable()
    .describe(
      "Where the report's building use came from (usage by fixture, cost estimate); null for the reports of units, alerts and micrometers",
    ),
});
export type ReportOverview = z.infer<typeof reportOverviewSchema>;
export type ReportCell = z.infer<typeof cell>;

export const overviewSchema = z.object({
  companies: int,
  properties: int,
  buildings: int,
  units: int,
  sensors: z.object({
    total: int,
    assigned: int.describe('Assigned to a company'),
    stock: int.describe('Assigned to no company'),
    transmitting: int.describe('Assigned and transmitting'),
    not_transmitting: int.describe('Assigned and not transmitting (or never heard)'),
    low_battery: int.describe('Assigned, battery below the low-battery alert level'),
  }),
  gateways: z.object({ total: int, online: int, offline: int }),
  alerts: z.object({
    open: int,
    new: int,
    acknowledged: int,
    open_leaks: int.describe('Open leak alerts'),
    open_leak_incidents: int.describe('Open leaks, alerts of the same water counted once'),
    open_leaks_monthly_cost: money.describe('What the open leaks cost a month, each gallon once'),
  }),
  readings_last_24h: int,
  gallons_last_24h: gallons.describe(
    "The buildings' use (water-accounting rule) over the last 24 UTC hours",
  ),
  usage_by_day: z
    .array(z.object({ day: z.string(), gallons }))
    .describe(
      "The buildings' use (water-accounting rule) on the last 14 local days, oldest first: each day sums every property's own local day, and the last is the latest day any property has begun",
    ),
  companies_list: z.array(
    z.object({
      company_id: int,
      name: z.string(),
      sensors: int,
      transmitting: int,
      open_alerts: int,
      gallons_this_month: gallons.describe(
        "The buildings' use over the local days of the month holding the chart's last day",
      ),
    }),
  ),
});
export type Overview = z.infer<typeof overviewSchema>;

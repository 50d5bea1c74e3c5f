// Request and response schemas of the usage calls, shared by
// validation and the OpenAPI document.
import { Granularity } from '@flowsight/domain/granularity';
import { localDateSchema as localDate } from '@flowsight/domain/input';
import { unitCategories } from '@flowsight/domain/lookups';
import { predictionMethods } from '@flowsight/domain/predictions';
import { RESIDENTIAL_UNIT_CATEGORY, useSources } from '@flowsight/domain/water-accounting';
import { z } from 'zod';
import { isTimeZone } from '../../lib/csv.ts';

const int = z.number().int();
const gallons = z.number().describe('US gallons, rounded to 3 decimals');
const source = z
  .enum(useSources)
  .describe(
    "Where the buildings' use came from: their main lines ('main-line'), their fixture micrometers because no main line reported ('fixture-meters-only'), or some of each ('mixed')",
  );
const unaccounted = gallons.describe(
  'Building use minus the fixture micrometers: water no fixture accounts for (never negative)',
);

export const granularityQuerySchema = z
  .object({
    granularity: z.coerce
      .number()
      .int()
      .refine(
        (value) => (Object.values(Granularity) as number[]).includes(value),
        'granularity must be 1 (monthly), 2 (weekly), 3 (daily) or 4 (hourly)',
      )
      .default(Granularity.Daily),
    end: localDate
      .optional()
      .describe('Local date: the window ends with the bucket holding it instead of now'),
  })
  .strict();

export const rangeQuerySchema = z
  .object({
    from: localDate.optional().describe('Local date; default the first day of this month'),
    to: localDate.optional().describe('Local date, included; default today'),
  })
  .strict();

const limit = z.coerce.number().int().min(1).max(50).default(5);
export const topUnitsQuerySchema = rangeQuerySchema
  .extend({
    timeZone: z
      .string()
      .max(64)
      .refine(isTimeZone, 'Unknown time zone')
      .optional()
      .describe("IANA zone of the default from/to; default the company's"),
    limit,
    unit_category_id: z.coerce
      .number()
      .int()
      .refine(
        (value) => unitCategories.some((category) => category.id === value),
        'unit_category_id must be 1 (internal units), 2 (common areas), 3 (commercial units) or 4 (building services)',
      )
      .default(RESIDENTIAL_UNIT_CATEGORY)
      .describe('Unit category ranked; default 1, residential units'),
  })
  .strict();
export const topPropertiesQuerySchema = rangeQuerySchema.extend({ limit }).strict();

export const gallonsCountQuerySchema = z
  .object({ start_date: localDate.optional(), end_date: localDate.optional() })
  .strict();

export const gallonsChartSchema = z.object({
  granularity: int,
  time_zone: z.string(),
  from: z.string().describe('UTC instant the first bucket starts'),
  to: z.string().describe('UTC instant the last bucket ends (exclusive)'),
  source: source.nullable().describe(`${source.description}; null for a unit`),
  data: z.array(
    z.object({
      period: z.string().describe('YYYY-MM, YYYY-Www, YYYY-MM-DD or YYYY-MM-DD HH[:mm], local'),
      start: z.string(),
      end: z.string(),
      gallons: gallons.describe(
        "Above a unit the buildings' use (water accounting), a unit's its fixture micrometers'",
      ),
      fixture_gallons: gallons.describe('The fixture micrometers’ part'),
      unaccounted_gallons: unaccounted
        .nullable()
        .describe(`${unaccounted.description}; null for a unit`),
    }),
  ),
});

export const applianceGallonsSchema = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  total_gallons: gallons.describe(
    "The place's use: above a unit its buildings' (water accounting)",
  ),
  fixture_gallons: gallons.describe('The fixture micrometers, the sum of `data`'),
  unaccounted_gallons: unaccounted.nullable(),
  unaccounted_share: z.number().nullable().describe('unaccounted_gallons / total_gallons (0–1)'),
  source: source.nullable(),
  data: z
    .array(z.object({ appliance_type_id: int, gallons, sensors: int }))
    .describe('Fixture types; the main line is the building’s, not a fixture beside them'),
});
const buildingFigures = {
  building_gallons: gallons.describe("The building's use (water accounting)"),
  unaccounted_gallons: unaccounted,
  source,
};

export const unitsGallonsSchema = z.object({
  from: z.string(),
  to: z.string(),
  ...buildingFigures,
  data: z
    .array(z.object({ unit_id: int, unit_name: z.string(), unit_category_id: int, gallons }))
    .describe("Each unit's fixture micrometers"),
});

export const unitsByCategorySchema = z.object({
  from: z.string(),
  to: z.string(),
  ...buildingFigures,
  data: z.array(
    z.object({ unit_category_id: int, units: int, gallons, gallons_per_unit: gallons }),
  ),
});

export const topUnitsSchema = z.object({
  from: z.string(),
  to: z.string(),
  data: z.array(
    z.object({
      unit_id: int,
      unit_name: z.string(),
      unit_category_id: int,
      building_id: int,
      building_name: z.string(),
      property_id: int,
      property_name: z.string(),
      gallons,
      company_id: int,
    }),
  ),
});

export const topPropertiesSchema = z.object({
  from: z.string(),
  to: z.string(),
  data: z.array(z.object({ property_id: int, property_name: z.string(), units: int, gallons })),
});

export const gallonsCountSchema = z.object({ gallons, readings: int });

export const predictionsSchema = z.object({
  month: z.string().describe('YYYY-MM, local'),
  time_zone: z.string(),
  days_in_month: int,
  days_elapsed: int.describe('Complete days of the month before today'),
  gallons_to_date: gallons.describe("This month's use so far, today's included"),
  projected_gallons: gallons,
  low_gallons: gallons,
  high_gallons: gallons,
  last_month_gallons: gallons,
  water_price_per_kgal: z.number(),
  projected_cost: z.number().describe('Projected gallons at the water price'),
  method: z.enum(predictionMethods),
  data: z.array(z.object({ day: z.string(), gallons, projected: z.boolean() })),
});

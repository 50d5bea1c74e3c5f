// Response and parameter schemas of the fleet settings routes (the request bodies are the domain's
// `fleet-settings.ts` schemas, which the web's forms use too).
import { z } from 'zod';
import { idParams } from '../../lib/http-schemas.ts';

/** The value travels in the path as text; the service checks it and names the allowed range. */
export const idValueParams = idParams.extend({ value: z.string().max(40) });

export const fixtureTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  continuous_hours: z
    .number()
    .int()
    .nullable()
    .describe('Continuous-flow window in hours; null: not watched'),
  hourly_min_gal: z.number().describe('Gallons an hour must reach to count as flowing'),
  night_flow: z.boolean().describe('Watched for flow 02:00–04:00 local on 3 nights in a row'),
  daily_high_gal: z.number().nullable().describe('Fleet-wide daily high in gallons; null: none'),
  updated_at: z.string().nullable(),
  updated_by: z.number().int().nullable(),
  updated_by_name: z.string().nullable(),
});
export type FixtureType = z.infer<typeof fixtureTypeSchema>;

export const configDefaultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  unit: z.string(),
  min_value: z.number().int(),
  max_value: z.number().int(),
  value: z.number().int(),
  editable: z.boolean(),
});
export type ConfigDefault = z.infer<typeof configDefaultSchema>;

export const gallonThresholdSchema = z.object({
  id: z.number().int(),
  sensor_id: z.number().int(),
  mac_address: z.string(),
  value: z.number().describe('Daily gallons above which the micrometer reports high usage'),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  property_id: z.number().int().nullable(),
  property_name: z.string().nullable(),
  building_id: z.number().int().nullable(),
  building_name: z.string().nullable(),
  unit_id: z.number().int().nullable(),
  unit_name: z.string().nullable(),
  appliance_type_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GallonThreshold = z.infer<typeof gallonThresholdSchema>;

// The list's fields are columns, so the definition lives with the queries.
export { gallonThresholdList } from './gallon-thresholds.repository.ts';

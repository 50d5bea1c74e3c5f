// Response schemas of the location calls (countries, states, cities, time zones).
import { z } from 'zod';

export const countrySchema = z.object({
  id: z.number().int(),
  iso2: z.string(),
  name: z.string(),
  phone_code: z.string().nullable(),
});
export const stateSchema = z.object({
  id: z.number().int(),
  country_id: z.number().int(),
  code: z.string(),
  name: z.string(),
});
export const citySchema = z.object({
  id: z.number().int(),
  state_id: z.number().int(),
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export const timezoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  abbreviation: z.string().nullable(),
  gmt_offset_seconds: z.number().int(),
});

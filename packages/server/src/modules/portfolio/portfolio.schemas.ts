// Response shapes and path parameters of the portfolio calls. Request bodies are the domain's
// (`@flowsight/domain/portfolio`), shared with the web's forms.
import { idParamSchema } from '@flowsight/domain/input';
import { z } from 'zod';

const int = z.number().int();
const nullableInt = int.nullable();
const timestamp = z.string().describe('ISO 8601 UTC');

import { idParams } from '../../lib/http-schemas.ts';

export const searchTopParams = z.object({ text: z.string().min(1).max(100) });
export const namedSearchParams = idParams.extend({ name: z.string().min(1).max(100) });
export const namesLimitParams = idParams.extend({
  limit: z.coerce.number().int().min(1).max(500),
});
export const transferSchema = z
  .enum(['0', '1'], { message: 'transfer must be 0 or 1' })
  .transform((flag) => flag === '1');
export const changeCompanyParams = z.object({
  property_id: idParamSchema,
  company_id: idParamSchema,
  transfer: transferSchema,
});
export const changePropertyParams = idParams.extend({
  property_id: idParamSchema,
  transfer: transferSchema,
});
export const billingParams = idParams.extend({
  propertyId: idParamSchema,
});

const address = {
  street: z.string().nullable(),
  city_id: nullableInt,
  city_name: z.string().nullable(),
  state_id: nullableInt,
  state_name: z.string().nullable(),
  country_id: nullableInt,
  postal: z.string().nullable(),
};

export const companyRowSchema = z.object({
  id: int,
  name: z.string(),
  company_type_id: int,
  allow_assignment: z.boolean(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  timezone_id: nullableInt,
  ...address,
  properties_count: int,
  buildings_count: int,
  units_count: int,
  created_at: timestamp,
});
export type CompanyRow = z.infer<typeof companyRowSchema>;

export const companyDetailSchema = companyRowSchema.extend({
  billing_properties: z
    .array(z.object({ id: int, name: z.string(), company_id: int }))
    .describe('Properties of other companies this company is billed for'),
});

/** The first fields of a record below a company: itself, then its company (and property). */
const inCompany = { id: int, name: z.string(), company_id: int, company_name: z.string() };
const inProperty = { ...inCompany, property_id: int, property_name: z.string() };

export const propertyRowSchema = z.object({
  ...inCompany,
  timezone_id: int,
  timezone_name: z.string(),
  property_type_id: nullableInt,
  water_price_per_kgal: z.number().describe('USD per 1,000 gallons'),
  ...address,
  buildings_count: int,
  units_count: int,
  created_at: timestamp,
});
export type PropertyRow = z.infer<typeof propertyRowSchema>;

export const buildingRowSchema = z.object({
  ...inProperty,
  floors: nullableInt,
  building_type_id: nullableInt,
  installation_type_id: nullableInt,
  survey_status: int.describe('0 none, 1 in progress, 2 approved by customer, 3 completed'),
  ...address,
  units_count: int,
  tenants_count: int,
  created_at: timestamp,
});
export type BuildingRow = z.infer<typeof buildingRowSchema>;

export const unitRowSchema = z.object({
  ...inProperty,
  building_id: int,
  building_name: z.string(),
  floor: nullableInt,
  unit_category_id: int,
  unit_type_id: nullableInt,
  unit_state_id: nullableInt,
  tenants: int,
  sensors_count: int,
  created_at: timestamp,
});
export type UnitRow = z.infer<typeof unitRowSchema>;

// ── Where to act: the lists' extra columns ──
const monthUse = {
  month_gallons: z
    .number()
    .describe("This month so far, in the property's local days (gallons, 3 decimals)"),
  compared_gallons: z
    .number()
    .describe(
      "This month's whole local days compared: the 1st to yesterday (today is still running), at most as many days as last month has; 0 on the 1st",
    ),
  last_month_same_gallons: z
    .number()
    .describe('As many days from the 1st of last month as are compared (gallons)'),
  month_change_percent: z
    .number()
    .nullable()
    .describe(
      'compared_gallons against last_month_same_gallons; null on the 1st (no whole day yet) or when last month used nothing then',
    ),
};
export const unitListRowSchema = unitRowSchema.extend({
  open_alerts: int.describe('Open alerts (New and On it), every category'),
  ...monthUse,
  month_cost: z.number().describe("This month's gallons at the property's water price (USD)"),
  last_reading: timestamp.nullable().describe('When a micrometer of the unit last sent a reading'),
});
export type UnitListRow = z.infer<typeof unitListRowSchema>;
const placeActivity = {
  open_leaks: int.describe('Open leak alerts'),
  open_leaks_monthly_cost: z.number().describe('What the open leaks cost a month (USD)'),
  ...monthUse,
  sensors_not_transmitting: int.describe('Installed micrometers not transmitting'),
};
export const propertyListRowSchema = propertyRowSchema.extend(placeActivity);
export type PropertyListRow = z.infer<typeof propertyListRowSchema>;
export const buildingListRowSchema = buildingRowSchema.extend(placeActivity);
export type BuildingListRow = z.infer<typeof buildingListRowSchema>;

export const nameRowSchema = z.object({ id: int, name: z.string() });
export { countSchema, messageSchema } from '../../lib/http-schemas.ts';
export const lookupRowSchema = z.object({ id: int, name: z.string() });
export const timezoneAnswerSchema = z.object({
  timezone_id: nullableInt,
  timezone: z.string().describe('IANA name used for the company’s charts'),
});

export const searchHitSchema = z.object({
  id: int,
  name: z.string(),
  company_id: int,
  property_id: nullableInt,
  building_id: nullableInt,
  /** Where it sits, e.g. "Harborview Residential Group · Harbor Point". */
  context: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
export const globalSearchSchema = z.object({
  companies: z.array(searchHitSchema),
  properties: z.array(searchHitSchema),
  buildings: z.array(searchHitSchema),
  units: z.array(searchHitSchema),
});

export const moveResultSchema = z.object({
  message: z.string(),
  moved: z.object({
    buildings: int,
    units: int,
    sensors: int.describe('Micrometers that moved with it (transfer=1)'),
    unassigned_sensors: int.describe('Micrometers unassigned before the move (transfer=0)'),
  }),
});
export type MoveResult = z.infer<typeof moveResultSchema>;
